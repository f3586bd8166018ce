package wire

import (
	"bytes"
	"encoding/json"
	"testing"
)

func FuzzFlexText(f *testing.F) {
	f.Add([]byte(`[{"type":"text","text":"a"}]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var v FlexText
		if json.Unmarshal(data, &v) != nil {
			return
		}
		out, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		var back FlexText
		if err := json.Unmarshal(out, &back); err != nil || back != v {
			t.Fatalf("round trip of %q: got %q, %v", v, back, err)
		}
	})
}

// FuzzUnquote holds the fast string decoder of FlexText to encoding/json's
// answer on every literal both accept.
func FuzzUnquote(f *testing.F) {
	for _, s := range []string{`"plain"`, `"a\nb\t\"c\"\\d\/e"`, `"\u00e9\u2192"`, `"\ud83d\ude00"`, `"\ud800"`, "\"\xff\"", `"STEP 1: (0,0) → E\n"`, `""`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var want string
		if json.Unmarshal(data, &want) != nil {
			return
		}
		data = bytes.TrimSpace(data)
		if got, ok := unquote(data); ok && got != want {
			t.Fatalf("unquote(%q) = %q, encoding/json says %q", data, got, want)
		}
	})
}

// AnthropicContent is a string unless a block, then one text block, with
// cache_control when marked; either reads back as it was.
func FuzzAnthropicContent(f *testing.F) {
	f.Add("a", false, false)
	f.Add("Turn 2: where are you?", true, true)
	f.Add("Turn 1", true, false)
	f.Fuzz(func(t *testing.T, text string, block, cache bool) {
		c := AnthropicContent{Text: text, Block: block || cache, Cache: cache}
		out, err := json.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		if c.Block != bytes.HasPrefix(out, []byte(`[{"type":"text","text":`)) || cache != bytes.HasSuffix(out, []byte(`,"cache_control":{"type":"ephemeral"}}]`)) {
			t.Fatalf("%+v written as %s", c, out)
		}
		var back AnthropicContent
		if err := json.Unmarshal(out, &back); err != nil {
			t.Fatal(err)
		}
		var want FlexText
		if err := json.Unmarshal(out, &want); err != nil || back.Text != string(want) || back.Cache != c.Cache || back.Block != c.Block {
			t.Fatalf("%s read as %+v (FlexText %q, %v)", out, back, want, err)
		}
	})
}
