package suites

import (
	"errors"
	"flag"
	"fmt"
	"iter"
	"strings"

	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/results"
)

// Check referees the names suites share: it fails, naming both suites, on
// two suites of one name, on a flag of hallumaze run that two suites
// declare (by its name or its prefixed spelling, see [DeclareFlags]) or
// that a suite declares over one of the command's own (reserved), and on a
// metric that two declarations give a different direction, unit or
// exactness. A metric may be declared by several suites ("right",
// "abstained") as long as the declarations agree on what the harness reads
// of them, as a benchfmt unit's metadata may be set twice only to one
// value. The command runs it when it starts; a test runs it on [All].
func Check(ss []bench.Suite, reserved ...string) error {
	var errs []error
	named := map[string]bool{}
	flagOwner := map[string]string{}
	for _, name := range reserved {
		flagOwner[name] = ""
	}
	type decl struct {
		suite string
		m     results.Metric
	}
	metrics := map[string]decl{}
	for _, s := range ss {
		if named[s.Name] {
			errs = append(errs, fmt.Errorf("two suites are named %q", s.Name))
			continue
		}
		named[s.Name] = true
		for _, f := range FlagNames(s) {
			for _, spelling := range []string{f, Prefixed(s.Name, f)} {
				owner, taken := flagOwner[spelling]
				switch {
				case !taken:
					flagOwner[spelling] = s.Name
				case owner == "":
					errs = append(errs, fmt.Errorf("suite %s declares --%s, a flag of the command itself", s.Name, spelling))
				case owner != s.Name:
					errs = append(errs, fmt.Errorf("suites %s and %s both declare --%s", owner, s.Name, spelling))
				}
			}
		}
		for _, m := range s.Metrics {
			for _, key := range []string{m.Name, m.BenchUnit()} {
				prev, ok := metrics[key]
				if !ok {
					metrics[key] = decl{s.Name, m}
					continue
				}
				if err := agree(prev.m, m); err != nil {
					errs = append(errs, fmt.Errorf("suites %s and %s declare metric %q apart: %w", prev.suite, s.Name, key, err))
				}
				break
			}
		}
	}
	if len(errs) == 0 {
		return nil
	}
	msgs := make([]string, len(errs))
	for i, err := range errs {
		msgs[i] = err.Error()
	}
	return errors.New(strings.Join(msgs, "; "))
}

// agree reports how two declarations of one metric differ in what the
// harness reads of them: the direction, the unit and exactness. Their docs
// may differ, each saying what the metric counts in its suite.
func agree(a, b results.Metric) error {
	switch {
	case a.Better != b.Better:
		return fmt.Errorf("better already set to %q, not %q", a.Better, b.Better)
	case a.BenchUnit() != b.BenchUnit():
		return fmt.Errorf("unit already set to %q, not %q", a.BenchUnit(), b.BenchUnit())
	case a.Exact != b.Exact:
		return fmt.Errorf("assume=exact already set to %t, not %t", a.Exact, b.Exact)
	}
	return nil
}

// FlagNames are the names of the flags a suite declares on hallumaze run,
// in lexical order.
func FlagNames(s bench.Suite) []string {
	fs := flag.NewFlagSet(s.Name, flag.ContinueOnError)
	s.Flags(fs)
	var out []string
	fs.VisitAll(func(f *flag.Flag) { out = append(out, f.Name) })
	return out
}

// Prefixed is the spelling of a suite's flag with the suite's name before
// it: "worlds-level" for worlds' --level; a flag named so already
// ("abstain-seed") is its own prefixed spelling.
func Prefixed(suite, flag string) string {
	if strings.HasPrefix(flag, suite+"-") {
		return flag
	}
	return suite + "-" + flag
}

// DeclareFlags declares on fs the flags of the suites a run plays and
// returns each suite's plan (see [bench.Suite]). Every flag answers to the
// name its suite gives it and to its prefixed spelling ([Prefixed]:
// --worlds-level, --maze-size); a flag named with its suite's prefix
// answers to its bare name too (--seed for --abstain-seed) when no other
// flag of the run has that name. A spelling sets the flag itself, so a
// suite that asks fs which flags were set (fs.Visit) sees its own name
// whatever the spelling. A name fs holds already (a flag of the command)
// or that two of the suites declare is an error, never a panic.
func DeclareFlags(fs *flag.FlagSet, ss []bench.Suite) ([]func() (iter.Seq[bench.Case], error), error) {
	owner := map[string]string{}
	for _, s := range ss {
		for _, name := range FlagNames(s) {
			if o, ok := owner[name]; ok {
				return nil, fmt.Errorf("suites %s and %s both declare --%s", o, s.Name, name)
			}
			if fs.Lookup(name) != nil {
				return nil, fmt.Errorf("suite %s declares --%s, a flag of the command itself", s.Name, name)
			}
			owner[name] = s.Name
		}
	}
	plans := make([]func() (iter.Seq[bench.Case], error), len(ss))
	for i, s := range ss {
		plans[i] = s.Flags(fs)
	}
	for _, s := range ss {
		for _, name := range FlagNames(s) {
			p := Prefixed(s.Name, name)
			if p == name {
				continue
			}
			if fs.Lookup(p) != nil {
				by := "the command"
				if o, ok := owner[p]; ok {
					by = "suite " + o
				}
				return nil, fmt.Errorf("suite %s: --%s is a flag of %s already", s.Name, p, by)
			}
			fs.Var(spelling{fs, name}, p, "same as --"+name)
		}
	}
	for _, s := range ss {
		for _, name := range FlagNames(s) {
			if bare, ok := strings.CutPrefix(name, s.Name+"-"); ok && fs.Lookup(bare) == nil {
				fs.Var(spelling{fs, name}, bare, "same as --"+name)
			}
		}
	}
	return plans, nil
}

// spelling is another name of the flag name of fs: setting it sets that
// flag.
type spelling struct {
	fs   *flag.FlagSet
	name string
}

func (v spelling) String() string {
	if v.fs == nil {
		return ""
	}
	return v.fs.Lookup(v.name).Value.String()
}

func (v spelling) Set(s string) error { return v.fs.Set(v.name, s) }

// IsBoolFlag lets a boolean flag's spellings go without a value.
func (v spelling) IsBoolFlag() bool {
	if v.fs == nil {
		return false
	}
	b, ok := v.fs.Lookup(v.name).Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}
