package worlds

import (
	"bytes"
	"testing"
)

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
