package lenient

import "github.com/hallumaze/hallumaze/mazes"

// lenientOnly reports that the reading holds a move or a path only the
// lenient tier reads.
func (r Reading) lenientOnly() bool { return r.Form == FormMoves || r.Form == FormPath }

// Scores are the metrics of the lenient tier's reading of a reply
// (or of an interactive episode), computed by the same definitions as the
// strict tier's, with the format measurements beside them. In JSON the
// metrics keep the score JSON's keys, and "form" and "format" are added.
type Scores struct {
	mazes.Scores
	// Form is what the lenient tier read in a one-shot reply; empty for an
	// episode.
	Form Form `json:"form,omitempty"`
	// Refused and CharGrid are the reading's (see Reading).
	Refused  string       `json:"refused,omitempty"`
	CharGrid bool         `json:"char_grid,omitempty"`
	Format   mazes.Format `json:"format"`
}

// Score reads a one-shot reply with the lenient tier and scores it
// against the maze. Where the strict tier reads the reply and no reasoning
// block was set aside, the scores are exactly
// mazes.Score(m, mazes.ParseReply(reply)).
func Score(m *mazes.Maze, reply string) Scores {
	return scoresOf(m, Parse(reply), nil)
}

// ScoreReply scores a one-shot reply under both tiers, reading it once
// where the strict tier reads it: the strict transcript, its walk and
// scores (mazes.ParseReply, mazes.Verify, mazes.Score) and the lenient
// tier's scores (Score), to the bit what the four give.
func ScoreReply(m *mazes.Maze, reply string) (mazes.Transcript, mazes.Walk, mazes.Scores, Scores) {
	tr := mazes.ParseReply(reply)
	w := mazes.Verify(m, tr.Steps)
	s := mazes.ScoreVerified(m, tr, w)
	if len(reply) > mazes.MaxReply {
		return tr, w, s, Score(m, reply)
	}
	return tr, w, s, scoresOf(m, parse(reply, tr), &s)
}

// scoresOf scores a reading; strict, when given, are the scores of
// the strict transcript of the whole reply, which a reading of the strict
// form without a reasoning block set aside has.
func scoresOf(m *mazes.Maze, r Reading, strict *mazes.Scores) Scores {
	r = r.ForMaze(m)
	var sc mazes.Scores
	if strict != nil && r.Form == FormStrict && !r.Reasoning {
		sc = strict.Clone()
	} else {
		sc = mazes.Score(m, r.Transcript(m))
	}
	s := Scores{Scores: sc, Form: r.Form, Refused: r.Refused, CharGrid: r.CharGrid}
	s.Format.Count(r.Compliant, r.lenientOnly())
	if r.Form == FormNone {
		s.Format.ParseFailures = 1
	}
	return s
}

// ForMaze reads again, knowing the maze, a path given in the coordinates
// of the maze's character grid: benchmarks that show a maze as the ASCII
// grid of maze-dataset (cell (r,c) at line 2r+1, column 2c+1) get answers
// that name the characters' coordinates, "(7,1) → (7,3) → (5,3)" or, one
// character at a time, "(7,1) (7,2) (7,3)". A path is read that way when
// every coordinate lies in the (2N+1)×(2N+1) grid, it begins at START's
// character or ends at EXIT's, it does not read as cells (a coordinate
// lies outside the N×N maze, or the path neither begins at START nor ends
// at EXIT), and every coordinate is a cell's character or a passage
// between the cells before and after it (never a wall corner). The path is
// then the cells named, and CharGrid is set. Any other reading is returned
// as it is.
func (r Reading) ForMaze(m *mazes.Maze) Reading {
	if r.Form != FormPath || len(r.Path) < 2 {
		return r
	}
	n := m.Size()
	char := func(c mazes.Cell) mazes.Cell { return mazes.Cell{R: 2*c.R + 1, C: 2*c.C + 1} }
	first, last := r.Path[0], r.Path[len(r.Path)-1]
	if first != char(m.Start()) && last != char(m.Exit()) {
		return r
	}
	outside := false
	for _, c := range r.Path {
		if c.R < 0 || c.C < 0 || c.R > 2*n || c.C > 2*n {
			return r
		}
		outside = outside || c.R >= n || c.C >= n
	}
	if !outside && (first == m.Start() || last == m.Exit()) {
		return r // it reads as cells
	}
	var cells []mazes.Cell
	for i, c := range r.Path {
		switch {
		case c.R%2 == 1 && c.C%2 == 1:
			cells = append(cells, mazes.Cell{R: (c.R - 1) / 2, C: (c.C - 1) / 2})
		case c.R%2 == 0 && c.C%2 == 0:
			return r // a wall corner: not a walk on the grid
		default:
			// A passage: it must join the cells before and after it.
			if i == 0 || i == len(r.Path)-1 {
				return r
			}
			a, b := r.Path[i-1], r.Path[i+1]
			if a.DirTo(c) == 0 || c.DirTo(b) == 0 || a.DirTo(c) != c.DirTo(b) {
				return r
			}
		}
	}
	r.Path, r.CharGrid = dedupe(cells), true
	return r
}

