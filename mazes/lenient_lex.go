package mazes

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// The lenient tier reads a reply as a stream of tokens, one line at a time.
// The lexer drops markdown decoration (*, `, ~, _ around words) and LaTeX
// wrappers, reads cells "(r,c)" and "[r,c]" whole, and keeps the rest as
// words, numbers, direction glyphs, separators and punctuation, each with
// its byte offset so that readings can be ordered by where they end.

// tkind is the kind of a token.
type tkind uint8

const (
	tWord    tkind = iota // a run of letters (with inner ' and -), lower-cased
	tNum                  // a run of digits
	tCell                 // (r,c) or [r,c]
	tArrow                // a direction glyph: ↑ → ↓ ← ⬆ ➡ ⬇ ⬅
	tSep                  // a path separator that names no direction: -> => ⟶ ⇒ ➔ ➜
	tPunct                // one punctuation character, in ch
	tSpecial              // a <TOKEN> in angle brackets, lower-cased; also <-->
	tOther                // any other symbol
)

// token is one token of a line.
type token struct {
	kind tkind
	pos  int    // byte offset of the token's end in the answer
	word string // tWord: lower-cased (ASCII letters only); tSpecial: the tag
	raw  string // tWord: as written
	ch   byte   // tPunct: the character ('-' also stands for — and –, '.' for …)
	cell Cell   // tCell
	dir  Dir    // tArrow, or a tWord that is a direction word
	// spaced: a tPunct '-' with white space on both sides, or an em or en
	// dash; ellipsis: a tPunct of "..." or "…".
	spaced, ellipsis bool
	bracket          bool // tCell written [r,c]
}

// lexLine splits one line (at offset base in the answer) into tokens.
func lexLine(line string, base int) []token {
	var toks []token
	for i := 0; i < len(line); {
		ch := line[i]
		switch {
		case ch == ' ' || ch == '\t' || ch == '\r' || ch == '\v' || ch == '\f':
			i++
		case ch == '*' || ch == '`' || ch == '~' || ch == '_':
			i++ // markdown decoration
		case ch == '\\':
			i = lexCommand(line, i, base, &toks)
		case ch == '(' || ch == '[':
			c := cursor{s: line, i: i}
			if cell, ok := c.bracketCell(); ok {
				toks = append(toks, token{kind: tCell, pos: base + c.i, cell: cell, bracket: ch == '['})
				i = c.i
				continue
			}
			toks = append(toks, token{kind: tPunct, pos: base + i + 1, ch: ch})
			i++
		case ch == '<':
			i = lexAngle(line, i, base, &toks)
		case ch == '-' || ch == '=':
			switch {
			case strings.HasPrefix(line[i:], "-->") || strings.HasPrefix(line[i:], "==>"):
				toks = append(toks, token{kind: tSep, pos: base + i + 3})
				i += 3
			case strings.HasPrefix(line[i:], "->") || strings.HasPrefix(line[i:], "=>"):
				toks = append(toks, token{kind: tSep, pos: base + i + 2})
				i += 2
			case strings.HasPrefix(line[i:], "--"):
				toks = append(toks, token{kind: tPunct, pos: base + i + 2, ch: '-', spaced: true})
				i += 2
			default:
				spaced := ch == '-' && (i == 0 || isSpaceByte(line[i-1])) && (i+1 == len(line) || isSpaceByte(line[i+1]))
				toks = append(toks, token{kind: tPunct, pos: base + i + 1, ch: ch, spaced: spaced})
				i++
			}
		case ch == '.' && strings.HasPrefix(line[i:], "..."):
			toks = append(toks, token{kind: tPunct, pos: base + i + 3, ch: '.', ellipsis: true})
			i += 3
		case isDigit(ch):
			j := i
			for j < len(line) && isDigit(line[j]) {
				j++
			}
			toks = append(toks, token{kind: tNum, pos: base + j, word: line[i:j]})
			i = j
		case ch < utf8.RuneSelf && !isASCIILetter(ch):
			toks = append(toks, token{kind: tPunct, pos: base + i + 1, ch: ch})
			i++
		default:
			i = lexRune(line, i, base, &toks)
		}
	}
	return toks
}

func isASCIILetter(b byte) bool { return 'a' <= b|0x20 && b|0x20 <= 'z' }

// lexRune reads a word, a glyph or another symbol that begins with a
// letter or a non-ASCII rune.
func lexRune(line string, i, base int, toks *[]token) int {
	r, size := utf8.DecodeRuneInString(line[i:])
	if unicode.IsLetter(r) {
		return lexWord(line, i, base, toks)
	}
	end := i + size
	switch r {
	case '↑', '→', '↓', '←', '⬆', '➡', '⬇', '⬅':
		if strings.HasPrefix(line[end:], "\uFE0F") { // emoji presentation
			end += len("\uFE0F")
		}
		*toks = append(*toks, token{kind: tArrow, pos: base + end, dir: glyphDirLenient(r)})
	case '⟶', '⇒', '➔', '➜', '⇨', '⟹', '➞', '➝':
		*toks = append(*toks, token{kind: tSep, pos: base + end})
	case '—', '–':
		*toks = append(*toks, token{kind: tPunct, pos: base + end, ch: '-', spaced: true})
	case '…':
		*toks = append(*toks, token{kind: tPunct, pos: base + end, ch: '.', ellipsis: true})
	case '“', '”', '‘', '’', '«', '»', '「', '」', '\uFE0F', '\u200B':
		// quotation marks and invisible marks: decoration
	case '。', '！':
		*toks = append(*toks, token{kind: tPunct, pos: base + end, ch: '.'})
	case '？':
		*toks = append(*toks, token{kind: tPunct, pos: base + end, ch: '?'})
	case '：':
		*toks = append(*toks, token{kind: tPunct, pos: base + end, ch: ':'})
	default:
		*toks = append(*toks, token{kind: tOther, pos: base + end})
	}
	return end
}

