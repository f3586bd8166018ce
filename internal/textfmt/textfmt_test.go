package textfmt

import "testing"

func TestWidth(t *testing.T) {
	for _, tc := range []struct {
		s    string
		want int
	}{{"", 0}, {"abc", 3}, {"미로", 4}, {"🥇", 2}, {"e\u0301", 1}, {"❤️", 1}, {"ＡＢ", 4}} {
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
