package analysis

import (
	"fmt"

	"github.com/hallumaze/hallumaze/mazes"
	"github.com/hallumaze/hallumaze/mazes/lenient"
	"github.com/hallumaze/hallumaze/results"
	"github.com/hallumaze/hallumaze/suites/maze/record"
)

// suiteName is the maze suite's name in results.
const suiteName = record.Name

// scored keeps the cases of models that were played and scored: no
// error, no human group.
func scored(cs []*Case) []*Case {
	var out []*Case
	for _, c := range cs {
		if c.Scoreable() {
			out = append(out, c)
		}
	}
	return out
}

// MazeKey names the maze a result was played on, "size=7/seed=3/dfs": the
// cluster its framings and repeated runs share.
func MazeKey(r results.Result) string {
	alg := r.Tags["algorithm"]
	if alg == "" {
		alg = string(mazes.DFS)
	}
	return "size=" + r.Tags["size"] + "/seed=" + r.Tags["seed"] + "/" + alg
}

// Maze regenerates the maze a result was played on, from its Spec
// (record.Read).
func Maze(r results.Result) (*mazes.Maze, error) {
	rd, err := record.Read(r)
	if err != nil {
		return nil, err
	}
	return mazeOf(r, rd)
}

// mazeOf regenerates the maze of a result already read.
func mazeOf(r results.Result, rd record.Reading) (*mazes.Maze, error) {
	if rd.SpecErr != nil {
		return nil, fmt.Errorf("result %s: %w", r.Case, rd.SpecErr)
	}
	m, err := mazes.Generate(rd.Spec.Size, rd.Spec.Seed, rd.Spec.Algorithm)
	if err != nil {
		return nil, fmt.Errorf("result %s: regenerate maze: %w", r.Case, err)
	}
	return m, nil
}

// framingOf reads the framing from the tags tag gives.
func framingOf(tag func(string) string) mazes.PromptOptions {
	opt := mazes.PromptOptions{
		Lang:       mazes.Lang(tag("lang")),
		Mirage:     tag("mirage") != "off",
		Confidence: tag("confidence") != "off",
		Protocol:   mazes.OneShot,
	}
	if opt.Lang == "" {
		opt.Lang = mazes.English
	}
	if tag("protocol") == string(mazes.Interactive) {
		opt.Protocol = mazes.Interactive
	}
	return opt
}

// Walk replays a result's conversation: the maze, what the model wrote,
// and its walk as it was checked. A one-shot reply is parsed (strict tier)
// and verified; an interactive case is replayed reply by reply on a fresh
// episode, driven by the tier that drove it (the lenient one when the
// result has a lenient reading), so the walk is the one the world played.
func Walk(r results.Result) (*mazes.Maze, mazes.Transcript, mazes.Walk, error) {
	rd, err := record.Read(r)
	if err != nil {
		return nil, mazes.Transcript{}, mazes.Walk{}, err
	}
	m, err := mazeOf(r, rd)
	if err != nil {
		return nil, mazes.Transcript{}, mazes.Walk{}, err
	}
	opt := rd.Spec.Prompt()
	if opt.Protocol == mazes.Interactive && rd.Detail == nil {
		return nil, mazes.Transcript{}, mazes.Walk{}, fmt.Errorf("result %s of %s has no detail", r.Case, r.Model)
	}
	tr, w := walkOf(m, opt, r, rd.Detail.Budget(), rd.Detail != nil && rd.Detail.Lenient != nil)
	return m, tr, w, nil
}

// firstReply is the content of a result's first assistant turn: a
// one-shot case's reply.
func firstReply(r results.Result) string {
	for _, t := range r.Turns {
		if t.Role == results.Assistant {
			return t.Content
		}
	}
	return ""
}

// walkOf replays a result's replies on its maze: a one-shot reply parsed
// and verified, an interactive one played on an episode of the given
// budget and tier.
func walkOf(m *mazes.Maze, opt mazes.PromptOptions, r results.Result, budget int, lenientTier bool) (mazes.Transcript, mazes.Walk) {
	if opt.Protocol != mazes.Interactive {
		tr := mazes.ParseReply(firstReply(r))
		return tr, mazes.Verify(m, tr.Steps)
	}
	e := mazes.NewEpisode(m, opt, budget)
	if lenientTier {
		e = lenient.NewEpisode(m, opt, budget)
	}
	for _, t := range r.Turns {
		if t.Role != results.Assistant {
			continue
		}
		if _, _, done := e.Turn(t.Content); done {
			break
		}
	}
	return e.Transcript(), e.Walk()
}
