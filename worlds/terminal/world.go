package terminal

import (
	"fmt"
	"io"
	"strings"

	"github.com/hallumaze/hallumaze/worlds"
)

// The levels (script families) and the one view.
const (
	// LevelShell is the spec's episode: config.ini, notes.txt, secret.txt
	// and a data directory, with pwd, cd, ls, cat, echo, sed and grep.
	LevelShell = "terminal"
	// LevelFiles moves, copies and removes files between three
	// directories (mkdir, cp, mv, rm), with coreutils' error messages.
	LevelFiles = "terminal-files"
	// View is the transcript: each command after "$ ", then its output.
	View = "transcript"
)

// StandardSeeds are the seeds of the standard set, for every level.
const StandardSeeds = 50

// Rules is the terminal world's rules paragraph of the system prompt.
const Rules = `The transcript below comes from a Linux shell session of user "user" (not root), who owns every file.
Commands ran in the order shown; a command with no output printed nothing. Only the output shown is
known.`

// World is the terminal world: a simulated shell whose seeded sessions are
// shown as transcripts and probed in five categories.
type World struct{}

var _ worlds.World = (*World)(nil)

// New returns the terminal world.
func New() *World { return &World{} }

// Name is "terminal".
func (*World) Name() string { return worlds.Terminal }

// Rules is the rules paragraph.
func (*World) Rules() string { return Rules }

// Levels are terminal and terminal-files.
func (*World) Levels() []string { return []string{LevelShell, LevelFiles} }

// Views is the one view, transcript.
func (*World) Views() []string { return []string{View} }

// Play is the episode of a level at a seed.
func Play(level string, seed uint64) (*Episode, error) {
	ep, _, err := play(level, seed)
	return ep, err
}

func play(level string, seed uint64) (*Episode, []spec, error) {
	switch level {
	case LevelShell:
		return shellProbes(seed, drawShell(seed))
	case LevelFiles:
		return filesProbes(seed, drawFiles(seed))
	}
	return nil, nil, fmt.Errorf("terminal: unknown level %q (levels: %s, %s)", level, LevelShell, LevelFiles)
}

// Probes are the ten probes of a level's episode at a seed. The view must
// be transcript or "".
func (*World) Probes(level, view string, seed uint64) ([]worlds.Probe, error) {
	if view != "" && view != View {
		return nil, fmt.Errorf("terminal: unknown view %q (the view is %s)", view, View)
	}
	ep, specs, err := play(level, seed)
	if err != nil {
		return nil, err
	}
	return records(ep, specs)
}

// Standard is seeds 1–50 of terminal, then seeds 1–50 of terminal-files:
// 1,000 probes.
func (w *World) Standard() ([]worlds.Probe, error) {
	out := make([]worlds.Probe, 0, 2*StandardSeeds*10)
	for _, level := range w.Levels() {
		for seed := uint64(1); seed <= StandardSeeds; seed++ {
			ps, err := w.Probes(level, View, seed)
			if err != nil {
				return nil, err
			}
			out = append(out, ps...)
		}
	}
	return out, nil
}

// Show writes the episode's initial files, its transcript and its probes
// with their golds.
func (w *World) Show(out io.Writer, level string, seed uint64) error {
	ep, specs, err := play(level, seed)
	if err != nil {
		return err
	}
	probes, err := records(ep, specs)
	if err != nil {
		return err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# %s seed %d (view %s)\n\nInitial files (cwd %s):\n", level, seed, View, ep.Initial.Cwd())
	for _, d := range ep.Initial.Dirs() {
		fmt.Fprintf(&b, "  %s/\n", d)
	}
	for _, f := range ep.Initial.Files() {
		fmt.Fprintf(&b, "  %s (%s): %s\n", f.Path, f.Mode, strings.Join(f.Lines, " | "))
	}
	fmt.Fprintf(&b, "\n%s\n\n", ep.Transcript)
	for _, p := range probes {
		extra := ""
		if p.Conflict != nil {
			extra = fmt.Sprintf(" (conflict %v)", *p.Conflict)
		}
		if p.Testimony != nil {
			extra += fmt.Sprintf(" (testimony %s)", *p.Testimony)
		}
		fmt.Fprintf(&b, "%s %s %s: %s\n    %s → %s%s\n", p.ID[strings.LastIndex(p.ID, "/")+1:],
			p.Category, p.ProbeType, p.Question, p.Key, p.Gold.Canonical(), extra)
	}
	_, err = io.WriteString(out, b.String())
	return err
}
