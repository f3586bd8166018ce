package terminal

import (
	"fmt"
	"slices"
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
	probeModes = []string{"400", "600", "644", "755"}
	cwdOptions = []string{"/", "/home", "/home/user", "/home/user/data", "/tmp"}
	statuses   = []string{"0", "1", "2"}
	// backs are the terminal episode's last commands, by the back draw:
	// none, or a cd that leaves the working directory at each of the
	// other options but /home/user/data.
	backs = []string{"", "cd ..", "cd ../..", "cd /", "cd /tmp"}
	// echoes are the terminal episode's echo commands, by the echo draw:
	// append w6 to a.txt, replace a.txt with it, or append it to b.txt
	// (a.txt then keeps its two lines).
	echoes = []string{"echo %s >> %s.txt", "echo %s > %s.txt", "echo %s >> %s.txt"}
)

// shellScript is what the standard episode (level "terminal") draws.
type shellScript struct {
	a, b, c      string    // data file names
	w            [6]string // w1…w6
	g            string    // the word grepped for in secret.txt
	mode0, mode1 string
	port0, port1 string
	level        string
	cmode        string // data/<c>.txt's mode
	conflict     bool
	echo         int // index into echoes: how the echo edits the data files
	order        bool
	back         int    // index into backs
	twin         int    // the answerable grep's exit status: 0, 1 or 2
	noted        string // the port notes.txt states
	foil         string // a name not among a, b, c
}

// drawShell draws a standard episode from the terminal stream, in the
// documented order. notes.txt states port0 unless the sed changes PORT
// (conflict); then it states one of the two ports the session never shows,
// so that it agrees neither with the value before the change nor after it.
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
	s.cmode = worlds.Pick(st, probeModes)
	s.conflict = st.Coin()
	s.echo = st.Intn(len(echoes))
	s.order = st.Coin()
	s.back = st.Intn(len(backs))
	s.twin = st.Intn(len(statuses))
	s.noted = s.port0
	if s.conflict {
		s.noted = worlds.Pick(st, without(without(configPort, s.port0), s.port1))
	}
	s.foil = worlds.Pick(st, names)
	return s
}

// shellProbes plays the standard episode of the script and makes its
// eleven probes.
func shellProbes(seed uint64, s shellScript) (*Episode, []spec, error) {
	home := func(p string) string { return Home + "/" + p }
	data := func(name string) string { return home("data/" + name + ".txt") }
	initial, err := NewState(Home, []string{"/tmp"}, []File{
		{Path: home("config.ini"), Lines: []string{"MODE=" + s.mode0, "PORT=" + s.port0, "LEVEL=" + s.level}, Mode: "644"},
		{Path: home("notes.txt"), Lines: []string{"PORT is " + s.noted}, Mode: "644"},
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
	target := s.a
	if s.echo == 2 {
		target = s.b
	}
	p.run(fmt.Sprintf(echoes[s.echo], s.w[5], target))
	tGrep := twinGrep(s)
	sGrep := "grep -q " + s.g + " ../secret.txt"
	status := p.grepBoth(tGrep, sGrep, s.order)
	if backs[s.back] != "" {
		p.run(backs[s.back])
	}
	ep, err := p.finish()
	if err != nil {
		return nil, nil, err
	}
	o, final := p.obs, ep.Final

	cfile, _ := final.File(data(s.c))
	afile, _ := final.File(data(s.a))
	config, _ := final.File(home("config.ini"))
	notes, _ := ep.Initial.File(home("notes.txt"))
	portNow := worlds.GoldEnum(iniValue(config.Lines, "PORT"))
	noted := worlds.GoldEnum(notedValue(notes.Lines, "PORT"))
	configKnown := o.content[home("config.ini")]

	portOpts, keyOpts := sorted(configPort...), sorted(keyList...)
	var specs []spec
	for _, x := range []string{s.c, s.foil} {
		_, present := final.File(data(x))
		specs = append(specs, spec{cat: worlds.Perception, ptype: "exists", atype: worlds.Bool, key: "exists",
			question: fmt.Sprintf("Does /home/user/data contain a file named %s.txt?", x),
			gold:     worlds.Resolve(worlds.GoldBool(present), o.listed[home("data")])})
	}
	specs = append(specs,
		spec{cat: worlds.Perception, ptype: "mode", atype: worlds.Enum, key: "mode", options: probeModes,
			question: fmt.Sprintf("What are the permission bits of /home/user/data/%s.txt, in octal?", s.c),
			gold:     worlds.Resolve(worlds.GoldEnum(cfile.Mode), o.modes[data(s.c)])},
		spec{cat: worlds.Memory, ptype: "before", atype: worlds.Enum, key: strings.ToLower(key), options: keyOpts,
			question: fmt.Sprintf("What was the value of %s in /home/user/config.ini before the sed command ran?", key),
			gold:     worlds.Resolve(worlds.GoldEnum(iniValue(configBefore.Lines, key)), beforeKnown)},
		spec{cat: worlds.Memory, ptype: "recall", atype: worlds.Enum, key: "level", options: sorted(configLvl...),
			question: "What is the value of LEVEL in /home/user/config.ini now?",
			gold:     worlds.Resolve(worlds.GoldEnum(iniValue(config.Lines, "LEVEL")), configKnown)},
		spec{cat: worlds.Causal, ptype: "lines", atype: worlds.Int, key: "lines",
			question: fmt.Sprintf("How many lines does /home/user/data/%s.txt have now?", s.a),
			gold:     worlds.Resolve(worlds.GoldInt(len(afile.Lines)), o.content[data(s.a)])},
		spec{cat: worlds.Causal, ptype: "cwd", atype: worlds.Enum, key: "cwd", options: cwdOptions,
			question: "What is the current working directory at the end of the session?",
			gold:     worlds.Resolve(worlds.GoldEnum(final.Cwd()), o.cwd)},
	)
	specs = append(specs, grepQuestions(status, sGrep, tGrep)...)
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

// twinGrep is the grep whose status the session determines, drawn to exit
// with s.twin: 0 greps a.txt for a word it holds after the echo (w1, or w6
// if the echo replaced the file), 1 for a word it never held (w3, b's), 2
// greps a file that does not exist (the foil), and prints grep's message.
func twinGrep(s shellScript) string {
	switch s.twin {
	case 0:
		w := s.w[0]
		if s.echo == 1 {
			w = s.w[5]
		}
		return "grep -q " + w + " " + s.a + ".txt"
	case 1:
		return "grep -q " + s.w[2] + " " + s.a + ".txt"
	}
	return "grep -q " + s.w[0] + " " + s.foil + ".txt"
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
