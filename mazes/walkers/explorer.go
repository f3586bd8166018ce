package walkers

import "github.com/hallumaze/hallumaze/mazes"

// explorer searches the maze depth first from START, trying open directions
// in a fixed order per maze (S and E first, in an order drawn from the maze
// seed, then W and N likewise). At the end of a branch it writes
// "DEAD_END at (r,c) — backtracking" and walks back over the cells it came
// by, which the verified walk counts as backtracks (BT > 0); on reaching a
// junction again it sometimes (one time in two, seeded) writes "LOOP
// detected at (r,c) — visited at step M".
//
// Its confidences say what it knows: 55–65% on a move into one of several
// unexplored branches (it cannot know which leads to EXIT), 92–97% where only
// one unexplored way is left, 95–99% when retracing known passages and
// 92–97% when following a hint. Its
// BACKTRACK_COUNT and HALLUCINATION_COUNT are its own honest tally, and its
// FINAL_PATH is its walk with the explored branches cut out: the solution.
// It scores SR=1, HC=0, MEI=0.9, BRS=1, BT>0 on most mazes and a CE around
// 0.1 (CE rewards only the validity of a move, and the explorer is honestly
// unsure at junctions).
//
// Any hint switches it to the shortest way from where it stands to EXIT,
// announced by a STRATEGY_CHANGE line.
type explorer struct {
	lang  mazes.Lang
	order [4]mazes.Dir
	// stack is the depth-first path from START to where the walk stands.
	stack []mazes.Cell
	// back: the last move walked back along the stack.
	back bool
	// direct: following the shortest way to EXIT (after a hint, or when
	// the world put the walk where the stack does not lead).
	direct bool
	// pending holds the STRATEGY_CHANGE reason to write with the next move.
	pending string
}

func newExplorer(w *walk, lang mazes.Lang) *explorer {
	r := w.rng(streamSetup)
	e := &explorer{lang: lang, order: [4]mazes.Dir{mazes.South, mazes.East, mazes.West, mazes.North}}
	if r.chance(1, 2) {
		e.order[0], e.order[1] = e.order[1], e.order[0]
	}
	if r.chance(1, 2) {
		e.order[2], e.order[3] = e.order[3], e.order[2]
	}
	e.stack = []mazes.Cell{w.pos}
	return e
}

func (e *explorer) next(w *walk) (move, bool) {
	if w.pos == w.exit {
		return move{}, false
	}
	r := w.rng(uint64(len(w.steps)))
	var notes []string
	if !e.direct && e.stack[len(e.stack)-1] != w.pos {
		e.direct, e.pending = true, phrase(e.lang, phLostChange, w.pos)
	}
	if e.pending != "" {
		notes = append(notes, strategyLine(e.pending))
		e.pending = ""
	}
	if e.direct {
		next, ok := towardExit(w, nil)
		if !ok {
			return move{}, false
		}
		d := w.pos.DirTo(next)
		return move{notes: notes, dir: d, conf: r.between(92, 97), reason: phrase(e.lang, phFollowHint)}, true
	}
	var fresh []mazes.Dir
	for _, d := range e.order {
		if w.m.IsOpen(w.pos, d) && !w.visited(w.pos.Move(d)) {
			fresh = append(fresh, d)
		}
	}
	if len(fresh) > 0 {
		if e.back && r.chance(1, 2) {
			notes = append(notes, loopLine(w.pos, w.firstStep[w.index(w.pos)]))
		}
		mv := move{notes: notes, dir: fresh[0], conf: r.between(92, 97), reason: phrase(e.lang, phOnlyWay)}
		if len(fresh) > 1 {
			mv.conf, mv.reason = r.between(55, 65), phrase(e.lang, phBranch, len(fresh))
		}
		return mv, true
	}
	if len(e.stack) < 2 {
		return move{}, false // every branch explored: impossible in a perfect maze
	}
	prev := e.stack[len(e.stack)-2]
	d := w.pos.DirTo(prev)
	if d == 0 {
		return move{}, false
	}
	if !e.back {
		notes = append(notes, deadEndLine(w.pos))
	}
	return move{notes: notes, dir: d, conf: r.between(95, 99), reason: phrase(e.lang, phBack, prev)}, true
}

func (e *explorer) moved(w *walk) {
	e.pending = "" // written with the move just made
	rec, _ := w.last()
	if e.direct || !rec.moved() {
		return
	}
	if e.stack[len(e.stack)-1] != rec.from {
		// The world has the walk somewhere the search does not lead.
		e.direct, e.pending = true, phrase(e.lang, phLostChange, rec.to)
		return
	}
	if n := len(e.stack); n >= 2 && rec.to == e.stack[n-2] {
		e.stack = e.stack[:n-1]
		e.back = true
		return
	}
	e.stack = append(e.stack, rec.to)
	e.back = false
}

func (e *explorer) hinted(w *walk, _ string) {
	e.direct = true
	e.pending = phrase(e.lang, phHintChange, w.pos)
}

func (e *explorer) final(w *walk) final {
	return final{backtracks: w.bt, hallucinations: w.hc, path: eraseLoops(w.trail)}
}
