package profile

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/hallumaze/hallumaze/results"
)

// TestCollectorRecords: a record gives back, bit for bit, the names, the
// tags and metrics the sources read and the slim detail of its result, in
// the order the results came, for each model.
func TestCollectorRecords(t *testing.T) {
	values := []float64{0, 1, math.Copysign(0, -1), 0.5, math.NaN(), math.Inf(1), 24, 0.8999999999999999}
	rapid.Check(t, func(t *rapid.T) {
		var c Collector
		var want []results.Result
		for i := range rapid.IntRange(0, 40).Draw(t, "n") {
			r := results.Result{
				Suite: rapid.SampledFrom([]string{SuiteMaze, SuiteAbstain, SuiteWorlds}).Draw(t, "suite"),
				Model: rapid.SampledFrom([]string{"agent/a", "agent/b", ""}).Draw(t, "model"),
				Case:  rapid.StringMatching(`[a-z=/0-9]{0,30}`).Draw(t, "case"),
				Error: rapid.SampledFrom([]string{"", "timeout"}).Draw(t, "error"),
			}
			kept := r
			for _, k := range append(readTags[:len(readTags)-1:len(readTags)-1], "lang") {
				if rapid.Bool().Draw(t, "tag "+k) {
					v := rapid.SampledFrom([]string{"", "7", "A", "on"}).Draw(t, k)
					r.Tags = setTag(r.Tags, k, v)
					if k != "lang" {
						kept.Tags = setTag(kept.Tags, k, v)
					}
				}
			}
			for _, k := range append(readMetrics[:], "SR") {
				if rapid.Bool().Draw(t, "metric "+k) {
					v := rapid.SampledFrom(values).Draw(t, k)
					r.Metrics = setMetric(r.Metrics, k, v)
					if k != "SR" {
						kept.Metrics = setMetric(kept.Metrics, k, v)
					}
				}
			}
			if i%3 == 0 {
				r.Detail = []byte(`{"outcome":"abstained","variant":"intact"}`)
			}
			if d := slimDetail(r); len(d) > 0 {
				kept.Detail = d
			}
			c.Add(r)
			want = append(want, kept)
		}
		require.Equal(t, len(want), c.Len())
		for _, m := range []string{"agent/a", "agent/b", ""} {
			var wantM, got []results.Result
			for _, r := range want {
				if r.Model == m {
					wantM = append(wantM, r)
				}
			}
			idx, ok := c.strIdx[m]
			c.each(func(rec recordReader) {
				if r, isM := c.result(rec, idx); ok && isM {
					got = append(got, r)
				}
			})
			require.Equal(t, len(wantM), len(got), m)
			for i := range got {
				requireSameResult(t, wantM[i], got[i])
			}
		}
	})
}

func setTag(m map[string]string, k, v string) map[string]string {
	if m == nil {
		m = map[string]string{}
	}
	m[k] = v
	return m
}

func setMetric(m map[string]float64, k string, v float64) map[string]float64 {
	if m == nil {
		m = map[string]float64{}
	}
	m[k] = v
	return m
}

func requireSameResult(t require.TestingT, want, got results.Result) {
	require.Equal(t, want.Suite, got.Suite)
	require.Equal(t, want.Model, got.Model)
	require.Equal(t, want.Case, got.Case)
	require.Equal(t, want.Error, got.Error)
	require.Equal(t, string(want.Detail), string(got.Detail))
	require.Equal(t, want.Tags, got.Tags)
	require.Equal(t, len(want.Metrics), len(got.Metrics))
	for k, v := range want.Metrics {
		g, ok := got.Metrics[k]
		require.True(t, ok, k)
		require.Equal(t, math.Float64bits(v), math.Float64bits(g), k)
	}
}

