package agents

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/mazes"
)

var update = flag.Bool("update", false, "rewrite golden files under testdata/")

// golden compares got with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name string, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
		return
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "run go test ./agents -update to create it")
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("%s mismatch (-want +got):\n%s", path, diff)
	}
}

// TestGolden pins the replies of every agent: recorded cassettes hold them,
// so a change must be deliberate (go test ./agents -update, then re-record).
func TestGolden(t *testing.T) {
	for _, c := range []mazeCase{
		{7, 42, mazes.DFS, true, mazes.English, mazes.OneShot},
		{7, 42, mazes.Wilson, true, mazes.Korean, mazes.OneShot},
		{5, 9, mazes.DFS, true, mazes.English, mazes.Interactive},
	} {
		for _, name := range Names() {
			file := strings.NewReplacer("/", "_", "=", "-").Replace(name + "_" + c.String())
			t.Run(file, func(t *testing.T) {
				o := play(t, agent(t, name), c, 0)
				golden(t, filepath.Join("golden", file+".txt"), conversation(o.replies))
			})
		}
	}
}

// conversation joins an agent's replies, one block per turn.
func conversation(replies []string) string {
	if len(replies) == 1 {
		return replies[0]
	}
	var b strings.Builder
	for i, r := range replies {
		fmt.Fprintf(&b, "--- turn %d\n%s", i+1, r)
	}
	return b.String()
}
