package lenient

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hallumaze/hallumaze/mazes"
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
	tBoxed                // \boxed or \fbox
	tOther                // any other symbol
)

// token is one token of a line. It is small (16 bytes) and holds no
// pointer, so that the million tokens a reply of a megabyte can hold cost
// little memory and the garbage collector nothing to scan: a word is a
// span of its line (lineInfo.w gives it lower-cased, lineInfo.rawOf as
// written).
type token struct {
	pos int32 // byte offset of the token's end in the answer
	// ws and we are the span of the text of a tWord, tNum or tSpecial in
	// its line; for a tCell, its row and column.
	ws, we int32
	kind   tkind
	ch     byte      // tPunct: the character ('-' also stands for — and –, '.' for …)
	dir    mazes.Dir // tArrow: its direction
	// spaced: a tPunct '-' with white space on both sides, or an em or en
	// dash; ellipsis: a tPunct of "..." or "…"; bracket: a tCell written
	// [r,c].
	spaced, ellipsis, bracket bool
}

// hasText reports a token whose span is text.
func (t *token) hasText() bool { return t.kind == tWord || t.kind == tNum || t.kind == tSpecial }

// cell returns the cell of a tCell token.
func (t *token) cell() mazes.Cell { return mazes.Cell{R: int(t.ws), C: int(t.we)} }

// lexLine appends the tokens of one line (at offset base in the answer)
// to buf; lower is the line with its ASCII letters lower-cased. A long line
// is lexed twice, counting its tokens first, so that its tokens are never
// copied by a growing slice.
func lexLine(buf []token, line, lower string, base int) []token {
	if len(line) > 4<<10 {
		count := lexer{line: line, lower: lower, base: base, count: true}
		count.run()
		if cap(buf)-len(buf) < count.n {
			grown := make([]token, len(buf), len(buf)+count.n)
			copy(grown, buf)
			buf = grown
		}
	}
	lx := lexer{line: line, lower: lower, base: base, toks: buf}
	lx.run()
	return lx.toks
}

// lexer reads one line. With count set it only counts the tokens.
type lexer struct {
	line, lower string
	base        int
	count       bool
	n           int
	toks        []token
}

func (lx *lexer) emit(t token) {
	if lx.count {
		lx.n++
		return
	}
	lx.toks = append(lx.toks, t)
}

func (lx *lexer) run() {
	line, base := lx.line, lx.base
	for i := 0; i < len(line); {
		ch := line[i]
		switch {
		case ch == ' ' || ch == '\t' || ch == '\r' || ch == '\v' || ch == '\f':
			i++
		case ch == '*' || ch == '`' || ch == '~' || ch == '_':
			i++ // markdown decoration
		case ch == '\\':
			i = lx.command(i)
		case ch == '(' || ch == '[':
			if cell, end, ok := mazes.ReadCell(line, i); ok {
				lx.emit(token{kind: tCell, pos: int32(base + end), ws: int32(cell.R), we: int32(cell.C), bracket: ch == '['})
				i = end
				continue
			}
			lx.emit(token{kind: tPunct, pos: int32(base + i + 1), ch: ch})
			i++
		case ch == '<':
			i = lx.angle(i)
		case ch == '-' || ch == '=':
			switch {
			case strings.HasPrefix(line[i:], "-->") || strings.HasPrefix(line[i:], "==>"):
				lx.emit(token{kind: tSep, pos: int32(base + i + 3)})
				i += 3
			case strings.HasPrefix(line[i:], "->") || strings.HasPrefix(line[i:], "=>"):
				lx.emit(token{kind: tSep, pos: int32(base + i + 2)})
				i += 2
			case strings.HasPrefix(line[i:], "--"):
				lx.emit(token{kind: tPunct, pos: int32(base + i + 2), ch: '-', spaced: true})
				i += 2
			default:
				spaced := ch == '-' && (i == 0 || isSpaceByte(line[i-1])) && (i+1 == len(line) || isSpaceByte(line[i+1]))
				lx.emit(token{kind: tPunct, pos: int32(base + i + 1), ch: ch, spaced: spaced})
				i++
			}
		case ch == '.' && strings.HasPrefix(line[i:], "..."):
			lx.emit(token{kind: tPunct, pos: int32(base + i + 3), ch: '.', ellipsis: true})
			i += 3
		case isDigit(ch):
			j := i
			for j < len(line) && isDigit(line[j]) {
				j++
			}
			lx.emit(token{kind: tNum, pos: int32(base + j), ws: int32(i), we: int32(j)})
			i = j
		case ch < utf8.RuneSelf && !isASCIILetter(ch):
			lx.emit(token{kind: tPunct, pos: int32(base + i + 1), ch: ch})
			i++
		default:
			i = lx.rune(i)
		}
	}
}

func isASCIILetter(b byte) bool { return 'a' <= b|0x20 && b|0x20 <= 'z' }
func isDigit(b byte) bool       { return '0' <= b && b <= '9' }
func isSpaceByte(b byte) bool   { return b == ' ' || b == '\t' || b == '\r' || b == '\v' || b == '\f' }