// glyphDirLenient maps the arrow glyphs, plain and emoji, to directions.
func glyphDirLenient(r rune) Dir {
	switch r {
	case '↑', '⬆':
		return North
	case '→', '➡':
		return East
	case '↓', '⬇':
		return South
	case '←', '⬅':
		return West
	}
	return 0
}

// lexWord reads a run of letters, with an apostrophe or hyphen between two
// letters kept inside ("I'll", "north-east"), and "e.g." and "i.e." whole.
func lexWord(line string, i, base int, toks *[]token) int {
	start := i
	for i < len(line) {
		r, size := utf8.DecodeRuneInString(line[i:])
		if unicode.IsLetter(r) {
			i += size
			continue
		}
		if r == '\'' || r == '’' || r == '-' {
			if next, _ := utf8.DecodeRuneInString(line[i+size:]); i+size < len(line) && unicode.IsLetter(next) {
				i += size
				continue
			}
		}
		break
	}
	raw := line[start:i]
	if (raw == "e" || raw == "i" || raw == "E" || raw == "I") && i+3 <= len(line) && line[i] == '.' {
		if rest := strings.ToLower(line[i : i+3]); rest == ".g." || rest == ".e." {
			i += 3
			raw = line[start:i]
		}
	}
	*toks = append(*toks, token{kind: tWord, pos: base + i, word: lowerWord(raw), raw: raw})
	return i
}

// lowerWord lower-cases ASCII letters and turns a typographic apostrophe
// into a plain one.
func lowerWord(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		switch {
		case r == '’':
			b.WriteByte('\'')
		case 'A' <= r && r <= 'Z':
			b.WriteRune(r + ('a' - 'A'))
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// lexCommand reads a LaTeX command: \boxed stays a word, arrows become
// glyphs, \to a separator, and the rest (\text, \mathrm, ...) is dropped.
func lexCommand(line string, i, base int, toks *[]token) int {
	j := i + 1
	for j < len(line) && isASCIILetter(line[j]) {
		j++
	}
	switch strings.ToLower(line[i+1 : j]) {
	case "boxed", "fbox":
		*toks = append(*toks, token{kind: tWord, pos: base + j, word: `\boxed`, raw: line[i:j]})
	case "rightarrow", "longrightarrow":
		*toks = append(*toks, token{kind: tArrow, pos: base + j, dir: East})
	case "leftarrow", "longleftarrow":
		*toks = append(*toks, token{kind: tArrow, pos: base + j, dir: West})
	case "uparrow":
		*toks = append(*toks, token{kind: tArrow, pos: base + j, dir: North})
	case "downarrow":
		*toks = append(*toks, token{kind: tArrow, pos: base + j, dir: South})
	case "to", "implies":
		*toks = append(*toks, token{kind: tSep, pos: base + j})
	case "":
		j++ // a backslash before a symbol: drop both
		if j > len(line) {
			j = len(line)
		}
	}
	return j
}

// lexAngle reads <-->, a <TOKEN> or a plain <.
func lexAngle(line string, i, base int, toks *[]token) int {
	if strings.HasPrefix(line[i:], "<-->") {
		*toks = append(*toks, token{kind: tSpecial, pos: base + i + 4, word: "<-->"})
		return i + 4
	}
	j := i + 1
	for j < len(line) && j-i < 40 && (isASCIILetter(line[j]) || line[j] == '_' || line[j] == '|' || line[j] == '/' || isDigit(line[j])) {
		j++
	}
	if j < len(line) && line[j] == '>' && j > i+1 {
		*toks = append(*toks, token{kind: tSpecial, pos: base + j + 1, word: strings.ToLower(line[i : j+1])})
		return j + 1
	}
	*toks = append(*toks, token{kind: tPunct, pos: base + i + 1, ch: '<'})
	return i + 1
}

// bracketCell reads "(r,c)" or "[r,c]" with optional spaces.
func (c *cursor) bracketCell() (Cell, bool) {
	if c.i < len(c.s) && c.s[c.i] == '(' {
		return c.cell()
	}
	start := c.i
	if !c.lit("[") {
		return Cell{}, false
	}
	c.spaces()
	r, ok1 := c.signed()
	c.spaces()
	comma := c.lit(",")
	c.spaces()
	col, ok2 := c.signed()
	c.spaces()
	if !ok1 || !comma || !ok2 || !c.lit("]") {
		c.i = start
		return Cell{}, false
	}
	return Cell{r, col}, true
}
