package walkers

import (
	"github.com/hallumaze/hallumaze/mazes"
)

// follower cannot find its own way but takes the thread when it is given
// one: the reference model of a trainable walker, whose Ariadne's Thread
// effect is the seed's "TI > 0.3" (§9.3).
//
// Left alone it goes by feel, as the lured walker does: the first time it
// stands on a cell with a mirage lure it takes the lure's direction (a
// branch off the solution); otherwise toward EXIT, the farther of the
// vertical and the horizontal way first, to a cell it has not stood on
// where it can, else another open way to such a cell (west before north).
// At a dead end it does not turn back: it pushes through the wall toward
// EXIT. In a one-shot reply the
// wall gives way in its belief and it heads on; in an interactive walk the
// world refuses the move, and it pushes on, wall after wall of its cell in
// turn, until its moves run out. It never sees a mistake: no DEAD_END, no
// LOOP, 80–95% on every move, BACKTRACK_COUNT and HALLUCINATION_COUNT 0,
// and as FINAL_PATH its walk with loops cut out (EXIT appended where it
// did not get there). It does not read lures.
//
// A hint that names a direction ("... the way to the EXIT goes S.") is
// taken on its next move, and remembered: whenever it stands on a hinted
// cell again it goes the hinted way. And it teaches: from the first hint
// on, the walker believes walls, and at a dead end turns back the way it
// came. So without hints (Ariadne group A) it ends stuck against a wall
// with SR 0 and a low MEI, and with hints (groups B and C) it walks out of
// the lure's branch and on to EXIT.
type follower struct {
	lang  mazes.Lang
	limit int
	// vertFirst: on a tie, the vertical way toward EXIT comes first.
	vertFirst bool
	hint      mazes.Dir // the direction of the last hint, until the next move
	thread    map[mazes.Cell]mazes.Dir
	// lures holds each trapped cell's lure directions; followed the cells
	// whose lure it has taken.
	lures    map[mazes.Cell]mazes.Dir
	followed map[mazes.Cell]bool
	// taught: a hint has been given; from then on it believes walls, and
	// at a dead end turns back the way it came (stack) instead of pushing.
	taught bool
	stack  []mazes.Cell
}

func newFollower(w *walk, lang mazes.Lang) *follower {
	n := w.m.Size()
	f := &follower{lang: lang, limit: 3 * n * n, vertFirst: true, thread: make(map[mazes.Cell]mazes.Dir),
		lures: lureMap(w.m), followed: make(map[mazes.Cell]bool), stack: []mazes.Cell{w.pos}}
	if w.rng(streamSetup).chance(1, 2) {
		f.vertFirst = false
	}
	return f
}

func (f *follower) next(w *walk) (move, bool) {
	if w.pos == w.exit || len(w.steps) >= f.limit {
		return move{}, false
	}
	conf := w.rng(uint64(len(w.steps))).between(80, 95)
	if f.hint != 0 {
		return move{dir: f.hint, conf: conf, reason: phrase(f.lang, phFollowHint)}, true
	}
	if d, ok := f.thread[w.pos]; ok {
		return move{dir: d, conf: conf, reason: phrase(f.lang, phFollowHint)}, true
	}
	if set := f.lures[w.pos]; set != 0 && !f.followed[w.pos] {
		for _, d := range mazes.Dirs {
			if set&d != 0 {
				return move{dir: d, conf: conf, reason: phrase(f.lang, phLure, d.Letter())}, true
			}
		}
	}
	greedy := f.greedy(w)
	order := append(greedy, rest(greedy)...)
	for _, d := range order {
		if t := w.pos.Move(d); w.m.IsOpen(w.pos, d) && !w.visited(t) {
			return move{dir: d, conf: conf, reason: phrase(f.lang, phGreedy)}, true
		}
	}
	// A dead end. Taught by a hint, it turns back the way it came.
	if f.taught && len(f.stack) >= 2 {
		back := f.stack[len(f.stack)-2]
		if d := w.pos.DirTo(back); d != 0 {
			return move{dir: d, conf: conf, reason: phrase(f.lang, phReturn)}, true
		}
	}
	// Untaught, it does not believe it: through a wall toward EXIT, the
	// walls of its cell in turn as the world refuses them.
	var walls []mazes.Dir
	for _, d := range order {
		if !w.m.IsOpen(w.pos, d) && w.m.In(w.pos.Move(d)) {
			walls = append(walls, d)
		}
	}
	if len(walls) == 0 {
		// Every way is open and stood on: the way toward EXIT.
		return move{dir: order[0], conf: conf, reason: phrase(f.lang, phGreedy)}, true
	}
	return move{dir: walls[f.bumps(w)%len(walls)], conf: conf, reason: phrase(f.lang, phGreedy)}, true
}

// bumps counts the moves refused on the cell the walk stands on, since it
// last stood elsewhere.
func (f *follower) bumps(w *walk) int {
	n := 0
	for i := len(w.steps) - 1; i >= 0 && !w.steps[i].moved() && w.steps[i].from == w.pos; i-- {
		n++
	}
	return n
}

// greedy lists the ways toward EXIT, the farther first.
func (f *follower) greedy(w *walk) []mazes.Dir { return exitWays(w, f.vertFirst) }

// took.
func (f *follower) moved(w *walk) {
	rec, _ := w.last()
	if f.hint != 0 && rec.dir == f.hint {
		f.thread[rec.from] = f.hint
	}
	if f.lures[rec.from]&rec.dir != 0 {
		f.followed[rec.from] = true
	}
	f.hint = 0
	if rec.moved() {
		// A step onto a cell of the stack cuts it back there; any other
		// step pushes.
		for i, c := range f.stack {
			if c == rec.to {
				f.stack = f.stack[:i+1]
				return
			}
		}
		f.stack = append(f.stack, rec.to)
	}
}

// hinted keeps the direction a hint names, as the random walker does.
func (f *follower) hinted(_ *walk, text string) {
	if m := hintDirRE.FindAllStringSubmatch(text, -1); m != nil {
		d, _ := mazes.ParseDir(m[len(m)-1][1])
		f.hint, f.taught = d, true
	}
}

func (f *follower) final(w *walk) final {
	path := eraseLoops(w.trail)
	if path[len(path)-1] != w.exit {
		path = append(path, w.exit)
	}
	return final{path: path}
}
