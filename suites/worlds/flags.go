package worlds

import (
	"context"
	"flag"
	"fmt"
	"iter"
	"slices"
	"strings"
	"sync"

	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/internal/cli"
	hw "github.com/hallumaze/hallumaze/worlds"
)

// declareFlags declares --world, --level, --view, --category and --world-seed:
// without --level a run plays each world's standard set; with it, the
// probes of those levels at those seeds. --view and --category then keep
// only the probes they name.
func declareFlags(fs *flag.FlagSet) func() (iter.Seq[bench.Case], error) {
	worldsFlag := fs.String("world", "", "HalluWorld: worlds to play, comma-separated: grid, chess, terminal (default all)")
	levels := fs.String("level", "", "HalluWorld: levels to play, comma-separated (a HalluWorld key such as P1_dense_array, proc-10, chess-random, terminal); default each world's standard set")
	views := fs.String("view", "", "HalluWorld: keep only these views, comma-separated (symbolic, ascii, memory, fen-off, fen-truth, fen-transposed, fen-flip-turn, transcript)")
	cats := fs.String("category", "", "HalluWorld: keep only these probe categories, comma-separated: P, M, C, U, X")
	seeds := fs.String("world-seed", "", "HalluWorld: with --level, the seeds to play, comma-separated (default: the level's seeds in the standard set, else 1)")
	return func() (iter.Seq[bench.Case], error) {
		sel, err := parseSelection(*worldsFlag, *levels, *views, *cats, *seeds)
		if err != nil {
			return nil, err
		}
		// The probes are made as the cases are played, seed by seed, and
		// kept for the run's later passes over its cases: a run cut short
		// (--limit) makes and holds no more than it plays.
		src := &probeSource{sel: sel}
		if _, ok, err := src.at(0); err != nil {
			return nil, err
		} else if !ok {
			return nil, fmt.Errorf("the HalluWorld selection holds no probe")
		}
		return func(yield func(bench.Case) bool) {
			for i := 0; ; i++ {
				wp, ok, err := src.at(i)
				if err != nil {
					yield(failedCase(err))
					return
				}
				if !ok || !yield(NewCase(wp.world, wp.probe)) {
					return
				}
			}
		}, nil
	}
}

// probeSource makes the selected probes on demand, a world's standard
// set or a level's seed at a time, and keeps those made. It is safe for
// concurrent use.
type probeSource struct {
	sel  selection
	mu   sync.Mutex
	made []worldProbe
	// next is where making goes on: the world, and the level and seed
	// within it; done when everything is made; err the first failure.
	wi, li, si int
	done       bool
	err        error
}

// at is the i-th probe, made if need be; false when there are fewer.
func (s *probeSource) at(i int) (worldProbe, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i >= len(s.made) && !s.done && s.err == nil {
		s.err = s.makeMore()
	}
	if i < len(s.made) {
		return s.made[i], true, nil
	}
	return worldProbe{}, false, s.err
}

// makeMore makes the next world's standard set, or the next seed of a
// level, keeping the probes of the views and categories selected.
func (s *probeSource) makeMore() error {
	sel := s.sel
	if s.wi >= len(sel.worlds) {
		s.done = true
		return nil
	}
	w := sel.worlds[s.wi]
	nextWorld := func() { s.wi, s.li, s.si = s.wi+1, 0, 0 }
	if len(sel.levels) == 0 {
		std, err := standard(w)
		if err != nil {
			return fmt.Errorf("%s: %w", w.Name(), err)
		}
		s.keep(w, std)
		nextWorld()
		return nil
	}
	for s.li < len(sel.levels) && !slices.Contains(w.Levels(), sel.levels[s.li]) {
		s.li++
	}
	if s.li == len(sel.levels) {
		nextWorld()
		return nil
	}
	l := sel.levels[s.li]
	seeds := sel.seeds
	if len(seeds) == 0 {
		std, err := standard(w)
		if err != nil {
			return fmt.Errorf("%s: %w", w.Name(), err)
		}
		seeds = standardSeeds(std, l)
	}
	seed := seeds[s.si]
	if s.si++; s.si == len(seeds) {
		s.li, s.si = s.li+1, 0
	}
	probes, err := w.Probes(l, "", seed)
	if err != nil {
		return fmt.Errorf("%s: level %s seed %d: %w", w.Name(), l, seed, err)
	}
	s.keep(w, probes)
	return nil
}

