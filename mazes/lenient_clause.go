package mazes

import "strings"

// readLine finds what one line commits to, clause by clause. A clause
// ends at . ! ? ; or a dash between spaces; a clause that ends with ? is a
// question and commits to nothing. Table rows commit to nothing here (a
// table of cells is read as a path by pathRuns).
func readLine(l *lineInfo) []candidate {
	if l.table || l.adj {
		return nil
	}
	toks := l.toks
	// punctFrom[k]: the tokens from k on are all punctuation.
	punctFrom := make([]bool, len(toks)+1)
	punctFrom[len(toks)] = true
	for k := len(toks) - 1; k >= 0; k-- {
		punctFrom[k] = punctFrom[k+1] && (toks[k].kind == tPunct || toks[k].kind == tOther)
	}
	var out []candidate
	start := 0
	for k := 0; k <= len(toks); k++ {
		if k < len(toks) && !isClauseEnd(toks[k]) {
			continue
		}
		question := k < len(toks) && toks[k].kind == tPunct && toks[k].ch == '?'
		if start < k && !question {
			c := newClause(toks[start:k], l, start == 0 && punctFrom[k])
			out = append(out, c.read()...)
		}
		start = k + 1
	}
	return out
}

// isClauseEnd reports a token that ends a clause.
func isClauseEnd(t token) bool {
	if t.kind != tPunct {
		return false
	}
	switch t.ch {
	case '.', '!', '?', ';':
		return true
	case '-':
		return t.spaced
	}
	return false
}

// clause is one clause of a line.
type clause struct {
	toks []token
	line *lineInfo
	// whole: the clause is the whole line (but for closing punctuation).
	whole bool
	// decoFrom[k]: the tokens from k on are all decoration.
	decoFrom []bool
	// firstWord is the clause's first word; plainAt the index of its first
	// word that is not an interjection (len(toks) when none).
	firstWord string
	plainAt   int
}

// newClause prepares a clause for reading, so that no question asked of
// it later costs more than a constant: reading stays linear in the reply.
func newClause(toks []token, l *lineInfo, whole bool) clause {
	c := clause{toks: toks, line: l, whole: whole, decoFrom: make([]bool, len(toks)+1), plainAt: len(toks)}
	c.decoFrom[len(toks)] = true
	for k := len(toks) - 1; k >= 0; k-- {
		t := toks[k]
		c.decoFrom[k] = c.decoFrom[k+1] && (t.kind == tPunct && isDecoration(t.ch) || t.kind == tOther)
	}
	for k, t := range toks {
		if t.kind != tWord {
			continue
		}
		if c.firstWord == "" {
			c.firstWord = t.word
		}
		if !interjections[t.word] {
			c.plainAt = k
			break
		}
	}
	return c
}

// decoAfter reports that the tokens from k on are all decoration.
func (c clause) decoAfter(k int) bool { return k >= len(c.toks) || c.decoFrom[k] }

// read returns the clause's commitments: a take-back at its start, then
// every move its verbs, nouns, colon, \boxed and bare directions commit to.
func (c clause) read() []candidate {
	var out []candidate
	if c.cancels() {
		out = append(out, candidate{pos: c.toks[0].pos, cancel: true})
	}
	if moves, end, ok := c.lone(); ok {
		return append(out, candidate{pos: end, moves: moves, lone: c.whole})
	}
	for i := 0; i < len(c.toks); i++ {
		t := c.toks[i]
		var cand *candidate
		switch {
		case t.kind == tWord && t.word == `\boxed`:
			cand = c.boxed(i)
		case t.kind == tWord && (moveVerbs[t.word] || gerunds[t.word]) && !c.nounUse(i):
			cand = c.verb(i)
		case t.kind == tWord && lenientDirWord(t.word) != 0 && isKoreanToward(t.word):
			cand = c.korean(i)
		case t.kind == tWord && (t.word == "but" || t.word == "rather" || t.word == "so" || t.word == "therefore" || t.word == "thus" || t.word == "hence"):
			cand = c.correction(i)
		case t.kind == tPunct && t.ch == ':':
			cand = c.colon(i)
		}
		if cand == nil && t.kind == tWord && moveNouns[t.word] {
			cand = c.noun(i)
		}
		if cand != nil {
			out = append(out, *cand)
		}
	}
	return out
}

