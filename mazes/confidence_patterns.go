package mazes

// ConfidencePatterns classifies how a walk's stated confidence moved at its
// hallucinations and while it walked over old ground: the seed's patterns
// A (healthy: confidence falls before or at the error) and B
// (overconfident: it holds or rises at the error, and stays flat while the
// walk goes round), §9.2.
//
// The definitions, over the steps of a walk in order, each step's
// confidence read as CE reads it (on its line, else from CONFIDENCE_LOG by
// its number k), steps without one skipped:
//
//   - The reference of an invalid step i with confidence c is r₁, the
//     confidence of the nearest earlier valid step that has one: how sure
//     the walk was while it was right. r₂ is that of the valid step with a
//     confidence before that one.
//   - A change smaller than δ = ConfidenceStep (10 percentage points) is no
//     change: stated confidences jitter (a model that says 90–99% at random
//     has not "dropped" from 97% to 93%), and the seed speaks of a sharp
//     drop (급락).
//   - FellAt: c ≤ r₁ − δ. The confidence dropped at the error.
//   - FellBefore: r₁ ≤ r₂ − δ and |c − r₁| < δ. It had dropped on the
//     valid step before the error and stayed down.
//   - Held: |c − r₁| < δ otherwise. Rose: c ≥ r₁ + δ.
//   - A = FellAt + FellBefore; B = Held + Rose. Invalid steps with no
//     confidence (NoConfidence) or no earlier valid step with one
//     (NoReference) are in neither.
//
// Comparing with the last valid step, not with the step just before,
// judges a run of errors against the walk's confidence while it was right:
// 90, 60 (error), 60 (error) is A twice, the second error kept low.
// Comparisons allow 1e-9 for the rounding of percentages.
//
// Loops: a loop is a maximal run of consecutive revisiting steps (the runs
// BT counts). A loop with at least two stated confidences is Flat when they
// span less than δ, else Varied. A run of revisits is also what an honest
// backtrack out of a dead end looks like; FlatLoops measures how often the
// confidence did not react to walking over old ground.
type ConfidencePatterns struct {
	// Hallucinations counts the invalid steps (HC).
	Hallucinations int `json:"hallucinations"`
	NoConfidence   int `json:"no_confidence"`
	NoReference    int `json:"no_reference"`
	FellAt         int `json:"fell_at"`
	FellBefore     int `json:"fell_before"`
	Held           int `json:"held"`
	Rose           int `json:"rose"`
	// A and B are the classified hallucinations by pattern; ShareA and
	// ShareB their shares of A + B (nil when A + B = 0).
	A      int      `json:"a"`
	B      int      `json:"b"`
	ShareA *float64 `json:"share_a"`
	ShareB *float64 `json:"share_b"`
	// Loops counts the revisit runs with at least two confidences;
	// FlatShare = FlatLoops/Loops, nil without such a run.
	Loops       int      `json:"loops"`
	FlatLoops   int      `json:"flat_loops"`
	VariedLoops int      `json:"varied_loops"`
	FlatShare   *float64 `json:"flat_share"`
}

// ConfidenceStep is δ, the smallest change of stated confidence that
// ClassifyConfidence counts as a change.
const ConfidenceStep = 0.10

// ClassifyConfidence classifies a walk's confidences with δ =
// ConfidenceStep: tr's steps and confidences, w its checks (Verify(m,
// tr.Steps) for a one-shot reply; Episode.Walk for an interactive one). A
// walk with fewer checks than steps is classified over the steps that have
// one.
func ClassifyConfidence(tr Transcript, w Walk) ConfidencePatterns {
	return ClassifyConfidenceBy(tr, w, ConfidenceStep)
}

// ClassifyConfidenceBy is ClassifyConfidence with another δ (0: every
// difference counts).
func ClassifyConfidenceBy(tr Transcript, w Walk, delta float64) ConfidencePatterns {
	const eps = 1e-9
	// moved says whether a confidence went down (−1), up (+1) or stayed
	// (0) from one step to another, by δ.
	moved := func(from, to float64) int {
		d := to - from
		switch {
		case delta > 0 && d <= -delta+eps, delta <= 0 && d < 0:
			return -1
		case delta > 0 && d >= delta-eps, delta <= 0 && d > 0:
			return 1
		}
		return 0
	}
	var p ConfidencePatterns
	conf, has := confidenceByStep(tr)
	n := min(len(tr.Steps), len(w.Checks))
	var r1, r2 float64
	refs := 0 // how many of r1, r2 are set
	for i := range n {
		ch := w.Checks[i]
		if ch.Valid {
			if has[i] {
				r2, r1 = r1, conf[i]
				refs = min(refs+1, 2)
			}
			continue
		}
		p.Hallucinations++
		c := conf[i]
		switch {
		case !has[i]:
			p.NoConfidence++
		case refs == 0:
			p.NoReference++
		case moved(r1, c) < 0:
			p.FellAt++
		case refs == 2 && moved(r2, r1) < 0 && moved(r1, c) == 0:
			p.FellBefore++
		case moved(r1, c) > 0:
			p.Rose++
		default:
			p.Held++
		}
	}
	p.A, p.B = p.FellAt+p.FellBefore, p.Held+p.Rose
	if total := p.A + p.B; total > 0 {
		a, b := float64(p.A)/float64(total), float64(p.B)/float64(total)
		p.ShareA, p.ShareB = &a, &b
	}
	for i := 0; i < n; {
		if !w.Checks[i].Revisit {
			i++
			continue
		}
		j := i
		var lo, hi float64
		count := 0
		for ; j < n && w.Checks[j].Revisit; j++ {
			if !has[j] {
				continue
			}
			if count == 0 || conf[j] < lo {
				lo = conf[j]
			}
			if count == 0 || conf[j] > hi {
				hi = conf[j]
			}
			count++
		}
		if count >= 2 {
			p.Loops++
			if moved(lo, hi) == 0 {
				p.FlatLoops++
			} else {
				p.VariedLoops++
			}
		}
		i = j
	}
	if p.Loops > 0 {
		f := float64(p.FlatLoops) / float64(p.Loops)
		p.FlatShare = &f
	}
	return p
}

// confidenceByStep gives each step's confidence as CE reads it: the one on
// its line, else the last CONFIDENCE_LOG entry for its number k.
func confidenceByStep(tr Transcript) (conf []float64, has []bool) {
	var logged map[int]float64 // made when a step has no confidence of its own
	conf, has = make([]float64, len(tr.Steps)), make([]bool, len(tr.Steps))
	for i, st := range tr.Steps {
		c, ok := st.Conf, st.HasConf
		if !ok {
			if logged == nil {
				logged = make(map[int]float64, len(tr.ConfidenceLog))
				for _, e := range tr.ConfidenceLog {
					logged[e.Step] = e.Conf
				}
			}
			c, ok = logged[st.K]
		}
		conf[i], has[i] = c, ok
	}
	return conf, has
}

// Walk returns the episode's walk as the world checked it: a wall or the
// edge refuses a move, so the checks differ from Verify's over the same
// steps. With the transcript it is what ClassifyConfidence reads.
func (e *Episode) Walk() Walk {
	w := e.walk
	w.Checks = append([]Check(nil), w.Checks...)
	w.End = e.pos
	return w
}
