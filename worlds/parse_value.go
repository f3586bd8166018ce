package worlds

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Normalize is step 3 of the answer contract, applied to a raw value (the
// text after = up to the end of the line), to an enum's options and to each
// item of a set:
//
//   - lower-case;
//   - repeat until nothing changes: trim white space, strip the surrounding
//     characters * ` " ' < > from both ends, drop one trailing . ; or ,;
//   - collapse each run of white space to one space;
//   - remove the spaces around , ; | -> and =.
//
// So "**Locked**." reads as "locked", "<2, -1>" as "2,-1" and
// "Yellow Door ,  yellow key;" as "yellow door,yellow key". It runs in time
// linear in the value.
func Normalize(raw string) string {
	s := strings.ToLower(raw)
	for {
		s = strings.TrimFunc(s, isSpaceOrDecoration)
		k := len(s)
		if k == 0 || s[k-1] != '.' && s[k-1] != ';' && s[k-1] != ',' {
			break
		}
		s = s[:k-1]
	}
	return tighten(s)
}

// isSpaceOrDecoration reports white space and the characters * ` " ' < >,
// which Normalize strips from both ends of a value. Stripping both in one
// pass is the same as alternating the two until neither changes anything.
func isSpaceOrDecoration(r rune) bool {
	switch r {
	case '*', '`', '"', '\'', '<', '>':
		return true
	}
	return unicode.IsSpace(r)
}

// tighten collapses runs of white space to one space and removes the
// spaces next to , ; | = and ->. s has no white space at either end.
func tighten(s string) string {
	if isTight(s) {
		return s
	}
	var out strings.Builder
	out.Grow(len(s))
	pending := false
	last2 := [2]byte{} // the last two bytes written
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if unicode.IsSpace(r) {
			pending = true
			i += size
			continue
		}
		if pending && !isSeparatorAt(s, i) && !separatorEnds(last2) {
			out.WriteByte(' ')
			last2 = [2]byte{last2[1], ' '}
		}
		pending = false
		out.WriteString(s[i : i+size])
		last2 = [2]byte{last2[1], s[i+size-1]}
		i += size
	}
	return out.String()
}

// isTight reports whether tighten would leave s as it is: ASCII whose only
// white space is single spaces with no separator on either side. Most
// values and items are, and are then returned without a copy.
func isTight(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= utf8.RuneSelf || c < ' ' {
			return false
		}
		if c != ' ' {
			continue
		}
		var before [2]byte
		copy(before[2-min(i, 2):], s[max(i-2, 0):i])
		if i+1 == len(s) || s[i+1] == ' ' || isSeparatorAt(s, i+1) || separatorEnds(before) {
			return false
		}
	}
	return true
}

// isSeparatorAt reports whether s[i:] starts with , ; | = or ->.
func isSeparatorAt(s string, i int) bool {
	switch s[i] {
	case ',', ';', '|', '=':
		return true
	case '-':
		return i+1 < len(s) && s[i+1] == '>'
	}
	return false
}

// separatorEnds reports whether the last two bytes written end with
// , ; | = or ->.
func separatorEnds(last2 [2]byte) bool {
	switch last2[1] {
	case ',', ';', '|', '=':
		return true
	case '>':
		return last2[0] == '-'
	}
	return false
}

// readValue reads a normalised value, not an abstention, by the probe's
// answer type. It returns the canonical value, or why the value does not
// read.
func readValue(p Probe, v string) (canonical, reason string) {
	if v == "" {
		return "", "empty value"
	}
	switch p.AnswerType {
	case Bool:
		switch v {
		case "yes", "true":
			return "yes", ""
		case "no", "false":
			return "no", ""
		}
		return "", fmt.Sprintf("%q is not yes or no", clip(v, 40))
	case Int:
		if n, ok := readInt(v); ok {
			return n, ""
		}
		return "", fmt.Sprintf("%q is not an integer", clip(v, 40))
	case Enum:
		return readEnum(p.Options, v)
	case Coordinate:
		return readCoordinate(p, v)
	case Set:
		return readSet(v)
	case Member:
		if isMove(v) {
			return v, ""
		}
		return "", fmt.Sprintf("%q is not a UCI move", clip(v, 40))
	}
	return "", fmt.Sprintf("probe %s has unknown answer type %q", p.ID, p.AnswerType)
}

// readInt reads -?[0-9]+ and writes it in canonical decimal: no leading
// zeros, no sign for zero. It never converts to a machine integer, so a
// number of any length keeps its value (and equals no gold it is not).
func readInt(s string) (string, bool) {
	neg := strings.HasPrefix(s, "-")
	digits := strings.TrimPrefix(s, "-")
	if digits == "" {
		return "", false
	}
	for i := 0; i < len(digits); i++ {
		if digits[i] < '0' || digits[i] > '9' {
			return "", false
		}
	}
	digits = strings.TrimLeft(digits, "0")
	if digits == "" {
		return "0", true
	}
	if neg {
		return "-" + digits, true
	}
	return digits, true
}

