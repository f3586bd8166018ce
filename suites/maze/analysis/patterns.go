package analysis

import (
	"maps"
	"slices"

	"github.com/hallumaze/hallumaze/mazes"
	"github.com/hallumaze/hallumaze/results"
)

// ConfidencePatterns classifies the confidences of one result's walk
// (mazes.ClassifyConfidence over the replayed walk: see Walk).
func ConfidencePatterns(r results.Result) (mazes.ConfidencePatterns, error) {
	_, tr, w, err := Walk(r)
	if err != nil {
		return mazes.ConfidencePatterns{}, err
	}
	return mazes.ClassifyConfidence(tr, w), nil
}

// PatternRow is one model's confidence patterns summed over its cases,
// with the shares recomputed from the sums.
type PatternRow struct {
	Model string `json:"model"`
	Cases int    `json:"cases"`
	mazes.ConfidencePatterns
	// Skipped counts the cases whose walk could not be replayed.
	Skipped int `json:"skipped,omitempty"`
}

// ModelPatterns sums each model's confidence patterns over its scored
// cases, in model order.
func ModelPatterns(cs []*Case) []PatternRow {
	by := map[string]*PatternRow{}
	for _, r := range scored(cs) {
		row := entry(by, r.Model, func() *PatternRow { return &PatternRow{Model: r.Model} })
		if r.Walk == nil {
			row.Skipped++
			continue
		}
		p := r.Walk.Patterns()
		row.Cases++
		s := &row.ConfidencePatterns
		s.Hallucinations += p.Hallucinations
		s.NoConfidence += p.NoConfidence
		s.NoReference += p.NoReference
		s.FellAt += p.FellAt
		s.FellBefore += p.FellBefore
		s.Held += p.Held
		s.Rose += p.Rose
		s.A += p.A
		s.B += p.B
		s.Loops += p.Loops
		s.FlatLoops += p.FlatLoops
		s.VariedLoops += p.VariedLoops
	}
	var out []PatternRow
	for _, model := range slices.Sorted(maps.Keys(by)) {
		row := *by[model]
		s := &row.ConfidencePatterns
		if t := s.A + s.B; t > 0 {
			a, b := float64(s.A)/float64(t), float64(s.B)/float64(t)
			s.ShareA, s.ShareB = &a, &b
		}
		if s.Loops > 0 {
			f := float64(s.FlatLoops) / float64(s.Loops)
			s.FlatShare = &f
		}
		out = append(out, row)
	}
	return out
}
