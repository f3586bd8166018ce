package mazes

import (
	"fmt"
)

// AriadneGroup is an Ariadne's Thread intervention group.
type AriadneGroup string

// The groups of the seed's intervention experiment.
const (
	// AriadneGroupA (pure): no hints.
	AriadneGroupA AriadneGroup = "A"
	// AriadneGroupB (triggered): a hint when a trigger fires, at most one every
	// N steps on an N×N maze.
	AriadneGroupB AriadneGroup = "B"
	// AriadneGroupC (observe): a hint at every trigger; the measure is how often
	// hints are ignored.
	AriadneGroupC AriadneGroup = "C"
)

// ParseAriadneGroup reads "A", "B" or "C".
func ParseAriadneGroup(s string) (AriadneGroup, error) {
	switch AriadneGroup(s) {
	case AriadneGroupA, AriadneGroupB, AriadneGroupC:
		return AriadneGroup(s), nil
	}
	return "", fmt.Errorf("unknown Ariadne group %q (want A, B or C)", s)
}

// HintWindow is how many steps after a hint the model has to take the
// hinted move before the hint counts as ignored.
const HintWindow = 5

// Ariadne watches an interactive walk, fires triggers and writes hints.
//
// A trigger fires after a move that the world refused or that started
// from a cell other than the walk's position (a wall crossing, an off-grid
// move or a teleport), or that entered a cell more times than it has open
// directions: a depth-first walk enters each cell at most that often, so one
// more visit means the walk is going round in circles.
//
// The hint is the thread back: "Ariadne's thread: from (r,c) the way to
// the EXIT goes D.", where (r,c) is the walk's real position and D the first
// direction of the unique path from there to EXIT.
//
// A hint is followed when, within HintWindow steps, the model moves from
// the hinted cell in the hinted direction; its latency is the number of
// steps taken since the hint, that move included. NRS (hint response speed)
// is the mean over hints of 1/latency, counting 0 for an ignored hint.
type Ariadne struct {
	m        *Maze
	group    AriadneGroup
	lang     Lang
	visits   map[Cell]int
	steps    int
	lastHint int // step count at the last hint; -1 before any
	pending  []pendingHint
	stats    AriadneStats
}

type pendingHint struct {
	cell  Cell
	dir   Dir
	given int // step count when given
}

// AriadneStats are the intervention measurements of one walk.
type AriadneStats struct {
	Group    AriadneGroup `json:"group"`
	Triggers int          `json:"triggers"`
	Hints    int          `json:"hints"`
	Followed int          `json:"followed"`
	Ignored  int          `json:"ignored"`
	// Latencies of followed hints, in steps.
	Latencies []int `json:"latencies,omitempty"`
	// NRS and IgnoreRate are defined when Hints > 0.
	NRS        float64 `json:"nrs"`
	IgnoreRate float64 `json:"ignore_rate"`
}

// NewAriadne watches a walk on m for the group.
func NewAriadne(m *Maze, g AriadneGroup, lang Lang) *Ariadne {
	a := &Ariadne{m: m, group: g, lang: lang, visits: map[Cell]int{m.Start(): 1}, lastHint: -1}
	a.stats.Group = g
	return a
}

// Observe takes one turn's result (from the position before it to the one
// after) and returns the hint to give, if any.
func (a *Ariadne) Observe(before Cell, res TurnResult, after Cell) (string, bool) {
	if !res.Moved {
		return "", false
	}
	a.steps++
	a.resolve(before, res.Step.Dir)
	trigger := !res.Check.Valid
	if !res.Check.OffGrid && !res.Check.Wall {
		a.visits[after]++
		if a.visits[after] > len(a.m.OpenDirs(after)) {
			trigger = true
		}
	}
	if !trigger {
		return "", false
	}
	a.stats.Triggers++
	switch a.group {
	case AriadneGroupA:
		return "", false
	case AriadneGroupB:
		if a.lastHint >= 0 && a.steps-a.lastHint < a.m.Size() {
			return "", false
		}
	}
	path := Solve(a.m, after, a.m.Exit())
	if len(path) < 2 {
		return "", false
	}
	dir := path[0].DirTo(path[1])
	a.lastHint = a.steps
	a.stats.Hints++
	a.pending = append(a.pending, pendingHint{cell: after, dir: dir, given: a.steps})
	if a.lang == Korean {
		return fmt.Sprintf("아리아드네의 실: %v에서 EXIT로 가는 길은 %s 방향입니다.", after, dir), true
	}
	return fmt.Sprintf("Ariadne's thread: from %v the way to the EXIT goes %s.", after, dir), true
}

// resolve settles the pending hints against a move from `from` in d.
func (a *Ariadne) resolve(from Cell, d Dir) {
	kept := a.pending[:0]
	for _, h := range a.pending {
		latency := a.steps - h.given
		switch {
		case from == h.cell && d == h.dir:
			a.stats.Followed++
			a.stats.Latencies = append(a.stats.Latencies, latency)
		case latency >= HintWindow:
			a.stats.Ignored++
		default:
			kept = append(kept, h)
		}
	}
	a.pending = kept
}

// Finish counts the hints still pending when the walk ends as ignored and
// computes NRS and the ignore rate.
func (a *Ariadne) Finish() {
	a.stats.Ignored += len(a.pending)
	a.pending = nil
	if a.stats.Hints == 0 {
		return
	}
	sum := 0.0
	for _, l := range a.stats.Latencies {
		sum += 1 / float64(l)
	}
	a.stats.NRS = sum / float64(a.stats.Hints)
	a.stats.IgnoreRate = float64(a.stats.Ignored) / float64(a.stats.Hints)
}

// Stats returns the measurements so far.
func (a *Ariadne) Stats() AriadneStats { return a.stats }
