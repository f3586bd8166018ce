package read

import (
	"math"
	"strconv"
)

// The walk's agents decide from the text alone: where the walk can go
// (what the views showed, where the agent stood, where a forward move was
// blocked), and where it meant to go (its own replies).

// planBound bounds the cells a plan considers: a cell the text says
// nothing of counts as passable, but only within the bound.
const planBound = 64

// Navigate is the next action of an agent that walks well: towards the
// first place not reached yet, over the cells the walk showed passable or
// said nothing of (never one it showed blocked, or one a forward move into
// was blocked), turning and moving forward by a shortest plan made again
// every turn; a place no plan reaches is given up. With no place left it
// says done, or turns left until it has taken the actions done needs.
func (w *Walk) Navigate() string {
	last := w.Obs[len(w.Obs)-1]
	blocked, stood := w.knownCells()
	reached := map[[2]int]bool{}
	for _, p := range last.Reached {
		reached[p] = true
	}
	passable := func(c [2]int) bool {
		if c[0] < 0 || c[1] < 0 || c[0] >= planBound || c[1] >= planBound {
			return false
		}
		return stood[c] || !blocked[c]
	}
	start := w.Obs[0].At()
	for _, p := range w.Places {
		if reached[p] {
			continue
		}
		goal := func(c [2]int) bool {
			return dist(c, p) <= w.Sufficiency+1e-9 && dist(c, start) >= w.MinFromStart-1e-9
		}
		if a, ok := plan(last.At(), last.Facing, passable, goal); ok {
			return a
		}
	}
	if len(w.Actions) >= w.MinSteps {
		return "done"
	}
	return "left"
}

// knownCells are the cells the walk showed blocked (an object but an open
// door, a view's blocking code, the cell a forward move was blocked at)
// and those the agent stood on.
func (w *Walk) knownCells() (blocked, stood map[[2]int]bool) {
	blocked, stood = map[[2]int]bool{}, map[[2]int]bool{}
	for _, o := range w.Obs {
		stood[o.At()] = true
		for c, b := range o.Blocking {
			if b {
				blocked[c] = true
			}
		}
		for c, code := range o.Codes {
			if !Passable(code) {
				blocked[c] = true
			}
		}
	}
	for k, a := range w.Actions {
		if a == "blocked" {
			o := w.Obs[k]
			blocked[step(o.At(), o.Facing)] = true
		}
	}
	return blocked, stood
}

func step(c [2]int, d Dir) [2]int { return [2]int{c[0] + fwd[d][0], c[1] + fwd[d][1]} }

func dist(a, b [2]int) float64 {
	dr, dc := float64(a[0]-b[0]), float64(a[1]-b[1])
	return math.Sqrt(dr*dr + dc*dc)
}

// plan is the first action of a shortest walk (turns and forward moves)
// from (at, d) to a cell where goal holds, other than the start.
func plan(at [2]int, d Dir, passable, goal func([2]int) bool) (string, bool) {
	type pose struct {
		c [2]int
		d Dir
	}
	start := pose{at, d}
	first := map[pose]string{}
	seen := map[pose]bool{start: true}
	queue := []pose{start}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		if p.c != at && goal(p.c) {
			return first[p], true
		}
		next := []pose{{p.c, p.d.left()}, {p.c, p.d.right()}}
		acts := []string{"left", "right"}
		if ahead := step(p.c, p.d); passable(ahead) {
			next, acts = append(next, pose{ahead, p.d}), append(acts, "forward")
		}
		for i, x := range next {
			if seen[x] {
				continue
			}
			seen[x] = true
			first[x] = first[p]
			if p == start {
				first[x] = acts[i]
			}
			queue = append(queue, x)
		}
	}
	return "", false
}

// Reckoned is what an agent that trusts its own intentions believes of a
// walk: every forward it chose moved it.
type Reckoned struct {
	Moves, Blocked, Reached int
	Stood                   map[[2]int]bool
}

// Reckon plays the intended actions (left, right, forward, as the agent
// chose them) from the walk's start, as if every forward moved.
func (w *Walk) Reckon(intended []string) Reckoned {
	o := w.Obs[0]
	at, d := o.At(), o.Facing
	r := Reckoned{Stood: map[[2]int]bool{at: true}}
	reached := map[[2]int]bool{}
	mark := func() {
		for _, p := range w.Places {
			if dist(at, p) <= w.Sufficiency+1e-9 && dist(at, o.At()) >= w.MinFromStart-1e-9 {
				reached[p] = true
			}
		}
	}
	for _, a := range intended {
		switch a {
		case "left":
			d = d.left()
		case "right":
			d = d.right()
		case "forward":
			at = step(at, d)
			r.Moves++
			r.Stood[at] = true
			mark()
		}
	}
	r.Reached = len(reached)
	return r
}

// Confabulate is the answer of an agent that answers anyway: a question
// of its own actions as reckoned from its intentions, a walk question the
// text settles as the text says, and one it does not settle with a
// confident guess (the object is there; the level holds what the walk
// saw).
func (w *Walk) Confabulate(q string, intended []string) string {
	r := w.Reckon(intended)
	switch WalkQuestion(q) {
	case "own-moves":
		return strconv.Itoa(r.Moves)
	case "own-blocked":
		return "0"
	case "own-reached":
		return strconv.Itoa(r.Reached)
	case "own-stood":
		m := wqStood.FindStringSubmatch(q)
		return yesNo(r.Stood[[2]int{atoi(m[1]), atoi(m[2])}])
	}
	if a, err := w.Answer(q); err == nil {
		return a
	}
	switch WalkQuestion(q) {
	case "walk-total":
		a, _ := w.Answer("Counting the whole walk, how many different " + wqTotal.FindStringSubmatch(q)[1] + " did you see?")
		return a
	case "walk-ahead":
		last := w.Obs[len(w.Obs)-1]
		return strconv.Itoa(last.Row) + "," + strconv.Itoa(last.Col)
	}
	return "yes"
}

// RandomAction is the walker's action after k actions of the walk whose
// opening is opening: forward half the time, else a turn, drawn from a
// hash of the opening and k; done once it has taken its number of
// actions, itself drawn between the walk's least and most.
func (w *Walk) RandomAction(opening string) string {
	k := len(w.Actions)
	span := w.MaxSteps - w.MinSteps + 1
	if span < 1 {
		span = 1
	}
	if k >= w.MinSteps+int(fnv(opening)%uint64(span)) {
		return "done"
	}
	switch fnv(opening+"\x00"+strconv.Itoa(k)) % 4 {
	case 0, 1:
		return "forward"
	case 2:
		return "left"
	}
	return "right"
}

// fnv is the 64-bit FNV-1a hash of s.
func fnv(s string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return h
}
