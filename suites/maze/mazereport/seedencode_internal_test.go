package mazereport

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// jsonTags lists a struct's JSON tags in field order.
func jsonTags(t reflect.Type) string {
	var tags []string
	for i := range t.NumField() {
		tags = append(tags, t.Field(i).Tag.Get("json"))
	}
	return strings.Join(tags, " ")
}

// TestSeedResultEncoding: the hand-written entry is encoding/json's with
// HTML escaping off, to the byte, for entries of plain and awkward texts,
// numbers of every size, NaN, missing parts and empty lists; where it
// leaves the entry to encoding/json, that encoder writes it. The fields it
// writes are the structs' fields: a field added to them fails here until
// appendSeedResult writes it.
func TestSeedResultEncoding(t *testing.T) {
	if got := jsonTags(reflect.TypeFor[SeedResult]()); got != "provider model case sr mei ce brs hallumaze_score hallucination_count backtrack_count loop_count hrr first_hallucination_step path_valid metacog_signals confidence_log latency_s lenient,omitempty" {
		t.Fatalf("SeedResult's fields are %q: teach appendSeedResult the change", got)
	}
	if got := jsonTags(reflect.TypeFor[SeedLenient]()); got != "form,omitempty format_compliance reasks,omitempty sr mei ce brs hallumaze_score hallucination_count backtrack_count path_valid" {
		t.Fatalf("SeedLenient's fields are %q: teach appendSeedResult the change", got)
	}
	if got := jsonTags(reflect.TypeFor[SeedConf]()); got != "step conf" {
		t.Fatalf("SeedConf's fields are %q: teach appendSeedResult the change", got)
	}
	text := rapid.OneOf(rapid.SampledFrom([]string{"", "openai", "gpt-4o", "size=7/seed=3/base", "a<b>&c", "q\"uote", "back\\slash", "tab\there", "한국어", "\u2028", "\x7f", "\xff"}), rapid.String())
	number := rapid.OneOf(rapid.SampledFrom([]float64{0, math.Copysign(0, -1), 1, -1, 0.5, 1e-7, 1.5e-7, 1e21, 123456789e20, 1e-300, math.NaN(), math.Inf(1)}), rapid.Float64())
	optional := func(t *rapid.T, label string) *float64 {
		if rapid.Bool().Draw(t, label+" set") {
			v := number.Draw(t, label)
			return &v
		}
		return nil
	}
	var enc bytes.Buffer
	encoder := json.NewEncoder(&enc)
	encoder.SetEscapeHTML(false)
	fast := 0
	rapid.Check(t, func(t *rapid.T) {
		r := SeedResult{
			Provider: text.Draw(t, "provider"), Model: text.Draw(t, "model"), Case: text.Draw(t, "case"),
			SR: number.Draw(t, "sr"), MEI: number.Draw(t, "mei"), CE: optional(t, "ce"), BRS: number.Draw(t, "brs"), Score: number.Draw(t, "score"),
			HallucinationCount: rapid.Int().Draw(t, "hc"), BacktrackCount: rapid.Int().Draw(t, "bt"), LoopCount: rapid.Int().Draw(t, "lt"),
			HRR: number.Draw(t, "hrr"), FirstHallucinationStep: rapid.IntRange(-1, 100).Draw(t, "fhs"), PathValid: rapid.Bool().Draw(t, "valid"),
			LatencyS: number.Draw(t, "latency"),
		}
		if rapid.Bool().Draw(t, "signals") {
			r.MetacogSignals = rapid.SliceOfN(text, 0, 4).Draw(t, "signal list")
		}
		if rapid.Bool().Draw(t, "conf log") {
			r.ConfidenceLog = []SeedConf{}
			for i := range rapid.IntRange(0, 5).Draw(t, "confs") {
				r.ConfidenceLog = append(r.ConfidenceLog, SeedConf{Step: i + 1, Conf: number.Draw(t, fmt.Sprint("conf", i))})
			}
		}
		if rapid.Bool().Draw(t, "lenient") {
			r.Lenient = &SeedLenient{Form: text.Draw(t, "form"), FormatCompliance: number.Draw(t, "compliance"), Reasks: rapid.IntRange(0, 3).Draw(t, "reasks"),
				SR: number.Draw(t, "l sr"), MEI: number.Draw(t, "l mei"), CE: optional(t, "l ce"), BRS: number.Draw(t, "l brs"), Score: number.Draw(t, "l score"),
				HallucinationCount: rapid.IntRange(0, 9).Draw(t, "l hc"), BacktrackCount: rapid.IntRange(0, 9).Draw(t, "l bt"), PathValid: rapid.Bool().Draw(t, "l valid")}
		}
		enc.Reset()
		wantErr := encoder.Encode(r)
		want := bytes.TrimSuffix(enc.Bytes(), []byte("\n"))
		got, ok := appendSeedResult([]byte("prefix"), r)
		if !ok {
			if string(got) != "prefix" {
				t.Fatalf("left to encoding/json, but wrote %q", got)
			}
			return
		}
		fast++
		if wantErr != nil {
			t.Fatalf("written by hand, but encoding/json fails: %v", wantErr)
		}
		if string(got) != "prefix"+string(want) {
			t.Fatalf("by hand:\n%s\nencoding/json:\n%s", got[len("prefix"):], want)
		}
	})
	// An entry as a run makes one is written by hand.
	ce := 0.088636
	if _, ok := appendSeedResult(nil, SeedResult{Provider: "agent", Model: "explorer", Case: "size=7/seed=1/base", SR: 1, CE: &ce, MetacogSignals: []string{},
		ConfidenceLog: []SeedConf{{1, 96}}, Lenient: &SeedLenient{Form: "strict", FormatCompliance: 1}}); !ok || fast == 0 {
		t.Fatalf("a plain entry was left to encoding/json (written by hand in %d draws)", fast)
	}
}

