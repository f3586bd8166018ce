package mazes

import (
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// parseStep reads the rest of a STEP line: " k: (r,c) → D [| confidence: X%]
// [| reason]".
func parseStep(rest string) (Step, bool) {
	c := cursor{s: rest}
	c.spaces()
	c.lit("#")
	k, ok := c.number()
	if !ok {
		return Step{}, false
	}
	c.spaces()
	if !c.lit(":") && !c.lit(".") {
		c.lit(")")
	}
	c.spaces()
	from, ok := c.cell()
	if !ok {
		return Step{}, false
	}
	c.spaces()
	arrow := c.i
	_ = c.lit("→") || c.lit("->") || c.lit("=>") // the arrow is optional
	c.spaces()
	d, ok := c.direction()
	if !ok && strings.HasPrefix(c.s[arrow:], "→") && (c.i == len(c.s) || c.s[c.i] == '|') {
		// Nothing but the arrow: with the arrow absent, "→" is itself the
		// direction, a glyph-only east move ("(0,0) →" or "(0,0) → | ...").
		c.i = arrow
		d, ok = c.direction()
	}
	if !ok {
		return Step{}, false
	}
	st := Step{K: k, From: from, Dir: d}
	st.Conf, st.HasConf = findConfidence(c.s[c.i:])
	return st, true
}

// glyphs maps the arrow glyphs to directions.
func glyphDir(r rune) Dir {
	switch r {
	case '↑':
		return North
	case '→':
		return East
	case '↓':
		return South
	case '←':
		return West
	}
	return 0
}

// wordDir maps a direction word, already upper-cased, to its direction.
func wordDir(w string) Dir {
	switch w {
	case "N", "NORTH", "UP", "북", "북쪽":
		return North
	case "E", "EAST", "RIGHT", "동", "동쪽":
		return East
	case "S", "SOUTH", "DOWN", "남", "남쪽":
		return South
	case "W", "WEST", "LEFT", "서", "서쪽":
		return West
	}
	return 0
}

// direction reads a direction token: a letter or word (N, North, Up, 북, ...)
// or an arrow glyph, optionally in brackets, where a glyph next to a letter
// (E→, ↓S) names the same direction once.
func (c *cursor) direction() (Dir, bool) {
	bracket := c.lit("[")
	if bracket {
		c.spaces()
	}
	d := c.glyph()
	if d != 0 {
		// A letter right after the glyph names the same direction.
		save := c.i
		if w := c.word(); w == "" || wordDir(w) == 0 {
			c.i = save
		}
	} else {
		save := c.i
		d = wordDir(c.word())
		if d == 0 {
			c.i = save
			return 0, false
		}
		c.glyph()
	}
	if bracket {
		c.spaces()
		c.lit("]")
	}
	return d, true
}

// glyph consumes one arrow glyph and returns its direction, or 0.
func (c *cursor) glyph() Dir {
	r, size := utf8.DecodeRuneInString(c.s[c.i:])
	if d := glyphDir(r); d != 0 {
		c.i += size
		return d
	}
	return 0
}

// word consumes a run of letters and returns it upper-cased.
func (c *cursor) word() string {
	start := c.i
	for c.i < len(c.s) {
		r, size := utf8.DecodeRuneInString(c.s[c.i:])
		if !unicode.IsLetter(r) {
			break
		}
		c.i += size
	}
	return strings.ToUpper(c.s[start:c.i])
}

// findConfidence finds the first confidence label (confidence, conf, 확신도)
// in s followed by a number, and returns the number as a fraction in [0,1]:
// with % it is a percentage; without, a fraction if it is at most 1, else a
// percentage.
func findConfidence(s string) (float64, bool) {
	for i := 0; i < len(s); i++ {
		var c cursor
		switch {
		case (s[i]|0x20) == 'c' && hasPrefixFold(s[i:], "conf"):
			c = cursor{s: s, i: i + len("conf")}
			for c.i < len(s) && 'a' <= s[c.i]|0x20 && s[c.i]|0x20 <= 'z' {
				c.i++
			}
		case s[i] == 0xED && strings.HasPrefix(s[i:], "확신도"):
			c = cursor{s: s, i: i + len("확신도")}
		default:
			continue
		}
		c.spaces()
		if !c.lit(":") {
			c.lit("=")
		}
		c.spaces()
		if v, ok := c.confValue(); ok {
			return v, true
		}
		i = c.i - 1
	}
	return 0, false
}

// confValue reads "90%", "0.9" or "90" and returns a fraction in [0,1].
// The decimal is converted with correct rounding (strconv.ParseFloat) and a
// percentage is then divided by 100, so "0.7" is the float64 nearest 0.7 and
// "70%" is 70/100, the same numbers any other reader of the text gets.
func (c *cursor) confValue() (float64, bool) {
	start := c.i
	for c.i < len(c.s) && isDigit(c.s[c.i]) {
		c.i++
	}
	if c.i == start {
		return 0, false
	}
	if c.i+1 < len(c.s) && c.s[c.i] == '.' && isDigit(c.s[c.i+1]) {
		c.i++
		for c.i < len(c.s) && isDigit(c.s[c.i]) {
			c.i++
		}
	}
	v, err := strconv.ParseFloat(c.s[start:c.i], 64)
	if err != nil { // only a range error is possible: the number is huge
		v = math.Inf(1)
	}
	c.spaces()
	switch {
	case c.lit("%"):
		v /= 100
	case v > 1:
		v /= 100
	}
	return min(1, max(0, v)), true
}

// parseConfLog reads the entries after CONFIDENCE_LOG: "1:90, 2:85" or
// "step1:90%, step2:0.85"; malformed entries are skipped.
func parseConfLog(rest string) []LogEntry {
	rest = strings.TrimLeft(rest, " \t:=[{")
	var out []LogEntry
	for rest != "" {
		part := rest
		if i := strings.IndexAny(rest, ",;"); i >= 0 {
			part, rest = rest[:i], rest[i+1:]
		} else {
			rest = ""
		}
		c := cursor{s: strings.TrimSpace(part)}
		if hasPrefixFold(c.s, "step") {
			c.i = len("step")
			c.spaces()
		}
		k, ok := c.number()
		if !ok {
			continue
		}
		c.spaces()
		if !c.lit(":") && !c.lit("=") {
			continue
		}
		c.spaces()
		v, ok := c.confValue()
		if !ok {
			continue
		}
		out = append(out, LogEntry{Step: k, Conf: v})
	}
	return out
}

// appendCells appends every "(r,c)" of s, in order.
func appendCells(dst []Cell, s string) []Cell {
	for i := strings.IndexByte(s, '('); i >= 0; {
		c := cursor{s: s, i: i}
		if cell, ok := c.cell(); ok {
			dst = append(dst, cell)
		} else {
			c.i = i + 1
		}
		next := strings.IndexByte(s[c.i:], '(')
		if next < 0 {
			break
		}
		i = c.i + next
	}
	return dst
}

// pathOnly reports whether a line holds nothing but cells and path
// separators (a FINAL_PATH wrapped over several lines), and returns them.
func pathOnly(line string) ([]Cell, bool) {
	cells := appendCells(nil, line)
	if len(cells) == 0 {
		return nil, false
	}
	c := cursor{s: line}
	for c.i < len(line) {
		if _, ok := c.cell(); ok {
			continue
		}
		switch {
		case c.lit("→"), c.lit("->"), c.lit("=>"), c.lit(","), c.lit(";"), c.lit("..."), c.lit("…"), c.lit("["), c.lit("]"):
		case isSpaceByte(line[c.i]):
			c.i++
		default:
			return nil, false
		}
	}
	return cells, true
}
