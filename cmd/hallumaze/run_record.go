package main

import (
	"flag"
	"regexp"
	"slices"
	"strings"

	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/suites"
)

// runRecordCommand is the one command that records the cases a run found
// missing, by model: hallumaze record where every case is in a set it
// records (the gate sets, the standard sets, the experiments'), else this
// run again with --record for those models, its cases narrowed by an
// anchored --filter to the missing ones where they are not all of it. A
// run with --record fills the gaps, so the command records exactly what is
// missing.
func (a *app) runRecordCommand(o runOptions, missing map[string][]bench.Case) string {
	if cmd := a.recorder(o.cassetteRoot).For(missing); cmd != "" {
		return cmd
	}
	var models, names []string
	for m, cs := range missing {
		if len(cs) == 0 {
			continue
		}
		models = append(models, m)
		for _, c := range cs {
			names = append(names, regexp.QuoteMeta(c.Suite+"/"+c.Name))
		}
	}
	slices.Sort(models)
	slices.Sort(names)
	names = slices.Compact(names)
	drop := []string{"models", "record", "resume", "output", "dry-run", "interactive", "filter"}
	args := withoutFlags(o.fs, o.args, drop)
	args = append(args, "--record", "--models", strings.Join(models, ","), "--filter", "^(?:"+strings.Join(names, "|")+")$")
	quoted := make([]string, len(args))
	for i, arg := range args {
		quoted[i] = suites.ShellQuote(arg)
	}
	return a.selfName() + " run " + strings.Join(quoted, " ")
}

// withoutFlags is args with the flags named (and their values) left out, as
// fs parses them: -name, --name, -name=value, --name value.
func withoutFlags(fs *flag.FlagSet, args []string, names []string) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		arg := args[i]
		if arg == "--" || !strings.HasPrefix(arg, "-") || arg == "-" {
			out = append(out, args[i:]...)
			break
		}
		name, _, hasValue := strings.Cut(strings.TrimLeft(arg, "-"), "=")
		takesValue := true
		if fs != nil {
			if f := fs.Lookup(name); f != nil {
				if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
					takesValue = false
				}
			}
		}
		skip := slices.Contains(names, name)
		if !skip {
			out = append(out, arg)
		}
		if takesValue && !hasValue && i+1 < len(args) {
			i++
			if !skip {
				out = append(out, args[i])
			}
		}
	}
	return out
}
