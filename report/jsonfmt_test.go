package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
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

// writeValueRescan is the indenter as first written, each container
// scanned again at every level: the reference writeValue is held to.
func writeValueRescan(b *bytes.Buffer, src []byte, i, depth int) (int, error) {
	if i >= len(src) {
		return 0, fmt.Errorf("indent json: unexpected end")
	}
	switch src[i] {
	case '{', '[':
		end, flat, err := skipValue(src, i)
		if err != nil {
			return 0, err
		}
		leaf := src[i] == '{' && end-i <= 72 && !bytes.ContainsAny(src[i+1:end-1], "{[")
		if flat || leaf || end-i == 2 {
			b.Write(src[i:end])
			return end, nil
		}
		closing := byte('}')
		if src[i] == '[' {
			closing = ']'
		}
		b.WriteByte(src[i])
		j := i + 1
		for first := true; src[j] != closing; first = false {
			if !first {
				j++ // the comma
				b.WriteByte(',')
			}
			newline(b, depth+1)
			if src[i] == '{' {
				k, _, err := skipValue(src, j)
				if err != nil {
					return 0, err
				}
				b.Write(src[j:k])
				b.WriteString(": ")
				j = k + 1 // the colon
			}
			if j, err = writeValueRescan(b, src, j, depth+1); err != nil {
				return 0, err
			}
		}
		newline(b, depth)
		b.WriteByte(closing)
		return j + 1, nil
	}
	end, _, err := skipValue(src, i)
	if err != nil {
		return 0, err
	}
	b.Write(src[i:end])
	return end, nil
}

// The one-pass indenter writes the bytes the rescanning one writes, at any
// depth.
func TestWriteValueAsRescan(t *testing.T) {
	var gen func(depth int) *rapid.Generator[any]
	gen = func(depth int) *rapid.Generator[any] {
		return rapid.Custom(func(t *rapid.T) any {
			kind := rapid.IntRange(0, 5).Draw(t, "kind")
			if depth > 4 {
				kind %= 3
			}
			switch kind {
			case 0:
				return rapid.IntRange(-1000, 1000).Draw(t, "num")
			case 1:
				return rapid.SampledFrom([]string{"", "a", "{", "[x]", `q"uote`, "a,b:c", "long string of some length"}).Draw(t, "str")
			case 2:
				return rapid.Bool().Draw(t, "bool")
			case 3:
				return rapid.SliceOfN(gen(depth+1), 0, 5).Draw(t, "arr")
			}
			return rapid.MapOfN(rapid.StringN(0, 6, -1), gen(depth+1), 0, 5).Draw(t, "obj")
		})
	}
	rapid.Check(t, func(t *rapid.T) {
		src, err := json.Marshal(gen(0).Draw(t, "v"))
		if err != nil {
			t.Skip()
		}
		depth := rapid.IntRange(0, 3).Draw(t, "depth")
		var want, got bytes.Buffer
		wantEnd, wantErr := writeValueRescan(&want, src, 0, depth)
		gotEnd, gotErr := writeValue(&got, src, 0, depth)
		if (wantErr == nil) != (gotErr == nil) || wantEnd != gotEnd || want.String() != got.String() {
			t.Fatalf("%s:\nrescan %d %v\n%s\none pass %d %v\n%s", src, wantEnd, wantErr, want.String(), gotEnd, gotErr, got.String())
		}
	})
	for _, bad := range []string{`{"a":[1,2}`, `[`, `{"a":`, `[1,[2,3]`} {
		var b bytes.Buffer
		_, err := writeValue(&b, []byte(bad), 0, 0)
		assert.Error(t, err, bad)
	}
}

// stringEnd finds the quote the byte-at-a-time loop finds, on any bytes,
// in strings short and long (its first 32 bytes are read one at a time).
func TestStringEnd(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var b strings.Builder
		b.WriteString(`"` + strings.Repeat("a", rapid.IntRange(0, 60).Draw(t, "plain")))
		for _, p := range rapid.SliceOfN(rapid.SampledFrom([]string{"a", `\"`, `\\`, `\`, `"`, "é", " "}), 0, 20).Draw(t, "pieces") {
			b.WriteString(p)
		}
		src := []byte(b.String())
		want := 1
		for ; want < len(src) && src[want] != '"'; want++ {
			if src[want] == '\\' {
				want++
			}
		}
		if want > len(src) {
			want = len(src) // a backslash last: no closing quote
		}
		if got := stringEnd(src, 0); got != want {
			t.Fatalf("stringEnd(%q) = %d, want %d", src, got, want)
		}
	})
}
