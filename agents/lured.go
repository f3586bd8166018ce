package agents

import "github.com/hallumaze/hallumaze/mazes"

// lured is a System-1 walker. Where a cell carries a mirage lure it takes
// the lure's direction (the first time it stands there); elsewhere it heads
// straight for EXIT: south or east, whichever is farther to go (a tie is
// broken per maze), taking the other one when only that is open, and
// walking through the wall when neither is; of the two it does not take
// the one that undoes its previous move. It never backtracks on
// purpose, never writes DEAD_END or LOOP, states 90–99% on every move,
// reports BACKTRACK_COUNT 0 and HALLUCINATION_COUNT 0, and gives as
// FINAL_PATH the staircase straight from START to EXIT, which the walls
// almost always cut (SR 0).
//
// With the lures hidden it still walks through walls greedily; with them
// shown its lure rate is high. In an interactive walk the world refuses its
// wall crossings; it does not believe a wall until the world has refused
// the same move twice, then tries the other greedy direction, then any open
// one, and stops after 4·N moves. It ignores hints. Its CE is well above the
// oracle's and the explorer's: it is sure of every move, and many are
// invalid.
type lured struct {
	lang  mazes.Lang
	limit int
	first mazes.Dir // S or E: the greedy direction on a tie
	// lures holds each trapped cell's lure directions; followed the cells
	// whose lure it has taken.
	lures    map[mazes.Cell]mazes.Dir
	followed map[mazes.Cell]bool
	// doubted holds, per cell, the directions the world refused there
	// once, refused those it refused twice: a wall is believed only the
	// second time.
	doubted map[mazes.Cell]mazes.Dir
	refused map[mazes.Cell]mazes.Dir
}

func newLured(w *walk, lang mazes.Lang) *lured {
	l := &lured{
		lang:     lang,
		limit:    4 * w.m.Size(),
		first:    mazes.South,
		lures:    make(map[mazes.Cell]mazes.Dir),
		followed: make(map[mazes.Cell]bool),
		doubted:  make(map[mazes.Cell]mazes.Dir),
		refused:  make(map[mazes.Cell]mazes.Dir),
	}
	if w.rng(streamSetup).chance(1, 2) {
		l.first = mazes.East
	}
	for _, t := range w.m.Traps() {
		l.lures[t.Cell] |= t.Dir
	}
	return l
}

func (l *lured) next(w *walk) (move, bool) {
	if w.pos == w.exit || len(w.steps) >= l.limit {
		return move{}, false
	}
	conf := w.rng(uint64(len(w.steps))).between(90, 99)
	if set := l.lures[w.pos] &^ l.refused[w.pos]; set != 0 && !l.followed[w.pos] {
		for _, d := range mazes.Dirs {
			if set&d != 0 {
				return move{dir: d, conf: conf, reason: phrase(l.lang, phLure, d.Letter())}, true
			}
		}
	}
	var back mazes.Dir
	if last, ok := w.last(); ok && last.moved() {
		back = last.dir.Opposite()
	}
	greedy := l.greedy(w, back)
	for _, d := range greedy {
		if w.m.IsOpen(w.pos, d) {
			return move{dir: d, conf: conf, reason: phrase(l.lang, phGreedy)}, true
		}
	}
	if len(greedy) > 0 {
		return move{dir: greedy[0], conf: conf, reason: phrase(l.lang, phGreedy)}, true
	}
	// Everything toward the exit was refused: any other open way, the way
	// back last.
	for _, d := range []mazes.Dir{mazes.South, mazes.East, mazes.West, mazes.North} {
		if d != back && w.m.IsOpen(w.pos, d) && l.refused[w.pos]&d == 0 {
			return move{dir: d, conf: conf, reason: phrase(l.lang, phGreedy)}, true
		}
	}
	if back != 0 && w.m.IsOpen(w.pos, back) {
		return move{dir: back, conf: conf, reason: phrase(l.lang, phGreedy)}, true
	}
	return move{}, false
}

// greedy lists the directions toward EXIT from w.pos, the farther to go
// first, without the directions refused here, and without the way back
// unless it is the only one.
func (l *lured) greedy(w *walk, back mazes.Dir) []mazes.Dir {
	n := w.m.Size()
	dr, dc := n-1-w.pos.R, n-1-w.pos.C
	order := []mazes.Dir{l.first, other(l.first)}
	switch {
	case dr > dc:
		order = []mazes.Dir{mazes.South, mazes.East}
	case dc > dr:
		order = []mazes.Dir{mazes.East, mazes.South}
	}
	var out []mazes.Dir
	for _, d := range order {
		if (d == mazes.South && dr == 0) || (d == mazes.East && dc == 0) || l.refused[w.pos]&d != 0 {
			continue
		}
		out = append(out, d)
	}
	if len(out) == 2 && out[0] == back {
		out = out[1:]
	} else if len(out) == 2 && out[1] == back {
		out = out[:1]
	}
	return out
}

func other(d mazes.Dir) mazes.Dir {
	if d == mazes.South {
		return mazes.East
	}
	return mazes.South
}

func (l *lured) moved(w *walk) {
	rec, _ := w.last()
	if l.lures[rec.from]&rec.dir != 0 {
		l.followed[rec.from] = true
	}
	if !rec.moved() {
		if l.doubted[rec.from]&rec.dir != 0 {
			l.refused[rec.from] |= rec.dir
		}
		l.doubted[rec.from] |= rec.dir
	}
}

func (l *lured) hinted(*walk, string) {}

func (l *lured) final(w *walk) final {
	return final{path: staircase(w.m.Size())}
}

// staircase is the path straight from START to EXIT of an n×n maze that
// ignores the walls: south and east in turn, the farther to go first.
func staircase(n int) []mazes.Cell {
	c := mazes.Cell{}
	path := []mazes.Cell{c}
	for c.R < n-1 || c.C < n-1 {
		if n-1-c.R >= n-1-c.C {
			c.R++
		} else {
			c.C++
		}
		path = append(path, c)
	}
	return path
}