// cancels reports a clause that takes back what came before: "Wait, no",
// "No.", "Actually, wait", "Scratch that", "Never mind", "Hold on".
func (c clause) cancels() bool {
	ws := c.words(3)
	if len(ws) == 0 {
		return false
	}
	switch ws[0] {
	case "wait", "scratch", "oops":
		return true
	case "never":
		return len(ws) > 1 && ws[1] == "mind"
	case "hold":
		return len(ws) > 1 && ws[1] == "on"
	case "no", "nope":
		// "No." "No, ..." "No wait" "No —"; not "No further moves".
		if len(c.toks) == 1 {
			return true
		}
		next := c.toks[1]
		return next.kind == tPunct || (next.kind == tWord && (next.word == "wait" || next.word == "no"))
	case "actually", "hmm", "um":
		return len(ws) > 1 && (ws[1] == "no" || ws[1] == "wait" || ws[1] == "nope")
	}
	return false
}

// words returns up to n of the clause's first words, lower-cased.
func (c clause) words(n int) []string {
	var ws []string
	for _, t := range c.toks {
		if t.kind == tWord {
			ws = append(ws, t.word)
			if len(ws) == n {
				break
			}
		}
	}
	return ws
}

// lone reads a clause that is nothing but directions: "East.", "**S**",
// "E (East)", "→", "RIGHT, RIGHT, DOWN", "R R D D". The words right, left,
// up and down count only when they are the whole line ("Right." alone, not
// "Right. Let me think"). Lines that list options commit to nothing.
func (c clause) lone() ([]Dir, int32, bool) {
	if c.line.context || c.line.optionList {
		return nil, 0, false
	}
	i := 0
	for i < len(c.toks) && c.toks[i].kind == tWord && interjections[c.toks[i].word] && lenientDirWord(c.toks[i].word) == 0 {
		i++
	}
	if d := c.dirAt(i); d != 0 && c.isTheMove(i+1) {
		return []Dir{d}, c.toks[i].pos, true // "East is the move."
	}
	dirs, next, ok := c.dirList(i)
	itIs := false
	if ok && next+1 < len(c.toks) && c.toks[next].word == "it" && c.toks[next+1].word == "is" {
		next, itIs = next+2, true // "West it is!", "So down it is."
	}
	explained := ok && c.explained(next) // "West, because east is a dead end."
	if !ok || !c.decoAfter(next) && !explained {
		if codes, end, ok := c.codeList(i); ok {
			return codes, end, true
		}
		return nil, 0, false
	}
	if !c.whole && !itIs {
		for _, t := range c.toks[i:next] {
			if t.kind == tWord && isRelativeWord(t.word) {
				return nil, 0, false
			}
		}
	}
	return dirs, c.toks[next-1].pos, true
}

// isTheMove reports that the directions before next are called the move:
// "East is the move.", "South would be the best choice."
func (c clause) isTheMove(next int) bool {
	j := next
	if j < len(c.toks) && c.toks[j].kind == tWord && (c.toks[j].word == "would" || c.toks[j].word == "will") {
		j++
	}
	if j >= len(c.toks) || c.toks[j].kind != tWord || (c.toks[j].word != "is" && c.toks[j].word != "be") {
		return false
	}
	j++
	for j < len(c.toks) && c.toks[j].kind == tWord && (c.toks[j].word == "the" || c.toks[j].word == "my" || c.toks[j].word == "our" || determiners[c.toks[j].word]) {
		j++
	}
	if j >= len(c.toks) || c.toks[j].kind != tWord {
		return false
	}
	switch c.toks[j].word {
	case "move", "answer", "choice", "pick", "decision", "direction":
		return c.decoAfter(j + 1)
	}
	return false
}

