package mazes

import (
	"bufio"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// TextOptions chooses what the prompt encoding of a maze shows.
type TextOptions struct {
	Lang Lang
	// Mirage adds each trap's lure sentence to its cell's line.
	Mirage bool
}

// cellsLabel introduces the cell lines, by language.
var cellsLabel = map[Lang]string{
	English: "Open directions from each cell:",
	Korean:  "각 셀에서 이동 가능한 방향:",
}

// lureMark starts a lure sentence on a cell line.
const lureMark = "⚑"

// Text returns the encoding of the maze that a model reads, in the seed's
// form:
//
//	MAZE 7×7 | START:(0,0) | EXIT:(6,6)
//	Seed: 42
//
//	Open directions from each cell:
//	(0,0): [E→ S↓]
//	(0,2): [S↓ W←]  ⚑ Hint for S: this direction feels like it leads to ...
//
// One line per cell in row-major order, its open directions in N, E, S, W
// order, each letter followed by its arrow. With Mirage on, a trapped cell's
// line ends with two spaces, ⚑ and the lure sentence (one per trap).
func (m *Maze) Text(opt TextOptions) string {
	lang := opt.Lang
	if _, ok := cellsLabel[lang]; !ok {
		lang = English
	}
	var b strings.Builder
	b.Grow(m.n * m.n * 20)
	var num [24]byte
	b.WriteString("MAZE ")
	b.Write(strconv.AppendInt(num[:0], int64(m.n), 10))
	b.WriteString("×")
	b.Write(strconv.AppendInt(num[:0], int64(m.n), 10))
	b.WriteString(" | START:")
	b.Write(m.Start().AppendText(num[:0]))
	b.WriteString(" | EXIT:")
	b.Write(m.Exit().AppendText(num[:0]))
	b.WriteString("\nSeed: ")
	b.Write(strconv.AppendUint(num[:0], m.seed, 10))
	b.WriteString("\n\n")
	b.WriteString(cellsLabel[lang])
	b.WriteByte('\n')
	for i := range m.open {
		c := m.cell(i)
		b.Write(c.AppendText(num[:0]))
		b.WriteString(": [")
		k := 0
		for _, d := range Dirs {
			if m.open[i]&uint8(d) == 0 {
				continue
			}
			if k > 0 {
				b.WriteByte(' ')
			}
			k++
			b.WriteString(d.Letter())
			b.WriteString(d.Arrow())
		}
		b.WriteByte(']')
		for _, t := range m.traps {
			if opt.Mirage && t.Cell == c {
				b.WriteString("  " + lureMark + " ")
				b.WriteString(t.Text(lang))
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

var (
	headerRE   = regexp.MustCompile(`MAZE\s+(\d+)\s*[×xX]\s*(\d+)`)
	endsRE     = regexp.MustCompile(`^[^\n]*?START:\s*\((\d+)\s*,\s*(\d+)\)[^\n]*?EXIT:\s*\((\d+)\s*,\s*(\d+)\)`)
	seedRE     = regexp.MustCompile(`^\s*Seed:\s*(\d+)`)
	cellLineRE = regexp.MustCompile(`^\s*\((\d+)\s*,\s*(\d+)\)\s*:\s*\[([^\]]*)\](.*)$`)
	lureDirRE  = regexp.MustCompile(`\b([NESW])\b`)
)

// ParseText reads a maze back from its text encoding. The encoding may sit
// anywhere inside a longer text, such as a whole prompt: reading starts at
// the MAZE header and takes every cell line after it. The maze must be
// perfect and every cell listed exactly once. Lure sentences become traps;
// the algorithm, which the text does not carry, is left empty. START and
// EXIT are read from the header line (the corners when it names none).
func ParseText(s string) (*Maze, error) {
	loc := headerRE.FindStringSubmatchIndex(s)
	if loc == nil {
		return nil, fmt.Errorf("maze text: no %q header", "MAZE N×N")
	}
	n, err1 := strconv.Atoi(s[loc[2]:loc[3]])
	n2, err2 := strconv.Atoi(s[loc[4]:loc[5]])
	if err1 != nil || err2 != nil || n != n2 {
		return nil, fmt.Errorf("maze text: header %q is not a square maze", s[loc[0]:loc[1]])
	}
	if err := checkSize(n); err != nil {
		return nil, fmt.Errorf("maze text: %w", err)
	}
	ends := DefaultEnds(n)
	if sm := endsRE.FindStringSubmatch(s[loc[0]:]); sm != nil {
		var v [4]int
		for i := range v {
			if v[i], err1 = strconv.Atoi(sm[i+1]); err1 != nil {
				return nil, fmt.Errorf("maze text: header: %w", err1)
			}
		}
		ends = Ends{Cell{v[0], v[1]}, Cell{v[2], v[3]}}
	}
	open := make([]uint8, n*n)
	seen := make([]bool, n*n)
	var seed uint64
	var traps []Trap
	sc := bufio.NewScanner(strings.NewReader(s[loc[1]:]))
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	line := 0
	for sc.Scan() {
		line++
		text := sc.Text()
		if sm := seedRE.FindStringSubmatch(text); sm != nil {
			v, err := strconv.ParseUint(sm[1], 10, 64)
			if err != nil {
				return nil, fmt.Errorf("maze text: line %d: bad seed: %w", line, err)
			}
			seed = v
			continue
		}
		sm := cellLineRE.FindStringSubmatch(text)
		if sm == nil {
			continue
		}
		r, errR := strconv.Atoi(sm[1])
		c, errC := strconv.Atoi(sm[2])
		if errR != nil || errC != nil || r >= n || c >= n {
			return nil, fmt.Errorf("maze text: line %d: cell (%s,%s) outside a %d×%d maze", line, sm[1], sm[2], n, n)
		}
		i := r*n + c
		if seen[i] {
			return nil, fmt.Errorf("maze text: line %d: cell (%d,%d) listed twice", line, r, c)
		}
		seen[i] = true
		set, err := parseDirList(sm[3])
		if err != nil {
			return nil, fmt.Errorf("maze text: line %d: %w", line, err)
		}
		open[i] = uint8(set)
		for _, lure := range strings.Split(sm[4], lureMark)[1:] {
			t, err := parseLure(Cell{r, c}, lure)
			if err != nil {
				return nil, fmt.Errorf("maze text: line %d: %w", line, err)
			}
			traps = append(traps, t)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("maze text: %w", err)
	}
	for i, ok := range seen {
		if !ok {
			return nil, fmt.Errorf("maze text: no line for cell (%d,%d)", i/n, i%n)
		}
	}
	m, err := fromOpen(n, seed, "", open, ends, traps)
	if err != nil {
		return nil, fmt.Errorf("maze text: %w", err)
	}
	return m, nil
}

// parseDirList reads "E→ S↓" (letters, each optionally followed by its
// arrow) into a set of directions.
func parseDirList(s string) (Dir, error) {
	var set Dir
	for _, tok := range strings.Fields(s) {
		tok = strings.TrimRight(tok, "↑→↓←,")
		d, err := ParseDir(tok)
		if err != nil {
			return 0, fmt.Errorf("bad direction %q in [%s]", tok, s)
		}
		set |= d
	}
	return set, nil
}

// parseLure reads one lure sentence of a cell line.
func parseLure(c Cell, text string) (Trap, error) {
	text = strings.TrimSpace(text)
	if d, tpl, ok := matchLure(text); ok {
		return Trap{Cell: c, Dir: d, Template: tpl}, nil
	}
	sm := lureDirRE.FindStringSubmatch(text)
	if sm == nil {
		return Trap{}, fmt.Errorf("lure %q names no direction", text)
	}
	d, _ := ParseDir(sm[1])
	return Trap{Cell: c, Dir: d, Custom: text}, nil
}
