package abstain

import (
	"bytes"
	"reflect"
	"testing"
)

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
