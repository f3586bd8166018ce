package mazes

import (
	"fmt"
	"io"
	"strings"
)

// The special tokens of maze-dataset's tokenized mazes, full and
// abbreviated, mapped to the section they open or close.
var adjTokens = map[string]string{
	"<ADJLIST_START>": "adj+", "<A_S>": "adj+",
	"<ADJLIST_END>": "adj-", "<A_E>": "adj-",
	"<ORIGIN_START>": "origin+", "<O_S>": "origin+",
	"<ORIGIN_END>": "origin-", "<O_E>": "origin-",
	"<TARGET_START>": "target+", "<T_S>": "target+",
	"<TARGET_END>": "target-", "<T_E>": "target-",
	"<PATH_START>": "path+", "<P_S>": "path+",
	"<PATH_END>": "path-", "<P_E>": "path-",
	"<PADDING>": "", "<PAD>": "",
}

// ReadMazeDatasetAdjList reads a maze in the adjacency-list forms of the
// maze-dataset Python library, as its tokenizers write them. The
// coordinate form:
//
//	<ADJLIST_START> (0,0) <--> (0,1) ; (1,0) <--> (1,1) ; ... <ADJLIST_END>
//	<ORIGIN_START> (0,0) <ORIGIN_END> <TARGET_START> (1,1) <TARGET_END>
//	<PATH_START> (0,0) (0,1) (1,1) <PATH_END>
//
// Each connection is two neighbouring cells (row, column) joined by <-->
// and ended by ; (or a line end); coordinates may be written "(0,0)" or
// "( 0 , 0 )". The cardinal form (the AdjListCardinal tokenizer) gives
// each connection as a cell and the direction of its neighbour:
// "(1,0) <--> NORTH ;" joins (1,0) and (0,0); NORTH is the row above,
// SOUTH the row below, EAST the next column, WEST the one before, in any
// case. The two forms may not be mixed in one file; Imported.Form says
// which was read. The abbreviated tokens (<A_S>, <O_S>, <T_S>, <P_S> and
// their ends) are read too, <PADDING> is skipped, and text without
// <ADJLIST_START> is read as connections alone. The side N is one more than
// the largest coordinate. ORIGIN and TARGET give START and EXIT (the
// corners, with a warning, when absent); PATH is kept as the marked path. A
// maze that is not perfect is read with its defects as warnings.
func ReadMazeDatasetAdjList(r io.Reader) (*Imported, error) {
	data, err := readLimited(r)
	if err != nil {
		return nil, fmt.Errorf("maze-dataset adjlist: %w", err)
	}
	sc := adjScanner{s: string(data)}
	var (
		edges           [][2]Cell
		origin, target  []Cell
		path            []Cell
		section         = "adj"
		pending         []Cell // cells of the connection being read
		arrow           bool
		sawAdj, sawPath bool
		// cardinal and coords count the connections read in each form.
		cardinal, coords int
		cardinalDir      Dir // the direction of a cardinal connection
	)
	endEdge := func() error {
		switch {
		case len(pending) == 0 && !arrow:
			return nil
		case len(pending) == 1 && arrow && cardinalDir != 0:
			to := pending[0].Move(cardinalDir)
			if to.R < 0 || to.C < 0 {
				return fmt.Errorf("line %d: %v <--> %s leads off the grid", sc.line, pending[0], cardinalName(cardinalDir))
			}
			pending, cardinalDir = append(pending, to), 0
			cardinal++
		case len(pending) != 2 || !arrow:
			return fmt.Errorf("line %d: a connection is two cells joined by <--> (or a cell, <--> and NORTH, EAST, SOUTH or WEST)", sc.line)
		default:
			coords++
		}
		if cardinal > 0 && coords > 0 {
			return fmt.Errorf("line %d: the cardinal form ((r,c) <--> NORTH) and the coordinate form ((r,c) <--> (r,c)) are mixed", sc.line)
		}
		edges = append(edges, [2]Cell{pending[0], pending[1]})
		pending, arrow = pending[:0], false
		return nil
	}
	for {
		tok, kind, err := sc.next()
		if err != nil {
			return nil, fmt.Errorf("maze-dataset adjlist: %w", err)
		}
		if kind == tokEOF {
			break
		}
		switch kind {
		case tokSpecial:
			mark, ok := adjTokens[tok]
			if !ok {
				return nil, fmt.Errorf("maze-dataset adjlist: line %d: unknown token %s", sc.line, tok)
			}
			if section == "adj" {
				if err := endEdge(); err != nil {
					return nil, fmt.Errorf("maze-dataset adjlist: %w", err)
				}
			}
			switch {
			case mark == "":
			case strings.HasSuffix(mark, "+"):
				section = strings.TrimSuffix(mark, "+")
				sawAdj = sawAdj || section == "adj"
				sawPath = sawPath || section == "path"
			default:
				section = "" // between sections: only special tokens belong here
			}
		case tokCell:
			c := sc.cell
			switch section {
			case "adj":
				if len(pending) == 2 {
					return nil, fmt.Errorf("maze-dataset adjlist: line %d: a connection is two cells, a third follows", sc.line)
				}
				pending = append(pending, c)
			case "origin":
				origin = append(origin, c)
			case "target":
				target = append(target, c)
			case "path":
				path = append(path, c)
			default:
				return nil, fmt.Errorf("maze-dataset adjlist: line %d: cell %v outside any section", sc.line, c)
			}
		case tokConnector:
			if section != "adj" || len(pending) != 1 || arrow {
				return nil, fmt.Errorf("maze-dataset adjlist: line %d: <--> must join two cells of the adjacency list", sc.line)
			}
			arrow = true
		case tokCardinal:
			if section != "adj" || len(pending) != 1 || !arrow || cardinalDir != 0 {
				return nil, fmt.Errorf("maze-dataset adjlist: line %d: %s must follow a cell and <--> in the adjacency list", sc.line, tok)
			}
			cardinalDir = sc.dir
		case tokEndline:
			if section == "adj" {
				if err := endEdge(); err != nil {
					return nil, fmt.Errorf("maze-dataset adjlist: %w", err)
				}
			}
		}
	}
	if section == "adj" {
		if err := endEdge(); err != nil {
			return nil, fmt.Errorf("maze-dataset adjlist: %w", err)
		}
	}
	if len(edges) == 0 {
		return nil, fmt.Errorf("maze-dataset adjlist: no connection")
	}
	imp := &Imported{Form: FormAdjList}
	if cardinal > 0 {
		imp.Form = FormAdjListCardinal
	}
	if !sawAdj {
		imp.Warnings = append(imp.Warnings, "no <ADJLIST_START>: the text was read as connections alone")
	}
	n := 0
	for _, list := range [][]Cell{origin, target, path} {
		for _, c := range list {
			n = max(n, c.R+1, c.C+1)
		}
	}
	for _, e := range edges {
		n = max(n, e[0].R+1, e[0].C+1, e[1].R+1, e[1].C+1)
	}
	if err := checkSize(n); err != nil {
		return nil, fmt.Errorf("maze-dataset adjlist: %w", err)
	}
	open := make([]Dir, n*n)
	repeats := 0
	for _, e := range edges {
		a, b := e[0], e[1]
		d := a.DirTo(b)
		if d == 0 {
			return nil, fmt.Errorf("maze-dataset adjlist: connection %v <--> %v joins cells that are not neighbours", a, b)
		}
		i, j := a.R*n+a.C, b.R*n+b.C
		if open[i]&d != 0 {
			if repeats++; repeats <= maxEachWarning {
				imp.Warnings = append(imp.Warnings, fmt.Sprintf("connection %v <--> %v listed more than once", a, b))
			}
		}
		open[i] |= d
		open[j] |= d.Opposite()
	}
	if more := repeats - maxEachWarning; more > 0 {
		imp.Warnings = append(imp.Warnings, fmt.Sprintf("and %d more connections listed more than once", more))
	}
	for name, list := range map[string][]Cell{"ORIGIN": origin, "TARGET": target} {
		if len(list) > 1 {
			return nil, fmt.Errorf("maze-dataset adjlist: %s holds %d cells, want one", name, len(list))
		}
	}
	if err := imp.assemble(n, open, origin, target); err != nil {
		return nil, fmt.Errorf("maze-dataset adjlist: %w", err)
	}
	if sawPath {
		imp.Path = path
		if len(path) == 0 {
			imp.Path = nil
			imp.Warnings = append(imp.Warnings, "the PATH holds no cell")
		}
	}
	imp.checkPath()
	return imp, nil
}

