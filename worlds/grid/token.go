package grid

import (
	"errors"
	"fmt"
)

// decoded is what one grid token places: a cell, maybe an object on it,
// maybe the agent.
type decoded struct {
	cell   Cell
	object *Object
	agent  bool
	facing Dir
	random bool
}

// errUnknownToken is the error of a token that is in no row of the table.
var errUnknownToken = errors.New("unknown token")

// decodeToken reads one two-character token (§6.1's table). Tokens that
// name a metadata line (fN, nN, sN, cN) need that line.
func decodeToken(tok string, m *meta) (decoded, error) {
	floor := Cell{Terrain: Floor, Token: ".."}
	on := func(o Object) (decoded, error) {
		o.Token = tok
		return decoded{cell: floor, object: &o}, nil
	}
	terrain := func(t Terrain) (decoded, error) { return decoded{cell: Cell{Terrain: t, Token: tok}}, nil }
	switch tok {
	case "##":
		return terrain(Wall)
	case "..":
		return terrain(Floor)
	case "**":
		return terrain(Goal)
	case "TT":
		return terrain(Tree)
	case "~~":
		return terrain(Fire)
	case "WW":
		return terrain(Water)
	case "MM":
		return terrain(Mud)
	case "ET":
		d, _ := terrain(ElevatedGround)
		d.cell.Elevated = true
		return d, nil
	case "ZZ":
		return terrain(DarkZone)
	case "~E", "~S", "~W", "~N":
		d, _ := terrain(River)
		d.cell.Flow, d.cell.Speed = dirLetter(tok[1]), 1
		return d, nil
	case "BO":
		return on(Object{Kind: Boulder})
	case "FS":
		return on(Object{Kind: FireSource})
	case "eH":
		return on(Object{Kind: Torch})
	case "yH":
		return on(Object{Kind: Torch, Lit: true})
	case "A^", "A>", "Av", "A<", "A.":
		return decoded{cell: floor, agent: true, facing: agentFacing(tok[1])}, nil
	case "Ar":
		return decoded{cell: floor, agent: true, random: true}, nil
	}
	a, b := tok[0], tok[1]
	lower := a >= 'a' && a <= 'z'
	digit := b >= '0' && b <= '9'
	switch {
	case lower && (b == 'K' || b == 'B' || b == 'X'):
		kind := map[byte]Kind{'K': Key, 'B': Ball, 'X': Box}[b]
		return on(Object{Kind: kind, Colour: colourOf(a)})
	case lower && (b == 'D' || b == 'L' || b == 'O'):
		state := map[byte]DoorState{'D': Closed, 'L': Locked, 'O': Open}[b]
		return on(Object{Kind: Door, Colour: colourOf(a), State: state})
	case a == 'z' && digit:
		return terrain(ZoneMarker)
	case a == 'p' && digit:
		d, _ := terrain(PlateTile)
		d.cell.Index = tok[1:]
		return d, nil
	case a == 'b' && digit:
		d, _ := on(Object{Kind: Boulder})
		d.cell = Cell{Terrain: PlateTile, Token: "p" + tok[1:], Index: tok[1:]}
		return d, nil
	case a == 'f' && (digit || b >= 'a' && b <= 'z'):
		rise, ok := m.flood[tok[1:]]
		if !ok {
			return decoded{}, fmt.Errorf("flood tile without a flood_%s line", tok[1:])
		}
		return decoded{cell: Cell{Terrain: FloodTile, Token: tok, Rise: rise, Index: tok[1:]}}, nil
	case (a == 'n' || a == 's' || a == 'c') && digit:
		kind := map[byte]Kind{'n': NoticeBoard, 's': Signpost, 'c': CombatLog}[a]
		key := map[byte]string{'n': "notice_", 's': "sign_", 'c': "combat_log_"}[a] + tok[1:]
		text, ok := m.texts[key]
		if !ok {
			return decoded{}, fmt.Errorf("%s without a %s line", kind, key)
		}
		return on(Object{Kind: kind, Text: text})
	}
	return decoded{}, errUnknownToken
}

// agentFacing reads the agent token's second character; A. faces east.
func agentFacing(b byte) Dir {
	return map[byte]Dir{'^': North, '>': East, 'v': South, '<': West, '.': East}[b]
}

// dirLetter reads a river token's direction letter.
func dirLetter(b byte) Dir {
	return map[byte]Dir{'N': North, 'E': East, 'S': South, 'W': West}[b]
}
