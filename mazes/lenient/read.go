package lenient

import (
	"strings"

	"github.com/hallumaze/hallumaze/mazes"
)

// candidate is one thing the answer commits to, or a take-back.
type candidate struct {
	pos    int32 // where it ends in the answer; the last one wins
	moves  []mazes.Dir
	path   []mazes.Cell
	cancel bool
	// reason says why a take-back refused what came before it when it
	// was no take-back in words: "contradiction" (a path whose direction
	// words contradict its cells).
	reason string
	// lone: the directions are the whole line ("S", "- Down").
	lone bool
}

// lineInfo is one line of the answer, lexed.
type lineInfo struct {
	// raw is the line's text after its list mark, lower the same text with
	// ASCII letters lower-cased; tokens' spans index both.
	raw, lower string
	// full is the whole line as written, list mark included, and end the
	// offset of its end in the answer (for drawings).
	full    string
	end     int32
	grid    bool // a line of a drawn maze grid
	toks    []token
	enum    bool // began with a list mark, "1." or "Step 3:"
	table   bool // a table row
	context bool // names options, neighbours or history
	adj     bool // part of an adjacency list (<-->)
	// optionList: an enumerated line under a line that introduced options
	// ("Possible moves:").
	optionList bool
}

// readAnswer finds everything the answer commits to and returns the last
// of it, or nil when nothing stands; refused says why nothing stands when
// something was refused rather than absent ("degenerate",
// "contradiction").
func readAnswer(answer string) (cur *candidate, refused string) {
	lines := splitAnswer(answer)
	cands := make([]candidate, 0, len(lines)+8)
	cands = append(cands, drawings(lines)...)
	// group holds the indices in cands of a run of lines that each give
	// moves: numbered or bulleted lines ("1. Down", "Step 2: go right"), or
	// lines of bare directions with no blank line between them.
	var group []int
	groupEnum := true // every line of the group is numbered or bulleted
	closeGroup := func() {
		if len(group) >= 2 {
			var moves []mazes.Dir
			for _, k := range group {
				moves = append(moves, cands[k].moves...)
			}
			last := cands[group[len(group)-1]]
			for _, k := range group {
				cands[k].moves = nil // merged below
			}
			cands = append(cands, candidate{pos: last.pos, moves: moves})
		}
		group, groupEnum = group[:0], true
	}
	for i := range lines {
		l := &lines[i]
		if len(l.toks) == 0 || l.grid {
			if !groupEnum {
				closeGroup()
			}
			continue
		}
		found := readLine(l)
		if n := len(found); n >= 1 && found[n-1].moves != nil && (l.enum || found[n-1].lone) {
			if len(group) > 0 && l.enum != groupEnum {
				closeGroup() // numbered lines join numbered lines, bare lines bare ones
			}
			cands = append(cands, found...)
			group = append(group, len(cands)-1)
			groupEnum = groupEnum && l.enum
			continue
		}
		closeGroup()
		cands = append(cands, found...)
	}
	closeGroup()
	cands = append(cands, pathRuns(lines)...)
	// The last commitment wins, unless a take-back follows it. Where two
	// end at the same place, the one found later wins.
	var cancelAt int32 = -1
	reason := ""
	for k := range cands {
		if cands[k].cancel && cands[k].pos > cancelAt {
			cancelAt, reason = cands[k].pos, cands[k].reason
		}
	}
	for k := range cands {
		c := &cands[k]
		if c.cancel || c.moves == nil && c.path == nil || c.pos < cancelAt {
			continue
		}
		if cur == nil || c.pos >= cur.pos {
			cur = c
		}
	}
	if cur == nil {
		return nil, reason
	}
	// A reply that degenerated into repeating a few directions or cells
	// until it was cut commits to nothing.
	if periodicTail(cur.moves) >= degenerateRun || periodicTail(cur.path) >= degenerateRun {
		return nil, "degenerate"
	}
	return cur, ""
}

