package terminal

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/hallumaze/hallumaze/worlds"
)

// The lists the episodes draw from, in the order draws see them.
var (
	fileNames  = []string{"alpha", "bravo", "cedar", "delta", "ember", "falcon"}
	fileWords  = []string{"apple", "birch", "cobalt", "dune", "ember", "fig", "hazel", "iris", "jade", "kelp"}
	configMode = []string{"fast", "safe", "debug", "quiet"}
	configPort = []string{"3000", "5000", "8080", "9090"}
	configLvl  = []string{"low", "medium", "high"}
	dataModes  = []string{"400", "600"}
	probeModes = []string{"400", "600", "644", "755"}
	cwdOptions = []string{"/", "/home/user", "/home/user/data", "/tmp"}
	statuses   = []string{"0", "1", "2"}
)

// shellScript is what the standard episode (level "terminal") draws.
type shellScript struct {
	a, b, c              string    // data file names
	w                    [6]string // w1…w6
	g                    string    // the word grepped for in secret.txt
	mode0, mode1         string
	port0, port1         string
	level                string
	cmode                string // data/<c>.txt's mode
	conflict, appendLine bool
	order, back, exists  bool
	foil                 string // a name not among a, b, c
}

// drawShell draws a standard episode from the terminal stream, in the
// documented order.
func drawShell(seed uint64) shellScript {
	st := worlds.NewStream(seed, worlds.StreamTerminal)
	var s shellScript
	names := slices.Clone(fileNames)
	s.a, s.b, s.c = worlds.Take(st, &names), worlds.Take(st, &names), worlds.Take(st, &names)
	words := slices.Clone(fileWords)
	for i := range s.w {
		s.w[i] = worlds.Take(st, &words)
	}
	s.g = worlds.Pick(st, fileWords)
	s.mode0 = worlds.Pick(st, configMode)
	s.mode1 = worlds.Pick(st, without(configMode, s.mode0))
	s.port0 = worlds.Pick(st, configPort)
	s.port1 = worlds.Pick(st, without(configPort, s.port0))
	s.level = worlds.Pick(st, configLvl)
	s.cmode = worlds.Pick(st, dataModes)
	s.conflict, s.appendLine, s.order, s.back, s.exists = st.Coin(), st.Coin(), st.Coin(), st.Coin(), st.Coin()
	s.foil = worlds.Pick(st, names)
	return s
}

