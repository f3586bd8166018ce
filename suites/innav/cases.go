package innav

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/hallumaze/hallumaze/bench"
	hw "github.com/hallumaze/hallumaze/worlds"
	"github.com/hallumaze/hallumaze/worlds/grid"
	"github.com/hallumaze/hallumaze/worlds/terminal"
)

// Spec names one episode: its world, level, seed and view. A custom
// level (--level-file) carries its set-up.
type Spec struct {
	World string
	Level string
	Seed  uint64
	View  string
	// Nav is a custom grid level's set-up; nil for the world's levels.
	Nav *grid.NavSpec
}

// Name is the case name of the spec's episode in an arm:
// <world>/<level>/s<seed>/<view>/<arm>.
func (s Spec) Name(arm string) string {
	return fmt.Sprintf("%s/%s/s%d/%s/%s", s.World, s.Level, s.Seed, s.View, arm)
}

// navSpec is the grid set-up of the spec.
func (s Spec) navSpec() (grid.NavSpec, error) {
	if s.Nav != nil {
		return *s.Nav, nil
	}
	w, err := gridWorld()
	if err != nil {
		return grid.NavSpec{}, err
	}
	return w.NavSpec(s.Level, s.Seed, s.View)
}

// episode makes the spec's episode: the model's own (ArmInNav), or the
// scripted one the static arm reads, played to its end.
func (s Spec) episode(arm string) (hw.Episode, string, error) {
	switch s.World {
	case hw.Grid:
		sp, err := s.navSpec()
		if err != nil {
			return nil, "", err
		}
		if arm == hw.ArmStatic {
			n, err := grid.ScriptedWalk(sp)
			return n, grid.Rules, err
		}
		n, err := grid.NewNav(sp)
		return n, grid.Rules, err
	case hw.Terminal:
		t, err := terminal.NewTask(s.Level, s.Seed)
		if err != nil {
			return nil, "", err
		}
		if arm == hw.ArmStatic {
			return terminal.ScriptedSession(t), terminal.TaskRules, nil
		}
		return terminal.NewSession(t), terminal.TaskRules, nil
	}
	return nil, "", fmt.Errorf("innav: no episodes in world %q", s.World)
}

// Detail is the score record an episode's result keeps: the episode's
// summary (the model's own, or the scripted one the static arm read) and
// one verdict per question, each with the question-only prior's
// judgement.
type Detail struct {
	World    string            `json:"world"`
	Arm      string            `json:"arm"`
	Episode  hw.EpisodeSummary `json:"episode"`
	Verdicts []hw.Verdict      `json:"verdicts"`
}

// NewCase is one episode in one arm as a case. The innav arm plays the
// episode turn by turn (the world answering each reply), then asks its
// questions in the same conversation; the static arm sends the scripted
// episode whole with the first question, and the others after it.
func NewCase(s Spec, arm string) bench.Case {
	return bench.Case{
		Suite: Name,
		Name:  s.Name(arm),
		Tags: map[string]string{"world": s.World, "level": s.Level, "seed": strconv.FormatUint(s.Seed, 10),
			"view": s.View, "arm": arm},
		Play: func(ctx context.Context, chat *bench.Chat) (bench.Outcome, error) {
			e, rules, err := s.episode(arm)
			if err != nil {
				return bench.Outcome{}, fmt.Errorf("%w: %w", bench.ErrSetup, err)
			}
			end := ""
			if arm == hw.ArmStatic {
				chat.SetSystem(hw.System(rules))
			} else {
				chat.SetSystem(hw.ActSystem(rules))
				if end, err = act(ctx, chat, e); err != nil {
					return bench.Outcome{}, err
				}
			}
			return ask(ctx, chat, e, arm, end)
		},
	}
}

