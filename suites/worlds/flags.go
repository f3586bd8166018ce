package worlds

import (
	"flag"
	"fmt"
	"iter"
	"slices"
	"strconv"
	"strings"

	"github.com/hallumaze/hallumaze/bench"
	hw "github.com/hallumaze/hallumaze/worlds"
)

// Flags declares --world, --level, --view, --category and --world-seed:
// without --level a run plays each world's standard set; with it, the
// probes of those levels at those seeds. --view and --category then keep
// only the probes they name.
func (Suite) Flags(fs *flag.FlagSet) func() (iter.Seq[bench.Case], error) {
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
		probes, err := sel.probes()
		if err != nil {
			return nil, err
		}
		if len(probes) == 0 {
			return nil, fmt.Errorf("the HalluWorld selection holds no probe")
		}
		return func(yield func(bench.Case) bool) {
			for _, wp := range probes {
				if !yield(NewCase(wp.world, wp.probe)) {
					return
				}
			}
		}, nil
	}
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

// list splits a comma-separated flag value, dropping blanks and repeats.
func list(s string) []string {
	var out []string
	for _, v := range strings.Split(s, ",") {
		if v = strings.TrimSpace(v); v != "" && !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	return out
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
		for _, name := range list(worldsFlag) {
			w, err := world(name)
			if err != nil {
				return sel, fmt.Errorf("--world: %v", err)
			}
			sel.worlds = append(sel.worlds, w)
		}
	}
	sel.levels, sel.views = list(levels), list(views)
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
	for _, c := range list(cats) {
		cat := hw.Category(strings.ToUpper(c))
		if !cat.Valid() {
			return sel, fmt.Errorf("--category %q (want P, M, C, U or X)", c)
		}
		sel.cats = append(sel.cats, cat)
	}
	for _, s := range list(seeds) {
		v, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			return sel, fmt.Errorf("--world-seed %q is not a number in 0..2^64-1", s)
		}
		sel.seeds = append(sel.seeds, v)
	}
	if len(sel.seeds) > 0 && len(sel.levels) == 0 {
		return sel, fmt.Errorf("--world-seed needs --level")
	}
	return sel, nil
}

// probes are the selected probes, world by world.
func (sel selection) probes() ([]worldProbe, error) {
	var out []worldProbe
	keep := func(w hw.World, p hw.Probe) {
		if (len(sel.views) == 0 || slices.Contains(sel.views, p.View)) && (len(sel.cats) == 0 || slices.Contains(sel.cats, p.Category)) {
			out = append(out, worldProbe{w, p})
		}
	}
	for _, w := range sel.worlds {
		std, err := standard(w)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", w.Name(), err)
		}
		if len(sel.levels) == 0 {
			for _, p := range std {
				keep(w, p)
			}
			continue
		}
		for _, l := range sel.levels {
			if !slices.Contains(w.Levels(), l) {
				continue
			}
			seeds := sel.seeds
			if len(seeds) == 0 {
				seeds = standardSeeds(std, l)
			}
			for _, seed := range seeds {
				probes, err := w.Probes(l, "", seed)
				if err != nil {
					return nil, fmt.Errorf("%s: level %s seed %d: %w", w.Name(), l, seed, err)
				}
				for _, p := range probes {
					keep(w, p)
				}
			}
		}
	}
	return out, nil
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
