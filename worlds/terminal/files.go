package terminal

import (
	"fmt"
	"slices"

	"github.com/hallumaze/hallumaze/worlds"
)

// The lists the terminal-files episode draws from, besides fileNames and
// fileWords.
var (
	dirNames  = []string{"archive", "done", "drafts", "inbox", "keep", "work"}
	fileModes = []string{"400", "600", "644"}
)

// StreamTerminalFiles is the constant of the terminal-files episodes'
// stream, "hwtfile!": a fresh NewStream(seed, StreamTerminalFiles) per
// episode, as the terminal level uses worlds.StreamTerminal. Sharing that
// constant would make seed s of both levels draw the same numbers at the
// same places (the conflict coins would agree on every seed).
const StreamTerminalFiles = 0x68777466696c6521

// filesScript is what the terminal-files episode draws.
type filesScript struct {
	a, b, c, d    string    // file names: a, b, c start in src, d in arc
	w             [6]string // w1…w6
	g             string    // the word grepped for in d.txt, never shown
	src, dst, arc string    // directory names: where files start, where one moves, where one is copied
	amode, bmode  string
	conflict      bool // the moved file is a (notes.txt goes stale), else b
	appendLine    bool // echo >> (else echo >) to the moved file
	premade       bool // dst exists before mkdir runs
	rmhit         bool // rm removes src/c.txt (else the moved file's old path)
	order         bool // the d.txt grep runs before the twin's
	twin          int  // the answerable grep's exit status: 0, 1 or 2
	foil          string
}

// drawFiles draws a terminal-files episode, in the documented order.
func drawFiles(seed uint64) filesScript {
	st := worlds.NewStream(seed, StreamTerminalFiles)
	var s filesScript
	names := slices.Clone(fileNames)
	s.a, s.b, s.c, s.d = worlds.Take(st, &names), worlds.Take(st, &names), worlds.Take(st, &names), worlds.Take(st, &names)
	words := slices.Clone(fileWords)
	for i := range s.w {
		s.w[i] = worlds.Take(st, &words)
	}
	s.g = worlds.Pick(st, fileWords)
	dirs := slices.Clone(dirNames)
	s.src, s.dst, s.arc = worlds.Take(st, &dirs), worlds.Take(st, &dirs), worlds.Take(st, &dirs)
	s.amode, s.bmode = worlds.Pick(st, fileModes), worlds.Pick(st, fileModes)
	s.conflict, s.appendLine, s.premade, s.rmhit = st.Coin(), st.Coin(), st.Coin(), st.Coin()
	s.order = st.Coin()
	s.twin = st.Intn(len(statuses))
	s.foil = worlds.Pick(st, names)
	return s
}

