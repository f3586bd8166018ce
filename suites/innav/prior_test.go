package innav

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/internal/golden"
	hw "github.com/hallumaze/hallumaze/worlds"
	"github.com/hallumaze/hallumaze/worlds/grid"
	"github.com/hallumaze/hallumaze/worlds/terminal"
)

// The prior's training range: seeds apart from the standard set (0 for
// HalluWorld's files, 1–4 for procedural levels), every view.
const (
	trainFrom  = 10001
	trainProc  = 100 // procedural levels
	trainFiles = 10  // HalluWorld's files (a file's seed only draws its questions)
)

// TestPrior learns the episodes' question-only prior from the questions
// of scripted walks at the training seeds, and holds prior.json to it;
// -update rewrites the file. A question's gold depends on the walk; the
// scripted walk stands for the walks a model makes.
func TestPrior(t *testing.T) {
	w, err := gridWorld()
	require.NoError(t, err)
	var probes []hw.Probe
	for _, level := range w.NavLevels() {
		n := trainFiles
		if strings.HasPrefix(level, "proc-") {
			n = trainProc
		}
		for s := uint64(trainFrom); s < trainFrom+uint64(n); s++ {
			for _, view := range []string{grid.Symbolic, grid.ASCII, grid.Memory} {
				sp, err := w.NavSpec(level, s, view)
				require.NoError(t, err)
				walk, err := grid.ScriptedWalk(sp)
				require.NoError(t, err)
				ps, err := walk.Questions(hw.ArmStatic)
				require.NoError(t, err)
				probes = append(probes, ps...)
			}
		}
	}
	for _, level := range terminal.TaskLevels {
		for s := uint64(trainFrom); s < trainFrom+trainProc; s++ {
			task, err := terminal.NewTask(level, s)
			require.NoError(t, err)
			ps, err := terminal.ScriptedSession(task).Questions(hw.ArmStatic)
			require.NoError(t, err)
			probes = append(probes, ps...)
		}
	}
	_, data, err := hw.LearnPrior(probes, fmt.Sprintf("scripted walks at seeds %d–%d of procedural levels and %d–%d of HalluWorld's files, every view; scripted terminal tasks at seeds %d–%d",
		trainFrom, trainFrom+trainProc-1, trainFrom, trainFrom+trainFiles-1, trainFrom, trainFrom+trainProc-1))
	require.NoError(t, err)
	if golden.Updating() {
		require.NoError(t, os.WriteFile("prior.json", data, 0o644))
		return
	}
	want, err := os.ReadFile("prior.json")
	require.NoError(t, err)
	if diff := cmp.Diff(string(want), string(data)); diff != "" {
		t.Errorf("prior.json is not the prior the training range gives (-file +learned):\n%s\nrun go test ./suites/innav -run TestPrior -update", diff)
	}
}
