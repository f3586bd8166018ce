package walkers

import (
	"slices"

	"github.com/hallumaze/hallumaze/mazes"
)

// lured is a System-1 walker: it goes by feel, says nothing of what it
// meets, is sure of every move, and a sentence that says the exit is near
// outweighs the listing of walls.
//
// Its feel is the direction of EXIT: south or east, whichever is farther
// to go (a tie is broken per maze). Left alone it searches depth first
// with that preference: an open way toward EXIT to a cell it has not stood
// on, else another open way to such a cell (west before north), and at a
// dead end it turns back the way it came until a cell offers a way on. So
// with the lures hidden it reaches EXIT without a wall crossing, and its
// FINAL_PATH, its walk with the branches it turned back from cut out, is
// the solution.
//
// The first time it stands on a cell with a mirage lure it takes the
// lure's direction (lures sit on the solution and point off it, so this
// is a wrong branch), and believes the exit lies ahead: it follows the
// branch, any open way to a cell not stood on, and at the branch's dead
// end, rather than turning back, walks through the wall it believes leads
// on, toward EXIT where it can (to a cell it has not stood on where it
// can). Past that wall it heads straight for EXIT: the open one of south
// and east, the farther to go first, through the wall when neither is
// open. It never sees its mistake: no DEAD_END, no LOOP, 90–99% on every
// move, BACKTRACK_COUNT 0 and HALLUCINATION_COUNT 0, and as FINAL_PATH
// its walk with loops cut out, which crosses the walls it went through.
//
// So the lures alone separate its runs: on a maze with lures it meets
// the first lure on the solution (a walk that reaches EXIT without a
// wall crossing stands on every cell of the solution, and on each first
// from START's side, with the lure's branch still unexplored), and on its
// lure-free twin it solves the maze. In an interactive walk the world
// refuses wall crossings; it does not believe a wall until the world has
// refused the same move twice, then tries the next wall, and turns back
// when no wall is left to try. It stops after 3·N² moves and ignores
// hints.
//
// Asked to think harder (Request.Effort: a reasoning effort, or a thinking
// budget, on the scale the agents package reads), it checks its work more, the reference
// of the Effort experiment: at "medium" it checks the wall listing before
// each move, so at a lure's dead end it turns back as it does left alone
// (it still takes the lure); at "high" it also checks a lure against the
// walls, which show the lure's way ends in a dead end, and never takes
// one: it walks as it does with the lures hidden. At "low", and with no
// effort asked, it is the walker above.
type lured struct {
	// checksWalls: it believes the wall listing (medium effort and up);
	// checksLures: it takes no lure (high effort).
	checksWalls, checksLures bool
	lang                     mazes.Lang
	limit                    int
	// vertFirst: on a tie, the vertical way toward EXIT comes first.
	vertFirst bool
	// lures holds each trapped cell's lure directions; followed the cells
	// whose lure it has taken.
	lures    map[mazes.Cell]mazes.Dir
	followed map[mazes.Cell]bool
	mode     luredMode
	// stack is its way from START to where it stands, without the
	// branches it turned back from.
	stack []mazes.Cell
	// doubted holds, per cell, the directions the world refused there
	// once, refused those it refused twice: a wall is believed only the
	// second time.
	doubted map[mazes.Cell]mazes.Dir
	refused map[mazes.Cell]mazes.Dir
}

// luredMode is what the lured walker believes.
type luredMode int

const (
	// searching: depth first toward EXIT, turning back at dead ends.
	searching luredMode = iota
	// spellbound: it has taken a lure and believes the branch leads on;
	// a dead end is a wall to walk through.
	spellbound
	// headlong: it has walked through a wall and heads straight for EXIT.
	headlong
)

func newLured(w *walk, lang mazes.Lang, effort string) *lured {
	n := w.m.Size()
	l := &lured{
		checksWalls: effort == "medium" || effort == "high",
		checksLures: effort == "high",
		lang:        lang,
		limit:       3 * n * n,
		vertFirst:   true,
		lures:       lureMap(w.m),
		followed:    make(map[mazes.Cell]bool),
		stack:       []mazes.Cell{w.pos},
		doubted:     make(map[mazes.Cell]mazes.Dir),
		refused:     make(map[mazes.Cell]mazes.Dir),
	}
	if w.rng(streamSetup).chance(1, 2) {
		l.vertFirst = false
	}
	return l
}

func (l *lured) next(w *walk) (move, bool) {
	if w.pos == w.exit || len(w.steps) >= l.limit {
		return move{}, false
	}
	conf := w.rng(uint64(len(w.steps))).between(90, 99)
	if set := l.lures[w.pos] &^ l.refused[w.pos]; set != 0 && !l.followed[w.pos] && !l.checksLures {
		for _, d := range mazes.Dirs {
			if set&d != 0 {
				return move{dir: d, conf: conf, reason: phrase(l.lang, phLure, d.Letter())}, true
			}
		}
	}
	d, why, ok := l.choose(w)
	if !ok {
		return move{}, false
	}
	return move{dir: d, conf: conf, reason: phrase(l.lang, why)}, true
}

