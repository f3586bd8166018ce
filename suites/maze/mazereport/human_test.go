package mazereport

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/hallumaze/hallumaze/mazes"
	"github.com/hallumaze/hallumaze/results"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestReadHuman(t *testing.T) {
	seedForm := `{"provider":"human","model":"undergraduate_group_n30","maze_size":7,"ariadne_group":"A","sr":0.73,"mei":0.61,"hallucination_count":2.1,"backtrack_count":3.4}`
	want := results.Result{
		Suite: "maze", Model: "human/undergraduate_group_n30", Case: "size=7/group=A",
		Tags:    map[string]string{"human": "true", "size": "7", "group": "A"},
		Metrics: map[string]float64{"SR": 0.73, "MEI": 0.61, "HC": 2.1, "BT": 3.4},
	}
	for _, tc := range []struct {
		name string
		in   string
		want []results.Result
	}{
		{"array", "[" + seedForm + "]", []results.Result{want}},
		{"object", `{"results":[` + seedForm + `]}`, []results.Result{want}},
		{"optional metrics", `[{"model":"human/experts","sr":1,"mei":0.8,"ce":0.1,"brs":0.9,"hallumaze_score":0.85,"loop_count":1,"hrr":1,"latency_s":95}]`,
			[]results.Result{{Suite: "maze", Model: "human/experts", Case: "size=any/group=A",
				Tags:     map[string]string{"human": "true", "group": "A"},
				Metrics:  map[string]float64{"SR": 1, "MEI": 0.8, "CE": 0.1, "BRS": 0.9, "score": 0.85, "LT": 1, "HRR": 1},
				Duration: 95}}},
		{"empty array", "[]", []results.Result{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ReadHuman(strings.NewReader(tc.in))
			require.NoError(t, err)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestReadHumanErrors(t *testing.T) {
	for _, tc := range []struct {
		name, in, want string
	}{
		{"empty", "  ", "empty file"},
		{"unknown key", `[{"model":"x","sr":0.5,"mei":0.5,"participants":30}]`, `unknown field "participants"`},
		{"unknown top key", `{"results":[],"note":"x"}`, `unknown field "note"`},
		{"no results key", `{}`, `no "results" array`},
		{"missing model", `[{"sr":0.5,"mei":0.5}]`, "entry 1: model is required"},
		{"missing mei", `[{"model":"x","sr":0.5}]`, "sr and mei are required"},
		{"rate out of range", `[{"model":"x","sr":1.5,"mei":0.5}]`, "sr = 1.5 is not in [0, 1]"},
		{"negative count", `[{"model":"x","sr":0.5,"mei":0.5,"backtrack_count":-1}]`, "backtrack_count = -1 is not ≥ 0"},
		{"other provider", `[{"provider":"openai","model":"x","sr":0.5,"mei":0.5}]`, `provider "openai"`},
		{"bad group", `[{"model":"x","sr":0.5,"mei":0.5,"ariadne_group":"D"}]`, `ariadne_group "D"`},
		{"bad size", `[{"model":"x","sr":0.5,"mei":0.5,"maze_size":1}]`, "maze_size 1"},
		{"huge count", `[{"model":"x","sr":0.5,"mei":0.5,"loop_count":1e300}]`, "loop_count = 1e+300 is not ≥ 0 and ≤ 1e+12"},
		{"huge latency", `[{"model":"x","sr":0.5,"mei":0.5,"latency_s":1e300}]`, "latency_s = 1e+300 is not in"},
		{"duplicate", `[{"model":"x","sr":0.5,"mei":0.5},{"model":"human/x","sr":0.6,"mei":0.5}]`, "entry 2 repeats entry 1"},
		{"trailing data", `[] []`, "data after the JSON value"},
		{"not json", `model: x`, "human results"},
		{"wrong type", `[{"model":"x","sr":"high","mei":0.5}]`, "human results"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReadHuman(strings.NewReader(tc.in))
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

func TestHumanExampleFile(t *testing.T) {
	f, err := os.Open(filepath.Join("testdata", "human.example.json"))
	require.NoError(t, err)
	defer f.Close()
	hs, err := ReadHuman(f)
	require.NoError(t, err)
	require.Len(t, hs, 2)
	for _, h := range hs {
		assert.True(t, results.IsHuman(h))
		assert.Equal(t, "human/undergraduate_group_n30", h.Model)
	}
}

// FuzzReadHuman: any input gives results or an error, never a panic, and
// every result it gives is a well-formed human result.
func FuzzReadHuman(f *testing.F) {
	f.Add(`[{"model":"x","sr":0.5,"mei":0.5}]`)
	f.Add(`{"results":[{"provider":"human","model":"g","maze_size":7,"ariadne_group":"B","sr":1,"mei":0.9,"hallucination_count":0}]}`)
	f.Add(`[{"model":"x","sr":0.5,"mei":0.5,"extra":1}]`)
	f.Fuzz(func(t *testing.T, in string) {
		rs, err := ReadHuman(strings.NewReader(in))
		if err != nil {
			return
		}
		for _, r := range rs {
			if !results.IsHuman(r) || r.Suite != "maze" || !strings.HasPrefix(r.Model, "human/") {
				t.Fatalf("not a human result: %+v", r)
			}
			for k, v := range r.Metrics {
				if v < 0 {
					t.Fatalf("%s = %v", k, v)
				}
			}
		}
	})
}

// TestReadHumanWalks: a human entry may give its participants' walks on
// one maze; the walks are kept for the per-decision-point H3, and the
// scores it leaves out are the walks' means.
func TestReadHumanWalks(t *testing.T) {
	m, err := mazes.Generate(5, 3, mazes.DFS)
	require.NoError(t, err)
	var solution []string
	sol := m.Solution()
	for i := 1; i < len(sol); i++ {
		for _, d := range mazes.Dirs {
			if sol[i-1].Move(d) == sol[i] {
				solution = append(solution, d.Letter())
			}
		}
	}
	walk := strings.Join(solution, "")
	in := fmt.Sprintf(`[{"model": "students", "maze_size": 5, "seed": 3, "walks": [%q, %q]}]`, walk, "E, S")
	rs, err := ReadHuman(strings.NewReader(in))
	require.NoError(t, err)
	require.Len(t, rs, 1)
	r := rs[0]
	assert.Equal(t, "size=5/seed=3/dfs/group=A", r.Case)
	assert.Equal(t, "3", r.Tags["seed"])
	assert.Equal(t, 0.5, r.Metrics["SR"], "one walk of two escapes")
	assert.Contains(t, string(r.Detail), `"walks"`)
	for _, bad := range []string{
		`[{"model": "s", "sr": 1, "mei": 1, "walks": ["E"]}]`,
		`[{"model": "s", "maze_size": 5, "seed": 3, "walks": ["EX"]}]`,
		`[{"model": "s", "sr": 1, "mei": 1, "seed": 3}]`,
	} {
		_, err := ReadHuman(strings.NewReader(bad))
		assert.Error(t, err, bad)
	}
}
