package abstain

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"
)

// FuzzReadResponses: any response file is read or refused, never a panic;
// what is read, written back as JSONL, reads back the same.
func FuzzReadResponses(f *testing.F) {
	f.Add([]byte(`{"id":"cf-01/intact","output":"{\"answer\": 12}"}` + "\n\n" + `{"id":"b","output":"INSUFFICIENT"}`))
	f.Add([]byte(`{"id":"a","output":"x"}` + "\n" + `{"id":"a","output":"y"}`))
	f.Add([]byte(`{"output":"x"}`))
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

// FuzzReadItems: any item file is read or refused, never a panic; the
// items read are valid, and written back read back the same.
func FuzzReadItems(f *testing.F) {
	var std bytes.Buffer
	WriteItems(&std, Standard(DefaultSeed)[:4])
	f.Add(std.Bytes())
	f.Add([]byte(`{"id":"a","pair_id":"p","variant":"intact","question":"q","gold":{"status":"ANSWER","answer":"1e400"}}`))
	f.Add([]byte(`{"id":"a","pair_id":"p","variant":"modified","question":"q","gold":{"status":"INSUFFICIENT","answer":null}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		got, err := ReadItems(bytes.NewReader(data))
		if err != nil {
			return
		}
		for _, it := range got {
			if err := it.validate(); err != nil {
				t.Fatalf("an item read is not valid: %v", err)
			}
		}
		var file bytes.Buffer
		if err := WriteItems(&file, got); err != nil {
			t.Fatal(err)
		}
		again, err := ReadItems(&file)
		if err != nil || len(again) != len(got) {
			t.Fatalf("written back: %d items, %v, want %d", len(again), err, len(got))
		}
		for i := range got {
			if got[i].ID != again[i].ID || got[i].Question != again[i].Question || !reflect.DeepEqual(got[i].Gold, again[i].Gold) {
				t.Fatalf("item %d: %+v, want %+v", i, again[i], got[i])
			}
		}
	})
}
