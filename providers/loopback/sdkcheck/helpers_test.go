package sdkcheck

import (
	"strings"
	"testing"
)

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func equal[T comparable](t *testing.T, want, got T) {
	t.Helper()
	if want != got {
		t.Errorf("got %v, want %v", got, want)
	}
}

func positive[T int | int32 | int64](t *testing.T, n T) {
	t.Helper()
	if n <= 0 {
		t.Errorf("got %d, want a positive count", n)
	}
}

func contains(t *testing.T, s, sub string) {
	t.Helper()
	if !strings.Contains(s, sub) {
		t.Errorf("%q does not contain %q", s, sub)
	}
}
