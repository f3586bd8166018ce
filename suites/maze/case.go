package maze

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/mazes"
	"github.com/hallumaze/hallumaze/results"
	"github.com/hallumaze/hallumaze/suites/maze/analysis"
)

// Spec is one HalluMaze case: a maze and a framing.
type Spec struct {
	Size      int
	Seed      uint64
	Algorithm mazes.Algorithm // "" means DFS
	Lang      mazes.Lang      // "" means English
	NoMirage  bool
	NoConf    bool
	Protocol  mazes.Protocol // "" means one-shot
	// Group is the Ariadne's Thread group of an interactive case: "A" (no
	// hints, the default), "B" or "C" (see AriadneHints).
	Group string
	// Budget bounds the steps of an interactive case; 0 means 4·N².
	Budget int
	// Run numbers repeated samples of the same maze and framing; run k > 0
	// adds "/run=k" to the name, so each sample has its own cassette.
	Run int
}

func (s Spec) normal() Spec {
	if s.Algorithm == "" {
		s.Algorithm = mazes.DFS
	}
	if s.Lang == "" {
		s.Lang = mazes.English
	}
	if s.Protocol == "" {
		s.Protocol = mazes.OneShot
	}
	if s.Group == "" {
		s.Group = "A"
	}
	return s
}

// Name is the case's name: size, seed, then the framing's departures from
// the default (DFS, lures shown, confidence asked, English, one-shot),
// joined by "+", or "base". For example "size=7/seed=3/base" or
// "size=9/seed=1/wilson+no-mirage+ko+interactive+group=B".
func (s Spec) Name() string {
	s = s.normal()
	var f []string
	if s.Algorithm != mazes.DFS {
		f = append(f, string(s.Algorithm))
	}
	if s.NoMirage {
		f = append(f, "no-mirage")
	}
	if s.NoConf {
		f = append(f, "no-conf")
	}
	if s.Lang != mazes.English {
		f = append(f, string(s.Lang))
	}
	if s.Protocol != mazes.OneShot {
		f = append(f, string(s.Protocol))
	}
	if s.Group != "A" {
		f = append(f, "group="+s.Group)
	}
	framing := "base"
	if len(f) > 0 {
		framing = strings.Join(f, "+")
	}
	name := make([]byte, 0, 32+len(framing))
	name = strconv.AppendInt(append(name, "size="...), int64(s.Size), 10)
	name = strconv.AppendUint(append(name, "/seed="...), s.Seed, 10)
	name = append(append(name, '/'), framing...)
	if s.Run > 0 {
		name = strconv.AppendInt(append(name, "/run="...), int64(s.Run), 10)
	}
	return string(name)
}

// Tags describe the case for summaries.
func (s Spec) Tags() map[string]string {
	s = s.normal()
	onOff := func(b bool) string {
		if b {
			return "on"
		}
		return "off"
	}
	return map[string]string{
		"size":       strconv.Itoa(s.Size),
		"seed":       strconv.FormatUint(s.Seed, 10),
		"algorithm":  string(s.Algorithm),
		"lang":       string(s.Lang),
		"mirage":     onOff(!s.NoMirage),
		"confidence": onOff(!s.NoConf),
		"protocol":   string(s.Protocol),
		"group":      s.Group,
		"run":        strconv.Itoa(s.Run),
	}
}

