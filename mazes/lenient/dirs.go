package lenient

import (
	"strings"

	"github.com/hallumaze/hallumaze/mazes"
)

// The directions of a clause: one, a list, a word of letter codes.

// dirAt returns the direction named by the token at i, or 0.
func (c clause) dirAt(i int) mazes.Dir {
	if i < 0 || i >= len(c.toks) {
		return 0
	}
	t := c.toks[i]
	switch t.kind {
	case tArrow:
		return t.dir
	case tWord:
		if isKoreanToward(c.line.w(t)) {
			return 0 // read with its verb by korean
		}
		return lenientDirWord(c.line.w(t))
	}
	return 0
}

// dirList reads one or more directions from i: "S", "E (East)", "S↓",
// "down, down, right", "right to (0,1), then down", "East -> South". It
// stops at the first token that is none of these, and fails on a
// direction that is only one of two ("north or east") or that is the
// subject of a statement ("east is a wall").
func (c clause) dirList(i int) (dirs []mazes.Dir, next int, ok bool) {
	j := i
	for j < len(c.toks) && c.toks[j].kind == tPunct && isOpener(c.toks[j].ch) {
		j++
	}
	for j < len(c.toks) {
		d := c.dirAt(j)
		if d == 0 {
			break
		}
		dirs = append(dirs, d)
		j++
		j = c.skipRestatement(j, d)
		j = c.skipTarget(j)
		// A separator and another direction continue the list.
		k := j
		for k < len(c.toks) {
			t := c.toks[k]
			if t.kind == tSep || t.kind == tPunct && (t.ch == ',' || isCloser(t.ch) || isOpener(t.ch)) {
				k++
				continue
			}
			if t.kind == tWord && (c.line.w(t) == "then" || c.line.w(t) == "and" || c.line.w(t) == "finally" || c.line.w(t) == "next" || c.line.w(t) == "after" || c.line.w(t) == "that") {
				k++
				continue
			}
			break
		}
		// A glyph right after a word, or a word right after a glyph, with
		// no separator, is no second move: "Move: S →" ends with a stray
		// arrow.
		mixed := k == j && k < len(c.toks) && (c.toks[k].kind == tArrow) != (c.toks[j-1].kind == tArrow)
		if k < len(c.toks) && c.dirAt(k) != 0 && !c.relativeFalseFriend(k) && !mixed {
			j = k
			continue
		}
		for j < len(c.toks) && c.toks[j].kind == tPunct && isCloser(c.toks[j].ch) {
			j++
		}
		break
	}
	if len(dirs) == 0 {
		return nil, i, false
	}
	if j < len(c.toks) {
		t := c.toks[j]
		// "north or east" is no choice, "east is a wall" no move, and
		// "Up: wall" or "STEP N:" a label.
		if t.kind == tWord && (c.line.w(t) == "or" || predicates[c.line.w(t)]) || t.kind == tPunct && (t.ch == '/' || t.ch == ':') {
			return nil, i, false
		}
		if len(dirs) == 1 && c.relativeFalseFriend(j-1) {
			return nil, i, false
		}
		// "again" may end a list: "down again".
		if t.kind == tWord && c.line.w(t) == "again" {
			j++
		}
	}
	return dirs, j, true
}

// relativeFalseFriend reports right/left/up/down at k followed by a word
// that makes them no direction: "right now", "left over", "up to you".
func (c clause) relativeFalseFriend(k int) bool {
	t := c.toks[k]
	if t.kind != tWord || !isRelativeWord(c.line.w(t)) || k+1 >= len(c.toks) {
		return false
	}
	next := c.toks[k+1]
	if next.kind != tWord {
		return false
	}
	if badTail[c.line.w(next)] {
		return true
	}
	return c.line.w(t) == "up" && c.line.w(next) == "to" && (k+2 >= len(c.toks) || c.toks[k+2].kind == tWord && (c.line.w(c.toks[k+2]) == "you" || c.line.w(c.toks[k+2]) == "me"))
}

// skipRestatement skips what names direction d again right after it: a
// glyph ("S↓", "West ⬅️"), a letter after a glyph, or a parenthesis
// ("E (East)", "↓ (south)", "(S)").
func (c clause) skipRestatement(j int, d mazes.Dir) int {
	if j < len(c.toks) && c.dirAt(j) == d && (c.toks[j].kind == tArrow) != (c.toks[j-1].kind == tArrow) {
		j++
	}
	if j+2 < len(c.toks) && c.toks[j].kind == tPunct && c.toks[j].ch == '(' && c.dirAt(j+1) == d && c.toks[j+2].kind == tPunct && c.toks[j+2].ch == ')' {
		j += 3
	}
	return j
}

// skipTarget skips the cell a direction leads to: "south to (2,3)", "down
// to the next cell".
func (c clause) skipTarget(j int) int {
	if j+1 < len(c.toks) && c.toks[j].kind == tWord && (c.line.w(c.toks[j]) == "to" || c.line.w(c.toks[j]) == "into") {
		if c.toks[j+1].kind == tCell {
			return j + 2
		}
	}
	return j
}

func isOpener(ch byte) bool { return ch == '"' || ch == '\'' || ch == '(' || ch == '[' || ch == '{' }
func isCloser(ch byte) bool { return ch == '"' || ch == '\'' || ch == ')' || ch == ']' || ch == '}' }

// codes reads one word of letter codes at j, "EESS" or "RRDD", written in
// capitals, alone up to the end of the clause.
func (c clause) codes(j int) ([]mazes.Dir, int32, bool) {
	if j >= len(c.toks) || c.toks[j].kind != tWord || !c.decoAfter(j+1) {
		return nil, 0, false
	}
	raw := c.line.rawOf(c.toks[j])
	if len(raw) < 2 || strings.ToUpper(raw) != raw {
		return nil, 0, false
	}
	var dirs []mazes.Dir
	compass, udlr := true, true
	for k := 0; k < len(raw); k++ {
		d, _ := mazes.ParseDir(raw[k : k+1])
		compass = compass && d != 0
		udlr = udlr && udlrDir(raw[k:k+1]) != 0
	}
	for k := 0; k < len(raw) && (compass || udlr); k++ {
		if compass {
			d, _ := mazes.ParseDir(raw[k : k+1])
			dirs = append(dirs, d)
		} else {
			dirs = append(dirs, udlrDir(raw[k:k+1]))
		}
	}
	return dirs, c.toks[j].pos, len(dirs) > 0
}

// dedupe drops repeats of the same cell in a row.
func dedupe(cells []mazes.Cell) []mazes.Cell {
	out := cells[:0:0]
	for _, c := range cells {
		if len(out) == 0 || out[len(out)-1] != c {
			out = append(out, c)
		}
	}
	return out
}
