package walkers

import (
	"math"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/hallumaze/hallumaze/mazes"
)

// drawCase draws a one-shot maze case of side 2–13.
func drawCase(t *rapid.T) (*mazes.Maze, mazes.PromptOptions) {
	n := rapid.IntRange(2, 13).Draw(t, "n")
	seed := rapid.Uint64().Draw(t, "seed")
	alg := rapid.SampledFrom([]mazes.Algorithm{mazes.DFS, mazes.Wilson}).Draw(t, "alg")
	m, err := mazes.Generate(n, seed, alg)
	require.NoError(t, err)
	opt := mazes.PromptOptions{
		Lang:       rapid.SampledFrom([]mazes.Lang{mazes.English, mazes.Korean}).Draw(t, "lang"),
		Mirage:     rapid.Bool().Draw(t, "mirage"),
		Confidence: rapid.Bool().Draw(t, "confidence"),
	}
	return m, opt
}

func chat(t *rapid.T, name string, req Request) string {
	a, _ := Lookup(name)
	rep, err := ask(a, req)
	require.NoError(t, err)
	return rep.Text
}

// TestOneShotProperties: on any maze, every reply follows the contract and
// is the same when asked twice; the oracle walks the solution; the explorer
// escapes without a hallucination, reports honestly and ends on the
// solution; random stays within its bound; the lured agent solves the
// maze without lures and pays for the first lure it is shown.
func TestOneShotProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		m, opt := drawCase(t)
		req := oneShotRequest("x", m, opt)
		n := m.Size()
		for _, name := range allNames() {
			text := chat(t, name, req)
			if again := chat(t, name, req); again != text {
				t.Fatalf("%s: two replies to one request differ", name)
			}
			tr := mazes.ParseReply(text)
			s := mazes.Score(m, tr)
			if s.UnparsedLines != 0 {
				t.Fatalf("%s: %d unparsed lines", name, s.UnparsedLines)
			}
			if (s.CE != nil) != opt.Confidence {
				t.Fatalf("%s: CE %v with confidence asked %t", name, s.CE, opt.Confidence)
			}
			switch name {
			case "oracle":
				var want []mazes.Cell
				for _, st := range tr.Steps {
					want = append(want, st.From)
				}
				want = append(want, m.Exit())
				if !slices.Equal(want, m.Solution()) || math.Abs(s.MEI-0.9) > 1e-12 || s.SR != 1 {
					t.Fatalf("oracle: walk %v, solution %v, MEI %v", want, m.Solution(), s.MEI)
				}
			case "explorer":
				if s.SR != 1 || s.HC != 0 || !s.Optimal || *s.BacktrackGap != 0 || *s.HallucinationGap != 0 {
					t.Fatalf("explorer: %+v", s)
				}
				if s.Steps > 2*(n*n-1) {
					t.Fatalf("explorer: %d steps, a depth-first search needs at most %d", s.Steps, 2*(n*n-1))
				}
			case "random":
				if s.Steps > 2*n*n {
					t.Fatalf("random: %d steps", s.Steps)
				}
			case "lured":
				checkLured(t, m, opt, s, tr)
			}
		}
	})
}

// TestEraseLoops: the loop-erased trail keeps its ends, holds each cell
// once, and each consecutive pair follows each other somewhere in the
// trail.
func TestEraseLoops(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		cell := rapid.Custom(func(t *rapid.T) mazes.Cell {
			return mazes.Cell{R: rapid.IntRange(0, 3).Draw(t, "r"), C: rapid.IntRange(0, 3).Draw(t, "c")}
		})
		trail := rapid.SliceOfN(cell, 1, 40).Draw(t, "trail")
		got := eraseLoops(trail)
		if got[0] != trail[0] || got[len(got)-1] != trail[len(trail)-1] {
			t.Fatalf("ends changed: %v -> %v", trail, got)
		}
		seen := map[mazes.Cell]bool{}
		for _, c := range got {
			if seen[c] {
				t.Fatalf("cell %v twice in %v", c, got)
			}
			seen[c] = true
		}
		follows := map[[2]mazes.Cell]bool{}
		for i := 1; i < len(trail); i++ {
			follows[[2]mazes.Cell{trail[i-1], trail[i]}] = true
		}
		for i := 1; i < len(got); i++ {
			if !follows[[2]mazes.Cell{got[i-1], got[i]}] {
				t.Fatalf("%v→%v is not a step of the trail %v", got[i-1], got[i], trail)
			}
		}
	})
}

func TestRNGBounds(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		w := &walk{seed: rapid.Uint64().Draw(t, "seed")}
		r := w.rng(rapid.Uint64().Draw(t, "stream"))
		lo := rapid.IntRange(-100, 100).Draw(t, "lo")
		hi := lo + rapid.IntRange(0, 100).Draw(t, "span")
		for range 20 {
			if v := r.between(lo, hi); v < lo || v > hi {
				t.Fatalf("between(%d,%d) = %d", lo, hi, v)
			}
		}
	})
}

// checkLured: the lured agent reports nothing and stays within its bound;
// shown no lure it walks to EXIT without a wall crossing and gives the
// solution as FINAL_PATH (MEI 0.9, BRS 1); shown lures, it follows the
// first one it meets, which it always meets, and walks through a wall at
// the end of its branch, so that its BRS is below 1 and its MEI below 0.9.
func checkLured(t *rapid.T, m *mazes.Maze, opt mazes.PromptOptions, s mazes.Scores, tr mazes.Transcript) {
	n := m.Size()
	if s.Steps > 3*n*n || *s.ReportedHallucinations != 0 || *s.ReportedBacktracks != 0 || s.DeadEndLines+s.LT != 0 {
		t.Fatalf("lured: %d steps, %+v", s.Steps, s)
	}
	if !opt.Mirage || len(m.Traps()) == 0 {
		if s.SR != 1 || s.HC != 0 || !slices.Equal(tr.FinalPath, m.Solution()) || math.Abs(s.MEI-0.9) > 1e-12 || s.BRS != 1 {
			t.Fatalf("lured without lures: SR %v HC %d MEI %v BRS %v path %v", s.SR, s.HC, s.MEI, s.BRS, tr.FinalPath)
		}
		return
	}
	if s.LureFollows < 1 || s.HC < 1 || !(s.BRS < 1) || !(s.MEI < 0.9) {
		t.Fatalf("lured with lures: %d lures followed, HC %d, BRS %v, MEI %v", s.LureFollows, s.HC, s.BRS, s.MEI)
	}
}

// TestEraseLoopsTableAndMapAgree: the dense table (cells on a grid) and
// the map (any cells) erase the same loops.
func TestEraseLoopsTableAndMapAgree(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		cell := rapid.Custom(func(t *rapid.T) mazes.Cell {
			return mazes.Cell{R: rapid.IntRange(0, 4).Draw(t, "r"), C: rapid.IntRange(0, 4).Draw(t, "c")}
		})
		trail := rapid.SliceOfN(cell, 1, 60).Draw(t, "trail")
		shifted := make([]mazes.Cell, len(trail))
		for i, c := range trail {
			shifted[i] = mazes.Cell{R: c.R - 10, C: c.C - 10} // off the grid: the map
		}
		got, viaMap := eraseLoops(trail), eraseLoops(shifted)
		if len(got) != len(viaMap) {
			t.Fatalf("table %v, map %v", got, viaMap)
		}
		for i, c := range viaMap {
			if (mazes.Cell{R: c.R + 10, C: c.C + 10}) != got[i] {
				t.Fatalf("table %v, map %v", got, viaMap)
			}
		}
	})
}
