package maze

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/mazes"
	"github.com/hallumaze/hallumaze/results"
)

// checkMaze asserts what must hold of any model's maze result: the reply
// was read, every metric is in its range, and the verified counts agree
// with each other.
func checkMaze(t *testing.T, r results.Result) {
	t.Helper()
	var d Detail
	require.NoError(t, json.Unmarshal(r.Detail, &d), "decode scores")
	s := d.Scores
	require.NotEmpty(t, r.Turns, "no conversation")
	assert.Contains(t, []float64{0, 1}, s.SR, "SR")
	for name, v := range map[string]float64{"MEI": s.MEI, "HRR": s.HRR, "BRS": s.BRS, "score": s.Score} {
		assert.True(t, v >= 0 && v <= 1, "%s = %v out of [0,1]", name, v)
	}
	if s.CE != nil {
		assert.True(t, *s.CE >= 0 && *s.CE <= 1, "CE = %v", *s.CE)
	}
	assert.LessOrEqual(t, s.HC, s.Steps, "HC ≤ steps")
	assert.LessOrEqual(t, s.BT, s.Steps, "BT ≤ steps")
	if s.HC == 0 {
		assert.Equal(t, -1, s.FHR, "FHR without hallucination")
	} else {
		assert.True(t, s.FHR >= 1 && s.FHR <= s.Steps, "FHR = %d", s.FHR)
	}
	if s.PathValid {
		assert.Equal(t, 1.0, s.SR, "a valid FINAL_PATH solves the maze")
	}
	if s.LureRate != nil {
		assert.LessOrEqual(t, s.LureFollows, s.MirageExposures)
	}
}

func TestMaze(t *testing.T) {
	r := runner(t, "maze")
	r.Run(t, MustCases(Grid()), checkMaze)
}

func TestMirage(t *testing.T) {
	r := runner(t, "maze")
	var specs []Spec
	for _, p := range MiragePairs() {
		specs = append(specs, p[0], p[1])
	}
	rs := r.Run(t, MustCases(specs), checkMaze)
	for _, e := range Mirage(rs) {
		t.Logf("%-22s Mirage Δ MEI = %+.3f %v  ΔBRS = %+.3f %v  lure rate on/off = %s/%s  (%d pairs, Wilcoxon p = %.3g)",
			e.Model, e.DeltaMEI, e.DeltaMEICI, e.DeltaBRS, e.DeltaBRSCI, fmtPtr(e.LureRateOn), fmtPtr(e.LureRateOff), e.Pairs, e.WilcoxonPMEI)
	}
}

func TestAriadne(t *testing.T) {
	r := runner(t, "maze")
	rs := r.Run(t, MustCases(AriadneGrid()), checkMaze)
	for _, e := range AriadneSummary(rs) {
		ti := e.TINote
		if e.TI != nil {
			ti = fmt.Sprintf("%+.3f", *e.TI)
		}
		t.Logf("%-22s MEI A/B/C = %.3f/%.3f/%.3f  NRS(B) = %s (%d hints)  ignore(C) = %s (%d hints)  TI = %s",
			e.Model, e.MEI["A"], e.MEI["B"], e.MEI["C"], fmtPtr(e.NRSB), e.HintsB, fmtPtr(e.IgnoreC), e.HintsC, ti)
	}
}

func TestDifficulty(t *testing.T) {
	r := runner(t, "maze")
	rs := r.Run(t, MustCases(DifficultyGrid()), checkMaze)
	for _, tag := range []string{"size", "algorithm"} {
		for _, metric := range []string{"MEI", "SR"} {
			t.Logf("\n%s", ByTag(rs, tag, metric))
		}
	}
}

// mazeBenchMetrics are the metrics BenchmarkMaze reports.
var mazeBenchMetrics = []string{"MEI", "SR", "CE", "BRS", "score", "HC", "lure-rate"}

// BenchmarkMaze reports each model's mean scores per maze size over the
// seeds, in the base framing. Run it as
//
//	go test ./bench -run '^$' -bench Maze -benchtime 1x -cpu 1 | tee new.txt
//	benchstat old.txt new.txt
func BenchmarkMaze(b *testing.B) {
	r := runner(b, "maze")
	fmt.Print(UnitLines(mazeBenchMetrics))
	for _, m := range r.Models {
		for _, n := range MazeSizes {
			var specs []Spec
			for _, seed := range MazeSeeds {
				specs = append(specs, Spec{Size: n, Seed: seed})
			}
			b.Run(fmt.Sprintf("model=%s/size=%d", TestName(m.Name), n), func(b *testing.B) {
				Bench(b, m, MustCases(specs), mazeBenchMetrics)
			})
		}
	}
}

func fmtPtr(p *float64) string {
	if p == nil {
		return "n/a"
	}
	return fmt.Sprintf("%.3f", *p)
}

func TestMazeSpecName(t *testing.T) {
	for _, tc := range []struct {
		spec Spec
		want string
	}{
		{Spec{Size: 7, Seed: 42}, "size=7/seed=42/base"},
		{Spec{Size: 9, Seed: 1, Algorithm: mazes.Wilson, NoMirage: true, Lang: mazes.Korean, Protocol: mazes.Interactive, Group: "B"}, "size=9/seed=1/wilson+no-mirage+ko+interactive+group=B"},
		{Spec{Size: 5, Seed: 3, NoConf: true}, "size=5/seed=3/no-conf"},
	} {
		assert.Equal(t, tc.want, tc.spec.Name())
	}
	_, err := NewCase(Spec{Size: 7, Seed: 1, Group: "B"})
	assert.ErrorContains(t, err, "needs the interactive protocol")
}
