// Package golden compares what a test produced with a file under the
// package's testdata/ folder, and rewrites the file when the test runs with
// -update. Every package's golden tests share this one flag:
//
//	go test ./mazes -update
package golden

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite golden files under testdata/")

// Updating reports whether the test runs with -update.
func Updating() bool { return *update }

// Check compares got with testdata/name, or writes it there with -update.
func Check(t testing.TB, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("read golden file: %v (run go test -update to create it)", err)
	}
	if diff := cmp.Diff(string(want), string(got)); diff != "" {
		t.Errorf("%s differs (-want +got):\n%s\nrun go test -update if the change is intended", path, diff)
	}
}

// Pinned compares got with testdata/name and never rewrites the file, not
// even with -update: it pins what must never change (a seed's maze, a
// seed's probes), because users' files and cassettes are keyed on it. A
// difference is a bug of the change, not a new golden.
func Pinned(t testing.TB, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("read pinned file: %v (a pinned file is written once, by hand, and never by -update)", err)
	}
	if diff := cmp.Diff(string(want), string(got)); diff != "" {
		t.Errorf("%s differs (-want +got):\n%s\nthis file is pinned and must never change: -update does not rewrite it", path, diff)
	}
}
