package cassettes

import (
	"io/fs"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestCommittedCassettesHoldNoSecrets scans every cassettes directory of
// the module (this package's directory included) for anything that looks
// like a key. It passes when there are no cassettes.
func TestCommittedCassettesHoldNoSecrets(t *testing.T) {
	var dirs []string
	err := filepath.WalkDir("..", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		switch d.Name() {
		case ".git", "node_modules":
			return filepath.SkipDir
		case "cassettes":
			dirs = append(dirs, p)
			return filepath.SkipDir
		}
		return nil
	})
	require.NoError(t, err)
	require.NotEmpty(t, dirs, "this package lives in a cassettes directory")
	for _, dir := range dirs {
		found, err := ScanTree(dir)
		require.NoError(t, err)
		for _, f := range found {
			t.Errorf("possible secret: %s", f)
		}
	}
}