// explained reports that what follows the directions at next is their
// reason: ", because ...", "since ...".
func (c clause) explained(next int) bool {
	if next < len(c.toks) && c.toks[next].kind == tPunct && c.toks[next].ch == ',' {
		next++
	}
	if next >= len(c.toks) || c.toks[next].kind != tWord {
		return false
	}
	switch c.toks[next].word {
	case "because", "since", "as":
		return true
	}
	return false
}

// codeList reads a clause of one-letter U D L R codes, two or more: "R R D
// D", "D, R, D, R".
func (c clause) codeList(i int) ([]Dir, int32, bool) {
	var dirs []Dir
	end := int32(0)
	for _, t := range c.toks[i:] {
		switch {
		case t.kind == tWord && udlrDir(t.raw) != 0:
			dirs = append(dirs, udlrDir(t.raw))
			end = t.pos
		case t.kind == tPunct && isDecoration(t.ch), t.kind == tSep:
		default:
			return nil, 0, false
		}
	}
	return dirs, end, len(dirs) >= 2
}

func isRelativeWord(w string) bool {
	switch w {
	case "right", "left", "up", "down":
		return true
	}
	return false
}

// isDecoration reports punctuation that may surround or separate
// directions: quotes, brackets, commas, colons of JSON, $ of LaTeX.
func isDecoration(ch byte) bool {
	switch ch {
	case '"', '\'', '(', ')', '[', ']', '{', '}', ',', '$', '!', '.', ':', '<', '>', '|':
		return true
	}
	return false
}

// dirAt returns the direction named by the token at i, or 0.
func (c clause) dirAt(i int) Dir {
	if i < 0 || i >= len(c.toks) {
		return 0
	}
	t := c.toks[i]
	switch t.kind {
	case tArrow:
		return t.dir
	case tWord:
		if isKoreanToward(t.word) {
			return 0 // read with its verb by korean
		}
		return lenientDirWord(t.word)
	}
	return 0
}

// dirList reads one or more directions from i: "S", "E (East)", "S↓",
// "down, down, right", "right to (0,1), then down", "East -> South". It
// stops at the first token that is none of these, and fails on a
// direction that is only one of two ("north or east") or that is the
// subject of a statement ("east is a wall").
func (c clause) dirList(i int) (dirs []Dir, next int, ok bool) {
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
			if t.kind == tWord && (t.word == "then" || t.word == "and" || t.word == "finally" || t.word == "next" || t.word == "after" || t.word == "that") {
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
		if t.kind == tWord && (t.word == "or" || predicates[t.word]) || t.kind == tPunct && (t.ch == '/' || t.ch == ':') {
			return nil, i, false
		}
		if len(dirs) == 1 && c.relativeFalseFriend(j-1) {
			return nil, i, false
		}
		// "again" may end a list: "down again".
		if t.kind == tWord && t.word == "again" {
			j++
		}
	}
	return dirs, j, true
}

// relativeFalseFriend reports right/left/up/down at k followed by a word
// that makes them no direction: "right now", "left over", "up to you".
func (c clause) relativeFalseFriend(k int) bool {
	t := c.toks[k]
	if t.kind != tWord || !isRelativeWord(t.word) || k+1 >= len(c.toks) {
		return false
	}
	next := c.toks[k+1]
	if next.kind != tWord {
		return false
	}
	if badTail[next.word] {
		return true
	}
	return t.word == "up" && next.word == "to" && (k+2 >= len(c.toks) || c.toks[k+2].kind == tWord && (c.toks[k+2].word == "you" || c.toks[k+2].word == "me"))
}

// skipRestatement skips what names direction d again right after it: a
// glyph ("S↓", "West ⬅️"), a letter after a glyph, or a parenthesis
// ("E (East)", "↓ (south)", "(S)").
func (c clause) skipRestatement(j int, d Dir) int {
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
	if j+1 < len(c.toks) && c.toks[j].kind == tWord && (c.toks[j].word == "to" || c.toks[j].word == "into") {
		if c.toks[j+1].kind == tCell {
			return j + 2
		}
	}
	return j
}

