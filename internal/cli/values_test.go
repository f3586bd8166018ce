package cli

import (
	"slices"
	"testing"
)

func TestList(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{{"", nil}, {" , ", nil}, {"a", []string{"a"}}, {"a, b,,a", []string{"a", "b"}}} {
		if got := List(tc.in); !slices.Equal(got, tc.want) {
			t.Errorf("List(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestSeeds(t *testing.T) {
	got, err := Seeds("seed", "3, 1,3,18446744073709551615")
	if err != nil || !slices.Equal(got, []uint64{3, 1, 18446744073709551615}) {
		t.Errorf("Seeds = %v, %v", got, err)
	}
	if got, err := Seeds("seed", ""); got != nil || err != nil {
		t.Errorf("Seeds of nothing = %v, %v", got, err)
	}
	for _, bad := range []string{"-1", "x", "1,18446744073709551616"} {
		if _, err := Seeds("world-seed", bad); err == nil || err.Error()[:13] != "--world-seed " {
			t.Errorf("Seeds(%q): %v, want an error naming --world-seed", bad, err)
		}
	}
	if s, err := Seed("seed", "42"); s != 42 || err != nil {
		t.Errorf("Seed(42) = %d, %v", s, err)
	}
}
