package mazes

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxReply is the most of a reply the parser reads; the rest is cut and the
// transcript says so.
const MaxReply = 1 << 20

// Step is one move the model wrote: STEP k: (r,c) → D.
type Step struct {
	// K is the step number the model wrote; it links the step to the
	// CONFIDENCE_LOG and nothing else. The step's place in the walk is its
	// index in Transcript.Steps.
	K    int  `json:"k"`
	From Cell `json:"-"`
	Dir  Dir  `json:"-"`
	// Conf is the confidence written on the step line, in [0,1]; valid when
	// HasConf.
	Conf    float64 `json:"conf,omitempty"`
	HasConf bool    `json:"has_conf,omitempty"`
	// Line is the 1-based line of the reply the step was read from.
	Line int `json:"line"`
}

// LogEntry is one entry of CONFIDENCE_LOG: a step number and a confidence
// in [0,1].
type LogEntry struct {
	Step int     `json:"step"`
	Conf float64 `json:"conf"`
}

// Transcript is what the parser read from a model's reply (or the replies
// of an interactive episode), before anything is checked against the maze.
// The model's own counts are recorded here and never trusted.
type Transcript struct {
	Steps           []Step
	DeadEnds        int // DEAD_END lines
	Loops           int // LOOP lines
	StrategyChanges int // STRATEGY_CHANGE lines
	// ReportedBacktracks and ReportedHallucinations are the model's
	// BACKTRACK_COUNT and HALLUCINATION_COUNT; nil when it gave none.
	ReportedBacktracks     *int
	ReportedHallucinations *int
	// ConfidenceLog is the last CONFIDENCE_LOG line's entries, in order.
	ConfidenceLog []LogEntry
	// FinalPath is the last FINAL_PATH's cells; HasFinalPath tells whether a
	// FINAL_PATH line was given at all (it may hold no cell).
	FinalPath    []Cell
	HasFinalPath bool
	// Lines counts the lines read, Unparsed the non-blank lines that matched
	// nothing (or began with a keyword but did not parse).
	Lines    int
	Unparsed int
	// Truncated reports that the reply was longer than MaxReply and its
	// tail was not read.
	Truncated bool
}

// ParseReply reads a model's reply line by line as the normative
// definitions say: markdown decoration is dropped, keywords are
// case-insensitive, steps are kept in order, and where a final-block key
// appears more than once the last one counts. It never fails: lines that
// match nothing are counted in Unparsed. It runs in time linear in the
// reply and reads at most MaxReply bytes.
func ParseReply(reply string) Transcript {
	var tr Transcript
	tr.parse(reply)
	return tr
}

// parse adds the lines of reply to the transcript; an interactive episode
// calls it once per turn.
func (tr *Transcript) parse(reply string) {
	if len(reply) > MaxReply {
		reply = reply[:MaxReply]
		tr.Truncated = true
	}
	inPath := false // the previous line was FINAL_PATH or its continuation
	if tr.Steps == nil {
		// room for a step a line: most lines of most replies are steps
		tr.Steps = make([]Step, 0, min(strings.Count(reply, "\n")+1, 1<<10))
	}
	base := tr.Lines
	for lineNo := base + 1; len(reply) > 0; lineNo++ {
		var raw string
		if i := strings.IndexByte(reply, '\n'); i >= 0 {
			raw, reply = reply[:i], reply[i+1:]
		} else {
			raw, reply = reply, ""
		}
		tr.Lines = lineNo
		line := cleanLine(raw)
		if line == "" {
			continue
		}
		if inPath {
			if cells, ok := pathOnly(line); ok {
				tr.FinalPath = append(tr.FinalPath, cells...)
				continue
			}
		}
		inPath = false
		if !tr.parseLine(line, lineNo, &inPath) {
			tr.Unparsed++
		}
	}
}

