package results

import (
	"encoding/json"
	"math"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/hallumaze/hallumaze/modelname"
)

// text draws strings with what JSON escapes: quotes, backslashes, control
// characters, HTML characters, U+2028 and U+2029, invalid UTF-8, Hangul.
func text(t *rapid.T, label string) string {
	if rapid.Bool().Draw(t, label+" plain") {
		return rapid.StringMatching(`[a-z →(),:0-9]{0,20}`).Draw(t, label)
	}
	out := ""
	for _, s := range rapid.SliceOfN(rapid.SampledFrom([]string{"a", "\"", "\\", "\n", "\t", "\r", "\b", "\f", "\x00", "\x1f", "\x7f", "<", ">", "&",
		"\u2028", "\u2029", "\xff", "\xe2\x80", "é", "확신도", "→", "\U0001F600", "/"}), 0, 12).Draw(t, label) {
		out += s
	}
	return out
}

func number(t *rapid.T, label string) float64 {
	return rapid.OneOf(rapid.Float64(), rapid.SampledFrom([]float64{0, math.Copysign(0, -1), 1, 0.8999999999999999, 1e-7, 1e-6, 1e21, 1e20, 123456789e-15, -2.5e-10, math.MaxFloat64, math.SmallestNonzeroFloat64})).Draw(t, label)
}

func genResult(t *rapid.T) Result {
	r := Result{Suite: text(t, "suite"), Model: text(t, "model"), Case: text(t, "case"), System: text(t, "system"), Error: text(t, "error"), Duration: number(t, "duration")}
	if rapid.Bool().Draw(t, "tags") {
		r.Tags = rapid.MapOf(rapid.Custom(func(t *rapid.T) string { return text(t, "k") }), rapid.Custom(func(t *rapid.T) string { return text(t, "v") })).Draw(t, "tags")
	}
	if rapid.Bool().Draw(t, "metrics") {
		r.Metrics = rapid.MapOf(rapid.Custom(func(t *rapid.T) string { return text(t, "k") }), rapid.Custom(func(t *rapid.T) float64 { return number(t, "m") })).Draw(t, "metrics")
	}
	if rapid.Bool().Draw(t, "detail") {
		r.Detail = json.RawMessage(rapid.SampledFrom([]string{`{"a": 1, "b": [1, 2]}`, `{"x":"<b>&</b>"}`, "{\"s\":\"\u2028\"}", ` [ ] `, `null`, `{"bad":`, `"é"`}).Draw(t, "raw"))
	}
	for i := range rapid.IntRange(0, 3).Draw(t, "turns") {
		_ = i
		tu := Turn{Role: text(t, "role"), Content: text(t, "content"), Reasoning: text(t, "reasoning"), StopReason: text(t, "stop"),
			Usage: Usage{InputTokens: rapid.IntRange(-1, 1<<40).Draw(t, "in"), OutputTokens: rapid.IntRange(0, 5).Draw(t, "out"),
				CachedInputTokens: rapid.IntRange(0, 3).Draw(t, "cached"), CacheWriteTokens: rapid.IntRange(0, 3).Draw(t, "written")}}
		if rapid.Bool().Draw(t, "latency") {
			tu.LatencyMS = number(t, "latency")
		}
		tu.Usage.ReasoningTokens = rapid.IntRange(0, 3).Draw(t, "reasoning")
		if rapid.Bool().Draw(t, "truncated") {
			tu.Truncated, tu.ContentBytes, tu.ReasoningBytes = true, rapid.IntRange(0, 9).Draw(t, "cbytes"), rapid.IntRange(0, 9).Draw(t, "rbytes")
		}
		r.Turns = append(r.Turns, tu)
	}
	r.Usage = Usage{InputTokens: rapid.IntRange(0, 1<<31).Draw(t, "in"), OutputTokens: rapid.IntRange(0, 9).Draw(t, "out"),
		CachedInputTokens: rapid.IntRange(0, 2).Draw(t, "cached"), CacheWriteTokens: rapid.IntRange(0, 2).Draw(t, "written"),
		ReasoningTokens: rapid.IntRange(0, 2).Draw(t, "reasoning")}
	r.SystemBytes, r.TurnsOmitted = rapid.IntRange(0, 3).Draw(t, "sysbytes"), rapid.IntRange(0, 3).Draw(t, "omitted")
	if rapid.Bool().Draw(t, "settings") {
		temp := number(t, "temperature")
		r.Settings = &modelname.Settings{Effort: text(t, "effort"), Thinking: modelname.Thinking(text(t, "thinking")), Temperature: &temp, MaxTokens: rapid.IntRange(0, 9).Draw(t, "max")}
	}
	return r
}

