package worlds

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestShowLevelFile: worlds show --level-file renders a custom level's walk
// in each view, and a malformed file is a usage error naming its line.
func TestShowLevelFile(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "..", "worlds", "grid", "levels", "open_room.txt"))
	require.NoError(t, err)
	dir := t.TempDir()
	good := filepath.Join(dir, "room.txt")
	require.NoError(t, os.WriteFile(good, src, 0o644))
	var out strings.Builder
	require.NoError(t, runShow([]string{"--level-file", good, "--seed", "3"}, &out))
	for _, want := range []string{"# grid level room, seed 3", "## symbolic", "## ascii", "## memory", "[Observation 1 — Step 0]"} {
		require.Contains(t, out.String(), want)
	}
	bad := filepath.Join(dir, "bad.txt")
	require.NoError(t, os.WriteFile(bad, append(src, []byte("xyz\n")...), 0o644))
	err = runShow([]string{"--level-file", bad}, &out)
	require.ErrorContains(t, err, "line ")
	require.ErrorContains(t, err, `token "xyz"`)
	require.ErrorContains(t, runShow([]string{"--level-file", good, "--world", "chess"}, &out), "grid level")
}
