package analysis

import (
	"encoding/json"
	"maps"
	"math"
	"slices"

	"github.com/hallumaze/hallumaze/internal/textfmt"
	"github.com/hallumaze/hallumaze/mazes"
	"github.com/hallumaze/hallumaze/mazes/lenient"
	"github.com/hallumaze/hallumaze/scoring"
)

// H3Points tests the seed's H3 at the grain where it can succeed: the
// decision points of the mazes both a human group and a model walked,
// pooled over those mazes. A decision point is a cell of the solution
// (EXIT excluded) with an open way off the solution: where a walker coming
// along the solution must choose. A walk errs there when the first step it
// takes from the cell is invalid (a wall, the edge, a jump) or leads off the
// solution. Human walks come from the human file (HumanWalks: one string
// of moves per participant and maze); the model's from its results on the
// same mazes (Ariadne group A, where no hint helps). HumanRate and
// ModelRate are the shares of walks that reached a point and erred there;
// Rho is Spearman's rank correlation between them over the points both
// reached, P its two-sided permutation p-value (10000 random pairings
// beyond eight points). H3 expects a low correlation. Power is the power
// of the test at 5% to detect a true ρ of 0.3 with this many points
// (H3Power).
type H3Points struct {
	Human  string `json:"human"`
	Model  string `json:"model"`
	Mazes  int    `json:"mazes"`
	Points int    `json:"points"`
	// HumanRate and ModelRate are the error rates at each point, in the
	// same order.
	HumanRate []float64 `json:"human_rate"`
	ModelRate []float64 `json:"model_rate"`
	Rho       float64   `json:"rho"`
	P         float64   `json:"p"`
	Power     float64   `json:"power_rho_0_3"`
	OK        bool      `json:"ok"`
	Note      string    `json:"note,omitempty"`
}

// MarshalJSON writes an undefined Rho or P as null.
func (h H3Points) MarshalJSON() ([]byte, error) {
	type plain H3Points
	return json.Marshal(struct {
		plain
		Rho *float64 `json:"rho"`
		P   *float64 `json:"p"`
	}{plain(h), finite(h.Rho), finite(h.P)})
}

// H3PointsMin is the fewest shared decision points for which H3PointsCompare
// computes a correlation.
const H3PointsMin = 5

// HumanWalks is what a human result carries in its detail when the human
// file gave walks: each participant's moves on the result's maze.
type HumanWalks struct {
	Walks [][]mazes.Dir `json:"walks"`
}

// DecisionPoints returns the decision points of a maze, in solution order.
func DecisionPoints(m *mazes.Maze) []mazes.Cell {
	sol := m.Solution()
	on := make(map[mazes.Cell]bool, len(sol))
	for _, c := range sol {
		on[c] = true
	}
	var out []mazes.Cell
	for _, c := range sol[:len(sol)-1] {
		for _, d := range m.OpenDirs(c) {
			if !on[c.Move(d)] {
				out = append(out, c)
				break
			}
		}
	}
	return out
}

// movesSteps turns moves made from START into steps, as the lenient tier
// walks a list of moves.
func movesSteps(m *mazes.Maze, moves []mazes.Dir) []mazes.Step {
	return lenient.Reading{Form: lenient.FormMoves, Moves: moves}.Transcript(m).Steps
}

// H3PointsCompare compares each human group that gave walks with each
// model, over the mazes both walked.
func H3PointsCompare(cs []*Case, reps int, seed uint64) []H3Points {
	type point struct {
		maze string
		cell mazes.Cell
	}
	type tally struct{ errs, n float64 }
	human := map[string]map[point]*tally{}
	model := map[string]map[point]*tally{}
	add := func(into map[string]map[point]*tally, who, maze string, errs []PointOutcome) {
		if into[who] == nil {
			into[who] = map[point]*tally{}
		}
		for _, e := range errs {
			k := point{maze, e.Cell()}
			t := entry(into[who], k, func() *tally { return &tally{} })
			t.n++
			if e.Erred {
				t.errs++
			}
		}
	}
	for _, r := range cs {
		if r.Failure() != "" {
			continue
		}
		if r.Human {
			for _, errs := range r.HumanPoints() {
				add(human, r.Model, r.MazeKey(), errs)
			}
			continue
		}
		if r.Walk == nil || r.Walk.Points == nil {
			continue
		}
		add(model, r.Model, r.MazeKey(), r.Walk.Points)
	}
	var out []H3Points
	for _, h := range slices.Sorted(maps.Keys(human)) {
		for _, mo := range slices.Sorted(maps.Keys(model)) {
			row := H3Points{Human: h, Model: mo, Rho: math.NaN(), P: math.NaN()}
			var keys []point
			for k := range human[h] {
				if model[mo][k] != nil {
					keys = append(keys, k)
				}
			}
			slices.SortFunc(keys, func(a, b point) int {
				if a.maze != b.maze {
					if a.maze < b.maze {
						return -1
					}
					return 1
				}
				if a.cell.R != b.cell.R {
					return a.cell.R - b.cell.R
				}
				return a.cell.C - b.cell.C
			})
			mazeSet := map[string]bool{}
			for _, k := range keys {
				mazeSet[k.maze] = true
				row.HumanRate = append(row.HumanRate, human[h][k].errs/human[h][k].n)
				row.ModelRate = append(row.ModelRate, model[mo][k].errs/model[mo][k].n)
			}
			row.Mazes, row.Points = len(mazeSet), len(keys)
			row.Power = H3Power(row.Points, 0.3)
			switch rho, ok := scoring.Spearman(row.HumanRate, row.ModelRate); {
			case row.Points < H3PointsMin:
				row.Note = "too few decision points: " + textfmt.Count(row.Points, "point", "points") + " walked by both (" + itoa(H3PointsMin) + " needed)"
			case !ok:
				row.Note = "the humans' or the model's error rate is the same at every point: no rank correlation"
			default:
				row.Rho, row.OK = rho, true
				row.P, _ = scoring.PermutationP(row.HumanRate, row.ModelRate, nil, reps, seed)
			}
			out = append(out, row)
		}
	}
	return out
}

// H3Power is the power of a two-sided test of Spearman's ρ = 0 at the 5%
// level with n points when the true correlation is rho, by Fisher's z with
// the variance 1.06/(n − 3) of Spearman's coefficient (Fieller, Hartley
// and Pearson 1957): Φ(atanh(ρ)·√((n − 3)/1.06) − 1.96). 0 below four
// points.
func H3Power(n int, rho float64) float64 {
	if n < 4 {
		return 0
	}
	z := math.Atanh(rho) * math.Sqrt(float64(n-3)/1.06)
	return 0.5*math.Erfc(-(z-1.959963984540054)/math.Sqrt2) + 0.5*math.Erfc((z+1.959963984540054)/math.Sqrt2)
}
