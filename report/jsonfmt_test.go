package report

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

func TestIndentFlat(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"scalar", `1`, "1\n"},
		{"path", `{"p":[[0,0],[0,1]]}`, "{\n  \"p\": [[0,0],[0,1]]\n}\n"},
		{"leaf objects", `{"log":[{"step":1,"conf":90}]}`, "{\n  \"log\": [\n    {\"step\":1,\"conf\":90}\n  ]\n}\n"},
		{"empty", `{"a":{},"b":[]}`, "{\n  \"a\": {},\n  \"b\": []\n}\n"},
		{"braces in strings", `{"s":"a{b]c,\"d\":"}`, "{\n  \"s\": \"a{b]c,\\\"d\\\":\"\n}\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := IndentFlat([]byte(tc.in))
			require.NoError(t, err)
			assert.Equal(t, tc.want, string(got))
		})
	}
	_, err := IndentFlat([]byte(`{"a":[1,2}`))
	assert.Error(t, err)
}

// TestIndentFlatKeepsValue: indenting never changes the JSON value.
func TestIndentFlatKeepsValue(t *testing.T) {
	var gen func(depth int) *rapid.Generator[any]
	gen = func(depth int) *rapid.Generator[any] {
		return rapid.Custom(func(t *rapid.T) any {
			kind := rapid.IntRange(0, 5).Draw(t, "kind")
			if depth > 3 {
				kind %= 3
			}
			switch kind {
			case 0:
				return rapid.Float64Range(-1e6, 1e6).Draw(t, "num")
			case 1:
				return rapid.String().Draw(t, "str")
			case 2:
				return rapid.Bool().Draw(t, "bool")
			case 3:
				return rapid.SliceOfN(gen(depth+1), 0, 4).Draw(t, "arr")
			}
			return rapid.MapOfN(rapid.StringN(0, 6, -1), gen(depth+1), 0, 4).Draw(t, "obj")
		})
	}
	rapid.Check(t, func(t *rapid.T) {
		v := gen(0).Draw(t, "v")
		src, err := json.Marshal(v)
		if err != nil {
			t.Skip()
		}
		out, err := IndentFlat(src)
		if err != nil {
			t.Fatalf("indent %s: %v", src, err)
		}
		var compact bytes.Buffer
		if err := json.Compact(&compact, out); err != nil {
			t.Fatalf("not JSON: %s", out)
		}
		if !bytes.Equal(compact.Bytes(), src) {
			t.Fatalf("value changed:\n%s\n%s", src, compact.Bytes())
		}
	})
}
