package grid

import (
	"strings"
)

// Pressure plates (§6.3, simulated here). A plate_N targets the door whose
// door_id_N names the same id. effect=trigger opens the door from the
// first time a boulder rests on the plate on, for good (plate_N_pretriggered
// says that has already happened); effect=open holds the door open only
// while a boulder rests on the plate. A door no plate opens keeps its
// state. Boulders are not pushed: the state of a level file is what it
// shows, and the C probes ask what would happen if a boulder came to rest
// on a plate, or left it.

// plateCell returns the cell of plate N, and whether the grid has one.
func (lv *Level) plateCell(index string) (Pos, bool) {
	for r := range lv.Rows {
		for c := range lv.Cols {
			if cell := lv.Cells[r*lv.Cols+c]; cell.Terrain == PlateTile && cell.Index == index {
				return Pos{r, c}, true
			}
		}
	}
	return Pos{}, false
}

// plateTarget returns the cell of the door a plate opens, and whether it
// names one on the grid.
func (lv *Level) plateTarget(p Plate) (Pos, bool) {
	for _, d := range lv.DoorIDs {
		if d.ID == p.Target {
			return d.Pos, true
		}
	}
	return Pos{}, false
}

// boulderOn reports whether a boulder rests on cell p.
func (s *State) boulderOn(p Pos) bool {
	i := s.ObjectAt(p)
	return i >= 0 && s.Objects[i].Kind == Boulder
}

// plateOpens reports whether plate pl holds its door open in s, or would
// with a boulder on it (weighted) after one had or had not rested there
// before (triggered).
func plateOpens(pl Plate, weighted, triggered bool) bool {
	if pl.Effect == "open" {
		return weighted
	}
	return weighted || triggered || pl.Pretriggered
}

// applyPlates opens every door a plate holds open in s.
func (s *State) applyPlates() {
	for _, pl := range s.Level.Plates {
		cell, ok1 := s.Level.plateCell(pl.Index)
		door, ok2 := s.Level.plateTarget(pl)
		if !ok1 || !ok2 {
			continue
		}
		if i := s.ObjectAt(door); i >= 0 && s.Objects[i].Kind == Door && plateOpens(pl, s.boulderOn(cell), false) {
			s.Objects[i].State = Open
		}
	}
}

// plateLines are the memory view's plate lines, one per plate with a cell:
//
//	[Plate]: 5 steps north, 1 step east — effect trigger (already triggered); opens the door 4 steps north; a boulder rests on it
func plateLines(s *State) []string {
	var out []string
	for _, pl := range s.Level.Plates {
		cell, ok := s.Level.plateCell(pl.Index)
		if !ok {
			continue
		}
		var b strings.Builder
		b.WriteString("[Plate]: ")
		b.WriteString(compassPhrase(s.Agent, cell))
		b.WriteString(" — effect ")
		b.WriteString(pl.Effect)
		if pl.Pretriggered {
			b.WriteString(" (already triggered)")
		}
		if door, ok := s.Level.plateTarget(pl); ok {
			b.WriteString("; opens the door ")
			b.WriteString(compassPhrase(s.Agent, door))
		} else {
			b.WriteString("; opens no door")
		}
		if s.boulderOn(cell) {
			b.WriteString("; a boulder rests on it")
		}
		out = append(out, b.String())
	}
	return out
}
