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
