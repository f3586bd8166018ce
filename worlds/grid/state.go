package grid

import (
	"slices"

	"github.com/hallumaze/hallumaze/worlds"
)

// State is the world's state S at one time: the level's cells (fixed), the
// objects with their positions, door states and wet counters, the agent's
// cell and facing, and the time T. Flood tiles and fires are functions of
// T and the cells, so they need no state of their own.
type State struct {
	Level   *Level
	T       int
	Objects []Object
	Agent   Pos
	Facing  Dir
	// occ[row*cols+col] is the index+1 of the object on the cell, 0 if none.
	occ []int32
}

// Start returns the level's state at T = 0. An agent token Ar faces
// pick(N, E, S, W) from the grid-levels stream of seed.
func (lv *Level) Start(seed uint64) *State {
	s := &State{Level: lv, Objects: slices.Clone(lv.Objects), Agent: lv.Agent, Facing: lv.Facing}
	if lv.RandomFacing {
		s.Facing = worlds.Pick(worlds.NewStream(seed, worlds.StreamGridLevels), []Dir{North, East, South, West})
	}
	s.index()
	s.applyPlates()
	return s
}

// Clone returns an independent copy of s.
func (s *State) Clone() *State {
	c := *s
	c.Objects = slices.Clone(s.Objects)
	c.occ = slices.Clone(s.occ)
	return &c
}

// index rebuilds the cell → object table.
func (s *State) index() {
	lv := s.Level
	if len(s.occ) != lv.Rows*lv.Cols {
		s.occ = make([]int32, lv.Rows*lv.Cols)
	} else {
		clear(s.occ)
	}
	for i, o := range s.Objects {
		s.occ[o.Pos.Row*lv.Cols+o.Pos.Col] = int32(i + 1)
	}
}

// ObjectAt returns the index of the object at p, or -1.
func (s *State) ObjectAt(p Pos) int {
	if !s.Level.In(p) {
		return -1
	}
	return int(s.occ[p.Row*s.Level.Cols+p.Col]) - 1
}

// Flooded reports whether p is a flood tile that has risen by T.
func (s *State) Flooded(p Pos) bool {
	c := s.Level.At(p)
	return c.Terrain == FloodTile && s.T >= c.Rise
}

// Burning reports whether p is a fire not yet put out: a fire goes out
// from the time an orthogonally adjacent flood tile has risen.
func (s *State) Burning(p Pos) bool {
	if s.Level.At(p).Terrain != Fire {
		return false
	}
	for d := range Dir(4) {
		if s.Flooded(p.Add(d, 1)) {
			return false
		}
	}
	return true
}

// Scorched reports whether p is a fire that has gone out.
func (s *State) Scorched(p Pos) bool {
	return s.Level.At(p).Terrain == Fire && !s.Burning(p)
}

// terrainPassable reports whether the terrain at p lets the agent (or a
// carried object) in at T, ignoring objects.
func (s *State) terrainPassable(p Pos) bool {
	c := s.Level.At(p)
	switch c.Terrain {
	case Fire:
		return !s.Burning(p)
	case FloodTile:
		return !s.Flooded(p)
	}
	return c.staticPassable()
}

// Passable reports whether the agent may step onto p.
func (s *State) Passable(p Pos) bool {
	if !s.terrainPassable(p) {
		return false
	}
	i := s.ObjectAt(p)
	return i < 0 || s.Objects[i].passable()
}

// SeeBehind reports whether sight passes p; off the grid it does not.
func (s *State) SeeBehind(p Pos) bool {
	if !s.Level.In(p) || !s.Level.At(p).seeBehind() {
		return false
	}
	i := s.ObjectAt(p)
	return i < 0 || s.Objects[i].seeBehind()
}

// Submerged reports whether object i stands on a risen flood tile that is
// not elevated ground.
func (s *State) Submerged(i int) bool {
	p := s.Objects[i].Pos
	return s.Flooded(p) && !s.Level.At(p).Elevated
}

// Condition is an object's wetness label: dry, wet or soaked.
func (o Object) Condition() string {
	switch {
	case o.Wet == 0:
		return "dry"
	case o.RiverSteps >= 3:
		return "soaked"
	}
	return "wet"
}

// Action is one of the agent's actions.
type Action uint8

// The actions.
const (
	TurnLeft Action = iota
	TurnRight
	Forward
)

// Act applies a: a turn changes the facing; forward moves one cell if
// that cell is passable. Then passive time moves the world one step.
// It reports whether the agent moved.
func (s *State) Act(a Action) bool {
	moved := false
	switch a {
	case TurnLeft:
		s.Facing = s.Facing.Left()
	case TurnRight:
		s.Facing = s.Facing.Right()
	case Forward:
		if next := s.Agent.Add(s.Facing, 1); s.Passable(next) {
			s.Agent, moved = next, true
		}
	}
	s.Step()
	return moved
}

// Step is one step of passive time, T → T+1 (§6.3): the river carries the
// objects standing in it, most-downstream first, each up to its cell's
// speed, one cell at a time, stopping before an impassable cell, an
// object or the agent, and stopping where it leaves the river; each of
// them is then wet 4 with one more river step. Then every other wet
// object dries by one. Floods and fires follow from T.
func (s *State) Step() {
	lv := s.Level
	var carried []int
	for i, o := range s.Objects {
		if lv.At(o.Pos).Terrain == River {
			carried = append(carried, i)
		}
	}
	slices.SortStableFunc(carried, func(x, y int) int {
		return downstreamCmp(lv, s.Objects[x].Pos, s.Objects[y].Pos)
	})
	for _, i := range carried {
		o := &s.Objects[i]
		for range lv.At(o.Pos).Speed {
			c := lv.At(o.Pos)
			if c.Terrain != River {
				break
			}
			next := o.Pos.Add(c.Flow, 1)
			if !s.terrainPassable(next) || s.ObjectAt(next) >= 0 || next == s.Agent {
				break
			}
			s.occ[o.Pos.Row*lv.Cols+o.Pos.Col] = 0
			o.Pos = next
			s.occ[next.Row*lv.Cols+next.Col] = int32(i + 1)
		}
		o.Wet = 4
		o.RiverSteps++
	}
	for i := range s.Objects {
		o := &s.Objects[i]
		if o.Wet > 0 && lv.At(o.Pos).Terrain != River {
			o.Wet--
		}
	}
	s.T++
}

// downstreamCmp orders two river cells most-downstream first: by flow
// direction (N, E, S, W), then the furthest along the flow, then (row, col).
func downstreamCmp(lv *Level, a, b Pos) int {
	fa, fb := lv.At(a).Flow, lv.At(b).Flow
	if fa != fb {
		return int(fa) - int(fb)
	}
	along := func(p Pos) int {
		switch fa {
		case East:
			return -p.Col
		case South:
			return -p.Row
		case West:
			return p.Col
		}
		return p.Row
	}
	if d := along(a) - along(b); d != 0 {
		return d
	}
	if a.Row != b.Row {
		return a.Row - b.Row
	}
	return a.Col - b.Col
}
