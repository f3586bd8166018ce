package grid

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/hallumaze/hallumaze/worlds"
)

// ProcSizes are the procedural levels' sizes: proc-8, proc-10, proc-12.
var ProcSizes = []int{8, 10, 12}

// ProcSeeds are the procedural levels' seeds in the standard set: 1–20,
// enough probes of each template and view for the golds to be balanced
// there too.
var ProcSeeds = func() []uint64 {
	out := make([]uint64, 20)
	for i := range out {
		out[i] = uint64(i + 1)
	}
	return out
}()

// procName is proc-<size>.
func procName(size int) string { return "proc-" + strconv.Itoa(size) }

// procSize reads proc-<size>, size one of ProcSizes.
func procSize(level string) (int, bool) {
	rest, ok := strings.CutPrefix(level, "proc-")
	if !ok {
		return 0, false
	}
	n, err := strconv.Atoi(rest)
	if err != nil || !slices.Contains(ProcSizes, n) {
		return 0, false
	}
	return n, true
}

// ProcLevel draws the procedural level proc-<size> at seed and its two
// actions (§6.6), from the grid-levels stream, in this order: the door's
// column, colour and state in the inner wall row ⌊S/2⌋; ⌊S/2⌋+1+intn(S)
// objects (at most 18; the spec's ⌊S/2⌋+1 made most counts 0, 1 or 2),
// each a (type, colour) pair of the 18 (type-major: key, ball, box × r g b
// y p e) and an empty interior cell off the wall row, both without
// replacement; the agent's cell among the empty cells below the wall row
// and its facing; then two actions.
func ProcLevel(size int, seed uint64) (*Level, []Action, error) {
	if !slices.Contains(ProcSizes, size) {
		return nil, nil, fmt.Errorf("grid: no procedural level of size %d", size)
	}
	lv, actions := procLevel(size, worlds.NewStream(seed, worlds.StreamGridLevels))
	return lv, actions, nil
}

// procLevel draws proc-<size> from st, which goes on to the level's next
// draws (a navigation episode's targets).
func procLevel(size int, st *worlds.Stream) (*Level, []Action) {
	lv := &Level{Name: procName(size), Rows: size, Cols: size, ViewSize: 7, Cells: make([]Cell, size*size)}
	if size == 8 {
		lv.ViewSize = 5
	}
	w := size / 2
	for r := range size {
		for c := range size {
			cell := Cell{Terrain: Floor, Token: ".."}
			if r == 0 || c == 0 || r == size-1 || c == size-1 || r == w {
				cell = Cell{Terrain: Wall, Token: "##"}
			}
			lv.Cells[r*size+c] = cell
		}
	}
	doorCol := 1 + st.Intn(size-2)
	door := Object{Kind: Door, Colour: worlds.Pick(st, Colours), State: worlds.Pick(st, doorStates), Pos: Pos{w, doorCol}}
	door.Token = objectCode(door)
	lv.Cells[w*size+doorCol] = Cell{Terrain: Floor, Token: ".."}
	lv.Objects = append(lv.Objects, door)

	type pair struct {
		kind   Kind
		colour Colour
	}
	var pairs []pair
	for _, k := range []Kind{Key, Ball, Box} {
		for _, c := range Colours {
			pairs = append(pairs, pair{k, c})
		}
	}
	var empty []Pos
	for r := 1; r < size-1; r++ {
		for c := 1; c < size-1; c++ {
			if r != w {
				empty = append(empty, Pos{r, c})
			}
		}
	}
	for range min(len(pairs), w+1+st.Intn(size)) {
		p := worlds.Take(st, &pairs)
		o := Object{Kind: p.kind, Colour: p.colour, Pos: worlds.Take(st, &empty)}
		o.Token = objectCode(o)
		lv.Objects = append(lv.Objects, o)
	}
	var below []Pos
	for _, p := range empty {
		if p.Row > w {
			below = append(below, p)
		}
	}
	lv.Agent = worlds.Pick(st, below)
	lv.Facing = worlds.Pick(st, []Dir{North, East, South, West})
	actions := []Action{worlds.Pick(st, []Action{TurnLeft, TurnRight, Forward}), worlds.Pick(st, []Action{TurnLeft, TurnRight, Forward})}
	slices.SortFunc(lv.Objects, func(a, b Object) int {
		if a.Pos.Row != b.Pos.Row {
			return a.Pos.Row - b.Pos.Row
		}
		return a.Pos.Col - b.Pos.Col
	})
	return lv, actions
}

// procEpisode is proc-<size> at seed: three observations, at t = 0, 1, 2.
func procEpisode(size int, seed uint64) (*Episode, error) {
	lv, actions, err := ProcLevel(size, seed)
	if err != nil {
		return nil, err
	}
	e := &Episode{Level: lv.Name, Obs: []Observation{{State: lv.Start(seed), Area: "room"}}}
	for _, a := range actions {
		e.act([]Action{a})
	}
	e.identify()
	return e, nil
}