// IsContractLine reports whether ParseReply reads a line alone leaving
// nothing unparsed, and the line is not blank: a STEP line that parses, a
// DEAD_END, LOOP, STRATEGY_CHANGE, CONFIDENCE_LOG or FINAL_PATH line, a
// count that parses, or a line of markdown decoration alone ("* "). It
// reads the line as parseLine does, without keeping what it reads.
func IsContractLine(line string) bool {
	if len(line) > MaxReply {
		tr := ParseReply(line)
		return tr.Unparsed == 0 && strings.TrimSpace(line) != ""
	}
	for len(line) > 0 && line[len(line)-1] == '\n' {
		line = line[:len(line)-1]
	}
	if strings.IndexByte(line, '\n') >= 0 {
		tr := ParseReply(line)
		return tr.Unparsed == 0 && strings.TrimSpace(line) != ""
	}
	clean := cleanLine(line)
	if clean == "" {
		return strings.TrimSpace(line) != ""
	}
	line = clean
	switch {
	case hasPrefixFold(line, "STEP"):
		_, ok := parseStep(line[len("STEP"):])
		return ok
	case hasPrefixFold(line, "DEAD_END"), hasPrefixFold(line, "DEAD END"), hasPrefixFold(line, "LOOP"),
		hasPrefixFold(line, "STRATEGY_CHANGE"):
		return true
	case hasPrefixFold(line, "BACKTRACK_COUNT"):
		_, ok := keyNumber(line[len("BACKTRACK_COUNT"):])
		return ok
	case hasPrefixFold(line, "HALLUCINATION_COUNT"):
		_, ok := keyNumber(line[len("HALLUCINATION_COUNT"):])
		return ok
	case hasPrefixFold(line, "CONFIDENCE_LOG"), hasPrefixFold(line, "FINAL_PATH"):
		return true
	}
	return false
}

// parseLine reads one cleaned, non-blank line and reports whether it
// matched.
func (tr *Transcript) parseLine(line string, lineNo int, inPath *bool) bool {
	switch {
	case hasPrefixFold(line, "STEP"):
		st, ok := parseStep(line[len("STEP"):])
		if ok {
			st.Line = lineNo
			tr.Steps = append(tr.Steps, st)
		}
		return ok
	case hasPrefixFold(line, "DEAD_END"), hasPrefixFold(line, "DEAD END"):
		tr.DeadEnds++
	case hasPrefixFold(line, "LOOP"):
		tr.Loops++
	case hasPrefixFold(line, "STRATEGY_CHANGE"):
		tr.StrategyChanges++
	case hasPrefixFold(line, "BACKTRACK_COUNT"):
		v, ok := keyNumber(line[len("BACKTRACK_COUNT"):])
		if ok {
			tr.ReportedBacktracks = &v
		}
		return ok
	case hasPrefixFold(line, "HALLUCINATION_COUNT"):
		v, ok := keyNumber(line[len("HALLUCINATION_COUNT"):])
		if ok {
			tr.ReportedHallucinations = &v
		}
		return ok
	case hasPrefixFold(line, "CONFIDENCE_LOG"):
		tr.ConfidenceLog = parseConfLog(line[len("CONFIDENCE_LOG"):])
	case hasPrefixFold(line, "FINAL_PATH"):
		tr.HasFinalPath = true
		tr.FinalPath = appendCells(nil, line[len("FINAL_PATH"):])
		*inPath = true
	default:
		return false
	}
	return true
}

// cleanLine drops markdown decoration: surrounding white space, leading
// list marks (-, *, >, "1." and "1)"), every * and `, and each _ that is not
// inside a word (so DEAD_END keeps its underscore and __bold__ loses its).
func cleanLine(s string) string {
	s = strings.TrimSpace(s)
	for {
		t := trimListMarks(s)
		if t == s {
			t = trimNumberMark(s)
		}
		if t == s {
			break
		}
		s = strings.TrimLeftFunc(t, unicode.IsSpace)
	}
	if !needsClean(s) {
		return s // the common case: nothing to drop, nothing to copy
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		switch ch := s[i]; ch {
		case '*', '`':
		case '_':
			if i > 0 && i+1 < len(s) && isWordByte(s[i-1]) && isWordByte(s[i+1]) {
				b.WriteByte(ch)
			}
		default:
			b.WriteByte(ch)
		}
	}
	return strings.TrimSpace(b.String())
}