// Transcript returns the transcript the lenient tier scores for a one-shot
// reply: the strict reading where there is one; otherwise the reply's
// moves or path walked from START, with the cells of that walk (START
// first) as its FINAL_PATH, so that path_valid holds exactly when every
// move is through an open passage and the walk ends at EXIT. The other
// lines the strict parser read (DEAD_END, LOOP, the counts,
// CONFIDENCE_LOG) are kept.
func (r Reading) Transcript(m *mazes.Maze) mazes.Transcript {
	tr := r.Strict
	if r.Form != FormMoves && r.Form != FormPath {
		return tr
	}
	tr.Steps = r.stepsFrom(m, m.Start())
	tr.HasFinalPath = true
	tr.FinalPath = r.cellsFrom(m.Start())
	return tr
}

// stepsFrom turns the reading into steps walked from pos, as the one-shot
// walk follows them: a move is made from where the walk stands (an
// off-grid move leaves it there). A path's cells are gone to in turn: a
// cell next to the walk's is one move; a cell that is not (a jump) is one
// step declared from the cell before it on the way, which the verified walk
// counts as a single invalid step (a teleport) landing on that cell; the
// cell the walk stands on is skipped.
func (r Reading) stepsFrom(m *mazes.Maze, pos mazes.Cell) []mazes.Step {
	var steps []mazes.Step
	add := func(st mazes.Step) {
		st.K = len(steps) + 1
		steps = append(steps, st)
	}
	switch r.Form {
	case FormMoves:
		for _, d := range r.Moves {
			add(mazes.Step{From: pos, Dir: d})
			if t := pos.Move(d); m.In(t) {
				pos = t
			}
		}
	case FormPath:
		for _, c := range r.Path {
			if c == pos {
				continue
			}
			if d := pos.DirTo(c); d != 0 {
				add(mazes.Step{From: pos, Dir: d})
				if m.In(c) {
					pos = c
				}
				continue
			}
			d := toward(pos, c)
			from := c.Move(d.Opposite())
			add(mazes.Step{From: from, Dir: d})
			if m.In(c) {
				pos = c
			} else {
				pos = from
			}
		}
	}
	return steps
}

// cellsFrom lists the cells the reading names or reaches, from start: a
// path's own cells (start put first when the path leaves it out), or the
// cells each move leads to.
func (r Reading) cellsFrom(start mazes.Cell) []mazes.Cell {
	cells := []mazes.Cell{start}
	switch r.Form {
	case FormMoves:
		at := start
		for _, d := range r.Moves {
			at = at.Move(d)
			cells = append(cells, at)
		}
	case FormPath:
		for _, c := range r.Path {
			if c != cells[len(cells)-1] {
				cells = append(cells, c)
			}
		}
	}
	return cells
}

// toward returns the direction from a that most nearly points at b: along
// the axis of the larger difference, the vertical one on a tie.
func toward(a, b mazes.Cell) mazes.Dir {
	dr, dc := b.R-a.R, b.C-a.C
	if absInt(dr) >= absInt(dc) {
		if dr > 0 {
			return mazes.South
		}
		return mazes.North
	}
	if dc > 0 {
		return mazes.East
	}
	return mazes.West
}

func absInt(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