// TestMarshalIsJSON: the hand-written encoder writes json.Marshal's bytes,
// and its errors (NaN, an infinity, a detail that is not JSON).
func TestMarshalIsJSON(t *testing.T) {
	require.True(t, encoderKnowsFields, "Result, Turn or Usage have a field the encoder does not write: teach it the field (results/encode.go)")
	rapid.Check(t, func(t *rapid.T) {
		r := genResult(t)
		want, wantErr := json.Marshal(r)
		got, err := Marshal(r)
		if wantErr != nil || err != nil {
			if wantErr == nil || err == nil || wantErr.Error() != err.Error() {
				t.Fatalf("errors: json %v, Marshal %v", wantErr, err)
			}
			return
		}
		if string(want) != string(got) {
			t.Fatalf("json.Marshal:\n%s\nMarshal:\n%s", want, got)
		}
	})
}

// A result played in this process carries its record beside its detail,
// json.Marshal's bytes of it: they are written as they are, the bytes
// json.Marshal writes.
func TestMarshalRecord(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := genResult(t)
		record := map[string]any{
			"text":  rapid.String().Draw(t, "text"),
			"n":     rapid.IntRange(-1000, 1000).Draw(t, "n"),
			"list":  rapid.SliceOf(rapid.String()).Draw(t, "list"),
			"inner": map[string]string{"<k>": rapid.String().Draw(t, "inner")},
		}
		detail, err := json.Marshal(record)
		if err != nil {
			t.Fatal(err)
		}
		r.Detail, r.Record = detail, record
		want, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		got, err := Marshal(r)
		if err != nil || string(want) != string(got) {
			t.Fatalf("json.Marshal:\n%s\nMarshal:\n%s (%v)", want, got, err)
		}
	})
}

// FuzzMarshal holds the encoder to json.Marshal on strings of any bytes.
func FuzzMarshal(f *testing.F) {
	f.Add("STEP 1: (0,0) → E", "<&>\u2028", 0.5)
	f.Fuzz(func(t *testing.T, a, b string, x float64) {
		r := Result{Suite: a, Model: b, Case: a + b, Tags: map[string]string{a: b}, Metrics: map[string]float64{b: x},
			Turns: []Turn{{Role: a, Content: b, LatencyMS: x}}, Duration: x}
		want, wantErr := json.Marshal(r)
		got, err := Marshal(r)
		if (wantErr == nil) != (err == nil) || string(want) != string(got) {
			t.Fatalf("json %q %v, Marshal %q %v", want, wantErr, got, err)
		}
	})
}

func TestMarshalNaN(t *testing.T) {
	_, err := Marshal(Result{Suite: "s", Model: "m", Case: "c", Metrics: map[string]float64{"x": math.NaN()}})
	assert.ErrorContains(t, err, "unsupported value: NaN")
}

// TestMarshalKeyOrder: the keys remembered from one result are used for
// the next only when its map has exactly those keys: maps of the same
// size with other keys, fewer keys and the first keys again each give
// json.Marshal's bytes, concurrently too.
func TestMarshalKeyOrder(t *testing.T) {
	maps := []map[string]float64{
		{"b": 1, "a": 2, "c": 3},
		{"a": 1, "c": 2, "d": 3},
		{"b": 1, "a": 2, "c": 3},
		{"z": 1},
		{"c": 1, "b": 2, "a": 3, "x": 0},
		{"x": 5, "a": 1, "b": 2, "c": 3},
	}
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 50 {
				for _, m := range maps {
					r := Result{Suite: "s", Model: "m", Case: "c", Metrics: m, Tags: map[string]string{"k": "v"}}
					want, _ := json.Marshal(r)
					got, err := Marshal(r)
					if err != nil || string(got) != string(want) {
						t.Errorf("%v: %s (%v), want %s", m, got, err, want)
						return
					}
				}
			}
		}()
	}
	wg.Wait()
}
