package results

import (
	"bytes"
	"testing"
)

// FuzzRead: any file is read or refused, never a panic, within the line
// bound; what is read is written back by Encode and reads back the same:
// the writer's line is a fixed point of the reader.
func FuzzRead(f *testing.F) {
	f.Add([]byte(`{"suite":"maze","model":"agent/oracle","case":"a","metrics":{"SR":1},"turns":[{"role":"assistant","content":"x","truncated":true,"content_bytes":9}]}` + "\n" + `{"suite":"maze","mod`))
	f.Add([]byte(`{"suite":"s","model":"m/x","case":"c","usage":{"input_tokens":-1}}`))
	f.Add([]byte("{bad}\n\n\r\n"))
	f.Add([]byte(`{"suite":"s","model":"m/x","case":"c","detail":{"a": [1, 2]},"system":"é\u0000","duration_s":1e9}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		rs, _, err := Read(bytes.NewReader(data))
		if err != nil {
			return
		}
		var file []byte
		for _, r := range rs {
			line, err := Encode(r, nil)
			if err != nil {
				t.Fatalf("a result read does not encode: %v", err)
			}
			file = append(append(file, line...), '\n')
		}
		again, torn, err := Read(bytes.NewReader(file))
		if err != nil || torn || len(again) != len(rs) {
			t.Fatalf("written back, read %d results (torn %v, %v) of %d", len(again), torn, err, len(rs))
		}
		var file2 []byte
		for _, r := range again {
			line, _ := Encode(r, nil)
			file2 = append(append(file2, line...), '\n')
		}
		if !bytes.Equal(file, file2) {
			t.Fatalf("not a fixed point:\n%s\n%s", file, file2)
		}
	})
}
