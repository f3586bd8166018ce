package innav

import (
	"flag"
	"fmt"
	"iter"
	"slices"
	"strings"

	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/internal/cli"
	hw "github.com/hallumaze/hallumaze/worlds"
	"github.com/hallumaze/hallumaze/worlds/grid"
	"github.com/hallumaze/hallumaze/worlds/terminal"
)

// declareFlags declares the suite's flags: --innav-world, --innav-level,
// --innav-view, --innav-seed and --innav-arm choose among the episodes
// (without --innav-level, the standard set), and --level-file plays a
// grid level written in HalluWorld's level format instead.
func declareFlags(fs *flag.FlagSet) func() (iter.Seq[bench.Case], error) {
	worldsF := fs.String("innav-world", "", "InNav: worlds to play, comma-separated: grid (navigation), terminal (shell tasks); default both")
	levels := fs.String("innav-level", "", "InNav: levels to play, comma-separated (a grid level file with an InNav file such as dense_array, proc-8, proc-10, proc-12; a terminal task task-move, task-edit, task-find); default the standard set")
	view := fs.String("innav-view", "", "InNav: the view a grid walk is read in: symbolic, ascii or memory (default each level's)")
	seeds := fs.String("innav-seed", "", "InNav: with --innav-level or --level-file, the seeds to play, comma-separated (default the level's seeds in the standard set, 0 for a level file)")
	arms := fs.String("innav-arm", "", "InNav: the arms to play, comma-separated: innav (the model acts, then answers), static (it reads a scripted episode, then answers); default both")
	levelFile := fs.String("level-file", "", "InNav: play a grid level file in HalluWorld's level format (its InNav file <name>.innav.json beside it is read when present)")
	return func() (iter.Seq[bench.Case], error) {
		sel, err := parseSelection(*worldsF, *levels, *view, *seeds, *arms, *levelFile)
		if err != nil {
			return nil, err
		}
		specs, err := sel.specs()
		if err != nil {
			return nil, err
		}
		return func(yield func(bench.Case) bool) {
			for _, s := range specs {
				for _, arm := range sel.arms {
					if !yield(NewCase(s, arm)) {
						return
					}
				}
			}
		}, nil
	}
}

// selection is what the flags choose.
type selection struct {
	worlds, levels []string
	view           string
	seeds          []uint64
	arms           []string
	customFile     string
}

// Worlds are the worlds with episodes, in order.
var Worlds = []string{hw.Grid, hw.Terminal}

// Arms are the arms, in order.
var Arms = []string{hw.ArmInNav, hw.ArmStatic}

func parseSelection(worldsF, levels, view, seeds, arms, levelFile string) (selection, error) {
	sel := selection{worlds: cli.List(worldsF), levels: cli.List(levels), view: view, arms: cli.List(arms)}
	if len(sel.worlds) == 0 {
		sel.worlds = Worlds
	}
	for _, w := range sel.worlds {
		if !slices.Contains(Worlds, w) {
			return sel, fmt.Errorf("--innav-world %q (want %s)", w, strings.Join(Worlds, ", "))
		}
	}
	if len(sel.arms) == 0 {
		sel.arms = Arms
	}
	for _, a := range sel.arms {
		if !slices.Contains(Arms, a) {
			return sel, fmt.Errorf("--innav-arm %q (want innav or static)", a)
		}
	}
	if view != "" && !slices.Contains([]string{grid.Symbolic, grid.ASCII, grid.Memory}, view) {
		return sel, fmt.Errorf("--innav-view %q (want symbolic, ascii or memory)", view)
	}
	var err error
	if sel.seeds, err = cli.Seeds("innav-seed", seeds); err != nil {
		return sel, err
	}
	if levelFile != "" {
		if len(sel.levels) > 0 {
			return sel, fmt.Errorf("--level-file and --innav-level exclude each other")
		}
		return sel, sel.readLevelFile(levelFile)
	}
	if len(sel.seeds) > 0 && len(sel.levels) == 0 {
		return sel, fmt.Errorf("--innav-seed needs --innav-level or --level-file")
	}
	if len(sel.levels) > 0 {
		w, err := gridWorld()
		if err != nil {
			return sel, err
		}
		for _, l := range sel.levels {
			if !slices.Contains(w.NavLevels(), l) && !slices.Contains(terminal.TaskLevels, l) {
				return sel, fmt.Errorf("--innav-level %q has no episode (want a level file with an InNav file such as dense_array, or proc-8, proc-10, proc-12, or a terminal task task-move, task-edit, task-find; hallumaze worlds show --level-file plays others)", l)
			}
		}
	}
	return sel, nil
}