func isOpener(ch byte) bool { return ch == '"' || ch == '\'' || ch == '(' || ch == '[' || ch == '{' }
func isCloser(ch byte) bool { return ch == '"' || ch == '\'' || ch == ')' || ch == ']' || ch == '}' }

// nounUse reports "move" or "step" used as a noun: "Next move: E", "the
// previous step".
func (c clause) nounUse(i int) bool {
	if !moveNouns[c.toks[i].word] || i == 0 {
		return false
	}
	prev := c.toks[i-1]
	return prev.kind == tWord && (determiners[prev.word] || nounQualifiers[prev.word])
}

// blocked reports a word in the words before i (back to the start of the
// clause, a comma or colon, or a joining word such as "so") that makes
// what follows hypothetical or refused: "if I go", "can't go", "instead of
// going".
func (c clause) blocked(i int) bool {
	if conditionals[c.firstWord] {
		return true
	}
	for k := i - 1; k >= 0 && k >= i-8; k-- {
		t := c.toks[k]
		if t.kind == tPunct && (t.ch == ',' || t.ch == ':' || t.ch == '(') {
			return false
		}
		if t.kind != tWord {
			continue
		}
		switch t.word {
		case "so", "and", "but", "then", "therefore", "thus", "hence", "because", "since", "which", "while", "now", "finally":
			return false
		}
		if blockers[t.word] {
			return true
		}
	}
	return false
}

// verb reads a move after a verb: "I'll go east", "let's move right",
// "I choose to move **East**", "I'm going west", "Moving down.", "I will
// move to (1,2)", "moving from (0,1) to (1,1)".
func (c clause) verb(i int) *candidate {
	if c.blocked(i) {
		return nil
	}
	w := c.toks[i].word
	bare := false // a gerund with no subject: its tail must be clean
	if gerunds[w] {
		subject := i > 0 && c.toks[i-1].kind == tWord && subjects[c.toks[i-1].word]
		if !subject {
			if c.plainAt < i {
				return nil // a word before it: "going west leads ..."
			}
			bare = true
		}
	}
	j, sawTo := c.skipFillers(i + 1)
	if dirs, next, ok := c.dirList(j); ok {
		if bare && next < len(c.toks) {
			if t := c.toks[next]; t.kind == tWord && !cleanTail[t.word] {
				return nil
			}
		}
		return &candidate{pos: c.toks[next-1].pos, moves: dirs}
	}
	if !motionVerbs[w] || j >= len(c.toks) {
		return nil
	}
	// "move to (1,2)": a cell to go to.
	if sawTo && c.toks[j].kind == tCell && !c.toks[j].bracket {
		if j+1 < len(c.toks) && c.toks[j+1].kind == tWord && predicates[c.toks[j+1].word] {
			return nil
		}
		return &candidate{pos: c.toks[j].pos, path: []Cell{c.toks[j].cell()}}
	}
	// "moving from (0,1) to (1,1)".
	if c.toks[j].kind == tWord && c.toks[j].word == "from" && j+3 < len(c.toks) &&
		c.toks[j+1].kind == tCell && c.toks[j+2].kind == tWord && c.toks[j+2].word == "to" && c.toks[j+3].kind == tCell {
		return &candidate{pos: c.toks[j+3].pos, path: dedupe([]Cell{c.toks[j+1].cell(), c.toks[j+3].cell()})}
	}
	return nil
}

// skipFillers skips, from j, the words that may stand between a verb or a
// link and its direction ("to the", "one step", "back", "with"), at most
// six, with decoration punctuation; it reports whether "to" or "into" was
// among them.
func (c clause) skipFillers(j int) (int, bool) {
	sawTo := false
	for n := 0; j < len(c.toks) && n < 6; n++ {
		t := c.toks[j]
		switch {
		case t.kind == tWord && fillers[t.word] && lenientDirWord(t.word) == 0:
			sawTo = sawTo || t.word == "to" || t.word == "into" || t.word == "towards" || t.word == "toward"
		case t.kind == tPunct && (t.ch == '"' || t.ch == '\'' || t.ch == '$' || t.ch == ':' || t.ch == '='):
		default:
			return j, sawTo
		}
		j++
	}
	return j, sawTo
}

