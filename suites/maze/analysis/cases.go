package analysis

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/hallumaze/hallumaze/mazes"
	"github.com/hallumaze/hallumaze/results"
)

// suiteName is the maze suite's name in results.
const suiteName = "maze"

// detail is the part of a maze result's detail the analyses read: the
// strict scores, the episode's budget, and whether the lenient tier drove
// the episode.
type detail struct {
	Scores  mazes.Scores `json:"scores"`
	Episode *struct {
		Budget int `json:"budget"`
	} `json:"episode"`
	Lenient json.RawMessage `json:"lenient"`
}

func decodeDetail(r results.Result) (detail, error) {
	var d detail
	if len(r.Detail) == 0 {
		return d, fmt.Errorf("result %s of %s has no detail", r.Case, r.Model)
	}
	if err := json.Unmarshal(r.Detail, &d); err != nil {
		return d, fmt.Errorf("result %s of %s: decode detail: %w", r.Case, r.Model, err)
	}
	return d, nil
}

// IsHuman reports whether a result is a human control group's.
func IsHuman(r results.Result) bool {
	return strings.HasPrefix(r.Model, "human/") || r.Tags["human"] == "true"
}

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

// Maze regenerates the maze a result was played on from its tags (size,
// seed, algorithm).
func Maze(r results.Result) (*mazes.Maze, error) {
	size, err := strconv.Atoi(r.Tags["size"])
	if err != nil {
		return nil, fmt.Errorf("result %s: size tag %q is not a number", r.Case, r.Tags["size"])
	}
	seed, err := strconv.ParseUint(r.Tags["seed"], 10, 64)
	if err != nil {
		return nil, fmt.Errorf("result %s: seed tag %q is not a number", r.Case, r.Tags["seed"])
	}
	alg := mazes.DFS
	if s := r.Tags["algorithm"]; s != "" {
		if alg, err = mazes.ParseAlgorithm(s); err != nil {
			return nil, fmt.Errorf("result %s: %w", r.Case, err)
		}
	}
	m, err := mazes.Generate(size, seed, alg)
	if err != nil {
		return nil, fmt.Errorf("result %s: regenerate maze: %w", r.Case, err)
	}
	return m, nil
}

// Framing is the prompt options a result was played with, from its tags.
func Framing(r results.Result) mazes.PromptOptions {
	return framingOf(func(k string) string { return r.Tags[k] })
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
	m, err := Maze(r)
	if err != nil {
		return nil, mazes.Transcript{}, mazes.Walk{}, err
	}
	opt := Framing(r)
	var budget int
	var lenient bool
	if opt.Protocol == mazes.Interactive {
		d, err := decodeDetail(r)
		if err != nil {
			return nil, mazes.Transcript{}, mazes.Walk{}, err
		}
		budget, lenient = budgetOf(d), len(d.Lenient) > 0 && string(d.Lenient) != "null"
	}
	tr, w := walkOf(m, opt, r, budget, lenient)
	return m, tr, w, nil
}

// walkOf replays a result's replies on its maze: a one-shot reply parsed
// and verified, an interactive one played on an episode of the given
// budget and tier.
func walkOf(m *mazes.Maze, opt mazes.PromptOptions, r results.Result, budget int, lenient bool) (mazes.Transcript, mazes.Walk) {
	if opt.Protocol != mazes.Interactive {
		var tr mazes.Transcript
		for _, t := range r.Turns {
			if t.Role == results.Assistant {
				tr = mazes.ParseReply(t.Content)
				break
			}
		}
		return tr, mazes.Verify(m, tr.Steps)
	}
	e := mazes.NewEpisode(m, opt, budget)
	if lenient {
		e = mazes.NewLenientEpisode(m, opt, budget)
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