// readLevelFile checks a custom level and, when it is there, its InNav
// file beside it (name.txt → name.innav.json), so that a malformed file is
// the run's usage error, naming the file and the line.
func (sel *selection) readLevelFile(file string) error {
	if len(sel.seeds) == 0 {
		sel.seeds = []uint64{0}
	}
	if _, err := grid.ReadNavLevel(file, sel.seeds[0], sel.view); err != nil {
		return fmt.Errorf("--level-file: %w", err)
	}
	sel.customFile = file
	return nil
}

// specs are the selected episodes, in order: the custom level at its
// seeds, or the chosen levels at their seeds, or the standard set.
func (sel selection) specs() ([]Spec, error) {
	var out []Spec
	if sel.customFile != "" {
		for _, seed := range sel.seeds {
			sp, err := grid.ReadNavLevel(sel.customFile, seed, sel.view)
			if err != nil {
				return nil, fmt.Errorf("--level-file: %w", err)
			}
			out = append(out, Spec{World: hw.Grid, Level: sp.Name, Seed: seed, View: sp.View, Nav: &sp})
		}
		return out, nil
	}
	if len(sel.levels) == 0 {
		std, err := standardSpecs()
		if err != nil {
			return nil, err
		}
		for _, s := range std {
			if slices.Contains(sel.worlds, s.World) {
				if sel.view != "" && s.World == hw.Grid {
					s.View = sel.view
				}
				out = append(out, s)
			}
		}
		return out, nil
	}
	for _, l := range sel.levels {
		seeds := sel.seeds
		if slices.Contains(terminal.TaskLevels, l) {
			if len(seeds) == 0 {
				seeds = taskSeeds()
			}
			for _, seed := range seeds {
				out = append(out, Spec{World: hw.Terminal, Level: l, Seed: seed, View: terminal.SessionView})
			}
			continue
		}
		if len(seeds) == 0 {
			seeds = grid.NavSeeds(l)
		}
		view := sel.view
		if view == "" {
			view = grid.NavView(l)
		}
		for _, seed := range seeds {
			out = append(out, Spec{World: hw.Grid, Level: l, Seed: seed, View: view})
		}
	}
	return out, nil
}

// standardSpecs are the standard set's episodes: every grid level with an
// episode at its seeds in its view, then each terminal task at seeds
// 1–terminal.TaskSeeds.
func standardSpecs() ([]Spec, error) {
	w, err := gridWorld()
	if err != nil {
		return nil, err
	}
	var out []Spec
	for _, l := range w.NavLevels() {
		for _, seed := range grid.NavSeeds(l) {
			out = append(out, Spec{World: hw.Grid, Level: l, Seed: seed, View: grid.NavView(l)})
		}
	}
	for _, l := range terminal.TaskLevels {
		for _, seed := range taskSeeds() {
			out = append(out, Spec{World: hw.Terminal, Level: l, Seed: seed, View: terminal.SessionView})
		}
	}
	return out, nil
}

// taskSeeds are a terminal task's seeds in the standard set.
func taskSeeds() []uint64 {
	out := make([]uint64, terminal.TaskSeeds)
	for i := range out {
		out[i] = uint64(i + 1)
	}
	return out
}

// standardCases is the standard set, each episode in both arms.
func standardCases() ([]bench.Case, error) {
	specs, err := standardSpecs()
	if err != nil {
		return nil, err
	}
	var out []bench.Case
	for _, s := range specs {
		for _, arm := range Arms {
			out = append(out, NewCase(s, arm))
		}
	}
	return out, nil
}
