package grid

import "strconv"

// Pos is a cell (row, col): row 0 at the top, col 0 at the left.
type Pos struct{ Row, Col int }

// Add returns p moved by k steps of d.
func (p Pos) Add(d Dir, k int) Pos {
	f := fwd[d]
	return Pos{p.Row + k*f.Row, p.Col + k*f.Col}
}

// Dir is a facing: North, East, South, West, in clockwise order.
type Dir uint8

// The four facings.
const (
	North Dir = iota
	East
	South
	West
)

// fwd is one step forward in each facing.
var fwd = [4]Pos{{-1, 0}, {0, 1}, {1, 0}, {0, -1}}

// Right is d turned 90° clockwise; Left counter-clockwise.
func (d Dir) Right() Dir { return (d + 1) % 4 }

// Left is d turned 90° counter-clockwise.
func (d Dir) Left() Dir { return (d + 3) % 4 }

// Word is the compass word: north, east, south, west.
func (d Dir) Word() string { return [4]string{"north", "east", "south", "west"}[d] }

// egoLabel is the facing as the symbolic and ascii views say it.
func (d Dir) egoLabel() string {
	return [4]string{"up (north)", "right (east)", "down (south)", "left (west)"}[d]
}

// memoryLabel is the facing as the memory view says it.
func (d Dir) memoryLabel() string {
	return [4]string{"north (up)", "east (right)", "south (down)", "west (left)"}[d]
}

// Colour is an object's colour.
type Colour uint8

// The six colours, in the order of the level files' letters r g b y p e.
const (
	Red Colour = iota
	Green
	Blue
	Yellow
	Purple
	Grey
)

// Colours lists the colours in letter order (r g b y p e).
var Colours = []Colour{Red, Green, Blue, Yellow, Purple, Grey}

const colourLetters = "rgbype"

// String is the colour's name: red, green, blue, yellow, purple, grey.
func (c Colour) String() string {
	return [6]string{"red", "green", "blue", "yellow", "purple", "grey"}[c]
}

// Letter is the colour's letter in level files and the ascii view.
func (c Colour) Letter() byte { return colourLetters[c] }

// colourOf reads a colour letter; any letter that is not one of r g b y p e
// reads as red, as in HalluWorld.
func colourOf(b byte) Colour {
	for i := range len(colourLetters) {
		if colourLetters[i] == b {
			return Colour(i)
		}
	}
	return Red
}

// Kind is an object's type.
type Kind uint8

// The object kinds. Key, Ball, Box and Door have a colour.
const (
	Key Kind = iota
	Ball
	Box
	Door
	Boulder
	NoticeBoard
	Signpost
	CombatLog
	Torch
	FireSource
)

// String is the kind's name as it appears in an object's name.
func (k Kind) String() string {
	if k == AnyCounted {
		return "object"
	}
	return [...]string{"key", "ball", "box", "door", "boulder", "notice board", "signpost",
		"combat log", "torch", "fire source"}[k]
}

// plural is the kind's plural in questions and claims.
func (k Kind) plural() string {
	switch k {
	case Box:
		return "boxes"
	case AnyCounted:
		return "keys, balls, boxes and doors"
	}
	return k.String() + "s"
}

// AnyCounted stands for every kind of countKinds at once: "How many keys,
// balls, boxes and doors can you see?".
const AnyCounted Kind = 255

// counts reports whether an object counts as one of kind k.
func (k Kind) counts(o Object) bool {
	if k == AnyCounted {
		return o.Kind <= Door
	}
	return o.Kind == k
}

// coloured reports whether the kind's name carries a colour.
func (k Kind) coloured() bool { return k <= Door }

// text reports whether the kind is a text object (notice board, signpost,
// combat log): testimony, listed after the other objects.
func (k Kind) text() bool { return k == NoticeBoard || k == Signpost || k == CombatLog }

// countKinds are the kinds that count, presence and total questions ask
// about, in type order.
var countKinds = []Kind{Key, Ball, Box, Door}

// DoorState is a door's state.
type DoorState uint8

// The door states.
const (
	Closed DoorState = iota
	Locked
	Open
)

// String is the state's word: closed, locked, open.
func (s DoorState) String() string { return [3]string{"closed", "locked", "open"}[s] }

// stateLetter is the door's type letter in the ascii view.
func (s DoorState) stateLetter() byte { return "DLO"[s] }

// doorStates lists the states in option order (closed, locked, open).
var doorStates = []DoorState{Closed, Locked, Open}

// Object is one object on the grid: its kind, colour and position, a
// door's state, a torch's flame, a text object's words, and the river's
// marks on it (the wet counter and the steps it spent in a river).
type Object struct {
	Kind   Kind
	Colour Colour
	State  DoorState
	Lit    bool
	Text   string
	Pos    Pos
	// Wet counts the steps until the object is dry; RiverSteps the steps
	// it spent being carried by a river.
	Wet, RiverSteps int
	// Token is the object's token in the level file.
	Token string
}

// Name is the object's name: "<colour> <type>" for keys, balls, boxes and
// doors (a door without its state), else the kind's name.
func (o Object) Name() string {
	if o.Kind.coloured() {
		return colouredNames[o.Colour][o.Kind]
	}
	return o.Kind.String()
}

// colouredNames[c][k] is "<colour> <kind>" for the coloured kinds.
var colouredNames = func() (out [6][4]string) {
	for _, c := range Colours {
		for k := Key; k <= Door; k++ {
			out[c][k] = c.String() + " " + k.String()
		}
	}
	return out
}()

// Label is the name the views print: a door's name carries its state.
func (o Object) Label() string {
	if o.Kind == Door {
		return o.Name() + " (" + o.State.String() + ")"
	}
	return o.Name()
}

// passable reports whether the agent may stand on the object's cell.
func (o Object) passable() bool { return o.Kind == Door && o.State == Open }

// seeBehind reports whether the object lets sight through.
func (o Object) seeBehind() bool { return o.Kind != Door || o.State == Open }

// steps is "1 step" or "k steps".
func steps(k int) string {
	if k == 1 {
		return "1 step"
	}
	return strconv.Itoa(k) + " steps"
}