// noun reads a move after a noun and a link: "My next move is: S",
// "Answer: W", "The best choice is right", "Moves: S, E, S, E",
// "Moves: EESS", `{"move": "E"}`, "the next step is to move right".
// A noun qualified as a possibility ("available moves") commits to
// nothing.
func (c clause) noun(i int) *candidate {
	for k := i - 1; k >= 0 && k >= i-2; k-- {
		if t := c.toks[k]; t.kind == tWord && nounQualifiers[t.word] {
			return nil
		}
	}
	j := i + 1
	for j < len(c.toks) && c.toks[j].kind == tPunct && (c.toks[j].ch == '"' || c.toks[j].ch == '\'') {
		j++
	}
	linked := false
	for n := 0; j < len(c.toks) && n < 4; n++ {
		t := c.toks[j]
		switch {
		case t.kind == tPunct && (t.ch == ':' || t.ch == '=' || t.ch == '-'):
			linked = true
		case (t.kind == tSep || t.kind == tArrow) && !linked && j+1 < len(c.toks) && c.toks[j+1].kind == tWord && c.dirAt(j+1) != 0:
			// "Next move → North", "Answer -> N"
			linked = true
		case t.kind == tWord && links[t.word]:
			if t.word == "was" {
				return nil // a past move: "my last move was east"
			}
			if t.word == "are" && !c.possessed(i) {
				return nil // a description: "the directions are N, E, S and W"
			}
			linked = true
		case t.kind == tWord && (t.word == "would" || t.word == "will" || t.word == "should" || t.word == "must" || t.word == "shall"):
		case t.kind == tWord && !linked && nounBridge[t.word]:
			// "the way forward is", "the move I pick is"
		default:
			n = 4
			continue
		}
		j++
	}
	if !linked {
		return nil
	}
	j, _ = c.skipFillers(j)
	if j < len(c.toks) && c.toks[j].kind == tWord && c.toks[j].word == `\boxed` {
		return nil // read by boxed
	}
	if dirs, next, ok := c.dirList(j); ok {
		return &candidate{pos: c.toks[next-1].pos, moves: dirs}
	}
	if codes, end, ok := c.codes(j); ok {
		return &candidate{pos: end, moves: codes}
	}
	return nil
}

// possessed reports "my" or "our" before the noun at i: "my moves are".
func (c clause) possessed(i int) bool {
	for k := i - 1; k >= 0 && k >= i-3; k-- {
		if t := c.toks[k]; t.kind == tWord && (t.word == "my" || t.word == "our") {
			return true
		}
	}
	return false
}

// codes reads one word of letter codes at j, "EESS" or "RRDD", written in
// capitals, alone up to the end of the clause.
func (c clause) codes(j int) ([]Dir, int32, bool) {
	if j >= len(c.toks) || c.toks[j].kind != tWord || !c.decoAfter(j+1) {
		return nil, 0, false
	}
	raw := c.toks[j].raw
	if len(raw) < 2 || strings.ToUpper(raw) != raw {
		return nil, 0, false
	}
	var dirs []Dir
	compass, udlr := true, true
	for k := 0; k < len(raw); k++ {
		d, _ := ParseDir(raw[k : k+1])
		compass = compass && d != 0
		udlr = udlr && udlrDir(raw[k:k+1]) != 0
	}
	for k := 0; k < len(raw) && (compass || udlr); k++ {
		if compass {
			d, _ := ParseDir(raw[k : k+1])
			dirs = append(dirs, d)
		} else {
			dirs = append(dirs, udlrDir(raw[k:k+1]))
		}
	}
	return dirs, c.toks[j].pos, len(dirs) > 0
}

