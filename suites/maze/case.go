package maze

import (
	"context"
	"fmt"
	"sync"

	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/mazes"
	"github.com/hallumaze/hallumaze/mazes/lenient"
	"github.com/hallumaze/hallumaze/results"
	"github.com/hallumaze/hallumaze/suites/maze/record"
)

// NewCase builds the Case of a spec.
func NewCase(spec Spec) (bench.Case, error) {
	spec = spec.Normal()
	if spec.Group != "A" && spec.Protocol != mazes.Interactive {
		return bench.Case{}, fmt.Errorf("maze case %s: Ariadne group %s needs the interactive protocol", spec.Name(), spec.Group)
	}
	if _, err := mazes.ParseAriadneGroup(spec.Group); err != nil {
		return bench.Case{}, fmt.Errorf("maze case %s: %w", spec.Name(), err)
	}
	// The maze is generated when the case is played: a run walks its
	// cases several times (to count them, to check their cassettes) before
	// it plays each once.
	if err := mazes.CheckGenerate(spec.Size, spec.Algorithm); err != nil {
		return bench.Case{}, fmt.Errorf("maze case %s: %w", spec.Name(), err)
	}
	opt := spec.Prompt()
	c := bench.Case{Suite: Name, Name: spec.Name(), Tags: spec.Tags()}
	c.Play = func(ctx context.Context, chat *bench.Chat) (bench.Outcome, error) {
		m, err := mazes.GenerateShared(spec.Size, spec.Seed, spec.Algorithm)
		if err != nil {
			return bench.Outcome{}, fmt.Errorf("maze case %s: %w", spec.Name(), err)
		}
		seedRun(chat, spec)
		if spec.Protocol == mazes.Interactive {
			return playInteractive(ctx, chat, m, opt, spec)
		}
		return playOneShot(ctx, chat, m, opt, spec)
	}
	return c, nil
}

// seedRun sends run r > 0 of a maze with the sampling seed r, so that the
// repeated runs of one maze (--seed with --runs) are different samples:
// a model that samples draws with another seed, and agent/random walks
// another walk (its draw r, the walk the chance baseline takes as draw r).
// Run 0 sends no seed, so its requests, and the cassettes that hold them,
// are those of a case that is not repeated.
func seedRun(chat *bench.Chat, spec Spec) {
	if spec.Run > 0 {
		chat.SetSeed(int64(spec.Run))
	}
}

func playOneShot(ctx context.Context, chat *bench.Chat, m *mazes.Maze, opt mazes.PromptOptions, spec Spec) (bench.Outcome, error) {
	p := oneShotPrompt(m, opt, spec)
	chat.SetSystem(p.System)
	rep, err := chat.Say(ctx, p.User)
	if err != nil {
		return bench.Outcome{}, err
	}
	tr, walk, s, ls := lenient.ScoreReply(m, rep.Text)
	metrics := caseMetrics(s)
	addLenient(metrics, ls)
	out := bench.Outcome{Metrics: metrics, Detail: record.Detail{Spec: &spec, Scores: s, ConfLog: tr.ConfidenceLog, Solution: len(m.Solution()), Lenient: &ls,
		Played: &record.Replay{Transcript: tr, Walk: walk, OK: true, Reply: rep.Text}}}
	if rep.StopReason == "max_tokens" {
		out.Metrics["cut-by-max-tokens"] = 1
	}
	return out, nil
}

