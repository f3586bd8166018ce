package results

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// TestIndexReadsAsRead: a file indexed and read result by result gives
// what Read gives, the same torn last line and the same errors, over files
// of good lines, blank lines, long lines, a torn or bad line anywhere.
func TestIndexReadsAsRead(t *testing.T) {
	dir := t.TempDir()
	rapid.Check(t, func(t *rapid.T) {
		var lines []string
		for i := range rapid.IntRange(0, 8).Draw(t, "n") {
			switch rapid.IntRange(0, 9).Draw(t, "kind") {
			case 0:
				lines = append(lines, "")
			case 1:
				lines = append(lines, `{"suite":"maze","mod`) // torn, or bad in the middle
			case 2:
				lines = append(lines, `{"suite":"maze"}`)
			case 3:
				lines = append(lines, `{"suite":"maze","model":"m","case":"long","system":"`+strings.Repeat("x", 300<<10)+`"}`)
			default:
				lines = append(lines, `{"suite":"maze","model":"m","case":"c`+string(rune('a'+i))+`","metrics":{"SR":1},"turns":[{"role":"user","content":"hi\nthere"}]}`)
			}
		}
		text := strings.Join(lines, "\n")
		if rapid.Bool().Draw(t, "newline at end") {
			text += "\n"
		}
		path := filepath.Join(dir, "r.jsonl")
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		want, wantTorn, wantErr := Read(strings.NewReader(text))
		f, torn, err := Index(path)
		if wantErr != nil {
			if err == nil {
				t.Fatalf("Read fails (%v), Index does not", wantErr)
			}
			return
		}
		if err != nil {
			t.Fatalf("Index: %v", err)
		}
		defer f.Close()
		if torn != wantTorn || f.Len() != len(want) {
			t.Fatalf("torn %v / %v, %d / %d results", torn, wantTorn, f.Len(), len(want))
		}
		for i := range want {
			got, err := f.At(i)
			if err != nil {
				t.Fatal(err)
			}
			if got.Case != want[i].Case || got.System != want[i].System || len(got.Turns) != len(want[i].Turns) || f.Line(i).Case != want[i].Case {
				t.Fatalf("result %d differs", i)
			}
		}
	})
}

// TestIndexHashes: equal lines have equal hashes, different lines
// (almost surely) not.
func TestIndexHashes(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.jsonl")
	a := `{"suite":"maze","model":"m","case":"a"}`
	b := `{"suite":"maze","model":"m","case":"a","duration_s":1}`
	require.NoError(t, os.WriteFile(path, []byte(a+"\n"+a+"\n"+b+"\n"), 0o644))
	f, _, err := Index(path)
	require.NoError(t, err)
	defer f.Close()
	assert.Equal(t, f.Line(0).Hash, f.Line(1).Hash)
	assert.NotEqual(t, f.Line(0).Hash, f.Line(2).Hash)
}
