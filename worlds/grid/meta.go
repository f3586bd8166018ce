package grid

import (
	"fmt"
	"strconv"
	"strings"
)

// meta holds the metadata the grid tokens need: the flood tiles' rise
// steps and the text objects' words.
type meta struct {
	flood map[string]int
	texts map[string]string
}

// readMeta reads the flood_N steps and the notice_N, sign_N and
// combat_log_N texts.
func readMeta(lv *Level) (*meta, error) {
	m := &meta{flood: map[string]int{}, texts: map[string]string{}}
	for _, e := range lv.Meta {
		switch {
		case strings.HasPrefix(e.Key, "flood_"):
			n, err := strconv.Atoi(e.Value)
			if err != nil {
				return nil, lv.metaErr(e, "rise step %q is not an integer", e.Value)
			}
			m.flood[strings.TrimPrefix(e.Key, "flood_")] = n
		case strings.HasPrefix(e.Key, "notice_"), strings.HasPrefix(e.Key, "sign_"),
			strings.HasPrefix(e.Key, "combat_log_"):
			m.texts[e.Key] = e.Value
		}
	}
	return m, nil
}

// metaErr is an error about one metadata line.
func (lv *Level) metaErr(e MetaEntry, format string, args ...any) error {
	return fmt.Errorf("grid: level %s line %d: %s: %s", lv.Name, e.Line, e.Key, fmt.Sprintf(format, args...))
}

// applyMeta reads the metadata that acts on the loaded grid: the view, the
// river region, wet counters, elevated cells and the inert mechanics.
// Keys it does not know are kept in Meta and ignored.
func (lv *Level) applyMeta() error {
	lv.ViewSize = 7
	for _, key := range []string{"agent_view_size", "view_size"} {
		e, ok := lv.entry(key)
		if !ok {
			continue
		}
		n, err := strconv.Atoi(e.Value)
		if err != nil || n < 1 {
			return lv.metaErr(e, "view size %q is not a positive integer", e.Value)
		}
		lv.ViewSize = n
		break
	}
	if e, ok := lv.entry("see_through_walls"); ok {
		b, err := strconv.ParseBool(strings.ToLower(e.Value))
		if err != nil {
			return lv.metaErr(e, "%q is not true or false", e.Value)
		}
		lv.SeeThroughWalls = b
	}
	if err := lv.readRiver(); err != nil {
		return err
	}
	for _, e := range lv.Meta {
		if err := lv.applyEntry(e); err != nil {
			return err
		}
	}
	return nil
}

// entry returns the metadata line of key.
func (lv *Level) entry(key string) (MetaEntry, bool) {
	for _, e := range lv.Meta {
		if e.Key == key {
			return e, true
		}
	}
	return MetaEntry{}, false
}

