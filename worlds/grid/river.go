package grid

import (
	"fmt"
	"strconv"
	"strings"
)

// readRiver applies river_rows, river_cols, river_dir and river_speed:
// every floor cell of the rectangle (object cells included) becomes river
// flowing river_dir at river_speed cells per step (default 1).
func (lv *Level) readRiver() error {
	rowsE, okR := lv.entry("river_rows")
	colsE, okC := lv.entry("river_cols")
	dirE, okD := lv.entry("river_dir")
	speedE, okS := lv.entry("river_speed")
	if !okR && !okC && !okD && !okS {
		return nil
	}
	if !okR || !okC || !okD {
		return fmt.Errorf("grid: level %s: river_rows, river_cols and river_dir must all be given", lv.Name)
	}
	rows, err := lv.span(rowsE, lv.Rows)
	if err != nil {
		return err
	}
	cols, err := lv.span(colsE, lv.Cols)
	if err != nil {
		return err
	}
	flow, ok := map[string]Dir{"north": North, "east": East, "south": South, "west": West}[strings.ToLower(dirE.Value)]
	if !ok {
		return lv.metaErr(dirE, "%q is not east, south, west or north", dirE.Value)
	}
	speed := 1
	if okS {
		speed, err = strconv.Atoi(speedE.Value)
		if err != nil || speed < 1 {
			return lv.metaErr(speedE, "speed %q is not a positive integer", speedE.Value)
		}
	}
	lv.River = &RiverRegion{Rows: rows, Cols: cols, Flow: flow, Speed: speed}
	for r := rows[0]; r <= rows[1]; r++ {
		for c := cols[0]; c <= cols[1]; c++ {
			cell := &lv.Cells[r*lv.Cols+c]
			switch cell.Terrain {
			case Floor:
				*cell = Cell{Terrain: River, Token: "~" + string("NESW"[flow]), Flow: flow, Speed: speed}
			case River:
				cell.Speed = speed
			}
		}
	}
	return nil
}

// span reads "a-b", 0 ≤ a ≤ b < limit.
func (lv *Level) span(e MetaEntry, limit int) ([2]int, error) {
	a, b, ok := strings.Cut(e.Value, "-")
	x, err1 := strconv.Atoi(strings.TrimSpace(a))
	y, err2 := strconv.Atoi(strings.TrimSpace(b))
	if !ok || err1 != nil || err2 != nil || x < 0 || x > y || y >= limit {
		return [2]int{}, lv.metaErr(e, "%q is not a range a-b on the grid", e.Value)
	}
	return [2]int{x, y}, nil
}
