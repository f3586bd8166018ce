package report

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/hallumaze/hallumaze/results"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

func res(model, name string, mei float64) results.Result {
	return results.Result{Suite: "maze", Model: model, Case: name, Metrics: map[string]float64{"MEI": mei}}
}

func TestMerge(t *testing.T) {
	a1, a2, b1 := res("a/x", "c1", 0.5), res("a/x", "c2", 0.6), res("b/y", "c1", 0.7)
	for _, tc := range []struct {
		name    string
		sets    [][]results.Result
		want    []results.Result
		wantErr string
	}{
		{"shards", [][]results.Result{{b1, a2}, {a1}}, []results.Result{a1, a2, b1}, ""},
		{"identical duplicate", [][]results.Result{{a1, b1}, {a1}}, []results.Result{a1, b1}, ""},
		{"nothing", nil, nil, ""},
		{"conflict", [][]results.Result{{a1}, {res("a/x", "c1", 0.9)}}, nil, "maze/c1 of a/x appears twice with different metrics"},
		{"conflicting error", [][]results.Result{{a1}, {func() results.Result { r := a1; r.Error = "boom"; return r }()}}, nil, "different error"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Merge(tc.sets...)
			if tc.wantErr != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tc.wantErr)
				return
			}
			require.NoError(t, err)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestMergeProperties: splitting results into shards in any way and
// merging them (with any shard repeated) gives the same sorted results.
func TestMergeProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(0, 30).Draw(t, "n")
		var all []results.Result
		seen := map[string]bool{}
		for i := range n {
			m := rapid.SampledFrom([]string{"a/x", "b/y", "c/z"}).Draw(t, fmt.Sprint("model", i))
			c := rapid.SampledFrom([]string{"c1", "c2", "c3", "c4", "c10"}).Draw(t, fmt.Sprint("case", i))
			if seen[m+c] {
				continue
			}
			seen[m+c] = true
			all = append(all, res(m, c, float64(i)))
		}
		shards := rapid.IntRange(1, 4).Draw(t, "shards")
		sets := make([][]results.Result, shards)
		for i, r := range all {
			k := rapid.IntRange(0, shards-1).Draw(t, fmt.Sprint("shard", i))
			sets[k] = append(sets[k], r)
		}
		if rapid.Bool().Draw(t, "repeat") {
			sets = append(sets, sets[0])
		}
		got, err := Merge(sets...)
		if err != nil {
			t.Fatal(err)
		}
		want, err := Merge(all)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(all) || !slices.IsSortedFunc(got, func(a, b results.Result) int {
			return strings.Compare(a.Model+"\x00"+a.Case, b.Model+"\x00"+b.Case)
		}) {
			t.Fatalf("merged %d of %d, sorted: %v", len(got), len(all), got)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("(-want +got):\n%s", diff)
		}
	})
}

func TestWriteFileAtomic(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.txt")
	require.NoError(t, os.WriteFile(path, []byte("old"), 0o600))
	t.Run("failed write keeps the old file", func(t *testing.T) {
		err := WriteFileAtomic(path, nil, func(w io.Writer) error {
			io.WriteString(w, "partial")
			return errors.New("disk full")
		})
		require.ErrorContains(t, err, "disk full")
		got, err := os.ReadFile(path)
		require.NoError(t, err)
		assert.Equal(t, "old", string(got))
	})
	t.Run("write replaces", func(t *testing.T) {
		require.NoError(t, WriteFileAtomic(path, nil, func(w io.Writer) error {
			_, err := io.WriteString(w, "new")
			return err
		}))
		got, err := os.ReadFile(path)
		require.NoError(t, err)
		assert.Equal(t, "new", string(got))
		info, err := os.Stat(path)
		require.NoError(t, err)
		probe, err := os.Create(filepath.Join(t.TempDir(), "probe")) // 0666 less the umask
		require.NoError(t, err)
		want, err := probe.Stat()
		require.NoError(t, err)
		probe.Close()
		assert.Equal(t, want.Mode().Perm(), info.Mode().Perm(), "an output's mode is the umask's, as os.Create's")
	})
	t.Run("missing folder is made", func(t *testing.T) {
		require.NoError(t, WriteFileAtomic(filepath.Join(dir, "no", "x"), nil, func(io.Writer) error { return nil }))
		_, err := os.Stat(filepath.Join(dir, "no", "x"))
		require.NoError(t, err)
	})
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, entries, 2, "no temporary file left")
}

// TestMergeFilesAsMerge: merging results files indexed line by line (and
// sets in memory) gives what Merge gives over the same results: the same
// results in the same order, or the same error.
func TestMergeFilesAsMerge(t *testing.T) {
	dir := t.TempDir()
	rapid.Check(t, func(t *rapid.T) {
		gen := rapid.Custom(func(t *rapid.T) results.Result {
			return res(rapid.SampledFrom([]string{"a/x", "b/y"}).Draw(t, "model"),
				rapid.SampledFrom([]string{"c1", "c2", "c10"}).Draw(t, "case"), rapid.SampledFrom([]float64{0.5, 0.7}).Draw(t, "mei"))
		})
		var sets [][]results.Result
		var files []*results.File
		var inMemory [][]results.Result
		for i := range rapid.IntRange(0, 3).Draw(t, "files") {
			set := rapid.SliceOfN(gen, 0, 5).Draw(t, "set")
			sets = append(sets, set)
			path := filepath.Join(dir, fmt.Sprintf("r%d.jsonl", i))
			var lines []string
			for _, r := range set {
				var b strings.Builder
				require.NoError(t, writeLine(&b, r))
				lines = append(lines, b.String())
			}
			require.NoError(t, os.WriteFile(path, []byte(strings.Join(lines, "")), 0o644))
			f, _, err := results.Index(path)
			require.NoError(t, err)
			defer f.Close()
			files = append(files, f)
		}
		if rapid.Bool().Draw(t, "a set in memory") {
			mem := rapid.SliceOfN(gen, 0, 3).Draw(t, "memory")
			sets = append(sets, mem)
			inMemory = append(inMemory, mem)
		}
		want, wantErr := Merge(sets...)
		src, err := MergeFiles(files, inMemory...)
		if wantErr != nil || err != nil {
			if wantErr == nil || err == nil || wantErr.Error() != err.Error() {
				t.Fatalf("errors: Merge %v, MergeFiles %v", wantErr, err)
			}
			return
		}
		if src.Len() != len(want) {
			t.Fatalf("%d results, want %d", src.Len(), len(want))
		}
		for i, w := range want {
			got, err := src.At(i)
			require.NoError(t, err)
			if diff := cmp.Diff(w, got); diff != "" {
				t.Fatalf("result %d: %s", i, diff)
			}
		}
	})
}

// writeLine writes a result as its JSONL line.
func writeLine(w io.Writer, r results.Result) error {
	data, err := json.Marshal(r)
	if err != nil {
		return err
	}
	_, err = w.Write(append(data, '\n'))
	return err
}
