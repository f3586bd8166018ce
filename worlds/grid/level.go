package grid

import (
	"fmt"
	"strings"
)

// Level is one level file as loaded: its metadata, its cells and the
// objects and agent its grid tokens place. A Level is not changed after
// Parse; a State (Level.Start) is the world moving on from it.
type Level struct {
	// Name is the file name the level was read from.
	Name string
	// Meta are the metadata lines in file order, unknown keys included.
	Meta []MetaEntry
	// Rows and Cols are the grid's size; Cells are row-major.
	Rows, Cols int
	Cells      []Cell
	// Objects are in the grid's (row, col) order.
	Objects []Object
	// Agent and Facing are the agent's start; RandomFacing is set by the
	// token Ar, whose facing a seed draws (Start).
	Agent        Pos
	Facing       Dir
	RandomFacing bool
	// ViewSize is agent_view_size, else view_size, else 7.
	ViewSize        int
	SeeThroughWalls bool
	// River is the declared river region, if any.
	River *RiverRegion
	// Inert mechanics: parsed and kept, never simulated.
	Plates          []Plate
	DoorIDs         []DoorID
	ContinuousDoors []ContinuousDoor
	Wind            []WindColumn
}

// MetaEntry is one `key: value` line.
type MetaEntry struct {
	Key, Value string
	Line       int
}

// RiverRegion is a river declared by river_rows, river_cols, river_dir and
// river_speed: every floor cell of the rectangle is river.
type RiverRegion struct {
	Rows, Cols [2]int
	Flow       Dir
	Speed      int
}

// Plate is plate_N: target=…, effect=trigger|open (inert).
type Plate struct {
	Index, Target, Effect string
	Pretriggered          bool
}

// DoorID is door_id_N: a door's cell and the id plates target (inert).
type DoorID struct {
	Index string
	Pos   Pos
	ID    string
}

// ContinuousDoor is continuous_door_N: a door that stays open only while
// its key is in the lock (inert).
type ContinuousDoor struct {
	Index string
	Pos   Pos
	Key   string
}

// WindColumn is one col:offset pair of the wind line (inert).
type WindColumn struct{ Col, Offset int }

// At returns the cell at p; a cell outside the grid is a wall.
func (lv *Level) At(p Pos) Cell {
	if !lv.In(p) {
		return Cell{Terrain: Wall, Token: "##"}
	}
	return lv.Cells[p.Row*lv.Cols+p.Col]
}

// In reports whether p is on the grid.
func (lv *Level) In(p Pos) bool {
	return p.Row >= 0 && p.Row < lv.Rows && p.Col >= 0 && p.Col < lv.Cols
}

// Value returns the metadata value of key and whether it is set.
func (lv *Level) Value(key string) (string, bool) {
	for _, m := range lv.Meta {
		if m.Key == key {
			return m.Value, true
		}
	}
	return "", false
}

// gridRow is one grid line before its tokens are read.
type gridRow struct {
	tokens []string
	line   int
}

// Parse reads a level file (§6.1 of the worlds spec). name is used in
// errors, which say the line and, for the grid, the token.
func Parse(name string, data []byte) (*Level, error) {
	lv := &Level{Name: name}
	var rows []gridRow
	keys := map[string]bool{}
	for n, raw := range strings.Split(string(data), "\n") {
		line := n + 1
		text := strings.TrimSpace(raw)
		switch {
		case text == "", strings.HasPrefix(text, ";"), strings.HasPrefix(text, "//"):
			continue
		}
		if key, value, ok := metaLine(text); ok {
			if len(rows) > 0 {
				return nil, fmt.Errorf("grid: level %s line %d: metadata %q after the grid", name, line, key)
			}
			if keys[key] {
				return nil, fmt.Errorf("grid: level %s line %d: metadata %q given twice", name, line, key)
			}
			keys[key] = true
			lv.Meta = append(lv.Meta, MetaEntry{Key: key, Value: value, Line: line})
			continue
		}
		tokens := strings.Split(text, " ")
		for _, tok := range tokens {
			if len(tok) != 2 {
				return nil, fmt.Errorf("grid: level %s line %d: token %q is not two characters (tokens are separated by single spaces)", name, line, tok)
			}
		}
		if len(rows) > 0 && len(tokens) != len(rows[0].tokens) {
			return nil, fmt.Errorf("grid: level %s line %d: row has %d cells, the first row %d", name, line, len(tokens), len(rows[0].tokens))
		}
		rows = append(rows, gridRow{tokens: tokens, line: line})
	}
	if len(rows) == 0 {
		return nil, fmt.Errorf("grid: level %s: no grid", name)
	}
	lv.Rows, lv.Cols = len(rows), len(rows[0].tokens)
	m, err := readMeta(lv)
	if err != nil {
		return nil, err
	}
	if err := lv.readGrid(rows, m); err != nil {
		return nil, err
	}
	if err := lv.applyMeta(); err != nil {
		return nil, err
	}
	return lv, nil
}

// metaLine reads `key: value`, key [A-Za-z0-9_]+.
func metaLine(text string) (key, value string, ok bool) {
	key, value, ok = strings.Cut(text, ":")
	if !ok || key == "" {
		return "", "", false
	}
	for i := range len(key) {
		c := key[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_') {
			return "", "", false
		}
	}
	return key, strings.TrimSpace(value), true
}

// readGrid reads the tokens into cells, objects and the agent.
func (lv *Level) readGrid(rows []gridRow, m *meta) error {
	lv.Cells = make([]Cell, lv.Rows*lv.Cols)
	agents := 0
	for r, row := range rows {
		for c, tok := range row.tokens {
			p := Pos{r, c}
			t, err := decodeToken(tok, m)
			if err != nil {
				return fmt.Errorf("grid: level %s line %d: token %q at row %d, col %d: %w", lv.Name, row.line, tok, r, c, err)
			}
			lv.Cells[r*lv.Cols+c] = t.cell
			if t.object != nil {
				o := *t.object
				o.Pos = p
				lv.Objects = append(lv.Objects, o)
			}
			if t.agent {
				agents++
				lv.Agent, lv.Facing, lv.RandomFacing = p, t.facing, t.random
			}
		}
	}
	if agents != 1 {
		return fmt.Errorf("grid: level %s: %d agent tokens (A^ A> Av A< A. Ar), want 1", lv.Name, agents)
	}
	lv.resolveDoors()
	lv.floodRows()
	return nil
}

// resolveDoors locks every cD door whose colour a key on the grid has.
func (lv *Level) resolveDoors() {
	for i, o := range lv.Objects {
		if o.Kind != Door || o.Token[1] != 'D' {
			continue
		}
		for _, k := range lv.Objects {
			if k.Kind == Key && k.Colour == o.Colour {
				lv.Objects[i].State = Locked
				break
			}
		}
	}
}

// floodRows puts every object token of a row holding flood tiles on a
// flood tile with that row's step (the earliest of the row's tiles).
func (lv *Level) floodRows() {
	for r := range lv.Rows {
		rise, index, found := 0, "", false
		for c := range lv.Cols {
			cell := lv.Cells[r*lv.Cols+c]
			if cell.Terrain == FloodTile && (!found || cell.Rise < rise) {
				rise, index, found = cell.Rise, cell.Index, true
			}
		}
		if !found {
			continue
		}
		for _, o := range lv.Objects {
			if o.Pos.Row != r {
				continue
			}
			cell := &lv.Cells[r*lv.Cols+o.Pos.Col]
			if cell.Terrain == Floor {
				*cell = Cell{Terrain: FloodTile, Token: "f" + index, Rise: rise, Index: index}
			}
		}
	}
}
