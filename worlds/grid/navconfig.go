package grid

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"strings"
)

// NavConfig is an InNav file (<level>.innav.json): HalluWorld's set-up of
// a navigation episode on one level file. Positions are MiniGrid's (x, y),
// that is (col, row).
type NavConfig struct {
	LevelName string `json:"level_name"`
	// StaticProbe is where HalluWorld's static benchmark asked its probes;
	// kept, not used by the episode.
	StaticProbe *XY `json:"static_probe_location"`
	// Start, when set, is where the walk starts instead of the level's
	// agent cell.
	Start   *XY       `json:"innav_start_position"`
	Targets []XY      `json:"navigation_target_locations"`
	Params  NavParams `json:"navigation_params"`
	Notes   string    `json:"notes,omitempty"`
}

// XY is a MiniGrid position (x, y) = (col, row).
type XY [2]int

// Pos is the cell (row, col).
func (p XY) Pos() Pos { return Pos{Row: p[1], Col: p[0]} }

// NavParams are an InNav file's navigation parameters.
type NavParams struct {
	// MaxSteps bounds the actions of the walk.
	MaxSteps int `json:"max_steps"`
	// MinSteps is how many actions the walk takes at least: done is
	// accepted only after them.
	MinSteps int `json:"min_steps"`
	// Sufficiency is how near (straight-line distance, in cells) the agent
	// must come to a target to reach it.
	Sufficiency float64 `json:"sufficiency_distance"`
	// MinFromStart is how far from its start the agent must stand for a
	// target to count as reached there.
	MinFromStart float64 `json:"min_distance_from_start"`
}

// MaxNavSteps bounds max_steps: a walk of more actions is not an episode
// a conversation can hold.
const MaxNavSteps = 1000

// DefaultNavParams are the parameters of a level without an InNav file:
// HalluWorld's defaults.
var DefaultNavParams = NavParams{MaxSteps: 50, MinSteps: 10, Sufficiency: 3, MinFromStart: 5}

// ParseNavConfig reads an InNav file. name is used in errors, which give
// the line of a syntax or type error and say which field is wrong.
func ParseNavConfig(name string, data []byte) (NavConfig, error) {
	var c NavConfig
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&c); err != nil {
		return NavConfig{}, fmt.Errorf("grid: innav file %s%s: %w", name, lineOf(data, err), err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return NavConfig{}, fmt.Errorf("grid: innav file %s line %d: text after the JSON object", name, lineAt(data, int(dec.InputOffset())))
	}
	p := c.Params
	switch {
	case p.MaxSteps < 1 || p.MaxSteps > MaxNavSteps:
		return NavConfig{}, fmt.Errorf("grid: innav file %s: max_steps %d is not in 1…%d", name, p.MaxSteps, MaxNavSteps)
	case p.MinSteps < 0 || p.MinSteps > p.MaxSteps:
		return NavConfig{}, fmt.Errorf("grid: innav file %s: min_steps %d is not in 0…max_steps (%d)", name, p.MinSteps, p.MaxSteps)
	case !(p.Sufficiency >= 0) || math.IsInf(p.Sufficiency, 0):
		return NavConfig{}, fmt.Errorf("grid: innav file %s: sufficiency_distance %v is not a distance", name, p.Sufficiency)
	case !(p.MinFromStart >= 0) || math.IsInf(p.MinFromStart, 0):
		return NavConfig{}, fmt.Errorf("grid: innav file %s: min_distance_from_start %v is not a distance", name, p.MinFromStart)
	case len(c.Targets) > 64:
		return NavConfig{}, fmt.Errorf("grid: innav file %s: %d navigation targets (at most 64)", name, len(c.Targets))
	}
	return c, nil
}

// lineOf is " line N" for a JSON error that knows its offset.
func lineOf(data []byte, err error) string {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		return fmt.Sprintf(" line %d", lineAt(data, int(syn.Offset)))
	case errors.As(err, &typ):
		return fmt.Sprintf(" line %d", lineAt(data, int(typ.Offset)))
	}
	return ""
}

// lineAt is the 1-based line of byte offset off.
func lineAt(data []byte, off int) int {
	off = min(max(off, 0), len(data))
	return bytes.Count(data[:off], []byte("\n")) + 1
}

// NavFiles lists the embedded InNav files' level names (the level file
// without .txt), sorted.
func NavFiles() []string {
	entries, _ := fs.ReadDir(levelFiles, "levels")
	var out []string
	for _, e := range entries {
		if name, ok := strings.CutSuffix(e.Name(), ".innav.json"); ok {
			out = append(out, name)
		}
	}
	return out
}

// LoadNavConfig reads the embedded InNav file of a level file name
// without .txt ("dense_array").
func LoadNavConfig(name string) (NavConfig, error) {
	data, err := levelFiles.ReadFile("levels/" + name + ".innav.json")
	if err != nil {
		return NavConfig{}, fmt.Errorf("grid: innav file %s: %w", name, err)
	}
	return ParseNavConfig(name+".innav.json", data)
}