func playInteractive(ctx context.Context, chat *bench.Chat, m *mazes.Maze, opt mazes.PromptOptions, spec Spec) (bench.Outcome, error) {
	e := lenient.NewEpisode(m, opt, spec.Budget)
	group, _ := mazes.ParseAriadneGroup(spec.Group)
	thread := mazes.NewAriadne(m, group, spec.Lang)
	p := e.Opening()
	chat.SetSystem(p.System)
	chat.SetCache(true)
	msg := p.User
	for turn := 0; turn < e.MaxReplies(); turn++ {
		rep, err := chat.Say(ctx, msg)
		if err != nil {
			return bench.Outcome{}, err
		}
		before := e.Position()
		answer, res, done := e.Turn(rep.Text)
		if done {
			break
		}
		if hint, ok := thread.Observe(before, res, e.Position()); ok {
			answer = e.WithHint(answer, hint)
		}
		msg = answer
	}
	thread.Finish()
	s := e.StrictScores()
	ls := lenient.EpisodeScores(e)
	stats := e.Stats()
	ar := thread.Stats()
	metrics := caseMetrics(s)
	addLenient(metrics, ls)
	metrics["steps-used"] = float64(stats.StepsUsed)
	metrics["wall-bumps"] = float64(stats.WallBumps)
	metrics["hints"] = float64(ar.Hints)
	if ar.Hints > 0 {
		metrics["NRS"] = ar.NRS
		metrics["hint-ignore"] = ar.IgnoreRate
	}
	tr := e.Transcript()
	return bench.Outcome{Metrics: metrics, Detail: record.Detail{Spec: &spec, Scores: s, Episode: &stats, Ariadne: &ar, ConfLog: tr.ConfidenceLog, Solution: len(m.Solution()), Lenient: &ls,
		Played: &record.Replay{Transcript: tr, Walk: e.Walk(), OK: true}}}, nil
}

// LenientSuffix marks the lenient tier's metrics: "SR-lenient" is SR
// under the lenient reading.
const LenientSuffix = results.LenientSuffix

// addLenient adds the lenient tier's metrics, each strict metric's name
// with LenientSuffix, and the format-compliance rate of the case's
// replies.
func addLenient(metrics map[string]float64, ls lenient.Scores) {
	putScores(metrics, ls.Scores, &lenientNames)
	metrics["format-compliance"] = ls.Format.Compliance
	if ls.Format.Reasks > 0 {
		metrics["reasks"] = float64(ls.Format.Reasks)
	}
}

// caseMetrics flattens the scores a benchmark and the gate compare. The
// map has room for the lenient tier's and the episode's too.
func caseMetrics(s mazes.Scores) map[string]float64 {
	m := make(map[string]float64, 2*len(scoreNames)+8)
	putScores(m, s, &scoreNames)
	return m
}

// scoreNames are the metrics' names of the scores putScores writes, in
// its order; lenientNames the same with LenientSuffix.
var (
	scoreNames   = [...]string{"SR", "path-valid", "MEI", "BRS", "score", "HC", "BT", "LT", "HRR", "steps", "unparsed", "optimal", "CE", "brier", "lure-rate"}
	lenientNames = func() (out [len(scoreNames)]string) {
		for i, n := range scoreNames {
			out[i] = n + LenientSuffix
		}
		return out
	}()
)

// putScores writes the scores into m under names; CE, brier and the lure
// rate only when the case has them.
func putScores(m map[string]float64, s mazes.Scores, names *[len(scoreNames)]string) {
	b2f := func(b bool) float64 {
		if b {
			return 1
		}
		return 0
	}
	for i, v := range [...]float64{s.SR, b2f(s.PathValid), s.MEI, s.BRS, s.Score, float64(s.HC), float64(s.BT), float64(s.LT), s.HRR,
		float64(s.Steps), float64(s.UnparsedLines), b2f(s.Optimal)} {
		m[names[i]] = v
	}
	for i, p := range [...]*float64{s.CE, s.Brier, s.LureRate} {
		if p != nil {
			m[names[12+i]] = *p
		}
	}
}

// Spec is one HalluMaze case: a maze and a framing (record.Spec, which
// the case writes into its score record).
type Spec = record.Spec

// prompts keeps the one-shot prompts of the cases played lately, by spec
// (which makes the maze and the options): each model of a run asks for
// the same ones. It is emptied past promptsKept.
var prompts struct {
	sync.Mutex
	bySpec map[Spec]mazes.Prompt
}

const promptsKept = 1024

// oneShotPrompt is mazes.BuildPrompt(m, opt) for the case spec.
func oneShotPrompt(m *mazes.Maze, opt mazes.PromptOptions, spec Spec) mazes.Prompt {
	prompts.Lock()
	p, ok := prompts.bySpec[spec]
	prompts.Unlock()
	if ok {
		return p
	}
	p = mazes.BuildPrompt(m, opt)
	prompts.Lock()
	defer prompts.Unlock()
	if prompts.bySpec == nil || len(prompts.bySpec) >= promptsKept {
		prompts.bySpec = map[Spec]mazes.Prompt{}
	}
	prompts.bySpec[spec] = p
	return p
}
