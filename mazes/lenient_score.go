package mazes

// Format measures how well replies kept the output contract: how many the
// strict tier reads, how many only the lenient tier reads, how many
// neither. The strict tier's share is the format-compliance rate.
type Format struct {
	// Replies counts the replies read (every reply of an interactive
	// episode, re-asked ones included).
	Replies int `json:"replies"`
	// Compliant counts the replies the strict tier reads: a STEP line or a
	// FINAL_PATH anywhere in the reply.
	Compliant int `json:"compliant"`
	// Compliance is Compliant/Replies, 0 without replies.
	Compliance float64 `json:"compliance"`
	// LenientOnly counts the replies whose move or path only the lenient
	// tier reads.
	LenientOnly int `json:"lenient_only"`
	// Reasks counts the format errors of an interactive episode: replies
	// with no readable move, answered by asking once more for one move.
	Reasks int `json:"reasks"`
	// ParseFailures counts what neither tier could read: a one-shot reply,
	// or an interactive turn whose re-ask also failed.
	ParseFailures int `json:"parse_failures"`
}

// count adds one reply and its reading.
func (f *Format) count(r Reading) {
	f.Replies++
	if r.Compliant {
		f.Compliant++
	}
	if r.Form == FormMoves || r.Form == FormPath {
		f.LenientOnly++
	}
	f.Compliance = float64(f.Compliant) / float64(f.Replies)
}

// LenientScores are the metrics of the lenient tier's reading of a reply
// (or of an interactive episode), computed by the same definitions as the
// strict tier's, with the format measurements beside them. In JSON the
// metrics keep the score JSON's keys, and "form" and "format" are added.
type LenientScores struct {
	Scores
	// Form is what the lenient tier read in a one-shot reply; empty for an
	// episode.
	Form   Form   `json:"form,omitempty"`
	Format Format `json:"format"`
}

// ScoreLenient reads a one-shot reply with the lenient tier and scores it
// against the maze. Where the strict tier reads the reply and no reasoning
// block was set aside, the scores are exactly Score(m, ParseReply(reply)).
func ScoreLenient(m *Maze, reply string) LenientScores {
	r := ParseLenient(reply)
	s := LenientScores{Scores: Score(m, r.Transcript(m)), Form: r.Form}
	s.Format.count(r)
	if r.Form == FormNone {
		s.Format.ParseFailures = 1
	}
	return s
}

// Transcript returns the transcript the lenient tier scores for a one-shot
// reply: the strict reading where there is one; otherwise the reply's
// moves or path walked from START, with the cells of that walk (START
// first) as its FINAL_PATH, so that path_valid holds exactly when every
// move is through an open passage and the walk ends at EXIT. The other
// lines the strict parser read (DEAD_END, LOOP, the counts,
// CONFIDENCE_LOG) are kept.
func (r Reading) Transcript(m *Maze) Transcript {
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
func (r Reading) stepsFrom(m *Maze, pos Cell) []Step {
	var steps []Step
	add := func(st Step) {
		st.K = len(steps) + 1
		steps = append(steps, st)
	}
	switch r.Form {
	case FormMoves:
		for _, d := range r.Moves {
			add(Step{From: pos, Dir: d})
			if t := pos.Move(d); m.In(t) {
				pos = t
			}
		}
	case FormPath:
		for _, c := range r.Path {
			if c == pos {
				continue
			}
			if d := dirBetweenCells(pos, c); d != 0 {
				add(Step{From: pos, Dir: d})
				if m.In(c) {
					pos = c
				}
				continue
			}
			d := toward(pos, c)
			from := c.Move(d.Opposite())
			add(Step{From: from, Dir: d})
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
func (r Reading) cellsFrom(start Cell) []Cell {
	cells := []Cell{start}
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
func toward(a, b Cell) Dir {
	dr, dc := b.R-a.R, b.C-a.C
	if absInt(dr) >= absInt(dc) {
		if dr > 0 {
			return South
		}
		return North
	}
	if dc > 0 {
		return East
	}
	return West
}

func absInt(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