// applyEntry reads one indexed metadata line (prewet_N, elevated_cell_N,
// plate_N, door_id_N, continuous_door_N, wind).
func (lv *Level) applyEntry(e MetaEntry) error {
	index := func(prefix string) (string, bool) {
		rest, ok := strings.CutPrefix(e.Key, prefix)
		return rest, ok && rest != ""
	}
	if _, ok := index("prewet_"); ok {
		f, err := lv.fields(e, "row", "col", "turns")
		if err != nil {
			return err
		}
		p := Pos{f[0], f[1]}
		i := lv.objectAt(p)
		if i < 0 {
			return lv.metaErr(e, "no object at row %d, col %d", p.Row, p.Col)
		}
		if f[2] < 0 {
			return lv.metaErr(e, "turns %d is negative", f[2])
		}
		lv.Objects[i].Wet = f[2]
		return nil
	}
	if _, ok := index("elevated_cell_"); ok {
		f, err := lv.fields(e, "row", "col")
		if err != nil {
			return err
		}
		lv.Cells[f[0]*lv.Cols+f[1]].Elevated = true
		return nil
	}
	if n, ok := index("plate_"); ok {
		if base, ok := strings.CutSuffix(n, "_pretriggered"); ok {
			b, err := strconv.ParseBool(strings.ToLower(e.Value))
			if err != nil {
				return lv.metaErr(e, "%q is not true or false", e.Value)
			}
			lv.plate(base).Pretriggered = b
			return nil
		}
		kv, err := pairs(e.Value, "target", "effect")
		if err != nil {
			return lv.metaErr(e, "%v", err)
		}
		if kv[1] != "trigger" && kv[1] != "open" {
			return lv.metaErr(e, "effect %q is not trigger or open", kv[1])
		}
		p := lv.plate(n)
		p.Target, p.Effect = kv[0], kv[1]
		return nil
	}
	if n, ok := index("door_id_"); ok {
		kv, err := pairs(e.Value, "row", "col", "id")
		if err != nil {
			return lv.metaErr(e, "%v", err)
		}
		p, err := lv.cellOf(e, kv[0], kv[1])
		if err != nil {
			return err
		}
		lv.DoorIDs = append(lv.DoorIDs, DoorID{Index: n, Pos: p, ID: kv[2]})
		return nil
	}
	if n, ok := index("continuous_door_"); ok {
		kv, err := pairs(e.Value, "row", "col", "key")
		if err != nil {
			return lv.metaErr(e, "%v", err)
		}
		p, err := lv.cellOf(e, kv[0], kv[1])
		if err != nil {
			return err
		}
		lv.ContinuousDoors = append(lv.ContinuousDoors, ContinuousDoor{Index: n, Pos: p, Key: kv[2]})
		return nil
	}
	if e.Key == "wind" {
		for _, part := range strings.Split(e.Value, ",") {
			c, o, ok := strings.Cut(strings.TrimSpace(part), ":")
			col, err1 := strconv.Atoi(c)
			off, err2 := strconv.Atoi(o)
			if !ok || err1 != nil || err2 != nil {
				return lv.metaErr(e, "%q is not col:offset", part)
			}
			lv.Wind = append(lv.Wind, WindColumn{Col: col, Offset: off})
		}
	}
	return nil
}

// plate returns plate N, adding it if new (plates keep first-seen order).
func (lv *Level) plate(n string) *Plate {
	for i := range lv.Plates {
		if lv.Plates[i].Index == n {
			return &lv.Plates[i]
		}
	}
	lv.Plates = append(lv.Plates, Plate{Index: n})
	return &lv.Plates[len(lv.Plates)-1]
}

// fields reads a value of integer key=value pairs (row=…,col=…) on the grid.
func (lv *Level) fields(e MetaEntry, keys ...string) ([]int, error) {
	kv, err := pairs(e.Value, keys...)
	if err != nil {
		return nil, lv.metaErr(e, "%v", err)
	}
	out := make([]int, len(kv))
	for i, v := range kv {
		n, err := strconv.Atoi(v)
		if err != nil {
			return nil, lv.metaErr(e, "%s %q is not an integer", keys[i], v)
		}
		out[i] = n
	}
	if !lv.In(Pos{out[0], out[1]}) {
		return nil, lv.metaErr(e, "row %d, col %d is off the grid", out[0], out[1])
	}
	return out, nil
}

// cellOf reads a row and col pair that must be on the grid.
func (lv *Level) cellOf(e MetaEntry, row, col string) (Pos, error) {
	r, err1 := strconv.Atoi(row)
	c, err2 := strconv.Atoi(col)
	if err1 != nil || err2 != nil {
		return Pos{}, lv.metaErr(e, "row %q, col %q are not integers", row, col)
	}
	if !lv.In(Pos{r, c}) {
		return Pos{}, lv.metaErr(e, "row %d, col %d is off the grid", r, c)
	}
	return Pos{r, c}, nil
}

// pairs reads "k1=v1,k2=v2,…" with exactly the keys given, in that order.
func pairs(value string, keys ...string) ([]string, error) {
	parts := strings.Split(value, ",")
	if len(parts) != len(keys) {
		return nil, fmt.Errorf("%q is not %s", value, strings.Join(keys, "=…,")+"=…")
	}
	out := make([]string, len(keys))
	for i, part := range parts {
		k, v, ok := strings.Cut(strings.TrimSpace(part), "=")
		if !ok || strings.TrimSpace(k) != keys[i] || strings.TrimSpace(v) == "" {
			return nil, fmt.Errorf("%q is not %s", value, strings.Join(keys, "=…,")+"=…")
		}
		out[i] = strings.TrimSpace(v)
	}
	return out, nil
}

// objectAt returns the index of the object at p, or -1.
func (lv *Level) objectAt(p Pos) int {
	for i, o := range lv.Objects {
		if o.Pos == p {
			return i
		}
	}
	return -1
}