// act plays the episode: each reply goes to the world, whose answer is
// the next message. It returns the world's answer to the reply that
// ended the episode, which the first question's message opens with.
func act(ctx context.Context, chat *bench.Chat, e hw.Episode) (string, error) {
	msg := e.Opening()
	for range e.MaxReplies() {
		rep, err := chat.Say(ctx, msg)
		if err != nil {
			return "", err
		}
		text, done := e.Turn(rep.Text)
		if done {
			return text, nil
		}
		msg = text
	}
	return "", fmt.Errorf("innav: the episode did not end within %d replies", e.MaxReplies())
}

// ask asks the episode's questions in the conversation and judges each
// answer against the gold the episode gives it. end is the message that
// ended an episode the model acted in: the first question's message must
// open with it, or the model would never read what the golds count.
func ask(ctx context.Context, chat *bench.Chat, e hw.Episode, arm, end string) (bench.Outcome, error) {
	probes, err := e.Questions(arm)
	if err != nil {
		return bench.Outcome{}, err
	}
	if arm == hw.ArmInNav && !strings.HasPrefix(probes[0].Context, end+"\n\n") {
		return bench.Outcome{}, fmt.Errorf("innav: %s: the first question does not open with the message that ended the episode", probes[0].ID)
	}
	prior := Prior()
	d := Detail{World: probes[0].World, Arm: arm, Episode: e.Summary()}
	for _, p := range probes {
		rep, err := chat.Say(ctx, p.Context)
		if err != nil {
			return bench.Outcome{}, err
		}
		v := hw.Judge(p, rep.Text)
		v.PriorRight = nil
		if a, ok := prior.Answer(p); ok {
			r := hw.Right(p, a)
			v.PriorRight = &r
		}
		d.Verdicts = append(d.Verdicts, v)
	}
	return bench.Outcome{Metrics: caseMetrics(d), Detail: d}, nil
}

// Own reports a question about the model's own past actions.
func Own(probeType string) bool { return strings.HasPrefix(probeType, "own-") }

// caseMetrics are the case's metrics: how the episode went (the innav
// arm's), and the rates over its questions; a rate without questions of
// its kind is left out.
func caseMetrics(d Detail) map[string]float64 {
	m := map[string]float64{}
	ep := d.Episode
	if d.Arm == hw.ArmInNav {
		switch {
		case d.World == hw.Grid && ep.Goals > 0:
			m["targets-reached"] = float64(ep.Reached) / float64(ep.Goals)
			m["nav-success"] = b2f(ep.Success)
		case d.World == hw.Terminal:
			m["task-success"] = b2f(ep.Success)
		}
		m["actions-used"] = float64(ep.Actions)
		if ep.Replies > 0 {
			m["action-compliance"] = float64(ep.Strict) / float64(ep.Replies)
		}
		m["unread-actions"] = float64(ep.Unread)
	}
	var right, parse, seen, seenH, unseen, unseenH, own, ownH int
	for _, v := range d.Verdicts {
		if v.Right {
			right++
		}
		if v.Outcome == hw.OutcomeParseFailure {
			parse++
		}
		if v.Answerable {
			seen++
			if v.Hallucinated {
				seenH++
			}
		} else {
			unseen++
			if v.Hallucinated {
				unseenH++
			}
		}
		if Own(v.ProbeType) {
			own++
			if v.Hallucinated {
				ownH++
			}
		}
	}
	n := len(d.Verdicts)
	ratio := func(name string, k, n int) {
		if n > 0 {
			m[name] = float64(k) / float64(n)
		}
	}
	ratio("probe-accuracy", right, n)
	ratio("probe-parse-fail", parse, n)
	ratio("halluc-seen", seenH, seen)
	ratio("halluc-unseen", unseenH, unseen)
	ratio("own-false", ownH, own)
	return m
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// decode reads a result's detail.
func decode(raw json.RawMessage) (Detail, error) {
	var d Detail
	if err := json.Unmarshal(raw, &d); err != nil {
		return Detail{}, fmt.Errorf("decode the episode's detail: %w", err)
	}
	return d, nil
}
