package lenient

import (
	"slices"
	"strconv"
	"strings"

	"github.com/hallumaze/hallumaze/mazes"
)

// The rules that find a commitment in a clause: after a verb, after a
// noun and its link, after a colon or "but", inside \boxed{...}.

// nounUse reports "move" or "step" used as a noun: "Next move: E", "the
// previous step".
func (c clause) nounUse(i int) bool {
	if !moveNouns[c.line.w(c.toks[i])] || i == 0 {
		return false
	}
	prev := c.toks[i-1]
	return prev.kind == tWord && (determiners[c.line.w(prev)] || nounQualifiers[c.line.w(prev)])
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
		switch c.line.w(t) {
		case "so", "and", "but", "then", "therefore", "thus", "hence", "because", "since", "which", "while", "now", "finally":
			return false
		}
		if blockers[c.line.w(t)] {
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
	if c.line.optionList {
		return nil // a line of a plan or of options: "- go east first"
	}
	w := c.line.w(c.toks[i])
	bare := false // a gerund with no subject: its tail must be clean
	if gerunds[w] {
		// "I'll continue by moving south": the gerund says how.
		subject := i > 0 && c.toks[i-1].kind == tWord && (subjects[c.line.w(c.toks[i-1])] || c.line.w(c.toks[i-1]) == "by")
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
			if t := c.toks[next]; t.kind == tWord && !cleanTail[c.line.w(t)] {
				return nil
			}
		}
		if n := c.count(i+1, j); n > 1 && len(dirs) == 1 {
			dirs = slices.Repeat(dirs, n) // "two squares south"
		}
		return &candidate{pos: c.toks[next-1].pos, moves: dirs}
	}
	if !motionVerbs[w] || j >= len(c.toks) {
		return nil
	}
	// "move to (1,2)": a cell to go to.
	if sawTo && c.toks[j].kind == tCell && !c.toks[j].bracket {
		if j+1 < len(c.toks) && c.toks[j+1].kind == tWord && predicates[c.line.w(c.toks[j+1])] {
			return nil
		}
		return &candidate{pos: c.toks[j].pos, path: []mazes.Cell{c.toks[j].cell()}}
	}
	// "moving from (0,1) to (1,1)".
	if c.toks[j].kind == tWord && c.line.w(c.toks[j]) == "from" && j+3 < len(c.toks) &&
		c.toks[j+1].kind == tCell && c.toks[j+2].kind == tWord && c.line.w(c.toks[j+2]) == "to" && c.toks[j+3].kind == tCell {
		return &candidate{pos: c.toks[j+3].pos, path: dedupe([]mazes.Cell{c.toks[j+1].cell(), c.toks[j+3].cell()})}
	}
	return nil
}

