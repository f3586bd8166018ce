package walkers

import (
	"regexp"

	"github.com/hallumaze/hallumaze/mazes"
)

// randomWalk wanders: from each cell it takes a uniformly chosen open
// direction, except that one move in eight picks any of the four directions,
// walls and the edge included. It stops at EXIT or after 2·N² moves. It
// revisits cells and goes round in circles, sometimes says so (a LOOP line
// one time in three after stepping onto a visited cell, a DEAD_END line
// one time in two at a dead end), and states confidences spread over
// 35–95% whatever it does.
//
// Its final block is careless: the backtrack count is a guess, the
// hallucination count 0 or 1, and its FINAL_PATH is its trail with the loops
// cut out, with EXIT appended when it never got there (so invalid then, or
// when it crossed a wall). In a one-shot reply it leaves FINAL_PATH out one
// time in four; in an interactive walk it always gives one, so that the
// episode ends.
//
// It is trainable, a little: a hint that names a direction (Ariadne's
// thread: "... the way to the EXIT goes S.") is taken on its next move,
// after which it wanders again. A hint naming no direction changes
// nothing. This gives the Ariadne experiment a model whose hints are
// followed at once (NRS 1) but whose walk they only nudge.
//
// It scores well below the explorer: SR mostly 0 on mazes of 7 and more,
// HC > 0, MEI near 0.77 (its many revisits and LOOP lines earn the
// recovery terms), BRS low, CE around 0.36.
type randomWalk struct {
	lang        mazes.Lang
	limit       int
	interactive bool
	hint        mazes.Dir // the direction of the last hint, until the next move
	// quiet makes the same decisions without writing their words: a note
	// is its keyword alone (LOOP, DEAD_END) and a move has no reason. The
	// chance baseline, which reads the walk and not the text, draws so,
	// with the notes of each move in notes, used until the next move.
	quiet bool
	notes []string
}

func newRandomWalk(w *walk, lang mazes.Lang, interactive bool) *randomWalk {
	n := w.m.Size()
	return &randomWalk{lang: lang, limit: 2 * n * n, interactive: interactive}
}

func (rw *randomWalk) next(w *walk) (move, bool) {
	if w.pos == w.exit || len(w.steps) >= rw.limit {
		return move{}, false
	}
	r := w.rng(uint64(len(w.steps)))
	var notes []string
	if rw.quiet {
		notes = rw.notes[:0]
	}
	if last, ok := w.last(); ok && last.revisit && r.chance(1, 3) {
		if rw.quiet {
			notes = append(notes, noteLoop)
		} else {
			notes = append(notes, loopLine(w.pos, w.firstStep[w.index(w.pos)]))
		}
	}
	var buf [4]mazes.Dir
	open := appendOpen(buf[:0], w.m, w.pos)
	if len(open) == 1 && w.pos != w.m.Start() && r.chance(1, 2) {
		if rw.quiet {
			notes = append(notes, noteDeadEnd)
		} else {
			notes = append(notes, deadEndLine(w.pos))
		}
	}
	var d mazes.Dir
	switch {
	case rw.hint != 0:
		d = rw.hint
	case r.chance(1, 8) || len(open) == 0:
		d = mazes.Dirs[r.intn(4)]
	default:
		d = open[r.intn(len(open))]
	}
	mv := move{notes: notes, dir: d, conf: r.between(35, 95)}
	if rw.quiet {
		rw.notes = notes
	} else {
		mv.reason = phrase(rw.lang, phRandom)
	}
	return mv, true
}

// The notes of a quiet walk: the keywords that begin the lines it would
// write.
const (
	noteLoop    = "LOOP"
	noteDeadEnd = "DEAD_END"
)

func (rw *randomWalk) moved(*walk) { rw.hint = 0 }

// hinted keeps the direction a hint names: the last lone N, E, S or W in
// its text.
func (rw *randomWalk) hinted(_ *walk, text string) {
	if m := hintDirRE.FindAllStringSubmatch(text, -1); m != nil {
		d, _ := mazes.ParseDir(m[len(m)-1][1])
		rw.hint = d
	}
}

var hintDirRE = regexp.MustCompile(`\b([NESW])\b`)

func (rw *randomWalk) final(w *walk) final {
	r := w.rng(streamFinal)
	f := final{backtracks: r.intn(w.bt + 2), hallucinations: r.intn(2)}
	if !rw.interactive && r.chance(1, 4) {
		f.noPath = true
		return f
	}
	f.path = eraseLoops(w.trail)
	if f.path[len(f.path)-1] != w.exit {
		f.path = append(f.path, w.exit)
	}
	return f
}
