package walkers

import (
	"math"

	"github.com/hallumaze/hallumaze/mazes"
)

// policy is an agent's way of walking. The drivers feed it the outcome of
// each move and ask it for the next one; a policy keeps whatever it needs
// beyond the shared walk, and must decide the same way whenever it is fed
// the same moves, so that an interactive turn, which replays the
// conversation, agrees with the one-shot walk.
type policy interface {
	// next decides the move from w.pos; ok false means stop and write the
	// final block.
	next(w *walk) (mv move, ok bool)
	// moved is called after each move is added to w.
	moved(w *walk)
	// hinted is called when the world's answer carries a hint.
	hinted(w *walk, text string)
	// final gives the final block.
	final(w *walk) final
}

// newPolicy makes the agent's policy for a maze, at the request's effort
// (which only the lured walker reads).
func (a *Walker) newPolicy(w *walk, p prompt, interactive bool) policy {
	lang := p.lang
	switch a.kind {
	case explorerKind:
		return newExplorer(w, lang)
	case randomKind:
		return newRandomWalk(w, lang, interactive)
	case luredKind:
		return newLured(w, lang, p.effort)
	case followerKind:
		return newFollower(w, lang)
	}
	return newOracle(w, lang)
}

// maxSteps bounds any walk an agent writes, whatever its policy: twice the
// default budget of an interactive episode.
func maxSteps(m *mazes.Maze) int { return 8 * m.Size() * m.Size() }

// oneShot writes the whole walk and the final block. The walk follows the
// agent's belief: through a wall it reaches the other side, off the grid it
// stays.
func (a *Walker) oneShot(p prompt) string { return a.oneShotSeeded(p, walkSeed(a.name, p), 0) }

// oneShotSeeded is oneShot with the walk's random choices drawn from seed.
// A limit > 0 stops the reply once it is longer than limit bytes: the
// prefix of the whole reply a reader of limit bytes sees is the same.
func (a *Walker) oneShotSeeded(p prompt, seed uint64, limit int) string {
	w := newWalk(p.maze, seed)
	pol := a.newPolicy(w, p, false)
	wr := writer{lang: p.lang, confidence: p.confidence}
	for w.pos != w.exit && len(w.steps) < maxSteps(p.maze) {
		if limit > 0 && wr.b.Len() > limit {
			return wr.String()
		}
		mv, ok := pol.next(w)
		if !ok {
			break
		}
		mv.conf = stated(mv.conf, p.confidence)
		wr.move(len(w.steps)+1, w.pos, mv)
		w.add(w.pos, mv.dir, mv.conf, w.belief(w.pos, mv.dir))
		pol.moved(w)
	}
	if len(w.steps) > 0 {
		wr.b.WriteByte('\n')
	}
	wr.final(pol.final(w), w.steps)
	return wr.String()
}

// turn writes the next turn of an interactive walk: it replays the
// conversation into the policy, then writes one move, or the final block
// when the world says EXIT was reached or the policy stops.
func (a *Walker) turn(p prompt) string {
	w := newWalk(p.maze, walkSeed(a.name, p))
	pol := a.newPolicy(w, p, true)
	atExit := false
	for _, t := range p.turns {
		if t.hasStep {
			to := w.belief(t.step.From, t.step.Dir)
			if t.hasAnswer && t.answer.hasPos {
				to = t.answer.pos
			}
			if !p.maze.In(to) { // a step written from outside the maze: the world did not move
				to = w.pos
			}
			conf := -1
			if t.step.HasConf {
				conf = int(math.Round(t.step.Conf * 100))
			}
			w.add(t.step.From, t.step.Dir, conf, to)
			pol.moved(w)
		} else if t.answer.hasPos {
			w.pos = t.answer.pos
		}
		atExit = atExit || t.answer.exit
		for _, h := range t.answer.hints {
			pol.hinted(w, h)
		}
	}
	wr := writer{lang: p.lang, confidence: p.confidence}
	if !atExit && w.pos != w.exit && len(w.steps) < maxSteps(p.maze) {
		if mv, ok := pol.next(w); ok {
			mv.conf = stated(mv.conf, p.confidence)
			wr.move(len(w.steps)+1, w.pos, mv)
			return wr.String()
		}
	}
	wr.final(pol.final(w), w.steps)
	return wr.String()
}

// stated is the confidence a move records: its percentage when the prompt
// asks for one, else −1.
func stated(conf int, asked bool) int {
	if !asked {
		return -1
	}
	return conf
}