// degenerateRun is the length from which a list that ends repeating a
// pattern of at most four directions (or cells) is degenerate: no maze's
// answer runs 256 moves in a straight line or a staircase, and models that
// degenerate repeat until their token limit cuts them.
const degenerateRun = 256

// periodicTail returns the length of the longest tail of xs that repeats
// a pattern of at most four elements.
func periodicTail[T comparable](xs []T) int {
	best := 0
	for p := 1; p <= 4 && p < len(xs); p++ {
		n := p
		for i := len(xs) - 1 - p; i >= 0 && xs[i] == xs[i+p]; i-- {
			n++
		}
		best = max(best, n)
	}
	return best
}

// splitAnswer cuts the answer into lines, takes off each line's list mark
// or numbering, lexes the rest, and marks the lines' context.
func splitAnswer(answer string) []lineInfo {
	// Words are cut from a lower-cased copy, with typographic apostrophes
	// made plain first ("I’ll" is "i'll").
	if strings.Contains(answer, "’") {
		answer = strings.ReplaceAll(answer, "’", "'")
	}
	lowered := LowerASCII(answer)
	lines := make([]lineInfo, 0, strings.Count(answer, "\n")+1)
	// The tokens of every line share one buffer, sized for prose and grown
	// as needed; each line keeps its own part of it.
	buf := make([]token, 0, len(answer)/5+16)
	inAdj := false
	optionHead := false // the last non-blank line introduced a list of options
	for off := 0; off <= len(answer); {
		end := strings.IndexByte(answer[off:], '\n')
		if end < 0 {
			end = len(answer)
		} else {
			end += off
		}
		raw := answer[off:end]
		rest, skip, enum, table := lineHead(raw)
		lower := lowered[off+skip : end]
		first := len(buf)
		buf = lexLine(buf, rest, lower, off+skip)
		l := lineInfo{raw: rest, lower: lower, full: raw, end: int32(end), toks: buf[first:len(buf):len(buf)], enum: enum, table: table}
		for k, t := range l.toks {
			switch w := l.w(t); {
			case t.kind == tSpecial && (w == "<adjlist_start>" || w == "<a_s>"):
				inAdj = true
			case t.kind == tSpecial && (w == "<adjlist_end>" || w == "<a_e>"):
				inAdj = false
				l.adj = true
			case t.kind == tSpecial && w == "<-->":
				l.adj = true
			case t.kind == tWord && isContext(&l, k):
				l.context = true
			}
		}
		l.adj = l.adj || inAdj
		if len(l.toks) > 0 {
			l.optionList = optionHead && l.enum
			last := l.toks[len(l.toks)-1]
			switch {
			case l.optionList:
				// the list goes on
			case strings.HasPrefix(strings.TrimSpace(raw), "#") && isPlanHead(&l):
				optionHead = true // a heading "## Plan"
			case last.kind == tPunct && last.ch == ':':
				optionHead = l.context || hasQualifiedNoun(&l) || isPlanHead(&l)
			default:
				optionHead = false
			}
		}
		lines = append(lines, l)
		off = end + 1
	}
	return lines
}

// w returns the text of a word, number or special token, lower-cased; ""
// for any other token.
func (l *lineInfo) w(t token) string {
	if !t.hasText() {
		return ""
	}
	return l.lower[t.ws:t.we]
}

// rawOf returns the text of a token as written ("" for a token with none).
func (l *lineInfo) rawOf(t token) string {
	if !t.hasText() {
		return ""
	}
	return l.raw[t.ws:t.we]
}

// isContext reports whether the word at k makes its line one of options,
// neighbours or history: "available", "visited", "open directions",
// "so far".
func isContext(l *lineInfo, k int) bool {
	toks := l.toks
	w := l.w(toks[k])
	if contextWords[w] {
		// "after considering my options": the options were weighed, and
		// the line goes on to decide.
		for j := k - 1; j >= 0 && j >= k-3; j-- {
			if toks[j].kind == tWord && weighing[l.w(toks[j])] {
				return false
			}
		}
		return true
	}
	next := ""
	if k+1 < len(toks) {
		switch toks[k+1].kind {
		case tWord:
			next = l.w(toks[k+1])
		case tPunct:
			next = string(toks[k+1].ch)
		}
	}
	switch w {
	case "open", "unvisited", "unexplored":
		switch next {
		case "directions", "direction", "passages", "passage", "moves", "paths", "neighbours", "neighbors", "cells", "sides", ":":
			return true
		}
	case "so":
		return next == "far"
	case "can", "could":
		switch next {
		case "go", "move", "reach", "head", "take", "choose", "be":
			return true
		}
	}
	return false
}

