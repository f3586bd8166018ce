package grid

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"
)

// NavCompanion is the InNav file read beside a level file:
// name.txt → name.innav.json (any other name → name.innav.json).
func NavCompanion(file string) string {
	return strings.TrimSuffix(file, ".txt") + ".innav.json"
}

// ReadNavLevel reads a level written in HalluWorld's level format from
// file and, when it is there, its InNav file beside it (NavCompanion),
// and returns the set-up of its walk at seed in view ("" for the symbolic
// view). A malformed file is an error naming the file and the line.
func ReadNavLevel(file string, seed uint64, view string) (NavSpec, error) {
	level, cfg, err := readNavFiles(file)
	if err != nil {
		return NavSpec{}, err
	}
	return CustomNavSpec(file, level, cfg, seed, view)
}

// readNavFiles reads a level file and its InNav file, nil when absent.
func readNavFiles(file string) (level, cfg []byte, err error) {
	level, err = os.ReadFile(file)
	if err != nil {
		return nil, nil, fmt.Errorf("grid: level file: %w", err)
	}
	cfg, err = os.ReadFile(NavCompanion(file))
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return level, nil, nil
	case err != nil:
		return nil, nil, fmt.Errorf("grid: innav file: %w", err)
	}
	return level, cfg, nil
}

// ShowNav writes a walk's set-up for a person: the level, its InNav
// parameters (the start, the places, the budget), and what the walk's
// first observation shows in each of the three views.
func ShowNav(out io.Writer, sp NavSpec) error {
	p := sp.Config.Params
	fmt.Fprintf(out, "# grid level %s, seed %d: a walk of %d–%d actions\n", sp.Name, sp.Seed, p.MinSteps, p.MaxSteps)
	for _, v := range viewNames {
		sp.View = v
		n, err := NewNav(sp)
		if err != nil {
			fmt.Fprintf(out, "\n## %s\n\n(not shown: %v)\n", v, err)
			continue
		}
		if v == viewNames[0] {
			fmt.Fprintf(out, "start %s; places %s; reached within %s cells, %s cells from the start",
				rowCol(n.Start()), placeList(n.Targets()), num(p.Sufficiency), num(p.MinFromStart))
			if d := n.Dropped(); len(d) > 0 {
				fmt.Fprintf(out, "; no walk reaches %s", placeList(d))
			}
			fmt.Fprintln(out)
		}
		fmt.Fprintf(out, "\n## %s\n\n%s\n", v, n.block(0))
	}
	return nil
}