// readEnum finds the one option whose normalised form is v.
func readEnum(options []string, v string) (string, string) {
	if len(options) == 0 {
		return "", "enum probe has no options"
	}
	match, n := "", 0
	for _, o := range options {
		if Normalize(o) == v {
			match, n = o, n+1
		}
	}
	switch n {
	case 1:
		return match, ""
	case 0:
		return "", fmt.Sprintf("%q is not one of the options", clip(v, 40))
	}
	return "", fmt.Sprintf("%q matches %d options", clip(v, 40), n)
}

// coordinate forms.
const (
	formPair   = 1 << iota // grid a,b
	formSquare             // chess a1…h8
)

// coordinateForms says which coordinate forms a probe takes: a square in
// the chess world, a pair in the grid (and any other named world); a probe
// of no known world decides by its schema or its gold, and takes either
// form when neither tells.
func coordinateForms(p Probe) int {
	switch {
	case p.World == Chess:
		return formSquare
	case p.World == Grid || p.World == Terminal:
		return formPair
	case strings.Contains(p.Schema, "=<"+SchemaSquare+"|"), isSquare(p.Gold.Value):
		return formSquare
	case strings.Contains(p.Gold.Value, ","):
		return formPair
	}
	return formPair | formSquare
}

// readCoordinate reads a grid pair a,b (also (a,b) or [a,b]) or a chess
// square, as the probe takes.
func readCoordinate(p Probe, v string) (string, string) {
	forms := coordinateForms(p)
	if forms&formSquare != 0 && isSquare(v) {
		return v, ""
	}
	if forms&formPair != 0 {
		if pair, ok := readPair(v); ok {
			return pair, ""
		}
	}
	switch forms {
	case formSquare:
		return "", fmt.Sprintf("%q is not a square a1…h8", clip(v, 40))
	case formPair:
		return "", fmt.Sprintf("%q is not a pair a,b", clip(v, 40))
	}
	return "", fmt.Sprintf("%q is neither a pair a,b nor a square", clip(v, 40))
}

// readPair reads a,b, (a,b) or [a,b] of two integers.
func readPair(v string) (string, bool) {
	if n := len(v); n >= 2 && (v[0] == '(' && v[n-1] == ')' || v[0] == '[' && v[n-1] == ']') {
		v = strings.TrimSpace(v[1 : n-1])
	}
	a, b, ok := strings.Cut(v, ",")
	if !ok {
		return "", false
	}
	x, ok1 := readInt(a)
	y, ok2 := readInt(b)
	if !ok1 || !ok2 {
		return "", false
	}
	return x + "," + y, true
}

// readSet reads none, or items separated by commas: each item normalised,
// the plurals keys balls boxes doors made singular, duplicates dropped. The
// canonical set is the items sorted byte-wise and joined by ",".
func readSet(v string) (string, string) {
	if v == "none" {
		return "none", ""
	}
	items := make([]string, 0, strings.Count(v, ",")+1)
	for rest, more := v, true; more; {
		var part string
		part, rest, more = strings.Cut(rest, ",")
		item := singular(Normalize(part))
		switch item {
		case "":
			return "", "empty item in the set"
		case "none":
			return "", "none among other items"
		}
		items = append(items, item)
	}
	slices.Sort(items)
	return strings.Join(slices.Compact(items), ","), ""
}

// plurals are the plural words a set item may use.
var plurals = map[string]string{"keys": "key", "balls": "ball", "boxes": "box", "doors": "door"}

// singular replaces the words keys balls boxes doors of an item by key ball
// box door.
func singular(item string) string {
	if !strings.Contains(item, "s ") && !strings.HasSuffix(item, "s") {
		return item // no word ends in s
	}
	words := strings.Split(item, " ")
	changed := false
	for i, w := range words {
		if s, ok := plurals[w]; ok {
			words[i], changed = s, true
		}
	}
	if !changed {
		return item
	}
	return strings.Join(words, " ")
}

// isMove reports whether s is a UCI move [a-h][1-8][a-h][1-8][qrbn]?.
func isMove(s string) bool {
	if len(s) != 4 && len(s) != 5 {
		return false
	}
	if !isSquare(s[0:2]) || !isSquare(s[2:4]) {
		return false
	}
	return len(s) == 4 || strings.IndexByte("qrbn", s[4]) >= 0
}
