package walkers

import (
	"slices"
	"sync"

	"github.com/hallumaze/hallumaze/mazes"
)

// RandomScores plays draw k of agent/random on m under opt and scores it
// as a model's reply or episode is scored, without the conversation. Draw
// 0 is agent/random's own walk on the maze; draw k > 0 draws its choices
// from another stream, so the draws are independent samples of the same
// walker. The chance correction of MEI and Score (suites/maze/analysis)
// takes its expected scores from these draws: chance is a walker that
// moves at random among the open directions and writes the contract's
// LOOP and DEAD_END lines and confidences at random, a model that uses the
// words without tracking anything.
//
// The walk is scored from the transcript mazes.ParseReply would read from
// the agent's reply, built from the agent's decisions without writing the
// text: the one-shot transcript goes to mazes.Score, an interactive walk
// drives a mazes.Episode turn by turn (Episode.TurnTranscript). The scores
// are those of the written reply to the bit (TestRandomScoresIsTheText); a
// reply long enough to be cut at mazes.MaxReply is written and read.
//
// No hints are given: the baseline is Ariadne group A's.
func RandomScores(m *mazes.Maze, opt mazes.PromptOptions, draw uint64) mazes.Scores {
	seed := mazeSeed("random", m)
	if draw > 0 {
		seed = mix(seed, draw)
	}
	if opt.Protocol != mazes.Interactive {
		if mayBeCut(m) {
			return randomScoresText(m, opt, seed)
		}
		sc := scratchPool.Get().(*chanceScratch)
		s := mazes.Score(m, randomTranscript(m, opt, seed, sc))
		scratchPool.Put(sc)
		return s
	}
	e := mazes.NewEpisode(m, opt, 0)
	w := newWalk(m, seed)
	pol := newRandomWalk(w, opt.Lang, true)
	pol.quiet = true
	for !e.Done() {
		var sub mazes.Transcript
		if e.Position() != m.Exit() && len(w.steps) < maxSteps(m) {
			if mv, ok := pol.next(w); ok {
				mv.conf = stated(mv.conf, opt.Confidence)
				addNotes(&sub, mv.notes)
				sub.Steps = []mazes.Step{readStep(len(w.steps)+1, w.pos, mv)}
				from := w.pos
				e.TurnTranscript(sub)
				w.add(from, mv.dir, mv.conf, e.Position())
				pol.moved(w)
				continue
			}
		}
		readFinal(&sub, pol.final(w), w.steps, opt.Confidence)
		e.TurnTranscript(sub)
	}
	return e.Scores()
}

// randomScoresText is RandomScores's one-shot draw with the reply written
// and read back. The parser reads MaxReply bytes: the rest of a longer walk
// (hundreds of megabytes on the largest mazes) is never written.
func randomScoresText(m *mazes.Maze, opt mazes.PromptOptions, seed uint64) mazes.Scores {
	a := &Walker{name: "random", kind: randomKind}
	reply := a.oneShotSeeded(prompt{maze: m, lang: opt.Lang, confidence: opt.Confidence}, seed, mazes.MaxReply)
	return mazes.Score(m, mazes.ParseReply(reply))
}

// mayBeCut reports whether agent/random's one-shot reply on m may be longer
// than mazes.MaxReply, which the parser cuts: its walk has at most 2·N²
// moves of under 128 bytes each, with the final path after them.
func mayBeCut(m *mazes.Maze) bool {
	n := m.Size()
	return 2*n*n*128 > mazes.MaxReply/2
}

// randomTranscript is the transcript mazes.ParseReply reads from
// agent/random's one-shot reply drawn from seed (Walker.oneShotSeeded),
// made from the same decisions without writing them.
//
// The walk's and the transcript's slices are sc's, reused from draw to
// draw: the transcript is good until sc's next use.
func randomTranscript(m *mazes.Maze, opt mazes.PromptOptions, seed uint64, sc *chanceScratch) mazes.Transcript {
	n := m.Size()
	w := &walk{m: m, exit: m.Exit(), seed: seed, pos: m.Start(), firstStep: sc.firstStep[:0]}
	w.firstStep = slices.Grow(w.firstStep, n*n)[:n*n]
	for i := range w.firstStep {
		w.firstStep[i] = -1
	}
	w.firstStep[0] = 0
	pol := newRandomWalk(w, opt.Lang, false)
	pol.quiet = true
	// The walk mostly runs to its limit: room for all of it at once.
	w.steps = slices.Grow(sc.steps[:0], pol.limit)
	w.trail = append(slices.Grow(sc.trail[:0], pol.limit+1), w.pos)
	tr := mazes.Transcript{Steps: slices.Grow(sc.transcript[:0], pol.limit)}
	defer func() {
		sc.firstStep, sc.steps, sc.trail, sc.transcript = w.firstStep, w.steps, w.trail, tr.Steps
	}()
	for w.pos != w.exit && len(w.steps) < maxSteps(m) {
		mv, ok := pol.next(w)
		if !ok {
			break
		}
		mv.conf = stated(mv.conf, opt.Confidence)
		addNotes(&tr, mv.notes)
		tr.Steps = append(tr.Steps, readStep(len(w.steps)+1, w.pos, mv))
		w.add(w.pos, mv.dir, mv.conf, w.belief(w.pos, mv.dir))
		pol.moved(w)
	}
	readFinal(&tr, pol.final(w), w.steps, opt.Confidence)
	return tr
}

// chanceScratch holds the slices of a one-shot draw, which a chance
// baseline makes hundreds of per maze.
type chanceScratch struct {
	firstStep  []int
	steps      []record
	trail      []mazes.Cell
	transcript []mazes.Step
}

var scratchPool = sync.Pool{New: func() any { return new(chanceScratch) }}

// addNotes counts the notes a move writes before its STEP line, as the
// parser counts their lines.
func addNotes(tr *mazes.Transcript, notes []string) {
	for _, n := range notes {
		switch n {
		case noteLoop:
			tr.Loops++
		case noteDeadEnd:
			tr.DeadEnds++
		}
	}
}

// readStep is the step the parser reads from the STEP line writer.move
// writes: "STEP k: (r,c) → D | confidence: X%", the confidence X/100.
func readStep(k int, from mazes.Cell, mv move) mazes.Step {
	st := mazes.Step{K: k, From: from, Dir: mv.dir}
	if mv.conf >= 0 {
		st.Conf, st.HasConf = float64(mv.conf)/100, true
	}
	return st
}

// readFinal adds what the parser reads from the final block writer.final
// writes: the two counts, the confidence log of every move that stated
// one (an entry "k:X" reads as X/100 above 1, as X itself at 0 or 1), and
// the final path unless the block leaves it out.
func readFinal(tr *mazes.Transcript, f final, steps []record, confidence bool) {
	bt, hc := f.backtracks, f.hallucinations
	tr.ReportedBacktracks, tr.ReportedHallucinations = &bt, &hc
	if confidence && len(steps) > 0 {
		log := make([]mazes.LogEntry, 0, len(steps))
		for i, s := range steps {
			if s.conf < 0 {
				continue
			}
			v := float64(s.conf)
			if v > 1 {
				v /= 100
			}
			log = append(log, mazes.LogEntry{Step: i + 1, Conf: v})
		}
		tr.ConfidenceLog = log
	}
	if !f.noPath {
		tr.HasFinalPath, tr.FinalPath = true, f.path
	}
}

// mix derives draw k's seed from the agent's maze seed (SplitMix64's
// finaliser over their sum), so that neighbouring draws share nothing.
func mix(seed, k uint64) uint64 {
	z := seed + k*0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}
