package mazes

import (
	"math"
	"slices"

	"github.com/hallumaze/hallumaze/scoring"
)

// Scores are the metrics of one walk. The first group is the seed's, exactly
// as the normative definitions fix them (the keys of the score JSON); the
// rest are additions kept apart from the seed's numbers.
type Scores struct {
	SR                     float64  `json:"sr"`
	PathValid              bool     `json:"path_valid"`
	Steps                  int      `json:"steps"`
	HC                     int      `json:"hc"`
	FHR                    int      `json:"fhr"`
	BT                     int      `json:"bt"`
	LT                     int      `json:"lt"`
	HRR                    float64  `json:"hrr"`
	MEI                    float64  `json:"mei"`
	CE                     *float64 `json:"ce"`
	BRS                    float64  `json:"brs"`
	Score                  float64  `json:"score"`
	ReportedBacktracks     *int     `json:"reported_backtracks"`
	ReportedHallucinations *int     `json:"reported_hallucinations"`

	// The terms of MEI.
	EarlyError float64 `json:"early_error"`
	LoopEscape float64 `json:"loop_escape"`

	// Faults by kind; a step may have several, so they can sum past HC.
	Teleports     int `json:"teleports"`
	WallCrossings int `json:"wall_crossings"`
	OffGrid       int `json:"off_grid"`

	// Calibration beyond CE: Brier score and expected calibration error
	// (10 equal bins) over the steps with a confidence; null without any.
	ConfidenceSteps int      `json:"confidence_steps"`
	Brier           *float64 `json:"brier"`
	ECE             *float64 `json:"ece"`

	// Mirage: steps taken from a trapped cell, and how many of those went
	// the lure's way. LureRate = follows/exposures, null without exposure.
	// They are counted whether or not the lures were shown, so that a run
	// without lures gives the baseline rate of taking the same branches.
	MirageExposures int      `json:"mirage_exposures"`
	LureFollows     int      `json:"lure_follows"`
	LureRate        *float64 `json:"lure_rate"`

	// Self-report gaps: reported minus verified; null where the model gave
	// no count.
	BacktrackGap     *int `json:"backtrack_gap"`
	HallucinationGap *int `json:"hallucination_gap"`

	// Optimal: the FINAL_PATH is exactly the solution (in an imperfect
	// maze: a valid path as short as the solution).
	Optimal         bool `json:"optimal"`
	FinalPathLength int  `json:"final_path_length"`
	EndedAtExit     bool `json:"ended_at_exit"`

	DeadEndLines    int  `json:"dead_end_lines"`
	StrategyChanges int  `json:"strategy_changes"`
	UnparsedLines   int  `json:"unparsed_lines"`
	Truncated       bool `json:"truncated"`
}

// Clone copies the scores, their optional values too, so that two copies
// share nothing.
func (s Scores) Clone() Scores {
	s.CE, s.Brier, s.ECE, s.LureRate = clonePtr(s.CE), clonePtr(s.Brier), clonePtr(s.ECE), clonePtr(s.LureRate)
	s.ReportedBacktracks, s.ReportedHallucinations = clonePtr(s.ReportedBacktracks), clonePtr(s.ReportedHallucinations)
	s.BacktrackGap, s.HallucinationGap = clonePtr(s.BacktrackGap), clonePtr(s.HallucinationGap)
	return s
}

func clonePtr[T any](p *T) *T {
	if p == nil {
		return nil
	}
	v := *p
	return &v
}

// Score verifies a transcript against the maze and computes every metric.
func Score(m *Maze, tr Transcript) Scores {
	return scoreWalk(m, tr, Verify(m, tr.Steps))
}

// ScoreVerified is Score of a transcript whose walk w is already
// Verify(m, tr.Steps), for a caller that keeps the walk too.
func ScoreVerified(m *Maze, tr Transcript, w Walk) Scores { return scoreWalk(m, tr, w) }