// maxEachWarning is how many warnings of one kind are listed one by one;
// the rest are counted in one more.
const maxEachWarning = 5

// The kinds of token of the adjacency-list form.
const (
	tokEOF = iota
	tokSpecial
	tokCell
	tokConnector
	tokEndline
	tokCardinal
)

// cardinalWords are the direction tokens of the cardinal form.
var cardinalWords = map[string]Dir{"NORTH": North, "EAST": East, "SOUTH": South, "WEST": West}

// cardinalName is the cardinal form's word for d.
func cardinalName(d Dir) string {
	for w, x := range cardinalWords {
		if x == d {
			return w
		}
	}
	return "?"
}

// adjScanner reads the tokens of the adjacency-list form.
type adjScanner struct {
	s    string
	i    int
	line int
	cell Cell
	dir  Dir // of a tokCardinal
}

// next returns the next token: a special <...> token, a cell (in sc.cell),
// the connector <-->, or an end of connection (; or a line end).
func (sc *adjScanner) next() (string, int, error) {
	if sc.line == 0 {
		sc.line = 1
	}
	for sc.i < len(sc.s) {
		ch := sc.s[sc.i]
		switch {
		case ch == '\n':
			sc.i++
			sc.line++
			return "\n", tokEndline, nil
		case ch == ';':
			sc.i++
			return ";", tokEndline, nil
		case ch == ' ' || ch == '\t' || ch == '\r' || ch == ',':
			sc.i++
		case strings.HasPrefix(sc.s[sc.i:], "<-->"):
			sc.i += len("<-->")
			return "<-->", tokConnector, nil
		case ch == '<':
			end := strings.IndexByte(sc.s[sc.i:], '>')
			if end < 0 || strings.ContainsAny(sc.s[sc.i:sc.i+end], " \n") {
				return "", 0, fmt.Errorf("line %d: a < that opens no token", sc.line)
			}
			tok := sc.s[sc.i : sc.i+end+1]
			sc.i += end + 1
			return tok, tokSpecial, nil
		case ch == '(':
			c := cursor{s: sc.s, i: sc.i}
			cell, ok := c.cell()
			if !ok {
				return "", 0, fmt.Errorf("line %d: a ( that opens no (row,column) cell", sc.line)
			}
			if cell.R < 0 || cell.C < 0 {
				return "", 0, fmt.Errorf("line %d: negative coordinate in %v", sc.line, cell)
			}
			sc.i = c.i
			sc.cell = cell
			return "", tokCell, nil
		case isASCIILetter(ch):
			j := sc.i
			for j < len(sc.s) && isASCIILetter(sc.s[j]) {
				j++
			}
			word := strings.ToUpper(sc.s[sc.i:j])
			if d, ok := cardinalWords[word]; ok {
				sc.i = j
				sc.dir = d
				return word, tokCardinal, nil
			}
			return "", 0, fmt.Errorf("line %d: unexpected %q", sc.line, clipText(sc.s[sc.i:], 12))
		default:
			return "", 0, fmt.Errorf("line %d: unexpected %q", sc.line, clipText(sc.s[sc.i:], 12))
		}
	}
	return "", tokEOF, nil
}

// clipText shortens s to at most n bytes, on a rune boundary, for an error
// message.
func clipText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && s[n]&0xC0 == 0x80 {
		n--
	}
	return s[:n] + "…"
}
