package innav

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/results"
	hw "github.com/hallumaze/hallumaze/worlds"
	"github.com/hallumaze/hallumaze/worlds/grid"
	"github.com/hallumaze/hallumaze/worlds/terminal"
)

// experiments are TestInNav, the standard set played by the reference
// agents (and any model named with -models), and TestInNavReplay, the gate
// set: the episodes the committed cassettes of a recorded model cover.
func experiments() []bench.Experiment {
	return []bench.Experiment{
		{Name: "InNav", Cases: standardCases, Check: Check, Report: reportScores, AgentsOnly: true},
		{Name: "InNavReplay", Cases: gateCases, Check: Check, Report: reportScores},
	}
}

// gateSpecs are the gate set's episodes, each in both arms: short walks in
// each of the three views, and two terminal tasks, so that their
// cassettes stay small.
var gateSpecs = []Spec{
	{World: hw.Grid, Level: "u4_amnesiac", Seed: 0, View: grid.Symbolic},
	{World: hw.Grid, Level: "proc-8", Seed: 4, View: grid.ASCII},
	{World: hw.Grid, Level: "narrator_room", Seed: 0, View: grid.Memory},
	{World: hw.Terminal, Level: terminal.TaskEdit, Seed: 1, View: terminal.SessionView},
	{World: hw.Terminal, Level: terminal.TaskMove, Seed: 2, View: terminal.SessionView},
}

// gateCases are the gate set's cases.
func gateCases() ([]bench.Case, error) {
	var out []bench.Case
	for _, s := range gateSpecs {
		for _, arm := range Arms {
			out = append(out, NewCase(s, arm))
		}
	}
	return out, nil
}

// Check asserts what must hold of any model's episode: the detail decodes,
// each metric is in its range, and replaying the recorded trajectory on
// the episode's set-up reproduces the trajectory and every gold byte for
// byte (the golds depend on nothing but the actions the model chose).
func Check(t testing.TB, r results.Result) {
	t.Helper()
	d, err := decode(r.Detail)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range r.Metrics {
		if v < 0 || (k != "actions-used" && k != "unread-actions" && v > 1) {
			t.Errorf("metric %s = %v out of range", k, v)
		}
	}
	seed, err := strconv.ParseUint(r.Tags["seed"], 10, 64)
	if err != nil {
		t.Fatalf("seed tag %q: %v", r.Tags["seed"], err)
	}
	s := Spec{World: r.Tags["world"], Level: r.Tags["level"], Seed: seed, View: r.Tags["view"]}
	if err := CheckReplay(s, d); err != nil {
		t.Error(err)
	}
}

// CheckReplay plays the episode of a result again from its recorded
// trajectory and holds the result to it: the same trajectory record, the
// same questions with the same golds, byte for byte. For the static arm
// the trajectory is the scripted walk's.
func CheckReplay(s Spec, d Detail) error {
	_, err := replayQuestions(s, d)
	return err
}

// replayQuestions plays the episode of a result again from its recorded
// trajectory, holds the result to it (see [CheckReplay]) and returns the
// replayed episode's questions.
func replayQuestions(s Spec, d Detail) ([]hw.Probe, error) {
	e, err := replayEpisode(s, d)
	if err != nil {
		return nil, err
	}
	probes, err := e.Questions(d.Arm)
	if err != nil {
		return nil, err
	}
	if len(probes) != len(d.Verdicts) {
		return nil, fmt.Errorf("innav: %s: %d questions replayed, %d verdicts", s.Name(d.Arm), len(probes), len(d.Verdicts))
	}
	for i, p := range probes {
		want := hw.MissingVerdict(p)
		v := d.Verdicts[i]
		if v.ID != want.ID || v.Gold != want.Gold || v.Answerable != want.Answerable || v.Category != want.Category || v.ProbeType != want.ProbeType {
			return nil, fmt.Errorf("innav: %s: question %d replays as %s gold %q (%s), the result has %s gold %q (%s)",
				s.Name(d.Arm), i, want.ID, want.Gold, want.Category, v.ID, v.Gold, v.Category)
		}
	}
	return probes, nil
}

