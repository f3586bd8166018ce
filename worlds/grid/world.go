package grid

import (
	"fmt"
	"io"
	"slices"

	"github.com/hallumaze/hallumaze/worlds"
)

// Rules is the grid world's rules paragraph of the system prompt (§14.4,
// extended by what the views and probes need: what each view lists, the
// river's order and wetness count, pressure plates).
const Rules = `The world is a grid of cells seen from the agent's position. Walls, objects and closed or locked
doors block movement; walls and closed or locked doors block sight; open doors block neither. Each of
your actions (turn left, turn right, move forward 1 step) takes one step of time.
The symbolic and ascii views show what you see ahead of you; when one says the whole area is in view,
what it does not show is not there. The memory view lists every object of the area you are in, with
its position from you. Between two observations of an area that your own actions do not join (time
passed, or you came back), things there may have changed.
Rivers carry objects standing in them one cell per step in the flow direction, the one farthest
downstream first; an object stops before a wall, an object or the agent, and once it is out of the
river. Every step an object starts in a river sets its wetness to 4; every step it ends outside a river
its wetness drops by 1 ("dries in k turns"). Wetness 0 is "dry"; otherwise it is "soaked" if the river
has carried it on 3 or more steps since step 0, else "wet". Flood tiles fill at their stated step and
become impassable; objects on them are submerged unless on elevated ground. A fire cell next to a
flooded tile goes out. A pressure plate with effect trigger opens its door for good the first time a
boulder rests on it; one with effect open holds its door open only while a boulder rests on it.
Signs, notices and narrators may be wrong: what they say settles nothing on its own.`

// World is the grid world: HalluWorld's 33 level keys and the procedural
// levels proc-8, proc-10 and proc-12. It implements worlds.World.
type World struct {
	levels map[string]*Level
}

var _ worlds.World = (*World)(nil)

// New loads the embedded level files.
func New() (*World, error) {
	levels, err := loadAll()
	if err != nil {
		return nil, err
	}
	return &World{levels: levels}, nil
}

// Name is "grid".
func (w *World) Name() string { return worlds.Grid }

// Rules is the rules paragraph.
func (w *World) Rules() string { return Rules }

// Levels are the 33 HalluWorld keys in the README's order, then proc-8,
// proc-10 and proc-12.
func (w *World) Levels() []string {
	var out []string
	for _, k := range keys {
		out = append(out, k.name)
	}
	for _, s := range ProcSizes {
		out = append(out, procName(s))
	}
	return out
}

// Views are symbolic, ascii and memory.
func (w *World) Views() []string { return slices.Clone(viewNames) }

// LevelViews are the views a level is shown in: a HalluWorld key's as
// HalluWorld ran it, every view for a procedural level.
func (w *World) LevelViews(level string) ([]string, error) {
	if k, ok := findKey(level); ok {
		return slices.Clone(k.views), nil
	}
	if _, ok := procSize(level); ok {
		return slices.Clone(viewNames), nil
	}
	return nil, fmt.Errorf("grid: unknown level %q (want a HalluWorld key or proc-8, proc-10, proc-12)", level)
}

// Episode builds the world W of level at seed.
func (w *World) Episode(level string, seed uint64) (*Episode, error) {
	if k, ok := findKey(level); ok {
		return keyEpisode(k, w.levels, seed)
	}
	if size, ok := procSize(level); ok {
		return procEpisode(size, seed)
	}
	return nil, fmt.Errorf("grid: unknown level %q (want a HalluWorld key or proc-8, proc-10, proc-12)", level)
}

// Probes are the probes of level at seed in view, or with view "" in each
// view the level is shown in. Any of the three views may be asked for.
func (w *World) Probes(level, view string, seed uint64) ([]worlds.Probe, error) {
	views, err := w.LevelViews(level)
	if err != nil {
		return nil, err
	}
	if view != "" {
		if !slices.Contains(viewNames, view) {
			return nil, fmt.Errorf("grid: unknown view %q (want symbolic, ascii or memory)", view)
		}
		views = []string{view}
	}
	return w.appendProbes(nil, level, views, seed)
}

// appendProbes appends the probes of level at seed in views to out.
func (w *World) appendProbes(out []worlds.Probe, level string, views []string, seed uint64) ([]worlds.Probe, error) {
	e, err := w.Episode(level, seed)
	if err != nil {
		return nil, err
	}
	for _, v := range views {
		ps, err := unitProbes(e, v, seed)
		if err != nil {
			return nil, fmt.Errorf("grid: level %s view %s seed %d: %w", level, v, seed, err)
		}
		out = append(out, ps...)
	}
	return out, nil
}

// Standard is the grid rows of the standard set (§10): each HalluWorld key
// at seed 0 in its views, then proc-8, proc-10 and proc-12 at seeds 1–4
// in the three views.
func (w *World) Standard() ([]worlds.Probe, error) {
	out := make([]worlds.Probe, 0, 1024)
	var err error
	for _, k := range keys {
		if out, err = w.appendProbes(out, k.name, k.views, 0); err != nil {
			return nil, err
		}
	}
	for _, size := range ProcSizes {
		for _, seed := range ProcSeeds {
			if out, err = w.appendProbes(out, procName(size), viewNames, seed); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

// Show writes level at seed for a person: the episode in each of the
// three views and, for a river key, HalluWorld's stepped format.
func (w *World) Show(out io.Writer, level string, seed uint64) error {
	e, err := w.Episode(level, seed)
	if err != nil {
		return err
	}
	views, _ := w.LevelViews(level)
	fmt.Fprintf(out, "# grid level %s, seed %d (probes in: %v)\n", level, seed, views)
	for _, v := range viewNames {
		text, err := e.Render(v, 0)
		if err != nil {
			return err
		}
		fmt.Fprintf(out, "\n## %s\n\n%s\n", v, text)
	}
	if e.Horizon > 0 {
		text, err := e.Render(Memory, e.Horizon)
		if err != nil {
			return err
		}
		fmt.Fprintf(out, "\n## memory, stepped (horizon %d)\n\n%s\n", e.Horizon, text)
	}
	return nil
}
