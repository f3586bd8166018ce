package lenient

import "github.com/hallumaze/hallumaze/mazes"

// pathRuns finds the paths of cells in the answer: runs of two or more
// cells with nothing but separators between them (arrows, commas,
// semicolons, dashes, brackets, direction words, white space), across
// lines where each line holds nothing but cells and separators, or where a
// line ends with a separator. "<PATH_START> ... <PATH_END>" is a path
// whatever it holds. A run is not a path when its line names neighbours,
// options or history ("Visited: (0,0), (0,1)"), when it holds an ellipsis
// (a template, "(0,0) → ... → (4,4)"), when a predicate or a question
// mark follows it ("(0,1), (0,2) are dead ends"), or when it lies inside
// an adjacency list ("(0,0) <--> (0,1) ;").
func pathRuns(lines []lineInfo) []candidate {
	var (
		out      []candidate
		run      []mazes.Cell
		open     bool
		lastPos  int32
		poisoned bool
		context  bool
		explicit bool
		prevPure bool
		prevSep  bool
		// word is the direction word since the last cell; contra that a
		// word contradicted the cells around it.
		word   mazes.Dir
		contra bool
	)
	var nextWord string // the word of the token flush is given, if any
	flush := func(next *token) {
		if !open {
			return
		}
		cells := dedupe(run)
		ok := !poisoned && !context && len(cells) >= 2
		if explicit {
			ok = len(cells) >= 1
		}
		if next != nil && (next.kind == tWord && predicates[nextWord] || next.kind == tPunct && next.ch == '?') {
			ok = false
		}
		switch {
		case ok && contra:
			// "(0,0) EAST (1,0)": the words and the cells disagree, and
			// the tier does not pick one: the path is refused.
			out = append(out, candidate{pos: lastPos, cancel: true, reason: "contradiction"})
		case ok:
			out = append(out, candidate{pos: lastPos, path: cells})
		}
		run, open, poisoned, context, word, contra = run[:0], false, false, false, 0, false
	}
	for li := range lines {
		l := &lines[li]
		if len(l.toks) == 0 || l.grid {
			continue
		}
		pure := isPurePathLine(l)
		if open && !explicit {
			first := l.toks[0]
			if !(prevPure && pure) && !(prevSep && first.kind == tCell) {
				flush(nil)
			}
		}
		sepAfterCell := false
		for k := range l.toks {
			t := &l.toks[k]
			w := l.w(*t)
			nextWord = w
			switch {
			case t.kind == tSpecial && (w == "<path_start>" || w == "<p_s>"):
				flush(t)
				explicit, open = true, true
			case t.kind == tSpecial && (w == "<path_end>" || w == "<p_e>"):
				flush(t)
				explicit = false
			case t.kind == tCell:
				if l.adj && !explicit {
					flush(t)
					continue
				}
				if !open {
					open = true
					context = l.context || l.optionList
				}
				contra = contra || contradicts(run, t.cell(), word)
				run = append(run, t.cell())
				lastPos = t.pos
				sepAfterCell = false
				word = 0
			case isPathSeparator(l, t):
				if t.kind == tPunct && t.ellipsis {
					poisoned = true
				}
				if t.kind == tWord {
					word = lenientDirWord(w)
				}
				sepAfterCell = open
			default:
				flush(t)
				sepAfterCell = false
			}
		}
		prevPure, prevSep = pure, sepAfterCell
	}
	flush(nil)
	return out
}

// contradicts reports that the direction word d, written between the last
// cell of run and the cell next, names neither the move from that cell to
// next nor the move into that cell: "(0,0) EAST (1,0)". A word is checked
// against both, since models write it before the cell it leads to ("(0,0)
// EAST (0,1)") or after the cell it led to ("(0,1) [E] → (1,1) [S]").
// Jumps (cells that are not neighbours) are not checked.
func contradicts(run []mazes.Cell, next mazes.Cell, d mazes.Dir) bool {
	if d == 0 || len(run) == 0 {
		return false
	}
	last := run[len(run)-1]
	if last == next {
		return false
	}
	into := mazes.Dir(0)
	if len(run) >= 2 {
		into = run[len(run)-2].DirTo(last)
	}
	out := last.DirTo(next)
	if out == 0 {
		return false
	}
	return d != out && d != into
}

// isPathSeparator reports a token that may stand between two cells of a
// path.
func isPathSeparator(l *lineInfo, t *token) bool {
	switch t.kind {
	case tSep, tArrow:
		return true
	case tWord:
		return lenientDirWord(l.w(*t)) != 0
	case tPunct:
		switch t.ch {
		case ',', ';', '-', '|', '[', ']', '(', ')', '{', '}', '"', '\'', '>':
			return true
		case '.':
			return t.ellipsis
		}
	}
	return false
}

// isPurePathLine reports a line of nothing but cells and separators, with
// at least one cell.
func isPurePathLine(l *lineInfo) bool {
	if l.adj {
		return false
	}
	cells := 0
	for k := range l.toks {
		t := &l.toks[k]
		switch {
		case t.kind == tCell:
			cells++
		case isPathSeparator(l, t) && !(t.kind == tPunct && t.ellipsis):
		case t.kind == tSpecial && (l.w(*t) == "<path_start>" || l.w(*t) == "<p_s>" || l.w(*t) == "<path_end>" || l.w(*t) == "<p_e>"):
		default:
			return false
		}
	}
	return cells > 0
}