// choose picks the direction of the next move in the walker's mode, and
// the phrase that gives its reason.
func (l *lured) choose(w *walk) (mazes.Dir, string, bool) {
	greedy := l.greedy(w)
	if l.mode == headlong {
		for _, d := range greedy {
			if w.m.IsOpen(w.pos, d) {
				return d, phGreedy, true
			}
		}
		if len(greedy) > 0 {
			return greedy[0], phGreedy, true
		}
		// Every way toward EXIT was refused (an interactive walk): search.
	}
	order := append(greedy, rest(greedy)...)
	why := func(d mazes.Dir) string {
		if slices.Contains(greedy, d) {
			return phGreedy
		}
		return phOnward
	}
	for _, d := range order {
		if l.fresh(w, d) {
			return d, why(d), true
		}
	}
	if l.mode != searching && !l.checksWalls {
		// A dead end it does not believe: through a wall, to a cell not
		// stood on where it can.
		for _, pass := range []bool{true, false} {
			for _, d := range order {
				if l.wall(w, d) && (!pass || !w.visited(w.pos.Move(d))) {
					return d, why(d), true
				}
			}
		}
	}
	if d, ok := l.wayBack(w); ok {
		return d, phReturn, true
	}
	// Nowhere new and no way back: any open way not refused.
	for _, d := range order {
		if w.m.IsOpen(w.pos, d) && l.refused[w.pos]&d == 0 {
			return d, why(d), true
		}
	}
	return 0, "", false
}

// fresh reports whether d is open from where the walk stands, leads to a
// cell not stood on, and was not refused there.
func (l *lured) fresh(w *walk, d mazes.Dir) bool {
	return w.m.IsOpen(w.pos, d) && !w.visited(w.pos.Move(d)) && l.refused[w.pos]&d == 0
}

// wall reports whether d is a wall inside the grid from where the walk
// stands, not yet refused twice there.
func (l *lured) wall(w *walk, d mazes.Dir) bool {
	return !w.m.IsOpen(w.pos, d) && w.m.In(w.pos.Move(d)) && l.refused[w.pos]&d == 0
}

// wayBack is the direction to the cell it came from, when an open passage
// (not refused) leads there.
func (l *lured) wayBack(w *walk) (mazes.Dir, bool) {
	if len(l.stack) < 2 || l.stack[len(l.stack)-1] != w.pos {
		return 0, false
	}
	d := w.pos.DirTo(l.stack[len(l.stack)-2])
	if d == 0 || !w.m.IsOpen(w.pos, d) || l.refused[w.pos]&d != 0 {
		return 0, false
	}
	return d, true
}

// greedy lists the directions toward EXIT from w.pos, the farther to go
// first, without the directions refused here.
func (l *lured) greedy(w *walk) []mazes.Dir {
	out := exitWays(w, l.vertFirst)
	return slices.DeleteFunc(out, func(d mazes.Dir) bool { return l.refused[w.pos]&d != 0 })
}

// exitWays lists the ways toward EXIT from where the walk stands, the
// farther to go first (the vertical one on a tie when vertFirst).
func exitWays(w *walk, vertFirst bool) []mazes.Dir {
	dr, dc := w.exit.R-w.pos.R, w.exit.C-w.pos.C
	vert, horiz := mazes.South, mazes.East
	if dr < 0 {
		vert, dr = mazes.North, -dr
	}
	if dc < 0 {
		horiz, dc = mazes.West, -dc
	}
	order := []mazes.Dir{vert, horiz}
	if dc > dr || (dc == dr && !vertFirst) {
		order = []mazes.Dir{horiz, vert}
	}
	out := make([]mazes.Dir, 0, 4)
	for _, d := range order {
		if (d == vert && dr != 0) || (d == horiz && dc != 0) {
			out = append(out, d)
		}
	}
	return out
}

// lureMap holds each trapped cell's lure directions, as the prompt shows
// them.
func lureMap(m *mazes.Maze) map[mazes.Cell]mazes.Dir {
	lures := make(map[mazes.Cell]mazes.Dir)
	for _, t := range m.Traps() {
		lures[t.Cell] |= t.Dir
	}
	return lures
}

// rest lists the directions not in greedy: west, north, east, south.
func rest(greedy []mazes.Dir) []mazes.Dir {
	var out []mazes.Dir
	for _, d := range []mazes.Dir{mazes.West, mazes.North, mazes.East, mazes.South} {
		if !slices.Contains(greedy, d) {
			out = append(out, d)
		}
	}
	return out
}

func (l *lured) moved(w *walk) {
	rec, _ := w.last()
	if l.lures[rec.from]&rec.dir != 0 && !l.followed[rec.from] && !l.checksLures {
		l.followed[rec.from] = true
		if rec.moved() {
			l.mode = spellbound
		}
	}
	if !rec.moved() {
		if l.doubted[rec.from]&rec.dir != 0 {
			l.refused[rec.from] |= rec.dir
		}
		l.doubted[rec.from] |= rec.dir
		return
	}
	if !w.m.IsOpen(rec.from, rec.dir) {
		l.mode = headlong // through a wall: the exit must be straight on
	}
	// Keep the stack: a step onto a cell of the stack cuts it back to that
	// cell (a step back pops), any other step pushes.
	for i, c := range l.stack {
		if c == rec.to {
			l.stack = l.stack[:i+1]
			return
		}
	}
	l.stack = append(l.stack, rec.to)
}

func (l *lured) hinted(*walk, string) {}

func (l *lured) final(w *walk) final {
	return final{path: eraseLoops(w.trail)}
}

// luredThoughts is what the lured walker thinks at an effort: the checks
// it makes.
func luredThoughts(effort string) string {
	switch effort {
	case "high":
		return "Effort high: before each move I check the wall listing of my cell, and before taking a way a sentence says leads to the exit I check it against the walls: where those ways end in dead ends I do not take them."
	case "medium":
		return "Effort medium: before each move I check the wall listing of my cell; where the walls close a way I turn back rather than go through."
	}
	return "Effort " + effort + ": I go by feel toward the exit and trust what the maze's sentences say; I do not check the wall listing."
}
