package textfmt

import "testing"

func TestWidth(t *testing.T) {
	for _, tc := range []struct {
		s    string
		want int
	}{{"", 0}, {"abc", 3}, {"gpt-4o", 6}, {"미로", 4}, {"🥇", 2}, {"│─", 2}, {"MEI★", 4}, {"e\u0301", 1}, {"❤️", 1}, {"ＡＢ", 4}} {
		if got := Width(tc.s); got != tc.want {
			t.Errorf("Width(%q) = %d, want %d", tc.s, got, tc.want)
		}
	}
}

func TestCount(t *testing.T) {
	for _, tc := range []struct {
		n    int
		want string
	}{{0, "0 mazes"}, {1, "1 maze"}, {2, "2 mazes"}} {
		if got := Count(tc.n, "maze", "mazes"); got != tc.want {
			t.Errorf("Count(%d) = %q, want %q", tc.n, got, tc.want)
		}
	}
}

func TestCut(t *testing.T) {
	for _, tc := range []struct {
		s    string
		n    int
		want string
	}{{"", 3, ""}, {"abc", 3, "abc"}, {"abc", 2, "ab"}, {"미로", 3, "미"}, {"미로", 5, "미"}, {"미로", 2, ""}, {"a미", 0, ""}} {
		if got := Cut(tc.s, tc.n); got != tc.want {
			t.Errorf("Cut(%q, %d) = %q, want %q", tc.s, tc.n, got, tc.want)
		}
	}
}
