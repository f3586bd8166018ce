package agents

import (
	"github.com/hallumaze/hallumaze/mazes"
)

// RandomScores plays draw k of agent/random on m under opt and scores it
// as a model's reply or episode is scored, without the conversation: the
// one-shot reply is written and read back (mazes.ParseReply, mazes.Score);
// an interactive walk drives a mazes.Episode move by move, as the agent's
// turns would. Draw 0 is agent/random's own walk on the maze; draw k > 0
// draws its choices from another stream, so the draws are independent
// samples of the same walker. The chance correction of MEI and Score
// (suites/maze/analysis) takes its expected scores from these draws:
// chance is a walker that moves at random among the open directions and
// writes the contract's LOOP and DEAD_END lines and confidences at random,
// a model that uses the words without tracking anything.
//
// No hints are given: the baseline is Ariadne group A's.
func RandomScores(m *mazes.Maze, opt mazes.PromptOptions, draw uint64) mazes.Scores {
	seed := mazeSeed("random", m)
	if draw > 0 {
		seed = mix(seed, draw)
	}
	if opt.Protocol != mazes.Interactive {
		a := &Agent{name: "random", kind: randomKind}
		// The parser reads MaxReply bytes: the rest of a longer walk
		// (hundreds of megabytes on the largest mazes) is never written.
		reply := a.oneShotSeeded(prompt{maze: m, lang: opt.Lang, confidence: opt.Confidence}, seed, mazes.MaxReply)
		return mazes.Score(m, mazes.ParseReply(reply))
	}
	e := mazes.NewEpisode(m, opt, 0)
	w := newWalk(m, seed)
	pol := newRandomWalk(w, opt.Lang, true)
	for !e.Done() {
		wr := writer{lang: opt.Lang, confidence: opt.Confidence}
		if e.Position() != m.Exit() && len(w.steps) < maxSteps(m) {
			if mv, ok := pol.next(w); ok {
				mv.conf = stated(mv.conf, opt.Confidence)
				wr.move(len(w.steps)+1, w.pos, mv)
				from := w.pos
				e.Turn(wr.String())
				w.add(from, mv.dir, mv.conf, e.Position())
				pol.moved(w)
				continue
			}
		}
		wr.final(pol.final(w), w.steps)
		e.Turn(wr.String())
	}
	return e.Scores()
}

// mix derives draw k's seed from the agent's maze seed (SplitMix64's
// finaliser over their sum), so that neighbouring draws share nothing.
func mix(seed, k uint64) uint64 {
	z := seed + k*0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}
