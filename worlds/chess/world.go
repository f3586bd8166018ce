// Package chess is HalluWorld's chess world: positions from seeded random
// games, shown as a board diagram (observation) with or without a FEN line
// (testimony) that may be true, have two pieces swapped, or name the wrong
// side to move; eight probe types whose golds come from the position
// through a real rules library (github.com/corentings/chess/v2), never from
// the text; and reference agents that read only the prompt.
//
// The normative definition is docs/worlds.md (the chess world, its views,
// probe types and worked example); every random choice draws from a
// worlds.Stream over lists sorted by UCI string or in a1…h8 order, so a
// seed gives the same probe bytes everywhere.
package chess

import (
	"fmt"
	"io"
	"slices"

	"github.com/hallumaze/hallumaze/worlds"
)

// The levels.
const (
	// LevelRandom: the position after 20–60 random plies from the start.
	LevelRandom = "chess-random"
	// LevelBuiltin: each built-in base position after 14 random plies.
	LevelBuiltin = "chess-builtin"
)

// Rules is the chess rules paragraph of the system prompt.
const Rules = `Standard chess rules apply. A piece is defended if another piece of its own colour attacks its square;
a piece is hanging if an opposing piece attacks it and it is not defended. Moves are given in SAN and
in UCI (from-square to-square, e.g. e2e4; castling is the king's move, e.g. e1g1).`

// StandardSeeds is how many chess-random seeds (1…StandardSeeds) make the
// standard set.
const StandardSeeds = 50

// World is the chess world. Its zero value is ready to use.
type World struct{}

var _ worlds.World = World{}

// New returns the chess world.
func New() World { return World{} }

// Name is "chess".
func (World) Name() string { return worlds.Chess }

// Rules is the rules paragraph.
func (World) Rules() string { return Rules }

// Levels are chess-random and chess-builtin.
func (World) Levels() []string { return []string{LevelRandom, LevelBuiltin} }

// Views are fen-off, fen-truth, fen-transposed and fen-flip-turn.
func (World) Views() []string { return append([]string(nil), views...) }

// positions draws a unit's positions and their probes. chess-random has
// one position and the seed's two move lists. chess-builtin has one
// position per base position, in the order of the built-in list, and no
// move list; its three games draw one after the other from the seed's
// games stream, and its probes from one chess-probes stream, so the three
// positions do not repeat each other's draws.
func positions(level string, seed uint64) ([]*position, error) {
	games := worlds.NewStream(seed, worlds.StreamChessGames)
	probes := worlds.NewStream(seed, worlds.StreamChessProbes)
	switch level {
	case LevelRandom:
		g, err := play(games, StartFEN, between(20, 41), 0)
		if err != nil {
			return nil, err
		}
		p, err := newPosition("", g, probes)
		if err != nil {
			return nil, err
		}
		memory, conflict, err := moveLists(seed)
		if err != nil {
			return nil, err
		}
		p.addMoveLists(probes, memory, conflict)
		p.addHiddenSquare(probes)
		p.addClaim(probes)
		return []*position{p}, nil
	case LevelBuiltin:
		var out []*position
		for _, b := range builtins {
			g, err := play(games, b.FEN, fixed(builtinPlies), 0)
			if err != nil {
				return nil, err
			}
			p, err := newPosition(b.Name, g, probes)
			if err != nil {
				return nil, err
			}
			p.addHiddenSquare(probes)
			p.addClaim(probes)
			out = append(out, p)
		}
		return out, nil
	}
	return nil, fmt.Errorf("chess: unknown level %q (want %s or %s)", level, LevelRandom, LevelBuiltin)
}

// Probes are the probes of one level at one seed in one view, or with view
// "" in the four views in order. Within a view the probes are numbered from
// q00 in table order, position after position; board-less probes (M, X) are
// in fen-off only.
func (World) Probes(level, view string, seed uint64) ([]worlds.Probe, error) {
	want := views
	if view != "" {
		if !slices.Contains(views, view) {
			return nil, fmt.Errorf("chess: unknown view %q (want one of %v)", view, views)
		}
		want = []string{view}
	}
	ps, err := positions(level, seed)
	if err != nil {
		return nil, fmt.Errorf("chess: level %s seed %d: %w", level, seed, err)
	}
	var out []worlds.Probe
	for _, v := range want {
		n := 0
		for _, p := range ps {
			if !p.hasView(v) {
				continue
			}
			for _, sp := range p.specs {
				if sp.boardless && v != ViewOff {
					continue
				}
				ctx, gold, m := p.render(sp, v)
				raw, err := metaJSON(m)
				if err != nil {
					return nil, err
				}
				out = append(out, worlds.Probe{
					ID: worlds.ProbeID(worlds.Chess, level, seed, v, n), World: worlds.Chess,
					Level: level, Seed: seed, View: v, Category: sp.cat, ProbeType: sp.typ,
					Template: string(sp.cat) + "." + sp.typ, Question: sp.question,
					AnswerType: sp.atype, Key: sp.key, Schema: sp.schema, Options: sp.options,
					Gold: gold, Conflict: sp.conflict, Testimony: sp.testimony, Context: ctx, Source: "generated", Meta: raw,
				})
				n++
			}
		}
	}
	return out, nil
}

// Standard is chess-random at seeds 1–50 in the four views: 30 probes a
// seed at most, 1,500 in all.
func (w World) Standard() ([]worlds.Probe, error) {
	var out []worlds.Probe
	for seed := uint64(1); seed <= StandardSeeds; seed++ {
		ps, err := w.Probes(LevelRandom, "", seed)
		if err != nil {
			return nil, err
		}
		out = append(out, ps...)
	}
	return out, nil
}

// Show writes each position of a level at a seed in each view, with what
// was drawn for it, for a person.
func (World) Show(w io.Writer, level string, seed uint64) error {
	ps, err := positions(level, seed)
	if err != nil {
		return fmt.Errorf("chess: show %s seed %d: %w", level, seed, err)
	}
	return show(w, level, seed, ps)
}
