package responses

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRead(t *testing.T) {
	got, err := Read(strings.NewReader("{\"id\":\"a\",\"output\":\"x\"}\n\n{\"id\":\"b\",\"output\":\"" + strings.Repeat("y", 200000) + "\"}"))
	require.NoError(t, err)
	assert.Len(t, got, 2)
	assert.Len(t, got["b"], 200000)
	for _, tc := range []struct{ name, in, want string }{
		{"no id", `{"output":"x"}`, "line 1: missing id"},
		{"blank id", `{"id":" ","output":"x"}`, "line 1: missing id"},
		{"no output", `{"id":"a"}`, `line 1: a response needs "output"`},
		{"duplicate", "{\"id\":\"a\",\"output\":\"x\"}\n\n{\"id\":\"a\",\"output\":\"y\"}", `line 3: id "a" already on line 1`},
		{"bad json", `{"id":`, "line 1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Read(strings.NewReader(tc.in))
			assert.ErrorContains(t, err, tc.want)
		})
	}
}

// FuzzRead: any response file is read or refused, never a panic; what is
// read has an id for each line, and written back as JSONL reads back the
// same.
func FuzzRead(f *testing.F) {
	f.Add([]byte(`{"id":"grid/P1/1/a","output":"count=3"}` + "\n\n" + `{"id":"b","output":""}`))
	f.Add([]byte(`{"id":"cf-01/intact","output":"{\"answer\": 12}"}` + "\n\n" + `{"id":"b","output":"INSUFFICIENT"}`))
	f.Add([]byte(`{"id":"a","output":"x"}` + "\n" + `{"id":"a","output":"y"}`))
	f.Add([]byte(`{"id":" ","output":"x"}`))
	f.Add([]byte(`{"id":"a"}`))
	f.Add([]byte(`{"output":"x"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		got, err := Read(bytes.NewReader(data))
		if err != nil {
			return
		}
		var file bytes.Buffer
		enc := json.NewEncoder(&file)
		for id, out := range got {
			if id == "" {
				t.Fatal("a response without an id")
			}
			enc.Encode(Response{ID: id, Output: out})
		}
		again, err := Read(&file)
		if err != nil || !reflect.DeepEqual(got, again) {
			t.Fatalf("written back: %v, %v, want %v", again, err, got)
		}
	})
}
