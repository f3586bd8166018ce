package worlds

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"
)

// FuzzReadResponses: any response file is read or refused, never a panic;
// what is read has an id and an output for each line, and written back as
// JSONL reads back the same.
func FuzzReadResponses(f *testing.F) {
	f.Add([]byte(`{"id":"grid/P1/1/a","output":"count=3"}` + "\n\n" + `{"id":"b","output":""}`))
	f.Add([]byte(`{"id":"a","output":"x"}` + "\n" + `{"id":"a","output":"y"}`))
	f.Add([]byte(`{"id":" ","output":"x"}`))
	f.Add([]byte(`{"id":"a"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		got, err := ReadResponses(bytes.NewReader(data))
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
		again, err := ReadResponses(&file)
		if err != nil || !reflect.DeepEqual(got, again) {
			t.Fatalf("written back: %v, %v, want %v", again, err, got)
		}
	})
}

// FuzzReadProbes: any probe file is read or refused, never a panic; what
// is read, written back, reads back the same.
func FuzzReadProbes(f *testing.F) {
	f.Add([]byte(`{"id":"grid/P1_dense_array/1/count","world":"grid","level":"P1_dense_array","seed":1,"category":"P","context":"x","gold":{"count":3}}`))
	f.Add([]byte(`{"id":"a"}` + "\n" + `{"id":"a"}`))
	f.Add([]byte("\n \n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		got, err := ReadProbes(bytes.NewReader(data))
		if err != nil {
			return
		}
		var file bytes.Buffer
		if err := WriteProbes(&file, got); err != nil {
			return // a probe read may hold what the writer refuses
		}
		again, err := ReadProbes(&file)
		if err != nil || len(again) != len(got) {
			t.Fatalf("written back: %d probes, %v, want %d", len(again), err, len(got))
		}
	})
}
