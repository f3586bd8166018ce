package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/hallumaze/hallumaze/results"
)

// Merge joins result sets, such as the shards of one run written on
// several machines. A case (suite, model, case) that appears more than once
// with the same content is kept once; with different content it is an
// error naming the case and what differs. The merged results are sorted by
// suite, model and case.
func Merge(sets ...[]results.Result) ([]results.Result, error) {
	type key struct{ suite, model, name string }
	seen := map[key]int{}
	var out []results.Result
	for _, set := range sets {
		for _, r := range set {
			k := key{r.Suite, r.Model, r.Case}
			i, dup := seen[k]
			if !dup {
				seen[k] = len(out)
				out = append(out, r)
				continue
			}
			if what, same := sameResult(out[i], r); !same {
				return nil, fmt.Errorf("merge: %s/%s of %s appears twice with different %s", r.Suite, r.Case, r.Model, what)
			}
		}
	}
	slices.SortStableFunc(out, func(a, b results.Result) int {
		if c := strings.Compare(a.Suite, b.Suite); c != 0 {
			return c
		}
		if c := strings.Compare(a.Model, b.Model); c != 0 {
			return c
		}
		return strings.Compare(a.Case, b.Case)
	})
	return out, nil
}

// sameResult compares two results field by field through their JSON form
// (which writes maps in key order and compacts the detail) and names the
// first field that differs.
func sameResult(a, b results.Result) (string, bool) {
	fields := []struct {
		name string
		x, y any
	}{
		{"tags", a.Tags, b.Tags}, {"metrics", a.Metrics, b.Metrics}, {"detail", a.Detail, b.Detail},
		{"system prompt", a.System, b.System}, {"turns", a.Turns, b.Turns}, {"usage", a.Usage, b.Usage},
		{"error", a.Error, b.Error}, {"duration", a.Duration, b.Duration},
	}
	for _, f := range fields {
		x, errX := json.Marshal(f.x)
		y, errY := json.Marshal(f.y)
		if errX != nil || errY != nil || !bytes.Equal(x, y) {
			return f.name, false
		}
	}
	return "", true
}

// MergeFiles merges as Merge does, results read one at a time: each file's
// results ([results.File], indexed) and sets held in memory (the human
// groups, a results JSON file's cases). Equal lines are the same result
// without reading them; otherwise a case met twice is read twice and
// compared as Merge compares it. The merged results are sorted by suite,
// model and case, and read from their files when asked for.
func MergeFiles(files []*results.File, sets ...[]results.Result) (Source, error) {
	var srcs []Source
	for _, f := range files {
		srcs = append(srcs, f)
	}
	for _, s := range sets {
		srcs = append(srcs, Results(s))
	}
	type key struct{ suite, model, name string }
	type entry struct {
		key
		src, i int
		hash   uint64
		hashed bool
	}
	seen := map[key]int{}
	var out []entry
	for si, src := range srcs {
		f, _ := src.(*results.File)
		for i := range src.Len() {
			var e entry
			if f != nil {
				l := f.Line(i)
				e = entry{key: key{l.Suite, l.Model, l.Case}, src: si, i: i, hash: l.Hash, hashed: true}
			} else {
				r, _ := src.At(i)
				e = entry{key: key{r.Suite, r.Model, r.Case}, src: si, i: i}
			}
			j, dup := seen[e.key]
			if !dup {
				seen[e.key] = len(out)
				out = append(out, e)
				continue
			}
			first := out[j]
			if first.hashed && e.hashed && first.hash == e.hash {
				continue
			}
			a, err := srcs[first.src].At(first.i)
			if err != nil {
				return nil, fmt.Errorf("merge: %w", err)
			}
			b, err := src.At(i)
			if err != nil {
				return nil, fmt.Errorf("merge: %w", err)
			}
			if what, same := sameResult(a, b); !same {
				return nil, fmt.Errorf("merge: %s/%s of %s appears twice with different %s", b.Suite, b.Case, b.Model, what)
			}
		}
	}
	slices.SortStableFunc(out, func(a, b entry) int {
		if c := strings.Compare(a.suite, b.suite); c != 0 {
			return c
		}
		if c := strings.Compare(a.model, b.model); c != 0 {
			return c
		}
		return strings.Compare(a.name, b.name)
	})
	m := merged{srcs: srcs, refs: make([][2]int, len(out))}
	for i, e := range out {
		m.refs[i] = [2]int{e.src, e.i}
	}
	return m, nil
}

// merged reads the merged results from their sources.
type merged struct {
	srcs []Source
	refs [][2]int
}

func (m merged) Len() int { return len(m.refs) }

func (m merged) At(i int) (results.Result, error) {
	r := m.refs[i]
	return m.srcs[r[0]].At(r[1])
}
