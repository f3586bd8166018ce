package walkers

import (
	"encoding/binary"
	"hash/fnv"
	"math/bits"
	"math/rand/v2"
	"slices"

	"github.com/hallumaze/hallumaze/mazes"
)

// record is one move the agent made and how it came out.
type record struct {
	from    mazes.Cell
	dir     mazes.Dir
	conf    int        // stated confidence in percent; −1 when none
	to      mazes.Cell // where the walk stands after the move
	valid   bool       // from the real position, through an open passage
	revisit bool       // it moved onto a cell visited before
}

// moved reports whether the move changed the position.
func (r record) moved() bool { return r.to != r.from }

// walk is the state every policy shares: the maze, where the walk stands,
// the moves made so far, and the agent's own tally of them, kept the way
// the verified walk counts them.
type walk struct {
	m     *mazes.Maze
	exit  mazes.Cell
	seed  uint64
	pos   mazes.Cell
	steps []record
	trail []mazes.Cell // START, then the position after each move
	// firstStep is, per cell, the number of the move that first reached it
	// (0 for START, −1 for a cell not visited).
	firstStep []int
	bt, hc    int
	inRun     bool
}

func newWalk(m *mazes.Maze, seed uint64) *walk {
	n := m.Size()
	w := &walk{m: m, exit: m.Exit(), seed: seed, pos: m.Start(), firstStep: make([]int, n*n)}
	for i := range w.firstStep {
		w.firstStep[i] = -1
	}
	w.firstStep[0] = 0
	w.trail = append(w.trail, w.pos)
	return w
}

// index returns the row-major index of a cell inside the maze.
func (w *walk) index(c mazes.Cell) int { return c.R*w.m.Size() + c.C }

// visited reports whether the walk has stood on c.
func (w *walk) visited(c mazes.Cell) bool { return w.m.In(c) && w.firstStep[w.index(c)] >= 0 }

// last returns the latest move; ok is false before the first.
func (w *walk) last() (record, bool) {
	if len(w.steps) == 0 {
		return record{}, false
	}
	return w.steps[len(w.steps)-1], true
}

// add records a move declared from `from` in direction d that left the walk
// at `to`, and tallies it: a move is valid when it starts where the walk
// stands and goes through an open passage; backtracks are maximal runs of
// moves onto visited cells.
func (w *walk) add(from mazes.Cell, d mazes.Dir, conf int, to mazes.Cell) {
	rec := record{from: from, dir: d, conf: conf, to: to}
	rec.valid = from == w.pos && w.m.IsOpen(from, d)
	rec.revisit = to != from && w.visited(to)
	if !rec.valid {
		w.hc++
	}
	if rec.revisit && !w.inRun {
		w.bt++
	}
	w.inRun = rec.revisit
	if w.m.In(to) && !w.visited(to) {
		w.firstStep[w.index(to)] = len(w.steps) + 1
	}
	w.steps = append(w.steps, rec)
	w.trail = append(w.trail, to)
	w.pos = to
}

// belief returns where a move from c in d leads in the one-shot walk: the
// next cell, through a wall if need be, or c itself off the grid.
func (w *walk) belief(c mazes.Cell, d mazes.Dir) mazes.Cell {
	if t := c.Move(d); w.m.In(t) {
		return t
	}
	return c
}

// rng returns the random source for decision i of the walk: the same maze,
// agent and i give the same numbers whatever came before.
func (w *walk) rng(i uint64) *rng { return &rng{*rand.NewPCG(w.seed, i)} }

// Streams of rng that are not step numbers.
const (
	streamSetup = 1<<64 - 1 - iota // per-maze choices made once
	streamFinal                    // the final block
)

// rng draws bounded numbers from PCG's raw output, so that no library
// change alters a reply.
type rng struct{ src rand.PCG }

// intn returns a number in [0,n) by Lemire's multiply-shift (without
// rejection: the bias, below n/2⁶⁴, does not matter here).
func (r *rng) intn(n int) int {
	if n <= 1 {
		return 0
	}
	hi, _ := bits.Mul64(r.src.Uint64(), uint64(n))
	return int(hi)
}

// between returns a number in [lo,hi].
func (r *rng) between(lo, hi int) int { return lo + r.intn(hi-lo+1) }

// chance returns true with probability num/den.
func (r *rng) chance(num, den int) bool { return r.intn(den) < num }

// walkSeed is the seed of an agent's random choices in answer to p: the
// maze's (mazeSeed), mixed with the request's sampling seed where it gives
// one, as draw k of the chance baseline is (so agent/random's walk under
// seed k is the baseline's draw k). A request without a seed, or with seed
// 0, gets the maze's seed alone.
func walkSeed(name string, p prompt) uint64 {
	seed := mazeSeed(name, p.maze)
	if p.seed != 0 {
		seed = mix(seed, uint64(p.seed))
	}
	return seed
}

// mazeSeed hashes the agent's name and the maze itself (its size, seed and
// the open directions of every cell), so that neither the language nor the
// lures change an agent's random choices.
func mazeSeed(name string, m *mazes.Maze) uint64 {
	h := fnv.New64a()
	h.Write([]byte(name))
	n := m.Size()
	var buf [16]byte
	binary.LittleEndian.PutUint64(buf[:8], uint64(n))
	binary.LittleEndian.PutUint64(buf[8:], m.Seed())
	h.Write(buf[:])
	row := make([]byte, n)
	for r := range n {
		for c := range n {
			row[c] = byte(m.Open(mazes.Cell{R: r, C: c}))
		}
		h.Write(row)
	}
	return h.Sum64()
}

// appendOpen appends the open directions of c, in the order of
// mazes.Dirs (as Maze.OpenDirs lists them), to dst.
func appendOpen(dst []mazes.Dir, m *mazes.Maze, c mazes.Cell) []mazes.Dir {
	set := m.Open(c)
	for _, d := range mazes.Dirs {
		if set&d != 0 {
			dst = append(dst, d)
		}
	}
	return dst
}

// eraseLoops returns the walk's trail with every loop cut out: in a perfect
// maze, the trail of a walk without wall crossings becomes the unique simple
// path between its ends.
func eraseLoops(trail []mazes.Cell) []mazes.Cell {
	// Where each cell stands in out, +1 (0: not in it): a dense table over
	// the trail's bounding box when the cells are on a grid of a size the
	// trail fills, a map otherwise.
	rows, cols := 0, 0
	dense := true
	for _, c := range trail {
		if c.R < 0 || c.C < 0 {
			dense = false
			break
		}
		rows, cols = max(rows, c.R+1), max(cols, c.C+1)
	}
	dense = dense && rows*cols <= 4*len(trail)+256
	var table []int32
	var at map[mazes.Cell]int
	if dense {
		table = make([]int32, rows*cols)
	} else {
		at = make(map[mazes.Cell]int, len(trail))
	}
	get := func(c mazes.Cell) (int, bool) {
		if dense {
			i := table[c.R*cols+c.C]
			return int(i) - 1, i > 0
		}
		i, ok := at[c]
		return i, ok
	}
	set := func(c mazes.Cell, i int) {
		if dense {
			table[c.R*cols+c.C] = int32(i + 1)
		} else if i < 0 {
			delete(at, c)
		} else {
			at[c] = i
		}
	}
	out := make([]mazes.Cell, 0, len(trail))
	for _, c := range trail {
		if i, ok := get(c); ok {
			for _, gone := range out[i+1:] {
				set(gone, -1)
			}
			out = out[:i+1]
			continue
		}
		set(c, len(out))
		out = append(out, c)
	}
	return slices.Clip(out)
}