// replayEpisode plays the episode of a result again from its recorded
// trajectory and holds the trajectory to the record, byte for byte.
func replayEpisode(s Spec, d Detail) (hw.Episode, error) {
	switch s.World {
	case hw.Grid:
		n, err := replayWalk(s, d)
		if err != nil {
			return nil, err // not a nil *Nav in a non-nil Episode
		}
		return n, nil
	case hw.Terminal:
		t, err := terminal.NewTask(s.Level, s.Seed)
		if err != nil {
			return nil, err
		}
		ses, err := replayed(s, d, "session", func(rec terminal.SessionRecord) (*terminal.Session, error) {
			return terminal.ReplaySession(t, rec)
		})
		if err != nil {
			return nil, err // not a nil *Session in a non-nil Episode
		}
		return ses, nil
	}
	return nil, fmt.Errorf("innav: no episodes in world %q", s.World)
}

// replayWalk plays a grid result's walk again from its record and holds
// the record to it.
func replayWalk(s Spec, d Detail) (*grid.Nav, error) {
	sp, err := s.navSpec()
	if err != nil {
		return nil, err
	}
	return replayed(s, d, "trajectory", func(rec grid.NavRecord) (*grid.Nav, error) {
		return grid.ReplayRecord(sp, rec)
	})
}

// replayed reads a result's recorded trajectory (what: its name in
// errors), plays it again with replay, and holds the record of the
// episode played to the recorded bytes.
func replayed[R any, E interface{ Record() R }](s Spec, d Detail, what string, replay func(R) (E, error)) (E, error) {
	var zero E
	var rec R
	if err := json.Unmarshal(d.Episode.Trajectory, &rec); err != nil {
		return zero, fmt.Errorf("innav: %s: read the %s: %w", s.Name(d.Arm), what, err)
	}
	ep, err := replay(rec)
	if err != nil {
		return zero, err
	}
	again, err := json.Marshal(ep.Record())
	if err != nil {
		return zero, err
	}
	if !bytes.Equal(again, d.Episode.Trajectory) {
		return zero, fmt.Errorf("innav: %s: the replayed %s differs from the recorded one", s.Name(d.Arm), what)
	}
	return ep, nil
}

// reportScores logs each model's scores: the terminal's tables.
func reportScores(t *testing.T, rs []results.Result) {
	scores, err := Score(rs)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	WriteTables(&b, scores)
	t.Logf("\n%s", b.String())
}

// benchmarkList is BenchmarkInNav: per model and arm, over the gate set (the
// episodes every recorded model's cassettes cover, so that it replays for
// each of them), navigation success, places reached, actions, accuracy and
// accuracy′, and the hallucination split.
func benchmarkList() []bench.Benchmark {
	return []bench.Benchmark{{
		Name:    "InNav",
		Metrics: []string{"nav-success", "targets-reached", "task-success", "actions-used", "probe-accuracy", "probe-accuracy-prime", "halluc-seen", "halluc-unseen", "own-false"},
		Groups: func() ([]bench.BenchGroup, error) {
			var out []bench.BenchGroup
			for _, arm := range Arms {
				g := bench.BenchGroup{Name: "arm=" + arm}
				for _, s := range gateSpecs {
					g.Cases = append(g.Cases, NewCase(s, arm))
				}
				out = append(out, g)
			}
			return out, nil
		},
		Score: func(rs []results.Result) map[string]float64 {
			out := map[string]float64{}
			scores, err := Score(rs)
			if err != nil || len(scores) == 0 || len(scores[0].Arms) == 0 {
				return out
			}
			s := scores[0].Arms[0]
			put := func(name string, r *hw.Rate) {
				if r != nil {
					out[name] = r.Rate
				}
			}
			put("nav-success", s.NavSuccess)
			put("targets-reached", s.TargetsReached)
			put("task-success", s.TaskSuccess)
			if s.Actions != nil {
				out["actions-used"] = s.Actions.Mean
			}
			put("probe-accuracy", s.Report.Accuracy)
			if s.Report.AccuracyPrime != nil {
				out["probe-accuracy-prime"] = *s.Report.AccuracyPrime
			}
			put("halluc-seen", s.HallucSeen)
			put("halluc-unseen", s.HallucUnseen)
			put("own-false", s.OwnFalse)
			return out
		},
	}}
}