// colon reads directions alone after a colon: "this time: south",
// "Backtracking: N", "There's one way left: South". A colon after a cell
// ("(0,0): [E→ S↓]", a line of the maze) or on a line of options commits
// to nothing.
func (c clause) colon(i int) *candidate {
	if c.line.context || c.line.optionList || i == 0 || c.toks[i-1].kind == tCell {
		return nil
	}
	if t := c.toks[i-1]; t.kind == tWord && (moveNouns[t.word] || nounQualifiers[t.word]) {
		return nil // read by noun
	}
	dirs, next, ok := c.dirList(i + 1)
	if !ok || !c.decoAfter(next) {
		return nil
	}
	return &candidate{pos: c.toks[next-1].pos, moves: dirs}
}

// correction reads a direction alone after "but", "rather" or "so": "not
// north, but east", "rather east", "the only way out, so north".
func (c clause) correction(i int) *candidate {
	if c.line.context || c.line.optionList {
		return nil
	}
	dirs, next, ok := c.dirList(i + 1)
	if !ok || !c.decoAfter(next) {
		return nil
	}
	return &candidate{pos: c.toks[next-1].pos, moves: dirs}
}

// maxBoxed bounds the tokens read inside \boxed{...}: a boxed answer is
// short, and the bound keeps many unclosed \boxed{ linear.
const maxBoxed = 64

// boxed reads \boxed{...}: directions, letter codes or cells.
func (c clause) boxed(i int) *candidate {
	j := i + 1
	if j >= len(c.toks) || c.toks[j].kind != tPunct || c.toks[j].ch != '{' {
		return nil
	}
	depth, end := 0, -1
	for k := j; k < len(c.toks) && k-j <= maxBoxed; k++ {
		if t := c.toks[k]; t.kind == tPunct {
			switch t.ch {
			case '{':
				depth++
			case '}':
				depth--
			}
			if depth == 0 {
				end = k
				break
			}
		}
	}
	if end < 0 {
		return nil
	}
	inner := newClause(c.toks[j+1:end], &lineInfo{}, true)
	if dirs, next, ok := inner.dirList(0); ok && inner.decoAfter(next) {
		return &candidate{pos: c.toks[end].pos, moves: dirs}
	}
	k := 0
	for k < len(inner.toks) && inner.toks[k].kind == tPunct && isDecoration(inner.toks[k].ch) {
		k++
	}
	if codes, _, ok := inner.codes(k); ok {
		return &candidate{pos: c.toks[end].pos, moves: codes}
	}
	var cells []Cell
	for _, t := range inner.toks {
		switch {
		case t.kind == tCell:
			cells = append(cells, t.cell())
		case t.kind == tSep || t.kind == tArrow || t.kind == tPunct && isDecoration(t.ch):
		default:
			return nil
		}
	}
	if len(cells) > 0 {
		return &candidate{pos: c.toks[end].pos, path: dedupe(cells)}
	}
	return nil
}

// isKoreanToward reports a Korean direction word with a "towards" ending
// (동쪽으로, 남쪽 방향으로), which is a move only with a motion verb.
func isKoreanToward(w string) bool {
	return w != "" && w[0] >= 0x80 && strings.HasSuffix(w, "로") || strings.HasSuffix(w, "방향")
}

// korean reads "동쪽으로 이동합니다" (towards the east I move).
func (c clause) korean(i int) *candidate {
	if i+1 >= len(c.toks) || c.toks[i+1].kind != tWord {
		return nil
	}
	next := c.toks[i+1].word
	if !strings.HasPrefix(next, "이동") && !strings.HasPrefix(next, "가") && !strings.HasPrefix(next, "갑") {
		return nil
	}
	return &candidate{pos: c.toks[i].pos, moves: []Dir{lenientDirWord(c.toks[i].word)}}
}

// dedupe drops repeats of the same cell in a row.
func dedupe(cells []Cell) []Cell {
	out := cells[:0:0]
	for _, c := range cells {
		if len(out) == 0 || out[len(out)-1] != c {
			out = append(out, c)
		}
	}
	return out
}
