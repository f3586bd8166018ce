package lenient

import "github.com/hallumaze/hallumaze/mazes"

// readLine finds what one line commits to, clause by clause. A clause
// ends at . ! ? ; or a dash between spaces; a clause that ends with ? is a
// question and commits to nothing. Table rows commit to nothing here (a
// table of cells is read as a path by pathRuns).
func readLine(l *lineInfo) []candidate {
	if l.table || l.adj || l.grid {
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
		if k < len(toks) && toks[k].ellipsis && k+1 < len(toks) && namesDir(l, toks[k+1]) {
			// "my next move should be... N": a pause before the
			// direction, not the end of the clause.
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

// namesDir reports a token that names a direction: a glyph or a direction
// word.
func namesDir(l *lineInfo, t token) bool {
	return t.kind == tArrow || t.kind == tWord && lenientDirWord(l.w(t)) != 0
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
			c.firstWord = c.line.w(t)
		}
		if !interjections[c.line.w(t)] {
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
	if c.cancels() || c.retracts() {
		out = append(out, candidate{pos: c.toks[0].pos, cancel: true})
	}
	if moves, end, ok := c.lone(); ok {
		return append(out, candidate{pos: end, moves: moves, lone: c.whole})
	}
	for i := 0; i < len(c.toks); i++ {
		t := c.toks[i]
		var cand *candidate
		switch {
		case t.kind == tBoxed:
			cand = c.boxed(i)
		case t.kind == tWord && (moveVerbs[c.line.w(t)] || gerunds[c.line.w(t)]) && !c.nounUse(i):
			cand = c.verb(i)
		case t.kind == tWord && lenientDirWord(c.line.w(t)) != 0 && isKoreanToward(c.line.w(t)):
			cand = c.korean(i)
		case t.kind == tWord && (c.line.w(t) == "but" || c.line.w(t) == "rather" || c.line.w(t) == "so" || c.line.w(t) == "therefore" || c.line.w(t) == "thus" || c.line.w(t) == "hence"):
			cand = c.correction(i)
		case t.kind == tPunct && t.ch == ':':
			cand = c.colon(i)
		case t.kind == tPunct && t.ellipsis:
			cand = c.afterEllipsis(i)
		}
		if cand == nil && t.kind == tWord && moveNouns[c.line.w(t)] {
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
		return next.kind == tPunct || (next.kind == tWord && (c.line.w(next) == "wait" || c.line.w(next) == "no"))
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
			ws = append(ws, c.line.w(t))
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
func (c clause) lone() ([]mazes.Dir, int32, bool) {
	if c.line.context || c.line.optionList {
		return nil, 0, false
	}
	i := 0
	for i < len(c.toks) && c.toks[i].kind == tWord && interjections[c.line.w(c.toks[i])] && lenientDirWord(c.line.w(c.toks[i])) == 0 {
		i++
	}
	if d := c.dirAt(i); d != 0 && c.isTheMove(i+1) {
		return []mazes.Dir{d}, c.toks[i].pos, true // "East is the move."
	}
	dirs, next, ok := c.dirList(i)
	itIs := false
	if ok && next+1 < len(c.toks) && c.line.w(c.toks[next]) == "it" && c.line.w(c.toks[next+1]) == "is" {
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
			if t.kind == tWord && isRelativeWord(c.line.w(t)) {
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
	if j < len(c.toks) && c.toks[j].kind == tWord && (c.line.w(c.toks[j]) == "would" || c.line.w(c.toks[j]) == "will") {
		j++
	}
	if j >= len(c.toks) || c.toks[j].kind != tWord || (c.line.w(c.toks[j]) != "is" && c.line.w(c.toks[j]) != "be") {
		return false
	}
	j++
	for j < len(c.toks) && c.toks[j].kind == tWord && (c.line.w(c.toks[j]) == "the" || c.line.w(c.toks[j]) == "my" || c.line.w(c.toks[j]) == "our" || determiners[c.line.w(c.toks[j])]) {
		j++
	}
	if j >= len(c.toks) || c.toks[j].kind != tWord {
		return false
	}
	switch c.line.w(c.toks[j]) {
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
	switch c.line.w(c.toks[next]) {
	case "because", "since", "as":
		return true
	}
	return false
}

// codeList reads a clause of one-letter U D L R codes, two or more: "R R D
// D", "D, R, D, R".
func (c clause) codeList(i int) ([]mazes.Dir, int32, bool) {
	var dirs []mazes.Dir
	end := int32(0)
	for _, t := range c.toks[i:] {
		switch {
		case t.kind == tWord && udlrDir(c.line.rawOf(t)) != 0:
			dirs = append(dirs, udlrDir(c.line.rawOf(t)))
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