// shellProbes plays the standard episode of the script and makes its ten
// probes.
func shellProbes(seed uint64, s shellScript) (*Episode, []spec, error) {
	home := func(p string) string { return Home + "/" + p }
	data := func(name string) string { return home("data/" + name + ".txt") }
	initial, err := NewState(Home, nil, []File{
		{Path: home("config.ini"), Lines: []string{"MODE=" + s.mode0, "PORT=" + s.port0, "LEVEL=" + s.level}, Mode: "644"},
		{Path: home("notes.txt"), Lines: []string{"PORT is " + s.port0}, Mode: "644"},
		{Path: home("secret.txt"), Lines: []string{s.w[4]}, Mode: "600"},
		{Path: data(s.a), Lines: []string{s.w[0], s.w[1]}, Mode: "644"},
		{Path: data(s.b), Lines: []string{s.w[2]}, Mode: "644"},
		{Path: data(s.c), Lines: []string{s.w[3]}, Mode: s.cmode},
	})
	if err != nil {
		return nil, nil, err
	}
	p := newPlayer(LevelShell, seed, initial)
	p.run("pwd")
	p.run("ls")
	p.run("cat notes.txt")
	p.run("cat config.ini")
	key, keyList, old, repl := "MODE", configMode, s.mode0, s.mode1
	if s.conflict {
		key, keyList, old, repl = "PORT", configPort, s.port0, s.port1
	}
	configBefore, _ := p.state.File(home("config.ini"))
	beforeKnown := p.obs.content[home("config.ini")]
	p.run(fmt.Sprintf("sed -i 's/%s=%s/%s=%s/' config.ini", key, old, key, repl))
	p.run("cd data")
	p.run("ls -l")
	p.run("cat " + s.a + ".txt")
	if s.appendLine {
		p.run("echo " + s.w[5] + " >> " + s.a + ".txt")
	} else {
		p.run("echo " + s.w[5] + " > " + s.a + ".txt")
	}
	aGrep := "grep -q " + s.w[0] + " " + s.a + ".txt"
	sGrep := "grep -q " + s.g + " ../secret.txt"
	grepped := map[string]string{aGrep: data(s.a), sGrep: home("secret.txt")}
	greps := []string{aGrep, sGrep}
	if !s.order {
		greps = []string{sGrep, aGrep}
	}
	status := map[string]worlds.Gold{}
	for _, g := range greps {
		known := p.obs.content[grepped[g]]
		r := p.run(g)
		status[g] = worlds.Resolve(worlds.GoldEnum(strconv.Itoa(r.Status)), known)
	}
	if s.back {
		p.run("cd ..")
	}
	ep, err := p.finish()
	if err != nil {
		return nil, nil, err
	}
	o, final := p.obs, ep.Final

	x := s.foil
	if s.exists {
		x = s.c
	}
	_, present := final.File(data(x))
	cfile, _ := final.File(data(s.c))
	afile, _ := final.File(data(s.a))
	config, _ := final.File(home("config.ini"))
	notes, _ := ep.Initial.File(home("notes.txt"))
	portNow := worlds.GoldEnum(iniValue(config.Lines, "PORT"))
	noted := worlds.GoldEnum(notedValue(notes.Lines, "PORT"))
	configKnown := o.content[home("config.ini")]

	portOpts, keyOpts := sorted(configPort...), sorted(keyList...)
	specs := []spec{
		{cat: worlds.Perception, ptype: "exists", atype: worlds.Bool, key: "exists",
			question: fmt.Sprintf("Does /home/user/data contain a file named %s.txt?", x),
			gold:     worlds.Resolve(worlds.GoldBool(present), o.listed[home("data")])},
		{cat: worlds.Perception, ptype: "mode", atype: worlds.Enum, key: "mode", options: probeModes,
			question: fmt.Sprintf("What are the permission bits of /home/user/data/%s.txt, in octal?", s.c),
			gold:     worlds.Resolve(worlds.GoldEnum(cfile.Mode), o.modes[data(s.c)])},
		{cat: worlds.Memory, ptype: "before", atype: worlds.Enum, key: strings.ToLower(key), options: keyOpts,
			question: fmt.Sprintf("What was the value of %s in /home/user/config.ini before the sed command ran?", key),
			gold:     worlds.Resolve(worlds.GoldEnum(iniValue(configBefore.Lines, key)), beforeKnown)},
		{cat: worlds.Memory, ptype: "recall", atype: worlds.Enum, key: "level", options: sorted(configLvl...),
			question: "What is the value of LEVEL in /home/user/config.ini now?",
			gold:     worlds.Resolve(worlds.GoldEnum(iniValue(config.Lines, "LEVEL")), configKnown)},
		{cat: worlds.Causal, ptype: "lines", atype: worlds.Int, key: "lines",
			question: fmt.Sprintf("How many lines does /home/user/data/%s.txt have now?", s.a),
			gold:     worlds.Resolve(worlds.GoldInt(len(afile.Lines)), o.content[data(s.a)])},
		{cat: worlds.Causal, ptype: "cwd", atype: worlds.Enum, key: "cwd", options: cwdOptions,
			question: "What is the current working directory at the end of the session?",
			gold:     worlds.Resolve(worlds.GoldEnum(final.Cwd()), o.cwd)},
	}
	for _, g := range []string{sGrep, aGrep} {
		specs = append(specs, spec{cat: worlds.Uncertainty, ptype: "grep_status", atype: worlds.Enum,
			key: "status", options: statuses, gold: status[g],
			question: fmt.Sprintf("What exit status did the command %s return?", g)})
	}
	specs = append(specs,
		spec{cat: worlds.Conflict, ptype: "current", atype: worlds.Enum, key: "port", options: portOpts,
			question:  "What is the value of PORT in /home/user/config.ini now?",
			gold:      worlds.Resolve(portNow, configKnown, worlds.Claim{Value: noted, Admissible: true}),
			conflict:  ptr(portNow.Canonical() != noted.Canonical()),
			testimony: ptr(noted.Canonical())},
		spec{cat: worlds.Conflict, ptype: "reported", atype: worlds.Enum, key: "port", options: portOpts,
			question:  "According to notes.txt, what is the value of PORT?",
			gold:      worlds.Resolve(noted, o.content[home("notes.txt")]),
			testimony: ptr(noted.Canonical())},
	)
	return ep, specs, nil
}

// iniValue is the value of KEY=value among lines, or "" if none.
func iniValue(lines []string, key string) string {
	for _, l := range lines {
		if v, ok := strings.CutPrefix(l, key+"="); ok {
			return v
		}
	}
	return ""
}

// notedValue is the value of a "KEY is value" note line, or "".
func notedValue(lines []string, key string) string {
	for _, l := range lines {
		if v, ok := strings.CutPrefix(l, key+" is "); ok {
			return v
		}
	}
	return ""
}
