package cassettes

import (
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzScanForSecrets checks that the scan accepts any bytes and that its
// findings are well formed and never spell out what they found.
func FuzzScanForSecrets(f *testing.F) {
	f.Add([]byte(mazePrompt))
	f.Add([]byte(mazeReply))
	f.Add([]byte("X-Api-Key:\n    - abc12345\n"))
	f.Add([]byte("Authorization: Bearer " + fakeOpenAIKey))
	f.Fuzz(func(t *testing.T, data []byte) {
		found := ScanForSecrets(data)
		lines := strings.Count(string(data), "\n") + 1
		prev := Finding{Line: 0}
		for _, fd := range found {
			if fd.Line < 1 || fd.Line > lines || fd.Column < 1 {
				t.Fatalf("finding out of range: %+v (%d lines)", fd, lines)
			}
			if fd.Line < prev.Line || fd.Line == prev.Line && fd.Column <= prev.Column {
				t.Fatalf("findings out of order: %+v then %+v", prev, fd)
			}
			if fd.Rule == "" || !strings.Contains(fd.Masked, " bytes") {
				t.Fatalf("finding incomplete: %+v", fd)
			}
			prev = fd
		}
	})
}

// FuzzCheckCassette checks that any bytes read from a cassette file load or
// give an error that names the file, never a panic. Open runs loadCassette
// on the file it read before replaying.
func FuzzCheckCassette(f *testing.F) {
	golden, err := os.ReadFile(filepath.Join("testdata", "redacted.golden.yaml"))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(golden)
	if v1, err := os.ReadFile(filepath.Join("testdata", "v1.yaml")); err == nil {
		f.Add(v1)
	}
	f.Add([]byte(`{"hallumaze_cassette":2,"interactions":[{"request":{"method":"POST","url":"https://x/v1","body":"{}"},"response":{"status":"200 OK","code":200,"body":"{}"}},{"request":{"method":"POST","url":"https://x/v1","prefix":1,"suffix":1,"body":"\"a\":1"},"response":{"status":"200 OK","code":200,"body":"{}"}}]}`))
	f.Add([]byte(`{"hallumaze_cassette":2,"same_as":"other.yaml","sha256":"00"}`))
	f.Add([]byte("version: 2\ninteractions:\n  - null\n"))
	f.Add([]byte("version: 2\ninteractions: 5\n"))
	const path = "cassettes/maze/openai/gpt-4o/case.yaml"
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := loadCassette(path, data)
		if err != nil {
			if !strings.Contains(err.Error(), path) {
				t.Fatalf("error does not name the cassette: %v", err)
			}
			return
		}
		// Everything loaded must replay without a panic.
		p := newReplayer(c)
		for _, i := range c.Interactions {
			u, err := url.Parse(i.Request.URL)
			if err != nil {
				t.Fatalf("interaction %d: a URL that loaded does not parse: %v", i.ID, err)
			}
			got, _, _ := p.take(i.Request.Method, u, i.Request.Headers, []byte(i.Request.Body))
			if got == nil {
				t.Fatalf("interaction %d has no answer under its own key", i.ID)
			}
			if _, err := got.GetHTTPResponse(); err != nil {
				t.Fatalf("interaction %d: %v", i.ID, err)
			}
		}
	})
}
