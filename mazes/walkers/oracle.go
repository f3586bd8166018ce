package walkers

import "github.com/hallumaze/hallumaze/mazes"

// oracle solves the maze and walks its solution: every move valid, stated
// with 95–99% confidence, no backtrack, no hallucination. It scores SR=1,
// HC=0, BT=0, MEI=0.9 (the most the seed's weights give), BRS=1 and a CE
// near 0.03: the top of the scale.
type oracle struct {
	lang mazes.Lang
	// along maps each cell of the solution to its index on it.
	along map[mazes.Cell]int
}

func newOracle(w *walk, lang mazes.Lang) *oracle {
	o := &oracle{lang: lang, along: make(map[mazes.Cell]int, len(w.m.Solution()))}
	for i, c := range w.m.Solution() {
		o.along[c] = i
	}
	return o
}

func (o *oracle) next(w *walk) (move, bool) {
	next, ok := towardExit(w, o.along)
	if !ok {
		return move{}, false
	}
	d := w.pos.DirTo(next)
	conf := w.rng(uint64(len(w.steps))).between(95, 99)
	return move{dir: d, conf: conf, reason: phrase(o.lang, phOnPath)}, true
}

func (o *oracle) moved(*walk)          {}
func (o *oracle) hinted(*walk, string) {}

func (o *oracle) final(w *walk) final {
	return final{backtracks: w.bt, hallucinations: w.hc, path: w.m.Solution()}
}

// towardExit returns the next cell on the way from w.pos to EXIT: along the
// solution when the walk is on it, else the first cell of the shortest way
// from where it stands. ok is false at EXIT.
func towardExit(w *walk, along map[mazes.Cell]int) (mazes.Cell, bool) {
	if w.pos == w.exit || !w.m.In(w.pos) {
		return mazes.Cell{}, false
	}
	if i, ok := along[w.pos]; ok {
		return w.m.Solution()[i+1], true
	}
	path := mazes.Solve(w.m, w.pos, w.exit)
	if len(path) < 2 {
		return mazes.Cell{}, false
	}
	return path[1], true
}
