package lenient

import (
	"slices"

	"github.com/hallumaze/hallumaze/mazes"
)

// NewEpisode starts an interactive walk that the lenient tier drives. A
// reply the strict tier reads is played exactly as mazes.NewEpisode's
// episode plays it, so that a walk that keeps the contract is the same
// walk turn for turn, answer for answer. A reply it does not read is read
// by the lenient tier (Parse): its first move is played from where the
// walk really is (a move has no declared origin, so it is never a
// teleport; a path's first cell is gone to from there). A reply neither
// tier reads is a format error: the world asks once more, "Reply with one
// move: N, E, S or W."; a second failure ends the turn as a parse failure,
// with the answer mazes.NewEpisode gives a turn without a move, and
// mazes.MaxIdleTurns such turns in a row end the episode.
//
// The episode's Scores are the lenient tier's. StrictScores are the
// strict tier's: the same walk, cut before the first reply the strict tier
// did not read as it was played (from there on the conversation follows a
// reading the strict tier never made). For a walk that keeps the contract
// the two are the same.
func NewEpisode(m *mazes.Maze, opt mazes.PromptOptions, budget int) *mazes.Episode {
	return mazes.NewEpisodeReading(m, opt, budget, readTurn)
}

// EpisodeScores returns an episode's scores with its format measurements.
func EpisodeScores(e *mazes.Episode) Scores {
	return Scores{Scores: e.Scores(), Format: e.Format()}
}

// readTurn reads one reply of a lenient episode (a mazes.Reader): a
// FINAL_PATH only when the strict tier reads the reply, and the first move
// read from where the walk really is (at), numbered k.
func readTurn(m *mazes.Maze, at mazes.Cell, k int, reply string) mazes.TurnReading {
	rd := Parse(reply)
	t := mazes.TurnReading{
		Transcript:  rd.Strict,
		Final:       rd.Form == FormStrict && rd.Strict.HasFinalPath,
		Compliant:   rd.Compliant,
		LenientOnly: rd.lenientOnly(),
		AsStrict:    rd.Form == FormStrict && rd.playsAsStrict(),
	}
	switch rd.Form {
	case FormStrict:
		t.Steps = rd.Strict.Steps
	case FormMoves, FormPath:
		t.Steps = rd.stepsFrom(m, at)
	}
	if len(t.Steps) > 0 {
		switch {
		case rd.Form == FormMoves && len(rd.Moves) > 0:
			t.Steps[0] = mazes.Step{K: k, From: at, Dir: rd.Moves[0]}
		case rd.Form == FormPath:
			t.Steps[0].K = k
		}
	}
	return t
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
	return !w.HasFinalPath || slices.Equal(w.FinalPath, a.FinalPath)
}
