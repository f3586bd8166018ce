package innav

import (
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/bench"
)

// cases parses args with the suite's flags and returns its cases.
func cases(t *testing.T, args ...string) ([]bench.Case, error) {
	t.Helper()
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	plan := New().Flags(fs)
	require.NoError(t, fs.Parse(args))
	seq, err := plan()
	if err != nil {
		return nil, err
	}
	return bench.Collect(seq), nil
}

func writeLevel(t *testing.T, level, innav string) string {
	t.Helper()
	dir := t.TempDir()
	src, err := os.ReadFile(filepath.Join("..", "..", "worlds", "grid", "levels", "open_room.txt"))
	require.NoError(t, err)
	if level == "" {
		level = string(src)
	}
	file := filepath.Join(dir, "mine.txt")
	require.NoError(t, os.WriteFile(file, []byte(level), 0o644))
	if innav != "" {
		require.NoError(t, os.WriteFile(filepath.Join(dir, "mine.innav.json"), []byte(innav), 0o644))
	}
	return file
}

func TestFlags(t *testing.T) {
	good := writeLevel(t, "", "")
	withNav := writeLevel(t, "", `{"innav_start_position": [3, 3], "navigation_target_locations": [[6, 6]],
 "navigation_params": {"max_steps": 20, "min_steps": 2, "sufficiency_distance": 1, "min_distance_from_start": 1}}`)
	badLevel := writeLevel(t, "## ## ##\n## .. ##\n## ..x ##\n", "")
	badNav := writeLevel(t, "", "{\n \"navigation_params\": {\"max_steps\": \"x\"}\n}\n")
	for _, tc := range []struct {
		name  string
		args  []string
		cases int
		err   string
	}{
		{"standard", nil, 180, ""},
		{"one arm", []string{"--innav-arm", "innav"}, 90, ""},
		{"terminal", []string{"--innav-world", "terminal"}, 60, ""},
		{"grid", []string{"--innav-world", "grid", "--innav-arm", "static"}, 60, ""},
		{"a task and seeds", []string{"--innav-level", "task-edit", "--innav-seed", "3,4,5"}, 6, ""},
		{"levels and seeds", []string{"--innav-level", "proc-8,open_room", "--innav-seed", "7,8"}, 8, ""},
		{"a view", []string{"--innav-level", "proc-10", "--innav-view", "memory"}, 8, ""},
		{"level file", []string{"--level-file", good}, 2, ""},
		{"level file with its innav file, seeds", []string{"--level-file", withNav, "--innav-seed", "1,2"}, 4, ""},
		{"level file malformed", []string{"--level-file", badLevel}, 0, "line 3"},
		{"innav file malformed", []string{"--level-file", badNav}, 0, "mine.innav.json line 2"},
		{"level file missing", []string{"--level-file", filepath.Join(t.TempDir(), "none.txt")}, 0, "no such file"},
		{"unknown level", []string{"--innav-level", "nowhere"}, 0, `--innav-level "nowhere"`},
		{"seed alone", []string{"--innav-seed", "3"}, 0, "--innav-seed needs"},
		{"bad seed", []string{"--innav-level", "proc-8", "--innav-seed", "x"}, 0, "not a number"},
		{"bad view", []string{"--innav-view", "fen-off"}, 0, "--innav-view"},
		{"bad arm", []string{"--innav-arm", "both"}, 0, "--innav-arm"},
		{"bad world", []string{"--innav-world", "chess"}, 0, "--innav-world"},
		{"file and level", []string{"--level-file", good, "--innav-level", "proc-8"}, 0, "exclude"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cs, err := cases(t, tc.args...)
			if tc.err != "" {
				require.Error(t, err)
				require.Contains(t, err.Error(), tc.err)
				require.NotContains(t, err.Error(), "\n", "one line")
				return
			}
			require.NoError(t, err)
			require.Len(t, cs, tc.cases)
		})
	}
}

// TestLevelFilePlays: a custom level with its InNav file plays in both
// arms, from the InNav file's start, and the navigator reaches its place.
func TestLevelFilePlays(t *testing.T) {
	file := writeLevel(t, "", `{"innav_start_position": [3, 3], "navigation_target_locations": [[6, 6]],
 "navigation_params": {"max_steps": 20, "min_steps": 2, "sufficiency_distance": 1, "min_distance_from_start": 1}}`)
	cs, err := cases(t, "--level-file", file)
	require.NoError(t, err)
	env := agentEnv()
	m, err := env.Open("agent/navigator")
	require.NoError(t, err)
	for _, c := range cs {
		r := bench.Play(t.Context(), m, c)
		require.Empty(t, r.Error)
		require.Equal(t, "mine", r.Tags["level"])
		require.Equal(t, 1.0, r.Metrics["probe-accuracy"], c.Name)
		if strings.HasSuffix(c.Name, "/innav") {
			require.Equal(t, 1.0, r.Metrics["nav-success"])
			require.Contains(t, r.Turns[0].Content, "Position: row 3, col 3.")
		}
	}
}