// isPlanHead reports a line that introduces a plan: "My plan:", "Here is
// my strategy:", "Approach:". The numbered or bulleted lines under it say
// what the walker means to do over the next moves, not the move it makes.
func isPlanHead(l *lineInfo) bool {
	for _, t := range l.toks {
		if t.kind == tWord && planWords[l.w(t)] {
			return true
		}
	}
	return false
}

// hasQualifiedNoun reports a line that names possible moves: "the
// available moves are:".
func hasQualifiedNoun(l *lineInfo) bool {
	toks := l.toks
	for k := 1; k < len(toks); k++ {
		if toks[k].kind == tWord && moveNouns[l.w(toks[k])] && toks[k-1].kind == tWord && nounQualifiers[l.w(toks[k-1])] {
			return true
		}
	}
	return false
}

// lineHead takes a line's list mark or numbering off: quote marks (>),
// heading marks (#), bullets (- * + •), "1." "1)" "(1)", "Step 3:" and
// "Move 3:". It returns the rest, its offset, whether the line was
// enumerated, and whether it is a table row.
func lineHead(line string) (rest string, skip int, enum, table bool) {
	i := 0
	for step := 0; step < 8; step++ {
		for i < len(line) && isSpaceByte(line[i]) {
			i++
		}
		switch {
		case i < len(line) && (line[i] == '>' || line[i] == '#'):
			for i < len(line) && (line[i] == '>' || line[i] == '#') {
				i++
			}
			continue
		case i < len(line) && line[i] == '|':
			table = true
			i++
			for i < len(line) && isSpaceByte(line[i]) {
				i++
			}
			if j := digitsEnd(line, i); j > i && j < len(line) && (line[j] == '|' || isSpaceByte(line[j])) {
				k := j
				for k < len(line) && isSpaceByte(line[k]) {
					k++
				}
				if k < len(line) && line[k] == '|' {
					i = k + 1 // a step number in the first column
				}
			}
			return line[i:], i, enum, table
		case i+1 < len(line) && strings.ContainsRune("-*+", rune(line[i])) && isSpaceByte(line[i+1]):
			i += 2
			enum = true
			continue
		case strings.HasPrefix(line[i:], "•"):
			i += len("•")
			enum = true
			continue
		}
		if j := digitsEnd(line, i); j > i && j-i <= 3 && j+1 < len(line) && (line[j] == '.' || line[j] == ')') && isSpaceByte(line[j+1]) {
			i, enum = j+1, true
			continue
		}
		if i < len(line) && line[i] == '(' {
			if j := digitsEnd(line, i+1); j > i+1 && j < len(line) && line[j] == ')' {
				i, enum = j+1, true
				continue
			}
		}
		if k := stepNumber(line, i); k > i {
			i, enum = k, true
			continue
		}
		break
	}
	return line[i:], i, enum, table
}

func digitsEnd(s string, i int) int {
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	return i
}

// stepNumber matches "Step 3:" or "Move 3." (any case, the punctuation
// required) at i and returns the offset after it, or i.
func stepNumber(line string, i int) int {
	for _, kw := range []string{"step", "move"} {
		if !hasPrefixFold(line[i:], kw) {
			continue
		}
		j := i + len(kw)
		for j < len(line) && isSpaceByte(line[j]) {
			j++
		}
		k := digitsEnd(line, j)
		if k > j && k < len(line) && (line[k] == ':' || line[k] == '.' || line[k] == ')') {
			return k + 1
		}
	}
	return i
}
