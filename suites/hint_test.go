package suites

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/cassettes"
)

// The commands RecordCommand writes are run, against a loopback server, by
// the tests of internal/workflow; these tests hold what each names.

// commandArgs reads the make form's variables: MODEL=… SUITE=… ….
func commandArgs(t *testing.T, cmd string) map[string]string {
	t.Helper()
	require.True(t, strings.HasPrefix(cmd, "make record "), cmd)
	args, err := exec.Command("sh", "-c", `set -- `+strings.TrimPrefix(cmd, "make record ")+`; for a in "$@"; do printf '%s\0' "$a"; done`).Output()
	require.NoError(t, err)
	vars := map[string]string{}
	for _, a := range strings.Split(strings.TrimSuffix(string(args), "\x00"), "\x00") {
		k, v, ok := strings.Cut(a, "=")
		require.True(t, ok, "%q in %q", a, cmd)
		vars[k] = v
	}
	return vars
}

// selected are the names (suite/name) of cases a --filter keeps, among
// the cases given, as hallumaze record reads it.
func selected(t *testing.T, filter string, cases []bench.Case) []string {
	t.Helper()
	re := regexp.MustCompile(filter)
	var out []string
	for _, c := range cases {
		if re.MatchString(c.Name) || re.MatchString(c.Suite+"/"+c.Name) {
			out = append(out, c.Suite+"/"+c.Name)
		}
	}
	return out
}

func gateSet(t *testing.T, name string) []bench.Case {
	t.Helper()
	s, ok := bench.FindSuite(All(), name)
	require.True(t, ok)
	cases, err := bench.GateSet(s)
	require.NoError(t, err)
	return cases
}

// TestRecordCommandForAll: what a model lacks of a set in full needs no
// filter: the command names the model, the suite and no cases.
func TestRecordCommandForAll(t *testing.T) {
	rc := RecordCommand{Suites: All(), Root: t.TempDir()}
	cases := gateSet(t, "abstain")
	cmd := rc.For(map[string][]bench.Case{"openai/gpt-x": cases})
	vars := commandArgs(t, cmd)
	assert.Equal(t, map[string]string{"MODEL": "openai/gpt-x", "SUITE": "abstain", "CASSETTES": rc.Root}, vars)
}

// TestRecordCommandForSome: a part of what is missing is named by an
// anchored filter that keeps exactly those cases of the set.
func TestRecordCommandForSome(t *testing.T) {
	root := t.TempDir()
	cases := gateSet(t, "maze")
	// one case is recorded already: the others are missing
	recorded := cassettes.Path(root, "maze", "openai", "gpt-x", cases[0].Name)
	require.NoError(t, os.MkdirAll(filepath.Dir(recorded), 0o755))
	require.NoError(t, os.WriteFile(recorded, []byte("x"), 0o644))
	rc := RecordCommand{Suites: All(), Root: root, Self: "bin/hallumaze"}
	want := []bench.Case{cases[3], cases[7], cases[len(cases)-1]}
	cmd := rc.For(map[string][]bench.Case{"openai/gpt-x": want, "anthropic/claude-x": want})
	require.True(t, strings.HasPrefix(cmd, "bin/hallumaze record --models anthropic/claude-x,openai/gpt-x --suite maze --filter '"), cmd)
	filter := regexp.MustCompile(`--filter '([^']*)'`).FindStringSubmatch(cmd)[1]
	assert.Equal(t, []string{"maze/" + want[0].Name, "maze/" + want[1].Name, "maze/" + want[2].Name}, selected(t, filter, cases))

	// what is missing of the set, in full, and nothing else: no filter
	all := cases[1:]
	cmd = rc.For(map[string][]bench.Case{"openai/gpt-x": all})
	assert.Equal(t, "bin/hallumaze record --models openai/gpt-x --suite maze --cassettes "+ShellQuote(root), cmd)
}

// TestRecordCommandSets: a probe of HalluWorld's standard set outside the
// gate set asks for --set effort when TestEffort plays it (a model
// recorded at two levels lacks it), else for --set all; cases of two
// suites name both; a case of no set (made by flags of hallumaze run) has
// no record command.
func TestRecordCommandSets(t *testing.T) {
	rc := RecordCommand{Suites: All()}
	s, _ := bench.FindSuite(All(), "worlds")
	std, err := s.Standard()
	require.NoError(t, err)
	gate := map[string]bool{}
	for _, c := range gateSet(t, "worlds") {
		gate[c.Name] = true
	}
	effortSet, ok, err := bench.ExperimentSet(s, "effort")
	require.NoError(t, err)
	require.True(t, ok)
	effort := map[string]bool{}
	for _, c := range effortSet {
		effort[c.Name] = true
	}
	var outside, forEffort bench.Case
	for _, c := range std {
		switch {
		case gate[c.Name]:
		case effort[c.Name] && forEffort.Name == "":
			forEffort = c
		case !effort[c.Name] && outside.Name == "":
			outside = c
		}
	}
	require.NotEmpty(t, outside.Name)
	require.NotEmpty(t, forEffort.Name)
	vars := commandArgs(t, rc.Hint("openai/gpt-x", outside))
	assert.Equal(t, "all", vars["SET"])
	assert.Equal(t, []string{"worlds/" + outside.Name}, selected(t, vars["CASES"], std))
	vars = commandArgs(t, rc.Hint("google/gemini-x@effort=high", forEffort))
	assert.Equal(t, "effort", vars["SET"])
	assert.Equal(t, "google/gemini-x@effort=high", vars["MODEL"])
	assert.Equal(t, []string{"worlds/" + forEffort.Name}, selected(t, vars["CASES"], effortSet))

	two := rc.For(map[string][]bench.Case{"openai/gpt-x": {gateSet(t, "maze")[0], gateSet(t, "abstain")[0]}})
	assert.Equal(t, "maze,abstain", commandArgs(t, two)["SUITE"])

	assert.Empty(t, rc.Hint("openai/gpt-x", bench.Case{Suite: "maze", Name: "size=13/seed=99/base"}))
	assert.Empty(t, rc.For(nil))
}

// TestShellQuote: the shell reads a quoted word back as it was.
func TestShellQuote(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := rapid.StringMatching(`[ -~]{0,12}`).Draw(t, "s")
		out, err := exec.Command("sh", "-c", "printf %s "+ShellQuote(s)).Output()
		if err != nil {
			t.Fatal(err)
		}
		if string(out) != s {
			t.Fatalf("%q quoted as %s reads back %q", s, ShellQuote(s), out)
		}
	})
}
