package suites

import (
	"errors"
	"io/fs"
	"os"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/hallumaze/hallumaze/bench"
)

// RecordCommand writes the one command that records the cassettes a report
// found missing (absent, or no longer matching the requests): hallumaze
// record, as make record or as the program was invoked. That command
// replays every case of its models' sets whose cassette replays and records
// the others, so it names the models, their suites and the set, and, when
// the report covers only part of what those sets miss, the cases, by an
// anchored --filter of their suite/name.
type RecordCommand struct {
	// Suites are the suites the cases come from.
	Suites []bench.Suite
	// Root is the cassettes folder, named in the command unless it is the
	// default, "cassettes".
	Root string
	// Look, when set, is where Root is from the working directory, when
	// the command runs from elsewhere (go test ./bench runs in bench/,
	// make record in the checkout).
	Look string
	// Self, when set, is how hallumaze is invoked ("hallumaze",
	// "bin/hallumaze", "go run ./cmd/hallumaze"): the command is then
	// "<Self> record …". Empty gives "make record …".
	Self string
}

// DefaultCassettes is the cassettes folder of a checkout, the default of
// make record and of every command's --cassettes.
const DefaultCassettes = "cassettes"

// For returns the command that records, for each model, the cases given.
// It returns "" when a case is in no set hallumaze record plays (a case
// made by flags of hallumaze run), or nothing is missing.
func (rc RecordCommand) For(missing map[string][]bench.Case) string {
	return rc.command(missing, true)
}

// command is For; brief says whether to look, by the files, for what the
// sets miss in full, where a command needs no --filter.
func (rc RecordCommand) command(missing map[string][]bench.Case, brief bool) string {
	var models []string
	want := map[string]bool{} // model \x00 suite/name
	used := map[string]bool{} // suites
	var names []string        // suite/name, once each
	for m, cases := range missing {
		if len(cases) == 0 {
			continue
		}
		models = append(models, m)
		for _, c := range cases {
			key := c.Suite + "/" + c.Name
			if !want[m+"\x00"+key] {
				want[m+"\x00"+key] = true
			}
			if !used[c.Suite] {
				used[c.Suite] = true
			}
			names = append(names, key)
		}
	}
	if len(models) == 0 {
		return ""
	}
	slices.Sort(models)
	slices.Sort(names)
	names = slices.Compact(names)
	var ss []bench.Suite
	for _, s := range rc.Suites {
		if used[s.Name] {
			ss = append(ss, s)
		}
	}
	if len(ss) != len(used) {
		return "" // a case of a suite not in the list
	}
	set, sets := chooseSet(ss, names)
	if set == "" {
		return ""
	}
	// The whole of what those sets miss for these models, by the files.
	root := rc.root()
	if rc.Look != "" {
		root = rc.Look
	}
	exact := brief
	count := 0
	for _, m := range models {
		if !brief {
			break
		}
		for _, s := range ss {
			for _, c := range sets[s.Name] {
				path, err := bench.CassettePath(root, m, c)
				if err != nil {
					return ""
				}
				if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
					count++
					if !want[m+"\x00"+s.Name+"/"+c.Name] {
						exact = false
					}
				}
			}
		}
	}
	if count != len(want) {
		exact = false
	}
	suiteNames := Names(ss)
	var filter string
	if !exact {
		quoted := make([]string, len(names))
		for i, n := range names {
			quoted[i] = regexp.QuoteMeta(n)
		}
		filter = "^(?:" + strings.Join(quoted, "|") + ")$"
	}
	return rc.format(strings.Join(models, ","), strings.Join(suiteNames, ","), set, filter)
}

// Hint is the command that records one case of one model, for the error
// of a case that cannot be replayed. It names the case by its --filter
// whatever else is missing.
func (rc RecordCommand) Hint(model string, c bench.Case) string {
	return rc.command(map[string][]bench.Case{model: {c}}, false)
}

func (rc RecordCommand) root() string {
	if rc.Root == "" {
		return DefaultCassettes
	}
	return rc.Root
}

// format writes the command in its make or its program form.
func (rc RecordCommand) format(models, suites, set, filter string) string {
	type arg struct{ makeVar, flag, value string }
	args := []arg{{"MODEL", "--models", models}, {"SUITE", "--suite", suites}}
	if set != bench.SetGate {
		args = append(args, arg{"SET", "--set", set})
	}
	if filter != "" {
		args = append(args, arg{"CASES", "--filter", filter})
	}
	if root := rc.root(); root != DefaultCassettes {
		args = append(args, arg{"CASSETTES", "--cassettes", root})
	}
	var b strings.Builder
	if rc.Self == "" {
		b.WriteString("make record")
		for _, a := range args {
			b.WriteString(" " + a.makeVar + "=" + ShellQuote(a.value))
		}
		return b.String()
	}
	b.WriteString(rc.Self + " record")
	for _, a := range args {
		b.WriteString(" " + a.flag + " " + ShellQuote(a.value))
	}
	return b.String()
}

// chooseSet finds the smallest set that holds every case named (suite/name):
// the gate set, else an experiment's set (effort) that every suite has,
// else all (bench.Sets). It returns the set and each suite's cases of it,
// or "" when none holds them all.
func chooseSet(ss []bench.Suite, names []string) (string, map[string][]bench.Case) {
	var order []string
	for _, s := range ss {
		for _, set := range bench.Sets(s) {
			if !slices.Contains(order, set) {
				order = append(order, set)
			}
		}
	}
	// all last, whatever the suites' order
	order = append(slices.DeleteFunc(order, func(set string) bool { return set == bench.SetAll }), bench.SetAll)
sets:
	for _, set := range order {
		sets := map[string][]bench.Case{}
		in := map[string]bool{}
		for _, s := range ss {
			if !slices.Contains(bench.Sets(s), set) {
				continue sets
			}
			cases, err := setCases(s, set)
			if err != nil {
				return "", nil
			}
			sets[s.Name] = cases
			for _, c := range cases {
				in[s.Name+"/"+c.Name] = true
			}
		}
		if !slices.ContainsFunc(names, func(n string) bool { return !in[n] }) {
			return set, sets
		}
	}
	return "", nil
}

// setsMade keeps each suite's sets once made: a hint may be asked for many
// times in a run.
var setsMade struct {
	sync.Mutex
	cases map[string][]bench.Case
}

// setCases is bench.SetCases, made once per suite and set.
func setCases(s bench.Suite, set string) ([]bench.Case, error) {
	setsMade.Lock()
	defer setsMade.Unlock()
	key := s.Name + "\x00" + set
	if cases, ok := setsMade.cases[key]; ok {
		return cases, nil
	}
	cases, err := bench.SetCases(s, set)
	if err != nil {
		return nil, err
	}
	if setsMade.cases == nil {
		setsMade.cases = map[string][]bench.Case{}
	}
	setsMade.cases[key] = cases
	return cases, nil
}

// ShellQuote quotes s for a POSIX shell, leaving it bare when it holds only
// characters no shell reads specially.
func ShellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_@%+=:,./-") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// RecordHint returns the function that says how to record a case's
// cassette (the make record command), for a harness whose cassettes are in
// the checkout's cassettes folder.
func RecordHint(ss []bench.Suite) func(model string, c bench.Case) string {
	return RecordCommand{Suites: ss}.Hint
}