// needsClean reports whether cleanLine would drop a character of s: a * or
// a `, or a _ that is not inside a word.
func needsClean(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '*', '`':
			return true
		case '_':
			if i == 0 || i+1 == len(s) || !isWordByte(s[i-1]) || !isWordByte(s[i+1]) {
				return true
			}
		}
	}
	return false
}

// trimListMarks is strings.TrimLeft(s, "->*").
func trimListMarks(s string) string {
	i := 0
	for i < len(s) && (s[i] == '-' || s[i] == '>' || s[i] == '*') {
		i++
	}
	return s[i:]
}

// trimNumberMark drops an ordered-list mark "12." or "12)" followed by white
// space.
func trimNumberMark(s string) string {
	i := 0
	for i < len(s) && i < 9 && isDigit(s[i]) {
		i++
	}
	if i == 0 || i+1 >= len(s) || (s[i] != '.' && s[i] != ')') || !isSpaceByte(s[i+1]) {
		return s
	}
	return s[i+1:]
}

func isDigit(b byte) bool       { return '0' <= b && b <= '9' }
func isSpaceByte(b byte) bool   { return b == ' ' || b == '\t' || b == '\r' || b == '\v' || b == '\f' }
func isASCIILetter(b byte) bool { return 'a' <= b|0x20 && b|0x20 <= 'z' }
func isWordByte(b byte) bool {
	return isDigit(b) || 'a' <= b|0x20 && b|0x20 <= 'z' || b >= utf8.RuneSelf
}

// hasPrefixFold reports whether s begins with the ASCII keyword kw, in any
// case.
func hasPrefixFold(s, kw string) bool {
	return len(s) >= len(kw) && strings.EqualFold(s[:len(kw)], kw)
}

// ReadCell reads a cell written "(r,c)" or "[r,c]" at offset i of s, with
// optional spaces and signed numbers, as the strict parser reads a cell.
// end is the offset just past it; ok is false when s holds none there.
func ReadCell(s string, i int) (c Cell, end int, ok bool) {
	cur := cursor{s: s, i: i}
	if i < len(s) && s[i] == '(' {
		c, ok = cur.cell()
	} else {
		c, ok = cur.pair("[", "]")
	}
	return c, cur.i, ok
}

// cursor reads a line left to right.
type cursor struct {
	s string
	i int
}

func (c *cursor) spaces() {
	for c.i < len(c.s) && isSpaceByte(c.s[c.i]) {
		c.i++
	}
}

// lit consumes lit if the text continues with it.
func (c *cursor) lit(lit string) bool {
	if strings.HasPrefix(c.s[c.i:], lit) {
		c.i += len(lit)
		return true
	}
	return false
}

// number reads a run of digits as a non-negative integer below 10⁹.
func (c *cursor) number() (int, bool) {
	start, v := c.i, 0
	for c.i < len(c.s) && isDigit(c.s[c.i]) {
		if c.i-start >= 9 {
			c.i = start
			return 0, false
		}
		v = v*10 + int(c.s[c.i]-'0')
		c.i++
	}
	return v, c.i > start
}

// signed reads an optionally negative integer.
func (c *cursor) signed() (int, bool) {
	neg := c.lit("-") || c.lit("−")
	v, ok := c.number()
	if neg {
		v = -v
	}
	return v, ok
}

// cell reads "(r,c)" with optional spaces.
func (c *cursor) cell() (Cell, bool) { return c.pair("(", ")") }

// pair reads r and c between open and close, "r,c" with optional spaces;
// when it reads none, the cursor stays where it was.
func (c *cursor) pair(open, close string) (Cell, bool) {
	start := c.i
	if !c.lit(open) {
		return Cell{}, false
	}
	c.spaces()
	r, ok1 := c.signed()
	c.spaces()
	comma := c.lit(",")
	c.spaces()
	col, ok2 := c.signed()
	c.spaces()
	if !ok1 || !comma || !ok2 || !c.lit(close) {
		c.i = start
		return Cell{}, false
	}
	return Cell{r, col}, true
}

// keyNumber reads ": n" after a final-block key.
func keyNumber(rest string) (int, bool) {
	c := cursor{s: rest}
	c.spaces()
	if !c.lit(":") {
		c.lit("=")
	}
	c.spaces()
	return c.number()
}