// objectKeysDecoded is objectKeys as first written, with json.Decoder's
// tokens: the reference of the hand-split one.
func objectKeysDecoded(v any) (SeedShared, error) {
	data, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, fmt.Errorf("%T does not encode as an object", v)
	}
	var out SeedShared
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		var val json.RawMessage
		if err := dec.Decode(&val); err != nil {
			return nil, err
		}
		out = append(out, SeedKey{Key: tok.(string), Value: val})
	}
	return out, nil
}

// TestObjectKeys: the members of a maze's and a framing's objects split by
// hand are the decoder's, over texts with quotes, escapes, brackets and
// commas, numbers of any size and paths of any length.
func TestObjectKeys(t *testing.T) {
	text := rapid.OneOf(rapid.SampledFrom([]string{"", "dfs", `a"b`, `a\b`, "{[,]}", "한", "<&>", "\u2028"}), rapid.String())
	rapid.Check(t, func(t *rapid.T) {
		var v any
		if rapid.Bool().Draw(t, "maze") {
			m := SeedMaze{Size: rapid.Int().Draw(t, "size"), Seed: rapid.Uint64().Draw(t, "seed"), Algorithm: text.Draw(t, "alg"),
				SolutionLength: rapid.IntRange(0, 99).Draw(t, "len"), DeadEnds: rapid.IntRange(-5, 99).Draw(t, "dead"), MirageTraps: rapid.IntRange(0, 9).Draw(t, "traps")}
			if rapid.Bool().Draw(t, "path") {
				m.SolutionPath = [][2]int{}
				for i := range rapid.IntRange(0, 6).Draw(t, "cells") {
					m.SolutionPath = append(m.SolutionPath, [2]int{i, rapid.IntRange(-3, 300).Draw(t, fmt.Sprint("c", i))})
				}
			}
			v = m
		} else {
			v = SeedConfig{UseMirage: rapid.Bool().Draw(t, "mirage"), UseConfidence: rapid.Bool().Draw(t, "conf"), AriadneMode: text.Draw(t, "mode"),
				MaxTokens: rapid.Int().Draw(t, "max"), Lang: text.Draw(t, "lang"), Protocol: text.Draw(t, "protocol")}
		}
		got, err := objectKeys(v)
		want, wantErr := objectKeysDecoded(v)
		if err != nil || wantErr != nil {
			t.Fatalf("errors: %v, %v", err, wantErr)
		}
		if len(got) != len(want) {
			t.Fatalf("%d members, want %d: %v", len(got), len(want), got)
		}
		for i := range want {
			if got[i].Key != want[i].Key || string(got[i].Value) != string(want[i].Value) {
				t.Fatalf("member %d: %s=%s, want %s=%s", i, got[i].Key, got[i].Value, want[i].Key, want[i].Value)
			}
		}
	})
	if _, err := objectKeys([]int{1}); err == nil {
		t.Fatal("an array was split as an object")
	}
}