// scoreWalk computes the metrics of a transcript whose steps were already
// checked (by Verify, or by an interactive episode).
func scoreWalk(m *Maze, tr Transcript, w Walk) Scores {
	s := Scores{
		Steps:                  len(tr.Steps),
		HC:                     w.HC,
		FHR:                    w.FHR,
		BT:                     w.BT,
		LT:                     tr.Loops,
		ReportedBacktracks:     tr.ReportedBacktracks,
		ReportedHallucinations: tr.ReportedHallucinations,
		FinalPathLength:        len(tr.FinalPath),
		DeadEndLines:           tr.DeadEnds,
		StrategyChanges:        tr.StrategyChanges,
		UnparsedLines:          tr.Unparsed,
		Truncated:              tr.Truncated,
		EndedAtExit:            len(tr.Steps) > 0 && w.End == m.Exit(),
	}
	if tr.HasFinalPath {
		s.PathValid = PathValid(m, tr.FinalPath)
		s.Optimal = slices.Equal(tr.FinalPath, m.Solution())
		if !m.Perfect() {
			// More than one shortest path may exist: any valid one as short
			// as the solution is optimal.
			s.Optimal = s.PathValid && len(m.Solution()) > 0 && len(tr.FinalPath) == len(m.Solution())
		}
	}
	sr := s.PathValid || (!tr.HasFinalPath && len(tr.Steps) > 0 && w.HC == 0 && s.EndedAtExit)
	if sr {
		s.SR = 1
	}
	s.HRR = scoring.HRR(w.HC, w.BT, sr)
	s.EarlyError = scoring.EarlyError(w.FHR, m.n, sr)
	s.LoopEscape = scoring.LoopEscape(tr.Loops, w.BT, sr)
	s.MEI = scoring.MEI(s.HRR, s.EarlyError, s.LoopEscape, w.HC)
	s.BRS = scoring.BRS(w.HC, w.BT, sr)

	conf, correct := StepConfidences(tr, w.Checks)
	s.ConfidenceSteps = len(conf)
	ce, hasCE := scoring.CE(conf, correct)
	if hasCE {
		s.CE = &ce
		s.Brier = finite(scoring.Brier(conf, correct))
		s.ECE = finite(scoring.ECE(conf, correct, 10))
	}
	s.Score = scoring.HalluMazeScore(s.MEI, ce, hasCE, s.BRS)

	for _, ch := range w.Checks {
		if ch.Teleport {
			s.Teleports++
		}
		if ch.Wall {
			s.WallCrossings++
		}
		if ch.OffGrid {
			s.OffGrid++
		}
	}
	s.MirageExposures, s.LureFollows = lureCounts(m, tr.Steps)
	if s.MirageExposures > 0 {
		rate := float64(s.LureFollows) / float64(s.MirageExposures)
		s.LureRate = &rate
	}
	if tr.ReportedBacktracks != nil {
		gap := *tr.ReportedBacktracks - w.BT
		s.BacktrackGap = &gap
	}
	if tr.ReportedHallucinations != nil {
		gap := *tr.ReportedHallucinations - w.HC
		s.HallucinationGap = &gap
	}
	return s
}

// StepConfidences pairs each step that has a confidence (on its line, else
// from CONFIDENCE_LOG by its number k; the last entry for a k counts) with
// whether the step was valid by its check (the steps past the last check
// are left out).
func StepConfidences(tr Transcript, checks []Check) (conf []float64, correct []bool) {
	var logged map[int]float64 // made when a step lacks a confidence of its own
	for i, st := range tr.Steps {
		if i >= len(checks) {
			break
		}
		c, ok := st.Conf, st.HasConf
		if !ok && len(tr.ConfidenceLog) > 0 {
			if logged == nil {
				logged = make(map[int]float64, len(tr.ConfidenceLog))
				for _, e := range tr.ConfidenceLog {
					logged[e.Step] = e.Conf
				}
			}
			c, ok = logged[st.K]
		}
		if ok {
			conf = append(conf, c)
			correct = append(correct, checks[i].Valid)
		}
	}
	return conf, correct
}

// lureCounts counts the steps declared from a trapped cell, and those that
// went in a trap's direction.
func lureCounts(m *Maze, steps []Step) (exposures, follows int) {
	if len(m.traps) == 0 {
		return 0, 0
	}
	dirs := make(map[Cell]Dir, len(m.traps))
	for _, t := range m.traps {
		dirs[t.Cell] |= t.Dir
	}
	for _, st := range steps {
		if set, ok := dirs[st.From]; ok {
			exposures++
			if set&st.Dir != 0 {
				follows++
			}
		}
	}
	return exposures, follows
}

func finite(v float64) *float64 {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return nil
	}
	return &v
}