// filesProbes plays the terminal-files episode of the script and makes its
// twelve probes. notes.txt says where a.txt is: truly (src) unless a moves
// (conflict); then it names arc, the one directory the session never shows
// a.txt in, so that it agrees neither with where a.txt was seen nor with
// where it went.
func filesProbes(seed uint64, s filesScript) (*Episode, []spec, error) {
	dir := func(d string) string { return Home + "/" + d }
	in := func(d, name string) string { return dir(d) + "/" + name + ".txt" }
	var dirs []string
	if s.premade {
		dirs = []string{dir(s.dst)}
	}
	noted := s.src
	if s.conflict {
		noted = s.arc
	}
	initial, err := NewState(Home, dirs, []File{
		{Path: dir("notes.txt"), Lines: []string{s.a + ".txt is in " + dir(noted)}, Mode: "644"},
		{Path: in(s.src, s.a), Lines: []string{s.w[0], s.w[1]}, Mode: s.amode},
		{Path: in(s.src, s.b), Lines: []string{s.w[2]}, Mode: s.bmode},
		{Path: in(s.src, s.c), Lines: []string{s.w[3]}, Mode: "644"},
		{Path: in(s.arc, s.d), Lines: []string{s.w[4]}, Mode: "644"},
	})
	if err != nil {
		return nil, nil, err
	}
	m, n := s.b, s.a // the moved file and the one left in src
	if s.conflict {
		m, n = s.a, s.b
	}
	r := m
	if s.rmhit {
		r = s.c
	}
	p := newPlayer(LevelFiles, seed, initial)
	p.run("pwd")
	p.run("ls")
	p.run("cat notes.txt")
	p.run("ls -l " + s.src)
	p.run("cat " + s.src + "/" + s.a + ".txt")
	p.run("cat " + s.src + "/" + s.b + ".txt")
	p.run("cat " + s.src + "/" + s.c + ".txt")
	p.run("mkdir " + s.dst)
	p.run("mv " + s.src + "/" + m + ".txt " + s.dst + "/")
	movedBefore, beforeKnown := p.state.File(in(s.dst, m))
	beforeKnown = beforeKnown && p.obs.content[in(s.dst, m)]
	op := ">"
	if s.appendLine {
		op = ">>"
	}
	p.run("echo " + s.w[5] + " " + op + " " + s.dst + "/" + m + ".txt")
	p.run("cp " + s.src + "/" + s.c + ".txt " + s.arc + "/")
	p.run("rm " + s.src + "/" + r + ".txt")
	p.run("cd " + s.arc)
	p.run("ls")
	dGrep := "grep -q " + s.g + " " + s.d + ".txt"
	cGrep := []string{"grep -q " + s.w[3] + " " + s.c + ".txt", "grep -q " + s.w[0] + " " + s.c + ".txt",
		"grep -q " + s.w[3] + " " + s.foil + ".txt"}[s.twin]
	status := p.grepBoth(dGrep, cGrep, s.order)
	ep, err := p.finish()
	if err != nil {
		return nil, nil, err
	}
	o, final := p.obs, ep.Final

	nfile, _ := final.File(in(s.src, n))
	moved, _ := final.File(in(s.dst, m))
	where := worlds.GoldUnknown()
	for _, d := range []string{s.src, s.dst, s.arc} {
		if _, ok := final.File(in(d, s.a)); ok {
			where = worlds.Resolve(worlds.GoldEnum(dir(d)), o.content[in(d, s.a)] || o.listed[dir(d)])
		}
	}
	notedGold := worlds.Resolve(worlds.GoldEnum(dir(noted)), o.content[dir("notes.txt")])
	// Every directory name the episodes draw from, not just this session's
	// three: options that list only these would let the place of the
	// answer among them stand in for reading the session.
	var dirOpts []string
	for _, d := range sorted(dirNames...) {
		dirOpts = append(dirOpts, dir(d))
	}
	lineOpts := sorted(fileWords...)
	var specs []spec
	for _, x := range []string{s.c, s.foil} {
		_, listed := final.File(in(s.arc, x))
		specs = append(specs, spec{cat: worlds.Perception, ptype: "listed", atype: worlds.Bool, key: "exists",
			question: fmt.Sprintf("Does %s contain a file named %s.txt?", dir(s.arc), x),
			gold:     worlds.Resolve(worlds.GoldBool(listed), o.listed[dir(s.arc)])})
	}
	specs = append(specs,
		spec{cat: worlds.Perception, ptype: "mode", atype: worlds.Enum, key: "mode", options: probeModes,
			question: fmt.Sprintf("What are the permission bits of %s, in octal?", in(s.src, n)),
			gold:     worlds.Resolve(worlds.GoldEnum(nfile.Mode), o.modes[in(s.src, n)])},
		spec{cat: worlds.Memory, ptype: "before", atype: worlds.Enum, key: "line", options: lineOpts,
			question: fmt.Sprintf("What was the first line of %s before the echo command ran?", in(s.dst, m)),
			gold:     worlds.Resolve(worlds.GoldEnum(first(movedBefore.Lines)), beforeKnown)},
		spec{cat: worlds.Memory, ptype: "recall", atype: worlds.Enum, key: "line", options: lineOpts,
			question: fmt.Sprintf("What is the first line of %s now?", in(s.src, n)),
			gold:     worlds.Resolve(worlds.GoldEnum(first(nfile.Lines)), o.content[in(s.src, n)])},
		spec{cat: worlds.Causal, ptype: "lines", atype: worlds.Int, key: "lines",
			question: fmt.Sprintf("How many lines does %s have now?", in(s.dst, m)),
			gold:     worlds.Resolve(worlds.GoldInt(len(moved.Lines)), o.content[in(s.dst, m)])},
	)
	// remains, a pair with one yes and one no: c.txt (gone if the rm hit
	// it), and the file the rm missed (n, still there) or the one that
	// moved away (m, gone).
	other := m
	if s.rmhit {
		other = n
	}
	for _, x := range []string{s.c, other} {
		_, remains := final.File(in(s.src, x))
		specs = append(specs, spec{cat: worlds.Causal, ptype: "remains", atype: worlds.Bool, key: "exists",
			question: fmt.Sprintf("Does %s contain a file named %s.txt at the end of the session?", dir(s.src), x),
			gold:     worlds.Resolve(worlds.GoldBool(remains), o.listed[dir(s.src)])})
	}
	specs = append(specs, grepQuestions(status, dGrep, cGrep)...)
	specs = append(specs,
		spec{cat: worlds.Conflict, ptype: "current", atype: worlds.Enum, key: "dir", options: dirOpts,
			question:  fmt.Sprintf("Which directory holds %s.txt now?", s.a),
			gold:      worlds.Resolve(where, !where.Unknown, worlds.Claim{Value: notedGold, Admissible: true}),
			conflict:  ptr(where.Canonical() != notedGold.Canonical()),
			testimony: ptr(notedGold.Canonical())},
		spec{cat: worlds.Conflict, ptype: "reported", atype: worlds.Enum, key: "dir", options: dirOpts,
			question:  fmt.Sprintf("According to notes.txt, which directory holds %s.txt?", s.a),
			gold:      notedGold,
			testimony: ptr(notedGold.Canonical())},
	)
	return ep, specs, nil
}

// first is the first line, or "" for an empty file.
func first(lines []string) string {
	if len(lines) == 0 {
		return ""
	}
	return lines[0]
}
