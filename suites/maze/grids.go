package maze

import (
	"fmt"
	"slices"

	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/mazes"
)

// The fixed grids of the maze experiments. Interactive cases stay at small
// sizes: every turn resends the conversation, so their cost and cassettes
// grow with the square of the walk.
var (
	MazeSizes        = []int{5, 7, 9, 11}
	MazeSeeds        = []uint64{1, 2, 3}
	InteractiveSizes = []int{5, 7}
)

// Grid is the TestMaze grid: every size and seed in the base framing
// and with one departure at a time (no lures, no confidence, Korean, and,
// at the interactive sizes, the interactive protocol).
func Grid() []Spec {
	var out []Spec
	for _, n := range MazeSizes {
		for _, seed := range MazeSeeds {
			base := Spec{Size: n, Seed: seed}
			out = append(out, base)
			for _, f := range []func(Spec) Spec{
				func(s Spec) Spec { s.NoMirage = true; return s },
				func(s Spec) Spec { s.NoConf = true; return s },
				func(s Spec) Spec { s.Lang = mazes.Korean; return s },
			} {
				out = append(out, f(base))
			}
			if slices.Contains(InteractiveSizes, n) {
				s := base
				s.Protocol = mazes.Interactive
				out = append(out, s)
			}
		}
	}
	return out
}

// MiragePairs are the paired mazes of TestMirage: each maze with and
// without its lures.
func MiragePairs() [][2]Spec {
	var out [][2]Spec
	for _, n := range MazeSizes {
		for _, seed := range MazeSeeds {
			on := Spec{Size: n, Seed: seed}
			off := on
			off.NoMirage = true
			out = append(out, [2]Spec{on, off})
		}
	}
	return out
}

// AriadneGrid is TestAriadne's: groups A, B and C on the same interactive
// mazes.
func AriadneGrid() []Spec {
	var out []Spec
	for _, g := range []mazes.AriadneGroup{mazes.AriadneGroupA, mazes.AriadneGroupB, mazes.AriadneGroupC} {
		for _, n := range InteractiveSizes {
			for _, seed := range MazeSeeds {
				out = append(out, Spec{Size: n, Seed: seed, Protocol: mazes.Interactive, Group: string(g)})
			}
		}
	}
	return out
}

// DifficultyGrid is the base framing at every size, with both generators.
func DifficultyGrid() []Spec {
	var out []Spec
	for _, alg := range []mazes.Algorithm{mazes.DFS, mazes.Wilson} {
		for _, n := range MazeSizes {
			for _, seed := range MazeSeeds {
				out = append(out, Spec{Size: n, Seed: seed, Algorithm: alg})
			}
		}
	}
	return out
}

// Cases builds the cases of specs.
func Cases(specs []Spec) ([]bench.Case, error) {
	out := make([]bench.Case, 0, len(specs))
	for _, s := range specs {
		c, err := NewCase(s)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

// MustCases is Cases for the fixed grids, which cannot fail.
func MustCases(specs []Spec) []bench.Case {
	cs, err := Cases(specs)
	if err != nil {
		panic(fmt.Sprintf("bench: fixed maze grid: %v", err))
	}
	return cs
}
