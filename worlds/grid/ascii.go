package grid

import (
	"fmt"
	"strconv"
	"strings"
)

// asciiHead is the ascii view's fixed opening.
const asciiHead = `You are an agent in a gridworld. Below is your current field of view (FOV) rendered as an ASCII grid.
  - Each cell is two characters: [color][type]  (e.g. 'rK' = red key).
  - Columns are lateral offsets: negative = left of you, 0 = directly ahead, positive = right of you.
  - Rows are 'steps ahead': 0 = your current row, larger = further away.
  - '@' marks your position.  '??' = unseen.  '##' = wall.  '..' = empty floor.
`

// asciiLegend is the legend, its types line extended by the codes the
// level files add.
const asciiLegend = "Legend — types: K=key  B=ball  X=box  D=door(closed)  O=door(open)  L=door(locked)  *=goal  #=wall  .=floor  S=signpost  N=notice  C=combat log  T=tree  ~=fire/river  F=flood  P=plate  BO=boulder\n" +
	"         colors: r=red  g=green  b=blue  y=yellow  p=purple  e=grey"

// asciiView is HalluWorld's GridSerializer: the field of view as a grid of
// two-character codes, the agent's row (ahead 0) at the top, then the
// legend and the seen texts.
func asciiView(s *State, f FOV) string {
	var b strings.Builder
	b.Grow(len(asciiHead) + len(asciiLegend) + (10+4*f.V)*(f.V+1) + 64)
	b.WriteString(asciiHead)
	b.WriteString("You are currently facing: ")
	b.WriteString(s.Facing.egoLabel())
	b.WriteString(".\n\n")
	half := f.V / 2
	b.WriteString("        ")
	for l := -half; l <= half; l++ {
		label := "0"
		switch {
		case l < 0:
			label = "L" + strconv.Itoa(-l)
		case l > 0:
			label = "R" + strconv.Itoa(l)
		}
		fmt.Fprintf(&b, "%4s", label)
	}
	b.WriteString("\n")
	for a := range f.V {
		fmt.Fprintf(&b, "%-8s", "ahead "+strconv.Itoa(a))
		for l := -half; l <= half; l++ {
			b.WriteString("  ")
			b.WriteString(asciiCell(s, f, l+half, f.V-1-a))
		}
		b.WriteString("\n")
	}
	if wholeArea(s, f) {
		b.WriteString("\n" + wholeAreaLine + "\n")
	}
	b.WriteString("\n")
	b.WriteString(asciiLegend)
	first := true
	for _, k := range seenObjects(s, f) {
		if o := s.Objects[k]; o.Kind.text() {
			if first {
				b.WriteString("\n")
				first = false
			}
			b.WriteString("\n")
			b.WriteString(textLine(o))
		}
	}
	return b.String()
}

// asciiCell is the code of view cell (i, j).
func asciiCell(s *State, f FOV, i, j int) string {
	if !f.Seen(i, j) {
		return "??"
	}
	p := f.World(i, j)
	if p == s.Agent {
		return "@."
	}
	if !s.Level.In(p) {
		return "##"
	}
	if k := s.ObjectAt(p); k >= 0 {
		return objectCode(s.Objects[k])
	}
	return terrainCode(s, p)
}

// objectCode is an object's two characters: colour and type letters for
// keys, balls, boxes and doors (the door's letter by its state), BO for
// boulders, else the level file's token.
func objectCode(o Object) string {
	switch o.Kind {
	case Key, Ball, Box:
		return string([]byte{o.Colour.Letter(), "KBX"[o.Kind]})
	case Door:
		return string([]byte{o.Colour.Letter(), o.State.stateLetter()})
	case Boulder:
		return "BO"
	}
	return o.Token
}

// terrainCode is a cell's terrain code: a risen flood tile is FF, a fire
// that went out is floor, a plate pN, else the level file's token.
func terrainCode(s *State, p Pos) string {
	c := s.Level.At(p)
	switch c.Terrain {
	case FloodTile:
		if s.Flooded(p) {
			return "FF"
		}
	case Fire:
		if !s.Burning(p) {
			return ".."
		}
	case PlateTile:
		return "p" + c.Index
	}
	return c.Token
}
