package cassettes

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
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

// TestCommittedCassettesCompact holds the committed cassettes of this
// package's directory to their form: every one of version 2, none a byte
// for byte copy of another of its folder (that is a pointer), and a 7×7
// interactive maze conversation at most 8 KB a turn on average.
func TestCommittedCassettesCompact(t *testing.T) {
	seen := map[string]string{} // folder and content → file
	var bytes7, turns7 int
	err := filepath.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == "testdata" {
			return filepath.SkipDir
		}
		if d.IsDir() || filepath.Ext(p) != ".yaml" {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if !strings.HasPrefix(string(data), compactHeader+"2,") {
			t.Errorf("%s: not of form 2 (make record-agents writes it)", p)
			return nil
		}
		if strings.Contains(string(data), `"same_as"`) {
			return nil
		}
		key := filepath.Dir(p) + "\x00" + string(data)
		if other, ok := seen[key]; ok {
			t.Errorf("%s is byte for byte %s: it should point to it", p, other)
		}
		seen[key] = p
		if strings.HasPrefix(filepath.ToSlash(p), "maze/") && strings.Contains(p, "size=7%2F") && strings.Contains(p, "interactive") {
			bytes7 += len(data)
			turns7 += strings.Count(string(data), "\n"+`{"request":`)
		}
		return nil
	})
	require.NoError(t, err)
	if turns7 == 0 {
		t.Skip("no 7×7 interactive cassette committed")
	}
	perTurn := float64(bytes7) / float64(turns7)
	t.Logf("7×7 interactive cassettes: %d bytes over %d turns, %.0f bytes a turn", bytes7, turns7, perTurn)
	assert.LessOrEqual(t, perTurn, 8192.0)
}
