package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// TestWriteJSONStreamedSameBytes: a member written element by element
// (Elements) gives the bytes of the same array written whole, whatever the
// elements and the members around them.
func TestWriteJSONStreamedSameBytes(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 6).Draw(t, "n")
		var elems []json.RawMessage
		for i := range n {
			e := map[string]any{"i": i, "name": rapid.StringMatching(`[a-z<>&"]{0,12}`).Draw(t, "name"),
				"log": rapid.SliceOfN(rapid.IntRange(0, 100), 0, 5).Draw(t, "log")}
			if rapid.Bool().Draw(t, "nested") {
				e["inner"] = []map[string]any{{"step": 1, "conf": 0.5}, {"step": 2, "conf": rapid.Float64Range(0, 1).Draw(t, "conf")}}
			}
			var b bytes.Buffer
			enc := json.NewEncoder(&b)
			enc.SetEscapeHTML(false)
			require.NoError(t, enc.Encode(e))
			elems = append(elems, bytes.TrimSuffix(b.Bytes(), []byte("\n")))
		}
		before := []Member{{"a", 1}, {"b", map[string]any{"x": []int{1, 2}}}}
		after := []Member{{"z", "tail"}}
		opts := Options{Timestamp: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)}
		whole := Section{JSON: append(append(append([]Member{}, before...), Member{"runs", elems}), after...)}
		stream := Section{JSON: append(append(append([]Member{}, before...), Member{"runs", Elements{N: n, At: func(i int) ([]byte, error) { return elems[i], nil }}}), after...)}
		var want, got bytes.Buffer
		require.NoError(t, WriteJSON(&want, []Section{whole}, opts))
		require.NoError(t, WriteJSON(&got, []Section{stream}, opts))
		if want.String() != got.String() {
			t.Fatalf("streamed:\n%s\nwhole:\n%s", got.String(), want.String())
		}
	})
}

// TestWriteJSONOwnKeyTaken: two sections writing one key is an error,
// the file's own keys included.
func TestWriteJSONOwnKeyTaken(t *testing.T) {
	err := WriteJSON(&bytes.Buffer{}, []Section{{JSON: []Member{{"timestamp", 1}}}}, Options{})
	assert.ErrorContains(t, err, fmt.Sprintf("key %q is written by two sections", "timestamp"))
}
