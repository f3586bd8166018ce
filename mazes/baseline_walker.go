package mazes

import "strconv"

// randomWalker plays one walk of a baseline and scores it.
//
// By default it builds the transcript ParseReply would read from its reply
// (one-shot), or plays its moves through the episode's own move and merge
// (interactive), without writing the text: that is what makes a baseline of
// hundreds of walks cheap. With text set it writes the reply, or each
// turn's reply, and has it read by ParseReply, or played by Episode.Turn,
// exactly as a model's would be; the tests hold the two ways to the same
// scores, walk for walk.
type randomWalker struct {
	m      *Maze
	opt    PromptOptions
	budget int
	conf   float64 // the confidence stated on each step, when hasConf
	loops  bool    // write a LOOP line on stepping onto the trail
	text   bool    // write and read the replies

	hasConf bool
	steps   []Step
	cells   []Cell
	nLoops  int
	seen    []int32 // the step that first reached each cell, −1 if none (START: 0)
	buf     []byte
}

func newRandomWalker(m *Maze, opt PromptOptions, budget int) *randomWalker {
	return &randomWalker{m: m, opt: opt, budget: budget, conf: 0.5, hasConf: opt.Confidence}
}

// play walks with the direction pick gives for each step k (0-based) from
// the cell the walker stands on, and scores the walk.
func (w *randomWalker) play(pick func(k int, at Cell) Dir) Scores {
	w.cells = append(w.cells[:0], w.m.Start())
	w.steps = w.steps[:0]
	w.buf = w.buf[:0]
	w.nLoops = 0
	if w.loops {
		w.resetTrail()
	}
	if w.opt.Protocol == Interactive {
		if w.text {
			return w.episodeText(pick)
		}
		return w.episode(pick)
	}
	pos, exit := w.m.Start(), w.m.Exit()
	for k := 0; k < w.budget && pos != exit; k++ {
		d := pick(k, pos)
		w.step(k+1, pos, d)
		if t := pos.Move(d); w.m.In(t) {
			pos = t
			w.cells = append(w.cells, t)
			w.trail(k+1, t)
		}
	}
	if w.text {
		w.writeFinalPath()
		return Score(w.m, ParseReply(string(w.buf)))
	}
	return Score(w.m, Transcript{Steps: w.steps, Loops: w.nLoops, FinalPath: w.cells, HasFinalPath: true})
}

// episode plays the walk on an Episode as Turn plays a reply of one STEP
// line: the move from where the walk really is, counted as a turn; the
// final block once EXIT was reached; the end when the budget is spent. A
// LOOP line about the last move is merged with the next turn.
func (w *randomWalker) episode(pick func(k int, at Cell) Dir) Scores {
	e := NewEpisode(w.m, w.opt, w.budget)
	for k := 0; !e.Done(); k++ {
		e.stats.Turns++
		if e.atExit {
			e.merge(Transcript{Loops: w.takeLoops(), FinalPath: w.cells, HasFinalPath: true})
			e.end(EndFinalPath)
			break
		}
		if n := w.takeLoops(); n > 0 {
			e.merge(Transcript{Loops: n})
		}
		at := e.pos
		e.move(Step{K: k + 1, From: at, Dir: pick(k, at), Conf: w.conf, HasConf: w.hasConf})
		e.stats.StepsUsed++
		if e.pos == w.m.Exit() {
			e.atExit = true
		} else if e.stats.StepsUsed >= e.budget {
			e.end(EndBudget)
		}
		if e.pos != at {
			w.cells = append(w.cells, e.pos)
			w.trail(k+1, e.pos)
		}
	}
	return e.Scores()
}

// episodeText drives the episode with the replies' text through Turn.
func (w *randomWalker) episodeText(pick func(k int, at Cell) Dir) Scores {
	e := NewEpisode(w.m, w.opt, w.budget)
	for k := 0; !e.Done(); k++ {
		at := e.Position()
		if at == w.m.Exit() {
			w.writeFinalPath()
			e.Turn(string(w.buf))
			break
		}
		w.step(k+1, at, pick(k, at))
		e.Turn(string(w.buf))
		w.buf = w.buf[:0]
		if p := e.Position(); p != at {
			w.cells = append(w.cells, p)
			w.trail(k+1, p)
		}
	}
	return e.Scores()
}

func (w *randomWalker) takeLoops() int {
	n := w.nLoops
	w.nLoops = 0
	return n
}

// resetTrail forgets the last walk's trail: only START is on it, at step 0.
func (w *randomWalker) resetTrail() {
	if w.seen == nil {
		w.seen = make([]int32, w.m.n*w.m.n)
	}
	for i := range w.seen {
		w.seen[i] = -1
	}
	w.seen[w.m.index(w.m.Start())] = 0
}

// trail notes that step k reached c; a LoopReporting walker that was there
// before says so: "LOOP detected at (r,c) — visited at step M".
func (w *randomWalker) trail(k int, c Cell) {
	if !w.loops {
		return
	}
	i := w.m.index(c)
	first := w.seen[i]
	if first < 0 {
		w.seen[i] = int32(k)
		return
	}
	w.nLoops++
	if w.text {
		w.buf = append(w.buf, "LOOP detected at "...)
		w.buf = c.AppendText(w.buf)
		w.buf = append(w.buf, " — visited at step "...)
		w.buf = strconv.AppendInt(w.buf, int64(first), 10)
		w.buf = append(w.buf, '\n')
	}
}

// step records (or writes) "STEP k: (r,c) → D[ | confidence: X%]".
func (w *randomWalker) step(k int, from Cell, d Dir) {
	if !w.text {
		w.steps = append(w.steps, Step{K: k, From: from, Dir: d, Conf: w.conf, HasConf: w.hasConf})
		return
	}
	w.buf = append(w.buf, "STEP "...)
	w.buf = strconv.AppendInt(w.buf, int64(k), 10)
	w.buf = append(w.buf, ": "...)
	w.buf = from.AppendText(w.buf)
	w.buf = append(w.buf, " → "...)
	w.buf = append(w.buf, d.Letter()...)
	if w.hasConf {
		w.buf = append(w.buf, " | confidence: "...)
		w.buf = strconv.AppendFloat(w.buf, 100*w.conf, 'f', -1, 64)
		w.buf = append(w.buf, '%')
	}
	w.buf = append(w.buf, '\n')
}

// writeFinalPath writes "FINAL_PATH: (r,c)→(r,c)→..." of the cells walked.
func (w *randomWalker) writeFinalPath() {
	w.buf = append(w.buf, "FINAL_PATH: "...)
	for i, c := range w.cells {
		if i > 0 {
			w.buf = append(w.buf, "→"...)
		}
		w.buf = c.AppendText(w.buf)
	}
	w.buf = append(w.buf, '\n')
}