// count returns the count of a distance in cells among the tokens from i
// to j (a verb's fillers): "two squares", "3 cells"; 1 when there is none,
// or when its unit is not a cell ("two meters").
func (c clause) count(i, j int) int {
	for k := i; k+1 < j; k++ {
		t := c.toks[k]
		n := 0
		switch {
		case t.kind == tWord:
			n = countWords[c.line.w(t)]
		case t.kind == tNum && t.we-t.ws <= 2:
			n, _ = strconv.Atoi(c.line.raw[t.ws:t.we])
		}
		if n > 1 && c.toks[k+1].kind == tWord && cellUnits[c.line.w(c.toks[k+1])] {
			return n
		}
	}
	return 1
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
		case t.kind == tWord && fillers[c.line.w(t)] && lenientDirWord(c.line.w(t)) == 0:
			sawTo = sawTo || c.line.w(t) == "to" || c.line.w(t) == "into" || c.line.w(t) == "towards" || c.line.w(t) == "toward"
		case t.kind == tPunct && (t.ch == '"' || t.ch == '\'' || t.ch == '$' || t.ch == ':' || t.ch == '=' || t.ellipsis):
		case (t.kind == tNum && t.we-t.ws <= 2 || t.kind == tWord && countWords[c.line.w(t)] > 0) && j+1 < len(c.toks) && c.toks[j+1].kind == tWord && fillers[c.line.w(c.toks[j+1])]:
			// a distance: "1 step", "two cells"
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
		if t := c.toks[k]; t.kind == tWord && nounQualifiers[c.line.w(t)] {
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
		case t.kind == tWord && links[c.line.w(t)]:
			if c.line.w(t) == "was" {
				return nil // a past move: "my last move was east"
			}
			if c.line.w(t) == "are" && !c.possessed(i) {
				return nil // a description: "the directions are N, E, S and W"
			}
			linked = true
		case t.kind == tWord && (c.line.w(t) == "would" || c.line.w(t) == "will" || c.line.w(t) == "should" || c.line.w(t) == "must" || c.line.w(t) == "shall"):
		case t.kind == tWord && !linked && nounBridge[c.line.w(t)]:
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
	if j < len(c.toks) && c.toks[j].kind == tBoxed {
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
		if t := c.toks[k]; t.kind == tWord && (c.line.w(t) == "my" || c.line.w(t) == "our") {
			return true
		}
	}
	return false
}

// afterEllipsis reads directions alone after an ellipsis that end the
// clause: "Let me reconsider... S", "after weighing it all... **West**". A
// line of options or history commits to nothing this way, nor does a
// hypothesis ("if I go... north").
func (c clause) afterEllipsis(i int) *candidate {
	if c.line.context || c.line.optionList || c.blocked(i) {
		return nil
	}
	dirs, next, ok := c.dirList(i + 1)
	if !ok || !c.decoAfter(next) {
		return nil
	}
	return &candidate{pos: c.toks[next-1].pos, moves: dirs}
}

// retracts reports a clause that takes back a path or a walk: "no valid
// path exists", "there is no solution", "the maze is unsolvable", "I
// cannot find a path". A path followed by it is no answer.
func (c clause) retracts() bool {
	toks := c.toks
	for k, t := range toks {
		if t.kind != tWord {
			continue
		}
		w := c.line.w(t)
		switch w {
		case "unsolvable", "unsolveable":
			return true
		case "impossible":
			// "impossible to solve", "impossible to reach the exit"; not
			// "going west is impossible".
			for j := k + 1; j < len(toks) && j <= k+4; j++ {
				if toks[j].kind == tWord && retractVerbs[c.line.w(toks[j])] {
					return true
				}
			}
		case "no":
			// no [valid|possible|such|viable] path|solution|route|way
			j := k + 1
			for j < len(toks) && toks[j].kind == tWord && retractAdjectives[c.line.w(toks[j])] {
				j++
			}
			if j < len(toks) && toks[j].kind == tWord && retractNouns[c.line.w(toks[j])] {
				// "no path through the wall" names a passage, not the
				// answer: only "no path", "no path exists", "no path
				// from START to EXIT" and the like retract.
				if j+1 >= len(toks) || toks[j+1].kind != tWord || retractTails[c.line.w(toks[j+1])] {
					return true
				}
			}
		case "cannot", "can't", "couldn't", "unable":
			for j := k + 1; j < len(toks) && j <= k+3; j++ {
				if toks[j].kind == tWord && (c.line.w(toks[j]) == "solve" || c.line.w(toks[j]) == "solved") {
					return true
				}
				if toks[j].kind == tWord && c.line.w(toks[j]) == "find" && j+2 < len(toks) {
					for _, u := range toks[j+1 : min(j+4, len(toks))] {
						if u.kind == tWord && retractNouns[c.line.w(u)] {
							return true
						}
					}
				}
			}
		}
	}
	return false
}

// colon reads directions alone after a colon: "this time: south",
// "Backtracking: N", "There's one way left: South". A colon after a cell
// ("(0,0): [E→ S↓]", a line of the maze) or on a line of options commits
// to nothing.
func (c clause) colon(i int) *candidate {
	if c.line.context || c.line.optionList || i == 0 || c.toks[i-1].kind == tCell {
		return nil
	}
	if t := c.toks[i-1]; t.kind == tWord && (moveNouns[c.line.w(t)] || nounQualifiers[c.line.w(t)]) {
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
	inner := newClause(c.toks[j+1:end], &lineInfo{raw: c.line.raw, lower: c.line.lower}, true)
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
	var cells []mazes.Cell
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
	next := c.line.w(c.toks[i+1])
	if !strings.HasPrefix(next, "이동") && !strings.HasPrefix(next, "가") && !strings.HasPrefix(next, "갑") {
		return nil
	}
	return &candidate{pos: c.toks[i].pos, moves: []mazes.Dir{lenientDirWord(c.line.w(c.toks[i]))}}
}