// hasPrefixFold reports whether s begins with the ASCII keyword kw, in any
// case.
func hasPrefixFold(s, kw string) bool {
	return len(s) >= len(kw) && strings.EqualFold(s[:len(kw)], kw)
}

// rune reads a word, a glyph or another symbol that begins with a
// letter or a non-ASCII rune.
func (lx *lexer) rune(i int) int {
	line, base := lx.line, lx.base
	r, size := utf8.DecodeRuneInString(line[i:])
	if unicode.IsLetter(r) {
		return lx.word(i)
	}
	end := i + size
	switch r {
	case '↑', '→', '↓', '←', '⬆', '➡', '⬇', '⬅':
		if strings.HasPrefix(line[end:], "\uFE0F") { // emoji presentation
			end += len("\uFE0F")
		}
		lx.emit(token{kind: tArrow, pos: int32(base + end), dir: glyphDirLenient(r)})
	case '⟶', '⇒', '➔', '➜', '⇨', '⟹', '➞', '➝':
		lx.emit(token{kind: tSep, pos: int32(base + end)})
	case '—', '–':
		lx.emit(token{kind: tPunct, pos: int32(base + end), ch: '-', spaced: true})
	case '…':
		lx.emit(token{kind: tPunct, pos: int32(base + end), ch: '.', ellipsis: true})
	case '“', '”', '‘', '’', '«', '»', '「', '」', '\uFE0F', '\u200B':
		// quotation marks and invisible marks: decoration
	case '。', '！':
		lx.emit(token{kind: tPunct, pos: int32(base + end), ch: '.'})
	case '？':
		lx.emit(token{kind: tPunct, pos: int32(base + end), ch: '?'})
	case '：':
		lx.emit(token{kind: tPunct, pos: int32(base + end), ch: ':'})
	default:
		lx.emit(token{kind: tOther, pos: int32(base + end)})
	}
	return end
}

// glyphDirLenient maps the arrow glyphs, plain and emoji, to directions.
func glyphDirLenient(r rune) mazes.Dir {
	switch r {
	case '↑', '⬆':
		return mazes.North
	case '→', '➡':
		return mazes.East
	case '↓', '⬇':
		return mazes.South
	case '←', '⬅':
		return mazes.West
	}
	return 0
}

// word reads a run of letters, with an apostrophe or hyphen between two
// letters kept inside ("I'll", "north-east"), and "e.g." and "i.e." whole.
func (lx *lexer) word(i int) int {
	line, base := lx.line, lx.base
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
	if raw := line[start:i]; (raw == "e" || raw == "i" || raw == "E" || raw == "I") && i+3 <= len(line) && line[i] == '.' {
		if rest := lx.lower[i : i+3]; rest == ".g." || rest == ".e." {
			i += 3
		}
	}
	lx.emit(token{kind: tWord, pos: int32(base + i), ws: int32(start), we: int32(i)})
	return i
}

// command reads a LaTeX command: \boxed stays a word, arrows become
// glyphs, \to a separator, and the rest (\text, \mathrm, ...) is dropped.
func (lx *lexer) command(i int) int {
	line, base := lx.line, lx.base
	j := i + 1
	for j < len(line) && isASCIILetter(line[j]) {
		j++
	}
	switch strings.ToLower(line[i+1 : j]) {
	case "boxed", "fbox":
		lx.emit(token{kind: tBoxed, pos: int32(base + j)})
	case "rightarrow", "longrightarrow":
		lx.emit(token{kind: tArrow, pos: int32(base + j), dir: mazes.East})
	case "leftarrow", "longleftarrow":
		lx.emit(token{kind: tArrow, pos: int32(base + j), dir: mazes.West})
	case "uparrow":
		lx.emit(token{kind: tArrow, pos: int32(base + j), dir: mazes.North})
	case "downarrow":
		lx.emit(token{kind: tArrow, pos: int32(base + j), dir: mazes.South})
	case "to", "implies":
		lx.emit(token{kind: tSep, pos: int32(base + j)})
	case "":
		j++ // a backslash before a symbol: drop both
		if j > len(line) {
			j = len(line)
		}
	}
	return j
}

// angle reads <-->, a <TOKEN> or a plain <.
func (lx *lexer) angle(i int) int {
	line, base := lx.line, lx.base
	if strings.HasPrefix(line[i:], "<-->") {
		lx.emit(token{kind: tSpecial, pos: int32(base + i + 4), ws: int32(i), we: int32(i + 4)})
		return i + 4
	}
	j := i + 1
	for j < len(line) && j-i < 40 && (isASCIILetter(line[j]) || line[j] == '_' || line[j] == '|' || line[j] == '/' || isDigit(line[j])) {
		j++
	}
	if j < len(line) && line[j] == '>' && j > i+1 {
		lx.emit(token{kind: tSpecial, pos: int32(base + j + 1), ws: int32(i), we: int32(j + 1)})
		return j + 1
	}
	lx.emit(token{kind: tPunct, pos: int32(base + i + 1), ch: '<'})
	return i + 1
}
