package mazes

// A Reader reads one reply of an interactive walk for the lenient tier
// (package lenient holds it; this package does not import it). It is
// given the maze, the cell the walk stands on and the number the walk's
// next step takes, and must not keep the reply.
type Reader func(m *Maze, at Cell, k int, reply string) TurnReading

// TurnReading is what a Reader read in one reply, for the episode to play.
type TurnReading struct {
	// Transcript is the strict parser's reading of the reply (of its
	// answer, reasoning set aside): its lines other than STEP lines
	// (DEAD_END, LOOP, the counts, CONFIDENCE_LOG, FINAL_PATH) join the
	// episode's transcript.
	Transcript Transcript
	// Final reports that the reply's FINAL_PATH ends the episode.
	Final bool
	// Steps are the moves read, in order: the first is played, the others
	// count as extra steps. With none, the world asks once more.
	Steps []Step
	// Compliant reports that the strict tier reads the reply; LenientOnly
	// that it holds a move or a path only the lenient tier reads (see
	// Format).
	Compliant, LenientOnly bool
	// AsStrict reports that the strict tier, reading the whole reply,
	// plays what is played: the episode's StrictScores stop before the
	// first reply without it.
	AsStrict bool
}

// NewEpisodeReading starts an interactive walk of the lenient tier, whose
// replies read reads (lenient.NewEpisode gives it the lenient tier's
// reader). A reply with no move is a format error: the world asks once
// more, "Reply with one move: N, E, S or W."; a second failure ends the
// turn as a parse failure, with the answer NewEpisode gives a turn without
// a move, and MaxIdleTurns such turns in a row end the episode.
//
// The episode's Scores are the lenient tier's. StrictScores are the
// strict tier's: the same walk, cut before the first reply the strict tier
// did not read as it was played.
func NewEpisodeReading(m *Maze, opt PromptOptions, budget int, read Reader) *Episode {
	e := NewEpisode(m, opt, budget)
	e.read = read
	return e
}

// Tier returns the tier that drives the episode.
func (e *Episode) Tier() Tier {
	if e.read != nil {
		return Lenient
	}
	return Strict
}

// Format returns how the episode's replies kept the output contract.
func (e *Episode) Format() Format { return e.format }

// MaxReplies bounds the replies an episode can take before it ends, for a
// caller's loop guard: every move may follow MaxIdleTurns−1 failed turns,
// and with the lenient tier every turn may take a re-ask.
func (e *Episode) MaxReplies() int {
	perMove := MaxIdleTurns
	if e.read != nil {
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

// turnRead reads one reply of a lenient episode with its reader and plays
// it ([Episode.play]).
func (e *Episode) turnRead(reply string) (res TurnResult, done bool) {
	e.stats.Turns++
	rd := e.read(e.m, e.pos, e.stats.StepsUsed+1, reply)
	e.format.Count(rd.Compliant, rd.LenientOnly)
	res.Compliant = rd.Compliant
	if e.strictCut == nil && !rd.AsStrict {
		cut := e.Scores()
		e.strictCut = &cut
	}
	return res, e.play(rd.Transcript, rd.Final, rd.Steps, true, &res)
}
