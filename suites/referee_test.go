package suites

import (
	"flag"
	"iter"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/results"
)

// TestCheckAll: the suites of the list share no name, no flag, and declare
// the metrics they share alike.
func TestCheckAll(t *testing.T) {
	require.NoError(t, Check(All()))
}

// variant is a suite with its name, flags or metrics changed.
type variant struct {
	name    string
	flags   []string
	metrics results.Metrics
}

// of is the suite s changed by v.
func (v variant) of(s bench.Suite) bench.Suite {
	if v.name != "" {
		s.Name = v.name
	}
	if v.flags != nil {
		s.Flags = func(fs *flag.FlagSet) func() (iter.Seq[bench.Case], error) {
			for _, f := range v.flags {
				fs.String(f, "", "")
			}
			return func() (iter.Seq[bench.Case], error) { return nil, nil }
		}
	}
	if v.metrics != nil {
		s.Metrics = v.metrics
	}
	return s
}

func TestCheck(t *testing.T) {
	abstainSuite := All()[1]
	toy := func(v variant) bench.Suite {
		if v.name == "" {
			v.name = "toy"
		}
		if v.flags == nil {
			v.flags = []string{"toy-word"}
		}
		if v.metrics == nil {
			v.metrics = results.Metrics{{Name: "echo", Better: results.Higher, Exact: true}}
		}
		return v.of(abstainSuite)
	}
	for _, tc := range []struct {
		name     string
		extra    bench.Suite
		reserved []string
		want     string // "" for no error
	}{
		{"apart", toy(variant{}), nil, ""},
		{"name", toy(variant{name: "maze"}), nil, `two suites are named "maze"`},
		{"flag", toy(variant{flags: []string{"size"}}), nil, "suites maze and toy both declare --size"},
		{"prefixed flag", toy(variant{flags: []string{"maze-size"}}), nil, "suites maze and toy both declare --maze-size"},
		{"own prefix", toy(variant{flags: []string{"toy-size", "size2"}}), nil, ""},
		{"command flag", toy(variant{flags: []string{"models"}}), []string{"models"}, "suite toy declares --models, a flag of the command itself"},
		{"direction", toy(variant{metrics: results.Metrics{{Name: "right", Better: results.Lower, Exact: true}}}), nil,
			`suites abstain and toy declare metric "right" apart: better already set to "higher", not "lower"`},
		{"unit", toy(variant{metrics: results.Metrics{{Name: "right", Unit: "right/case", Better: results.Higher, Exact: true}}}), nil,
			`suites abstain and toy declare metric "right" apart: unit already set to "right", not "right/case"`},
		{"exactness", toy(variant{metrics: results.Metrics{{Name: "right", Better: results.Higher}}}), nil,
			`suites abstain and toy declare metric "right" apart: assume=exact already set to true, not false`},
		{"agreeing metric", toy(variant{metrics: results.Metrics{{Name: "right", Better: results.Higher, Exact: true, Doc: "its own words"}}}), nil, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := Check(append(All(), tc.extra), tc.reserved...)
			if tc.want == "" {
				require.NoError(t, err)
				return
			}
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
			assert.NotContains(t, err.Error(), "\n", "one line")
		})
	}
}

func TestDeclareFlags(t *testing.T) {
	all := All()
	parse := func(t *testing.T, ss []bench.Suite, args ...string) (*flag.FlagSet, error) {
		fs := flag.NewFlagSet("run", flag.ContinueOnError)
		fs.SetOutput(new(strings.Builder))
		fs.String("models", "", "")
		if _, err := DeclareFlags(fs, ss); err != nil {
			return nil, err
		}
		return fs, fs.Parse(args)
	}
	t.Run("prefixed and bare spellings", func(t *testing.T) {
		fs, err := parse(t, all, "--worlds-level", "proc-10", "--maze-size", "9", "--abstain-seed", "3")
		require.NoError(t, err)
		assert.Equal(t, "proc-10", fs.Lookup("level").Value.String())
		assert.Equal(t, "9", fs.Lookup("size").Value.String())
		// --seed is the maze suite's; abstain's bare spelling yields to it.
		assert.Equal(t, "", fs.Lookup("seed").Value.String())
	})
	t.Run("a spelling sets the flag itself", func(t *testing.T) {
		fs, err := parse(t, all, "--maze-group", "B", "--maze-no-mirage")
		require.NoError(t, err)
		set := map[string]bool{}
		fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
		assert.True(t, set["group"], "the maze suite sees --group set")
		assert.True(t, set["no-mirage"], "a boolean spelling takes no value")
		assert.Equal(t, "true", fs.Lookup("no-mirage").Value.String())
	})
	t.Run("bare spelling of a prefixed flag", func(t *testing.T) {
		fs, err := parse(t, all[1:2], "--seed", "3")
		require.NoError(t, err)
		assert.Equal(t, "3", fs.Lookup("abstain-seed").Value.String())
	})
	t.Run("collision is an error", func(t *testing.T) {
		_, err := parse(t, append(all, variant{name: "toy", flags: []string{"size"}}.of(all[1])))
		require.EqualError(t, err, "suites maze and toy both declare --size")
		_, err = parse(t, []bench.Suite{variant{name: "toy", flags: []string{"models"}}.of(all[1])})
		require.EqualError(t, err, "suite toy declares --models, a flag of the command itself")
	})
}
