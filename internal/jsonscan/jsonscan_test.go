package jsonscan

import (
	"encoding/json"
	"testing"

	"pgregory.net/rapid"
)

// TestEnd: in an array json.Marshal wrote of values of every kind (texts
// with quotes, escapes and brackets, numbers, literals, nested objects and
// arrays), each element ends where the decoder's next element begins.
func TestEnd(t *testing.T) {
	value := rapid.Custom(func(t *rapid.T) any {
		switch rapid.IntRange(0, 5).Draw(t, "kind") {
		case 0:
			return rapid.SampledFrom([]string{"", `a"b`, `a\b`, "{[,]}", `\"`, "é"}).Draw(t, "text")
		case 1:
			return rapid.Float64().Draw(t, "number")
		case 2:
			return rapid.SampledFrom([]any{true, false, nil}).Draw(t, "literal")
		case 3:
			return rapid.SliceOfN(rapid.SampledFrom([]any{1, "x]", nil, []int{2}}), 0, 3).Draw(t, "array")
		default:
			return map[string]any{"k": rapid.String().Draw(t, "v"), "n": map[string]int{"x": 1}}
		}
	})
	rapid.Check(t, func(t *rapid.T) {
		elems := rapid.SliceOfN(value, 1, 6).Draw(t, "elements")
		b, err := json.Marshal(elems)
		if err != nil {
			t.Skip(err)
		}
		var raws []json.RawMessage
		if err := json.Unmarshal(b, &raws); err != nil {
			t.Fatal(err)
		}
		i := 1
		for k, raw := range raws {
			end := End(b, i)
			if string(b[i:end]) != string(raw) {
				t.Fatalf("element %d of %s: %q, want %q", k, b, b[i:end], raw)
			}
			i = end + 1 // past the comma
		}
	})
}

// TestEndUnclosed: a string or a container that does not close is -1.
func TestEndUnclosed(t *testing.T) {
	for _, s := range []string{`"abc`, `"a\"`, `{"a":1`, `[1,[2]`, `{"a":"}"`} {
		if got := End([]byte(s), 0); got != -1 {
			t.Errorf("End(%q) = %d, want -1", s, got)
		}
	}
	if got := StringEnd([]byte(`"a\\"b`), 0); got != 5 {
		t.Errorf("StringEnd = %d, want 5", got)
	}
}