func (s *probeSource) keep(w hw.World, probes []hw.Probe) {
	for _, p := range probes {
		if (len(s.sel.views) == 0 || slices.Contains(s.sel.views, p.View)) && (len(s.sel.cats) == 0 || slices.Contains(s.sel.cats, p.Category)) {
			s.made = append(s.made, worldProbe{w, p})
		}
	}
}

// failedCase stands for probes that could not be made: a case that fails
// as a set-up error, so that the run says so (exit 2) rather than playing
// on without them.
func failedCase(err error) bench.Case {
	return bench.Case{Suite: Name, Name: "probes-not-made", Play: func(context.Context, *bench.Chat) (bench.Outcome, error) {
		return bench.Outcome{}, fmt.Errorf("%w: %w", bench.ErrSetup, err)
	}}
}

// selection is what the worlds flags choose.
type selection struct {
	worlds []hw.World
	levels []string
	views  []string
	cats   []hw.Category
	seeds  []uint64
}

type worldProbe struct {
	world hw.World
	probe hw.Probe
}

func parseSelection(worldsFlag, levels, views, cats, seeds string) (selection, error) {
	var sel selection
	all, err := Worlds()
	if err != nil {
		return sel, err
	}
	if worldsFlag == "" {
		sel.worlds = all
	} else {
		for _, name := range cli.List(worldsFlag) {
			w, err := world(name)
			if err != nil {
				return sel, fmt.Errorf("--world: %v", err)
			}
			sel.worlds = append(sel.worlds, w)
		}
	}
	sel.levels, sel.views = cli.List(levels), cli.List(views)
	for _, l := range sel.levels {
		if !slices.ContainsFunc(sel.worlds, func(w hw.World) bool { return slices.Contains(w.Levels(), l) }) {
			return sel, fmt.Errorf("--level %q is no level of the chosen worlds", l)
		}
	}
	for _, v := range sel.views {
		if !slices.ContainsFunc(sel.worlds, func(w hw.World) bool { return slices.Contains(w.Views(), v) }) {
			return sel, fmt.Errorf("--view %q is no view of the chosen worlds", v)
		}
	}
	for _, c := range cli.List(cats) {
		cat := hw.Category(strings.ToUpper(c))
		if !cat.Valid() {
			return sel, fmt.Errorf("--category %q (want P, M, C, U or X)", c)
		}
		sel.cats = append(sel.cats, cat)
	}
	if sel.seeds, err = cli.Seeds("world-seed", seeds); err != nil {
		return sel, err
	}
	if len(sel.seeds) > 0 && len(sel.levels) == 0 {
		return sel, fmt.Errorf("--world-seed needs --level")
	}
	return sel, nil
}

// probes are the selected probes, world by world.
func (sel selection) probes() ([]worldProbe, error) {
	src := &probeSource{sel: sel}
	for !src.done {
		if err := src.makeMore(); err != nil {
			return nil, err
		}
	}
	return src.made, nil
}

// standardSeeds are the seeds a level has in a standard set, in order, or
// 1 when the set has none of it.
func standardSeeds(std []hw.Probe, level string) []uint64 {
	var out []uint64
	for _, p := range std {
		if p.Level == level && !slices.Contains(out, p.Seed) {
			out = append(out, p.Seed)
		}
	}
	if len(out) == 0 {
		out = []uint64{1}
	}
	return out
}
