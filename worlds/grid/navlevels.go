package grid

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/hallumaze/hallumaze/worlds"
)

// NavLevels are the levels that play a navigation episode: the 48 level
// files HalluWorld gives an InNav file (by file name without .txt, in
// byte order), then proc-8, proc-10 and proc-12.
func (w *World) NavLevels() []string {
	out := NavFiles()
	for _, s := range ProcSizes {
		out = append(out, procName(s))
	}
	return out
}

// NavView is the view a level's walk is read in by default: the memory
// view for the files of HalluWorld's M and C tiers (as its InNav runner
// read them), the ascii view for procedural levels, else the symbolic
// view.
func NavView(level string) string {
	if _, ok := procSize(level); ok {
		return ASCII
	}
	for _, p := range []string{"c1", "c2", "c3", "c4", "c5", "c6", "river_field", "witness_chamber", "incident_", "narrator_room"} {
		if strings.HasPrefix(level, p) {
			return Memory
		}
	}
	return Symbolic
}

// NavSeeds are the seeds of a level's walks in the standard set: 0 for
// HalluWorld's files (their levels are fixed), 1–4 for procedural levels.
func NavSeeds(level string) []uint64 {
	if _, ok := procSize(level); ok {
		return []uint64{1, 2, 3, 4}
	}
	return []uint64{0}
}

// The parameters of a procedural level's walk: max_steps 5·S, min_steps 5,
// sufficiency distance 1, 2 cells from the start.
const (
	procMinSteps     = 5
	procSufficiency  = 1
	procMinFromStart = 2
	navTargetsDrawn  = 3
)

// NavSpec is the set-up of level's walk at seed in view ("" for the
// level's NavView).
func (w *World) NavSpec(level string, seed uint64, view string) (NavSpec, error) {
	if view == "" {
		view = NavView(level)
	}
	if size, ok := procSize(level); ok {
		st := worlds.NewStream(seed, worlds.StreamGridLevels)
		lv, _ := procLevel(size, st)
		cfg := NavConfig{LevelName: level, Params: NavParams{MaxSteps: 5 * size, MinSteps: procMinSteps,
			Sufficiency: procSufficiency, MinFromStart: procMinFromStart}}
		cfg.Targets = drawTargets(lv, seed, cfg.Params, st)
		return NavSpec{Name: level, Level: lv, Config: cfg, Seed: seed, View: view}, nil
	}
	if !slices.Contains(NavFiles(), level) {
		return NavSpec{}, fmt.Errorf("grid: level %q has no navigation episode (want a level file with an InNav file, such as dense_array, or proc-8, proc-10, proc-12)", level)
	}
	lv, ok := w.levels[level+".txt"]
	if !ok {
		return NavSpec{}, fmt.Errorf("grid: no level file %s.txt", level)
	}
	cfg, err := LoadNavConfig(level)
	if err != nil {
		return NavSpec{}, err
	}
	return NavSpec{Name: level, Level: lv, Config: cfg, Seed: seed, View: view}, nil
}

// CustomNavSpec is the set-up of a level written in HalluWorld's level
// format (file is its path, for its name and errors), with its InNav file
// when cfg is not nil; without one, HalluWorld's default parameters and
// three targets drawn as a procedural level's are.
func CustomNavSpec(file string, level, cfg []byte, seed uint64, view string) (NavSpec, error) {
	base := path.Base(strings.ReplaceAll(file, "\\", "/"))
	lv, err := Parse(base, level)
	if err != nil {
		return NavSpec{}, err
	}
	if view == "" {
		view = Symbolic
	}
	name := strings.TrimSuffix(base, ".txt")
	spec := NavSpec{Name: name, Level: lv, Seed: seed, View: view}
	if cfg != nil {
		if spec.Config, err = ParseNavConfig(name+".innav.json", cfg); err != nil {
			return NavSpec{}, err
		}
		return spec, nil
	}
	spec.Config = NavConfig{LevelName: name, Params: DefaultNavParams}
	spec.Config.Targets = drawTargets(lv, seed, DefaultNavParams, worlds.NewStream(seed, worlds.StreamGridLevels))
	return spec, nil
}

// drawTargets draws up to three targets of a level without an InNav
// file: cells the agent can walk to from its start, at least
// min_distance_from_start from it, in (row, col) order, taken without
// replacement.
func drawTargets(lv *Level, seed uint64, p NavParams, st *worlds.Stream) []XY {
	s := lv.Start(seed)
	var cands []Pos
	for _, c := range reachableCells(s, s.Agent) {
		if dist(c, s.Agent) >= p.MinFromStart-1e-9 {
			cands = append(cands, c)
		}
	}
	slices.SortFunc(cands, func(a, b Pos) int {
		if a.Row != b.Row {
			return a.Row - b.Row
		}
		return a.Col - b.Col
	})
	var out []XY
	for range navTargetsDrawn {
		if len(cands) == 0 {
			break
		}
		c := worlds.Take(st, &cands)
		out = append(out, XY{c.Col, c.Row})
	}
	return out
}

// NavStandard lists the standard set's walks: every NavLevels level at its
// NavSeeds in its NavView.
func (w *World) NavStandard() ([]NavSpec, error) {
	var out []NavSpec
	for _, l := range w.NavLevels() {
		for _, seed := range NavSeeds(l) {
			spec, err := w.NavSpec(l, seed, "")
			if err != nil {
				return nil, err
			}
			out = append(out, spec)
		}
	}
	return out, nil
}
