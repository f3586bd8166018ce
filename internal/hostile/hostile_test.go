package hostile

import (
	"strings"
	"testing"
)

func TestBuild(t *testing.T) {
	for _, tc := range []struct {
		name, head, unit, tail string
		size                   int
	}{
		{"unit only", "", "ab", "", 10},
		{"head and tail", "[", "x,", "]", 64},
		{"size below head and tail", "head", "u", "tail", 3},
		{"unit wider than size", "", "abcdef", "", 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := Build(tc.head, tc.unit, tc.tail, tc.size)
			if !strings.HasPrefix(got, tc.head) || !strings.HasSuffix(got, tc.tail) {
				t.Fatalf("Build = %q: not head…tail", got)
			}
			body := got[len(tc.head) : len(got)-len(tc.tail)]
			if strings.ReplaceAll(body, tc.unit, "") != "" {
				t.Errorf("body %q is not whole units", body)
			}
			if len(got) > max(tc.size, len(tc.head)+len(tc.tail)) {
				t.Errorf("len %d over size %d", len(got), tc.size)
			}
		})
	}
}

func TestAllocated(t *testing.T) {
	var keep []byte
	if n := Allocated(func() { keep = make([]byte, 1<<20) }); n < 1<<20 {
		t.Errorf("Allocated = %d for a 1 MiB slice", n)
	}
	_ = keep
}