// TestLeadingScores: the maze detail as the suite writes it (its spec, then
// its scores, then the walk) gives its slim detail without the walk being
// read, the same as decoding it whole; any other shape is left to the
// whole decoding.
func TestLeadingScores(t *testing.T) {
	for _, tc := range []struct {
		name, detail string
		ok           bool
	}{
		{"spec then scores", `{"spec":{"size":7,"seed":4,"group":"A"},"scores":{"sr":1,"ece":0.25,"backtrack_gap":-2,"hallucination_gap":1},"confidence_log":[{"step":1}]}`, true},
		{"scores first", `{"scores":{"ece":null,"backtrack_gap":0},"confidence_log":[]}`, true},
		{"scores after another key", `{"solution_length":8,"scores":{"ece":0.5}}`, false},
		{"not an object", `[1,2]`, false},
		{"broken spec", `{"spec":{"size":`, false},
		{"spec with brackets and quotes in strings", `{"spec":{"lang":"a\\\"}]{[","group":"B"},"scores":{"ece":0.125,"hallucination_gap":3}}`, true},
		{"spaces and newlines", "{ \"spec\" : {\"size\": 7} ,\n \"scores\" :\t{\"backtrack_gap\": 1} }", true},
		{"scores not an object", `{"spec":{},"scores":null}`, false},
		{"scores unterminated", `{"scores":{"ece":0.5,"x":"}`, false},
		{"scores malformed inside", `{"scores":{"ece":}}`, false},
		{"spec not an object", `{"spec":3,"scores":{}}`, false},
		{"a score repeated: the last counts", `{"scores":{"ece":0.5,"sr":1,"ece":null,"backtrack_gap":2,"backtrack_gap":-3}}`, true},
		{"a key in another case", `{"scores":{"ECE":0.5,"Backtrack_Gap":4}}`, true},
		{"a score of the wrong kind", `{"scores":{"backtrack_gap":1.5}}`, false},
		{"a score as a text", `{"scores":{"ece":"0.5"}}`, false},
		{"nested values among the scores", `{"scores":{"sr":1,"extra":{"ece":9},"list":[1,{"a":"}"}],"hallucination_gap":7}}`, true},
		{"escapes in keys and texts", `{"scores":{"e\u0063e":0.25,"note":"a \"quoted\" }","ece":0.75}}`, true},
		{"exponents", `{"scores":{"ece":1e-7,"hallucination_gap":-0}}`, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := leadingScores([]byte(tc.detail))
			require.Equal(t, tc.ok, ok)
			if !ok {
				return
			}
			var whole mazeScores
			require.NoError(t, json.Unmarshal([]byte(tc.detail), &whole))
			want, err := json.Marshal(whole)
			require.NoError(t, err)
			require.JSONEq(t, string(want), string(got))
		})
	}
}

// FuzzLeadingScores: whatever the detail, a slim detail read from its
// leading members is the one decoding it whole gives.
func FuzzLeadingScores(f *testing.F) {
	for _, s := range []string{
		`{"spec":{"size":7,"seed":4},"scores":{"ece":0.25,"backtrack_gap":-2},"walk":[1]}`,
		`{"scores":{"hallucination_gap":1}}`,
		`{"spec":{"lang":"\\"}"},"scores":{}}`,
		`{ "scores" : { "ece" : 1e-3 } , "x" : [ ] }`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, detail string) {
		got, ok := leadingScores([]byte(detail))
		if !ok {
			return
		}
		var whole mazeScores
		if err := json.Unmarshal([]byte(detail), &whole); err != nil {
			return // the rest of the detail is broken; the leading members were read alone
		}
		want, err := json.Marshal(whole)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Fatalf("%q: leading %s, whole %s", detail, got, want)
		}
	})
}

// FuzzDecodeMazeScores: reading a slim maze detail gives what
// json.Unmarshal gives, value and failure alike.
func FuzzDecodeMazeScores(f *testing.F) {
	for _, s := range []string{
		`{"scores":{"ece":0.25,"backtrack_gap":-2,"hallucination_gap":null}}`,
		`{"scores":{"ece":null,"backtrack_gap":null,"hallucination_gap":3}}`,
		`{"scores":{}}`, `{"scores":{"ece":1}}}`, `{"scores":{"ECE":1}}`, `{"scores":null}`, `{"other":1}`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, detail string) {
		var got, want mazeScores
		gotErr := decodeMazeScores([]byte(detail), &got)
		wantErr := json.Unmarshal([]byte(detail), &want)
		if (gotErr == nil) != (wantErr == nil) {
			t.Fatalf("%q: error %v, json.Unmarshal's %v", detail, gotErr, wantErr)
		}
		if wantErr == nil {
			a, _ := json.Marshal(got)
			b, _ := json.Marshal(want)
			if string(a) != string(b) {
				t.Fatalf("%q: read %s, json.Unmarshal %s", detail, a, b)
			}
		}
	})
}

// TestAppendMazeScores: the slim maze detail written by hand is
// json.Marshal's, for every mix of set and unset scores.
func TestAppendMazeScores(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var d mazeScores
		if rapid.Bool().Draw(t, "ece") {
			v := rapid.Float64().Draw(t, "ece value")
			d.Scores.ECE = &v
		}
		if rapid.Bool().Draw(t, "bt") {
			v := rapid.Int().Draw(t, "bt value")
			d.Scores.BacktrackGap = &v
		}
		if rapid.Bool().Draw(t, "hc") {
			v := rapid.Int().Draw(t, "hc value")
			d.Scores.HallucinationGap = &v
		}
		want, err := json.Marshal(d)
		got, ok := appendMazeScores(nil, d)
		if err != nil || !ok || string(got) != string(want) {
			t.Fatalf("%s (%v), want %s (%v)", got, ok, want, err)
		}
	})
}