// NewCase builds the Case of a spec.
func NewCase(spec Spec) (bench.Case, error) {
	spec = spec.normal()
	if spec.Group != "A" && spec.Protocol != mazes.Interactive {
		return bench.Case{}, fmt.Errorf("maze case %s: Ariadne group %s needs the interactive protocol", spec.Name(), spec.Group)
	}
	if _, err := ParseGroup(spec.Group); err != nil {
		return bench.Case{}, fmt.Errorf("maze case %s: %w", spec.Name(), err)
	}
	// The maze is generated when the case is played: a run walks its
	// cases several times (to count them, to check their cassettes) before
	// it plays each once.
	if err := mazes.CheckGenerate(spec.Size, spec.Algorithm); err != nil {
		return bench.Case{}, fmt.Errorf("maze case %s: %w", spec.Name(), err)
	}
	opt := mazes.PromptOptions{Lang: spec.Lang, Mirage: !spec.NoMirage, Confidence: !spec.NoConf, Protocol: spec.Protocol}
	c := bench.Case{Suite: Name, Name: spec.Name(), Tags: spec.Tags()}
	c.Play = func(ctx context.Context, chat *bench.Chat) (bench.Outcome, error) {
		m, err := mazes.Generate(spec.Size, spec.Seed, spec.Algorithm)
		if err != nil {
			return bench.Outcome{}, fmt.Errorf("maze case %s: %w", spec.Name(), err)
		}
		seedRun(chat, spec)
		if spec.Protocol == mazes.Interactive {
			return playInteractive(ctx, chat, m, opt, spec)
		}
		return playOneShot(ctx, chat, m, opt)
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

// Detail is the score record a maze result keeps.
type Detail struct {
	// Lenient is the lenient tier's reading of the reply (or the episode)
	// and its scores, beside the strict Scores; absent in results written
	// before the tier existed.
	Scores   mazes.Scores         `json:"scores"`
	Episode  *mazes.EpisodeStats  `json:"episode,omitempty"`
	Ariadne  *AriadneStats        `json:"ariadne,omitempty"`
	ConfLog  []mazes.LogEntry     `json:"confidence_log,omitempty"`
	Solution int                  `json:"solution_length"`
	Lenient  *mazes.LenientScores `json:"lenient,omitempty"`
	// walk is the walk as the case played it, for the summary of the same
	// run (results.Result.Record), which would replay it otherwise.
	walk *analysis.Replay
}

func playOneShot(ctx context.Context, chat *bench.Chat, m *mazes.Maze, opt mazes.PromptOptions) (bench.Outcome, error) {
	p := mazes.BuildPrompt(m, opt)
	chat.SetSystem(p.System)
	rep, err := chat.Say(ctx, p.User)
	if err != nil {
		return bench.Outcome{}, err
	}
	tr, s, ls := mazes.ScoreReply(m, rep.Text)
	metrics := caseMetrics(s)
	addLenient(metrics, ls)
	out := bench.Outcome{Metrics: metrics, Detail: Detail{Scores: s, ConfLog: tr.ConfidenceLog, Solution: len(m.Solution()), Lenient: &ls,
		walk: &analysis.Replay{Transcript: tr, Walk: mazes.Verify(m, tr.Steps), OK: true}}}
	if rep.StopReason == "max_tokens" {
		out.Metrics["cut-by-max-tokens"] = 1
	}
	return out, nil
}

func playInteractive(ctx context.Context, chat *bench.Chat, m *mazes.Maze, opt mazes.PromptOptions, spec Spec) (bench.Outcome, error) {
	e := mazes.NewLenientEpisode(m, opt, spec.Budget)
	group, _ := ParseGroup(spec.Group)
	thread := NewAriadne(m, group, spec.Lang)
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
	ls := e.LenientScores()
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
	return bench.Outcome{Metrics: metrics, Detail: Detail{Scores: s, Episode: &stats, Ariadne: &ar, ConfLog: tr.ConfidenceLog, Solution: len(m.Solution()), Lenient: &ls,
		walk: &analysis.Replay{Transcript: tr, Walk: e.Walk(), OK: true}}}, nil
}

// LenientSuffix marks the lenient tier's metrics: "SR-lenient" is SR
// under the lenient reading.
const LenientSuffix = results.LenientSuffix

// addLenient adds the lenient tier's metrics, each strict metric's name
// with LenientSuffix, and the format-compliance rate of the case's
// replies.
func addLenient(metrics map[string]float64, ls mazes.LenientScores) {
	for k, v := range caseMetrics(ls.Scores) {
		metrics[k+LenientSuffix] = v
	}
	metrics["format-compliance"] = ls.Format.Compliance
	if ls.Format.Reasks > 0 {
		metrics["reasks"] = float64(ls.Format.Reasks)
	}
}

// caseMetrics flattens the scores a benchmark and the gate compare.
func caseMetrics(s mazes.Scores) map[string]float64 {
	b2f := func(b bool) float64 {
		if b {
			return 1
		}
		return 0
	}
	m := map[string]float64{
		"SR":         s.SR,
		"path-valid": b2f(s.PathValid),
		"MEI":        s.MEI,
		"BRS":        s.BRS,
		"score":      s.Score,
		"HC":         float64(s.HC),
		"BT":         float64(s.BT),
		"LT":         float64(s.LT),
		"HRR":        s.HRR,
		"steps":      float64(s.Steps),
		"unparsed":   float64(s.UnparsedLines),
		"optimal":    b2f(s.Optimal),
	}
	if s.CE != nil {
		m["CE"] = *s.CE
	}
	if s.Brier != nil {
		m["brier"] = *s.Brier
	}
	if s.LureRate != nil {
		m["lure-rate"] = *s.LureRate
	}
	return m
}
