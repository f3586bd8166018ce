package mazes

// NewLenientEpisode starts an interactive walk that the lenient tier
// drives. A reply the strict tier reads is played exactly as NewEpisode's
// episode plays it, so that a walk that keeps the contract is the same walk
// turn for turn, answer for answer. A reply it does not read is read by the
// lenient tier (ParseLenient): its first move is played from where the walk
// really is (a move has no declared origin, so it is never a teleport; a
// path's first cell is gone to from there). A reply neither tier reads is a
// format error: the world asks once more, "Reply with one move: N, E, S or
// W."; a second failure ends the turn as a parse failure, with the answer
// NewEpisode gives a turn without a move, and MaxIdleTurns such turns in a
// row end the episode.
//
// The episode's Scores are the lenient tier's. StrictScores are the
// strict tier's: the same walk, cut before the first reply the strict tier
// did not read as it was played (from there on the conversation follows a
// reading the strict tier never made). For a walk that keeps the contract
// the two are the same.
func NewLenientEpisode(m *Maze, opt PromptOptions, budget int) *Episode {
	e := NewEpisode(m, opt, budget)
	e.tier = Lenient
	return e
}

// Tier returns the tier that drives the episode.
func (e *Episode) Tier() Tier { return e.tier }

// Format returns how the episode's replies kept the output contract.
func (e *Episode) Format() Format { return e.format }

// MaxReplies bounds the replies an episode can take before it ends, for a
// caller's loop guard: every move may follow MaxIdleTurns−1 failed turns,
// and with the lenient tier every turn may take a re-ask.
func (e *Episode) MaxReplies() int {
	perMove := MaxIdleTurns
	if e.tier == Lenient {
		perMove *= 2
	}
	return (e.budget+1)*perMove + 2
}

// StrictScores returns the strict tier's scores of the episode: for a
// lenient episode, the walk before the first reply the strict tier did not
// read as it was played; for a strict one, Scores.
func (e *Episode) StrictScores() Scores {
	if e.strictCut != nil {
		return *e.strictCut
	}
	return e.Scores()
}

// LenientScores returns the episode's scores with its format
// measurements.
func (e *Episode) LenientScores() LenientScores {
	return LenientScores{Scores: e.Scores(), Format: e.format}
}

// turnLenient reads one reply of a lenient episode and plays it
// ([Episode.play]): a FINAL_PATH only when the strict tier reads the reply,
// and the first move read from where the walk really is.
func (e *Episode) turnLenient(reply string) (res TurnResult, done bool) {
	e.stats.Turns++
	rd := ParseLenient(reply)
	e.format.count(rd)
	res.Compliant, res.Form = rd.Compliant, rd.Form
	if e.strictCut == nil && !(rd.Form == FormStrict && rd.playsAsStrict()) {
		cut := e.Scores()
		e.strictCut = &cut
	}
	sub := rd.Strict
	var steps []Step
	switch rd.Form {
	case FormStrict:
		steps = sub.Steps
	case FormMoves, FormPath:
		steps = rd.stepsFrom(e.m, e.pos)
	}
	if len(steps) > 0 {
		switch {
		case rd.Form == FormMoves && len(rd.Moves) > 0:
			steps[0] = Step{K: e.stats.StepsUsed + 1, From: e.pos, Dir: rd.Moves[0]}
		case rd.Form == FormPath:
			steps[0].K = e.stats.StepsUsed + 1
		}
	}
	return res, e.play(sub, rd.Form == FormStrict && sub.HasFinalPath, steps, true, &res)
}

// playsAsStrict reports that the strict tier, reading the whole reply,
// reads what the lenient reading plays: the same first step, the same
// FINAL_PATH. It differs only when a reasoning block held STEP lines or a
// FINAL_PATH of its own.
func (r Reading) playsAsStrict() bool {
	if !r.Reasoning {
		return true
	}
	w, a := r.whole, r.Strict
	if w.HasFinalPath != a.HasFinalPath || len(w.Steps) == 0 != (len(a.Steps) == 0) {
		return false
	}
	if len(w.Steps) > 0 && (w.Steps[0].From != a.Steps[0].From || w.Steps[0].Dir != a.Steps[0].Dir) {
		return false
	}
	return !w.HasFinalPath || equalCells(w.FinalPath, a.FinalPath)
}

func equalCells(a, b []Cell) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
