package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"slices"
	"testing"

	"github.com/hallumaze/hallumaze/suites/maze/mazereport"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/results"
)

// seedSnippet is the seed's analysis of its Linguistic Mirage experiment
// (its section 10), completed where the seed leaves a comment: the mean
// MEI and BRS per model in each file, and their differences. It prints
// them as JSON, with what the files say of their maze and framing.
const seedSnippet = `import json
baseline = json.load(open('baseline.json'))
mirage   = json.load(open('mirage.json'))
# BRS 차이, MEI 차이 분석
def means(f):
    out = {}
    for r in f["results"]:
        m = out.setdefault(r["provider"] + "/" + r["model"], {"mei": [], "brs": []})
        m["mei"].append(r["mei"])
        m["brs"].append(r["brs"])
    return {k: {x: sum(v[x]) / len(v[x]) for x in v} for k, v in out.items()}
b, m = means(baseline), means(mirage)
print(json.dumps({
    "delta": {k: {"mei": b[k]["mei"] - m[k]["mei"], "brs": b[k]["brs"] - m[k]["brs"]} for k in b},
    "size": [baseline["maze"]["size"], mirage["maze"]["size"]],
    "mazes": [baseline["maze"]["mazes"], mirage["maze"]["mazes"]],
    "use_mirage": [baseline["config"]["use_mirage"], mirage["config"]["use_mirage"]],
    "results": [len(baseline["results"]), len(mirage["results"])],
}))
`

// snippetOut is what seedSnippet prints.
type snippetOut struct {
	Delta     map[string]struct{ MEI, BRS float64 } `json:"delta"`
	Size      []int                                 `json:"size"`
	Mazes     []int                                 `json:"mazes"`
	UseMirage []bool                                `json:"use_mirage"`
	Results   []int                                 `json:"results"`
}

// TestSeedSnippetSeveralMazes runs the seed's Mirage experiment over three
// mazes instead of one (--runs 3 in place of --seed 42), with the reference
// agents, and reads the two files the way the seed's snippet does:
// json.load, then the top-level "maze", "config" and "results". With
// several mazes in a file those keys are still there: "results" holds every
// result, "maze" what the mazes share and how many there are, "config" the
// framing. The seed's analysis (ΔMEI and ΔBRS of the means) then gives, for
// every agent, the paired effect the report computes (mazereport.Mirage), to the
// six decimals of the file. The snippet runs in Go (decoding into plain
// maps, as json.load does) and, where python3 is installed, as Python.
func TestSeedSnippetSeveralMazes(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, args := range [][]string{
		{"--size", "7", "--no-mirage", "--runs", "3", "--output", "baseline.json"},
		{"--size", "7", "--runs", "3", "--output", "mirage.json"},
	} {
		code, _, stderr, _ := runCall{}.run(t, t.Context(), args...)
		require.Equal(t, 0, code, stderr)
	}
	var rs []results.Result
	for _, f := range []string{"baseline.jsonl", "mirage.jsonl"} {
		rs = append(rs, readJSONL(t, f)...)
	}
	want := map[string]mazereport.MirageEffect{}
	for _, e := range mazereport.Mirage(rs) {
		want[e.Model] = e
	}
	require.Len(t, want, 4, "every agent, paired over the three mazes")

	check := func(t *testing.T, got snippetOut) {
		assert.Equal(t, []int{7, 7}, got.Size, `f["maze"]["size"]`)
		assert.Equal(t, []int{3, 3}, got.Mazes, `f["maze"]["mazes"]`)
		assert.Equal(t, []bool{false, true}, got.UseMirage, `f["config"]["use_mirage"]`)
		assert.Equal(t, []int{12, 12}, got.Results, `f["results"]: 4 agents × 3 mazes`)
		require.Len(t, got.Delta, len(want))
		for model, e := range want {
			d, ok := got.Delta[model]
			require.True(t, ok, model)
			assert.InDelta(t, e.DeltaMEI, d.MEI, 2e-6, "%s ΔMEI", model)
			assert.InDelta(t, e.DeltaBRS, d.BRS, 2e-6, "%s ΔBRS", model)
		}
		lured := got.Delta["agent/lured"]
		assert.Positive(t, lured.MEI, "the lures lower the lured agent's MEI")
		assert.Positive(t, lured.BRS, "the lures lower the lured agent's BRS")
	}
	t.Run("go", func(t *testing.T) {
		check(t, snippetInGo(t))
	})
	t.Run("python3", func(t *testing.T) {
		python, err := exec.LookPath("python3")
		if err != nil {
			t.Skip("python3 is not installed")
		}
		out, err := exec.Command(python, "-c", seedSnippet).Output()
		require.NoError(t, err)
		var got snippetOut
		require.NoError(t, json.Unmarshal(out, &got), "%s", out)
		check(t, got)
	})
}

// snippetInGo is seedSnippet in Go: the files decoded into plain maps,
// as json.load reads them, and the same sums.
func snippetInGo(t *testing.T) snippetOut {
	t.Helper()
	load := func(name string) map[string]any {
		data, err := os.ReadFile(name)
		require.NoError(t, err)
		var f map[string]any
		require.NoError(t, json.Unmarshal(data, &f))
		return f
	}
	baseline, mirage := load("baseline.json"), load("mirage.json")
	means := func(f map[string]any) map[string][2]float64 {
		sums := map[string][3]float64{}
		list, ok := f["results"].([]any)
		require.True(t, ok, `the file has the seed's "results"`)
		for _, x := range list {
			r := x.(map[string]any)
			k := r["provider"].(string) + "/" + r["model"].(string)
			s := sums[k]
			s[0] += r["mei"].(float64)
			s[1] += r["brs"].(float64)
			s[2]++
			sums[k] = s
		}
		out := map[string][2]float64{}
		for k, s := range sums {
			out[k] = [2]float64{s[0] / s[2], s[1] / s[2]}
		}
		return out
	}
	b, m := means(baseline), means(mirage)
	out := snippetOut{Delta: map[string]struct{ MEI, BRS float64 }{}}
	models := make([]string, 0, len(b))
	for k := range b {
		models = append(models, k)
	}
	slices.Sort(models)
	for _, k := range models {
		out.Delta[k] = struct{ MEI, BRS float64 }{b[k][0] - m[k][0], b[k][1] - m[k][1]}
	}
	for _, f := range []map[string]any{baseline, mirage} {
		mz, ok := f["maze"].(map[string]any)
		require.True(t, ok, `the file has the seed's "maze"`)
		cfg, ok := f["config"].(map[string]any)
		require.True(t, ok, `the file has the seed's "config"`)
		out.Size = append(out.Size, int(mz["size"].(float64)))
		out.Mazes = append(out.Mazes, int(mz["mazes"].(float64)))
		out.UseMirage = append(out.UseMirage, cfg["use_mirage"].(bool))
		out.Results = append(out.Results, len(f["results"].([]any)))
	}
	return out
}
