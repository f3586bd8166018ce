package mazes

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
)

// JSON returns the maze in the JSON form of the normative definitions:
//
//	{"size":7,"seed":42,"algorithm":"dfs","start":[0,0],"exit":[6,6],
//	 "open":[["ES","EW",...],...],"solution":[[0,0],[0,1],...],
//	 "dead_ends":8,"mirage_traps":[{"cell":[0,2],"direction":"S","text":"..."}]}
//
// Lure sentences are written in lang. An imperfect (imported) maze also
// carries "perfect":false and its "defects"; a perfect maze leaves both out,
// so its bytes are those of every earlier version. The encoder writes bytes directly
// (a 1001×1001 maze is about 8 MB of JSON) instead of reflecting over a
// million small strings.
func (m *Maze) JSON(lang Lang) []byte {
	b := make([]byte, 0, len(m.open)*6+len(m.solution)*12+512)
	b = append(b, `{"size":`...)
	b = strconv.AppendInt(b, int64(m.n), 10)
	b = append(b, `,"seed":`...)
	b = strconv.AppendUint(b, m.seed, 10)
	b = append(b, `,"algorithm":`...)
	b = strconv.AppendQuote(b, string(m.algorithm))
	b = append(b, `,"start":`...)
	b = m.Start().appendIn(b, '[', ']')
	b = append(b, `,"exit":`...)
	b = m.Exit().appendIn(b, '[', ']')
	b = append(b, `,"open":[`...)
	for r := range m.n {
		if r > 0 {
			b = append(b, ',')
		}
		b = append(b, '[')
		for c := range m.n {
			if c > 0 {
				b = append(b, ',')
			}
			b = append(b, '"')
			set := Dir(m.open[r*m.n+c])
			for _, d := range Dirs {
				if set&d != 0 {
					b = append(b, d.Letter()...)
				}
			}
			b = append(b, '"')
		}
		b = append(b, ']')
	}
	b = append(b, `],"solution":[`...)
	for i, c := range m.solution {
		if i > 0 {
			b = append(b, ',')
		}
		b = c.appendIn(b, '[', ']')
	}
	b = append(b, `],"dead_ends":`...)
	b = strconv.AppendInt(b, int64(m.DeadEnds()), 10)
	if !m.Perfect() {
		b = append(b, `,"perfect":false,"defects":[`...)
		for i, d := range m.defects {
			if i > 0 {
				b = append(b, ',')
			}
			text, _ := json.Marshal(d) // a string always marshals
			b = append(b, text...)
		}
		b = append(b, ']')
	}
	b = append(b, `,"mirage_traps":[`...)
	for i, t := range m.traps {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"cell":`...)
		b = t.Cell.appendIn(b, '[', ']')
		b = append(b, `,"direction":"`...)
		b = append(b, t.Dir.Letter()...)
		b = append(b, `","text":`...)
		text, _ := json.Marshal(t.Text(lang)) // a string always marshals
		b = append(b, text...)
		b = append(b, '}')
	}
	b = append(b, "]}\n"...)
	return b
}

// mazeJSON is the decoded form of the maze JSON.
type mazeJSON struct {
	Size      int        `json:"size"`
	Seed      uint64     `json:"seed"`
	Algorithm string     `json:"algorithm"`
	Start     *[2]int    `json:"start"`
	Exit      *[2]int    `json:"exit"`
	Open      [][]string `json:"open"`
	Solution  [][2]int   `json:"solution"`
	DeadEnds  *int       `json:"dead_ends"`
	Perfect   *bool      `json:"perfect"`
	Traps     []struct {
		Cell      [2]int `json:"cell"`
		Direction string `json:"direction"`
		Text      string `json:"text"`
	} `json:"mirage_traps"`
}

// ReadJSON reads a maze from its JSON form and checks it: a perfect maze
// whose solution and dead-end count, where given, agree with the open
// directions. START and EXIT default to the corners (0,0) and (N−1,N−1).
// A maze marked "perfect": false (an imported one) may have cycles or cells
// cut off; it is read as Assemble reads it, and its defects are recomputed
// (the "defects" key is not trusted). Unknown keys are allowed, as the
// definitions say.
func ReadJSON(r io.Reader) (*Maze, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("maze json: %w", err)
	}
	var j mazeJSON
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&j); err != nil {
		return nil, fmt.Errorf("maze json: %w", err)
	}
	n := j.Size
	if err := checkSize(n); err != nil {
		return nil, fmt.Errorf("maze json: %w", err)
	}
	alg := Algorithm(j.Algorithm)
	if alg != "" {
		if alg, err = ParseAlgorithm(j.Algorithm); err != nil {
			return nil, fmt.Errorf("maze json: %w", err)
		}
	}
	ends := DefaultEnds(n)
	if j.Start != nil {
		ends.Start = Cell{j.Start[0], j.Start[1]}
	}
	if j.Exit != nil {
		ends.Exit = Cell{j.Exit[0], j.Exit[1]}
	}
	loose := j.Perfect != nil && !*j.Perfect
	if len(j.Open) != n {
		return nil, fmt.Errorf("maze json: open has %d rows, want %d", len(j.Open), n)
	}
	open := make([]uint8, n*n)
	for r, row := range j.Open {
		if len(row) != n {
			return nil, fmt.Errorf("maze json: open row %d has %d cells, want %d", r, len(row), n)
		}
		for c, letters := range row {
			for _, ch := range letters {
				d, err := ParseDir(string(ch))
				if err != nil {
					return nil, fmt.Errorf("maze json: open[%d][%d] = %q: %w", r, c, letters, err)
				}
				open[r*n+c] |= uint8(d)
			}
		}
	}
	var traps []Trap
	for i, t := range j.Traps {
		d, err := ParseDir(t.Direction)
		if err != nil {
			return nil, fmt.Errorf("maze json: mirage_traps[%d]: %w", i, err)
		}
		trap := Trap{Cell: Cell{t.Cell[0], t.Cell[1]}, Dir: d}
		if md, tpl, ok := matchLure(t.Text); ok && md == d {
			trap.Template = tpl
		} else {
			trap.Custom = t.Text
		}
		traps = append(traps, trap)
	}
	m, err := assemble(n, j.Seed, alg, open, ends, traps, loose)
	if err != nil {
		return nil, fmt.Errorf("maze json: %w", err)
	}
	if j.Solution != nil {
		got := make([]Cell, len(j.Solution))
		for i, c := range j.Solution {
			got[i] = Cell{c[0], c[1]}
		}
		switch {
		case slices.Equal(got, m.solution):
		case !m.Perfect() && len(got) == len(m.solution) && PathValid(m, got):
			// Another shortest path of a maze with cycles: keep the file's.
			m.solution = got
		default:
			return nil, fmt.Errorf("maze json: solution does not match the open passages")
		}
	}
	if j.DeadEnds != nil && *j.DeadEnds != m.DeadEnds() {
		return nil, fmt.Errorf("maze json: dead_ends %d, the open passages give %d", *j.DeadEnds, m.DeadEnds())
	}
	return m, nil
}
