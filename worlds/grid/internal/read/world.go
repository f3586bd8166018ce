package read

import (
	"fmt"
	"strings"
)

// Where the reader puts what it reads: an action episode (observations of
// one area joined by the agent's own actions) is tracked in one frame of
// cells, the agent's first cell at (0, 0); a memory view gives cells
// outright. Areas of a multi-file history are told apart by the lines
// between observations.

// pose is the agent's cell and facing in an episode's frame.
type pose struct {
	r, c int
	f    Dir
}

// poses are the agent's pose at each observation: a memory view's row and
// column, else dead reckoning from the first observation along the
// actions (a view's facing line checks it).
func (h *History) poses() ([]pose, error) {
	out := make([]pose, len(h.Obs))
	for k, o := range h.Obs {
		if o.View == "memory" {
			out[k] = pose{o.Row, o.Col, o.Facing}
			continue
		}
		if k == 0 || h.Links[k].Area != "" {
			out[k] = pose{0, 0, o.Facing}
			continue
		}
		p := out[k-1]
		for _, a := range h.Links[k].Actions {
			switch a {
			case "left":
				p.f = p.f.left()
			case "right":
				p.f = p.f.right()
			case "forward":
				p.r, p.c = p.r+fwd[p.f][0], p.c+fwd[p.f][1]
			}
		}
		if p.f != o.Facing {
			return nil, fmt.Errorf("read: observation %d faces %d after the actions, its view says %d", k+1, p.f, o.Facing)
		}
		out[k] = p
	}
	return out, nil
}

// cellOf is the frame cell of a view's object.
func cellOf(p pose, o Object, view string) [2]int {
	if view == "memory" {
		return [2]int{p.r - o.N, p.c + o.E}
	}
	return egoCell(p, o.A, o.L)
}

// egoCell is the cell a steps ahead and l to the right of a pose.
func egoCell(p pose, a, l int) [2]int {
	fw, rt := fwd[p.f], fwd[p.f.right()]
	return [2]int{p.r + a*fw[0] + l*rt[0], p.c + a*fw[1] + l*rt[1]}
}

// egoOf is (ahead, lateral) of a cell from a pose.
func egoOf(p pose, cell [2]int) (int, int) {
	dr, dc := cell[0]-p.r, cell[1]-p.c
	fw, rt := fwd[p.f], fwd[p.f.right()]
	return dr*fw[0] + dc*fw[1], dr*rt[0] + dc*rt[1]
}

// sameFile reports whether observations j and k see one unchanging grid:
// the agent's actions joined them (no area line between).
func (h *History) sameFile(j, k int) bool {
	if j > k {
		j, k = k, j
	}
	for i := j + 1; i <= k; i++ {
		if h.Links[i].Area != "" {
			return false
		}
	}
	return true
}

// areas numbers each observation's area: a new area on "next", the
// previous one on "same", the named one on "returned"; actions keep it.
func (h *History) areas() []int {
	out := make([]int, len(h.Obs))
	next := 0
	for k := range h.Obs {
		if k == 0 {
			continue
		}
		switch l := h.Links[k]; l.Area {
		case "next":
			next++
			out[k] = next
		case "returned":
			out[k] = out[l.To]
		default:
			out[k] = out[k-1]
		}
	}
	return out
}

// labelled is the first observation labelled label, or -1.
func (h *History) labelled(label string) int {
	for k, o := range h.Obs {
		if o.Label == label {
			return k
		}
	}
	return -1
}

// objects is observation k's objects named name.
func (o Obs) named(name string) []Object {
	var out []Object
	for _, ob := range o.Objects {
		if ob.Name == name {
			out = append(out, ob)
		}
	}
	return out
}

// kindOf is the kind word of a name: "red key" → "key".
func kindOf(name string) string {
	if i := strings.LastIndexByte(name, ' '); i >= 0 {
		return name[i+1:]
	}
	return name
}

// countKind counts observation o's objects of a kind (key, ball, box,
// door), any colour; kind "any" counts all four kinds.
func (o Obs) countKind(kind string) int {
	n := 0
	for _, ob := range o.Objects {
		if counted(ob, kind) {
			n++
		}
	}
	return n
}

// counted reports whether an object counts as one of kind ("any": a key,
// ball, box or door).
func counted(ob Object, kind string) bool {
	k := kindOf(ob.Name)
	if !strings.Contains(ob.Name, " ") || !(k == "key" || k == "ball" || k == "box" || k == "door") {
		return false
	}
	return kind == "any" || k == kind
}

// at is observation o's object at (a, l), in a field-of-view view.
func (o Obs) at(a, l int) (Object, bool) {
	for _, ob := range o.Objects {
		if ob.A == a && ob.L == l {
			return ob, true
		}
	}
	return Object{}, false
}

// atCompass is a memory view's object at (n, e).
func (o Obs) atCompass(n, e int) (Object, bool) {
	for _, ob := range o.Objects {
		if ob.N == n && ob.E == e {
			return ob, true
		}
	}
	return Object{}, false
}

// one is the only object named name, or false.
func (o Obs) one(name string) (Object, bool) {
	obs := o.named(name)
	if len(obs) != 1 {
		return Object{}, false
	}
	return obs[0], true
}

// ahead is an object's (ahead, lateral) from the agent: a field-of-view
// view's own, a memory view's from its compass and the facing.
func (o Obs) ahead(ob Object) (int, int) {
	if o.View != "memory" {
		return ob.A, ob.L
	}
	p := pose{o.Row, o.Col, o.Facing}
	return egoOf(p, [2]int{o.Row - ob.N, o.Col + ob.E})
}
