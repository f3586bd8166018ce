// Package record is what a maze case records when it is played, and what
// every reader of maze results decodes: the case's Spec and its score
// Detail.
package record

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/hallumaze/hallumaze/mazes"
	"github.com/hallumaze/hallumaze/mazes/lenient"
	"github.com/hallumaze/hallumaze/results"
)

// Name is the maze suite's name in results.
const Name = "maze"

// Spec is one HalluMaze case: a maze and a framing.
type Spec struct {
	Size      int             `json:"size"`
	Seed      uint64          `json:"seed"`
	Algorithm mazes.Algorithm `json:"algorithm,omitempty"` // "" means DFS
	Lang      mazes.Lang      `json:"lang,omitempty"`      // "" means English
	NoMirage  bool            `json:"no_mirage,omitempty"`
	NoConf    bool            `json:"no_confidence,omitempty"`
	Protocol  mazes.Protocol  `json:"protocol,omitempty"` // "" means one-shot
	// Group is the Ariadne's Thread group of an interactive case: "A" (no
	// hints, the default), "B" or "C" (see mazes.AriadneGroup).
	Group string `json:"group,omitempty"`
	// Budget bounds the steps of an interactive case; 0 means 4·N².
	Budget int `json:"budget,omitempty"`
	// Run numbers repeated samples of the same maze and framing; run k > 0
	// adds "/run=k" to the name, so each sample has its own cassette.
	Run int `json:"run,omitempty"`
}

// Normal fills in the defaults: DFS, English, one-shot, group A.
func (s Spec) Normal() Spec {
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
	s = s.Normal()
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
	s = s.Normal()
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

// Detail is the score record a maze result keeps.
type Detail struct {
	// Scores come first in the JSON, so that a reader that needs them
	// alone (the profile's collector) stops after them.
	Scores mazes.Scores `json:"scores"`
	// Spec is the case as it was played (normalized); absent in results
	// written before the record held it, whose tags say the same.
	Spec     *Spec               `json:"spec,omitempty"`
	Episode  *mazes.EpisodeStats `json:"episode,omitempty"`
	Ariadne  *mazes.AriadneStats `json:"ariadne,omitempty"`
	ConfLog  []mazes.LogEntry    `json:"confidence_log,omitempty"`
	Solution int                 `json:"solution_length"`
	// Lenient is the lenient tier's reading of the reply (or the episode)
	// and its scores, beside the strict Scores; absent in results written
	// before the tier existed.
	Lenient *lenient.Scores `json:"lenient,omitempty"`
	// Played is the walk as the case played it, for the summary of the same
	// run (results.Result.Record), which would replay it otherwise.
	Played *Replay `json:"-"`
}

// Replay is a case's walk: the transcript and its checks, OK when there is
// one. Reply is the one-shot reply the transcript was read from (empty
// for an interactive case), so that a reader can tell the transcript is
// that of the text it holds.
type Replay struct {
	Transcript mazes.Transcript
	Walk       mazes.Walk
	OK         bool
	Reply      string
}

// SpecOfTags reads a case's Spec from its tags ([Spec.Tags]), as results
// written before the score record held the Spec carry it. The size and
// seed must be numbers and the algorithm, when given, a known one.
func SpecOfTags(tags map[string]string) (Spec, error) {
	size, err := strconv.Atoi(tags["size"])
	if err != nil {
		return Spec{}, fmt.Errorf("maze tags: size %q is not a number", tags["size"])
	}
	seed, err := strconv.ParseUint(tags["seed"], 10, 64)
	if err != nil {
		return Spec{}, fmt.Errorf("maze tags: seed %q is not a number", tags["seed"])
	}
	s := Spec{Size: size, Seed: seed, Lang: mazes.Lang(tags["lang"]), NoMirage: tags["mirage"] == "off", NoConf: tags["confidence"] == "off",
		Group: tags["group"]}
	if a := tags["algorithm"]; a != "" {
		if s.Algorithm, err = mazes.ParseAlgorithm(a); err != nil {
			return Spec{}, fmt.Errorf("maze tags: %w", err)
		}
	}
	if tags["protocol"] == string(mazes.Interactive) {
		s.Protocol = mazes.Interactive
	}
	if r := tags["run"]; r != "" {
		if s.Run, err = strconv.Atoi(r); err != nil {
			return Spec{}, fmt.Errorf("maze tags: run %q is not a number", r)
		}
	}
	return s.Normal(), nil
}

// Reading is a maze result read once: the case's Spec, or why it could
// not be read, and the score record of a model's result played without
// error (nil for a human group's or a failed result).
type Reading struct {
	Spec    Spec
	SpecErr error
	Detail  *Detail
}

// Read reads a maze result once: the case's Spec (from its score record,
// or from its tags in results written before the record held it) and its
// score record (the Record of a result played by this process, else its
// decoded Detail). The error is a score record that does not decode, and
// names the result; tags that do not read are the Reading's SpecErr.
func Read(r results.Result) (Reading, error) {
	var rd Reading
	if rec, ok := r.Record.(Detail); ok {
		rd.Detail = &rec
	} else if r.Error == "" && !results.IsHuman(r) && len(r.Detail) > 0 {
		rd.Detail = new(Detail)
		if err := json.Unmarshal(r.Detail, rd.Detail); err != nil {
			return Reading{}, fmt.Errorf("%s of %s: read the score record: %w", r.Case, r.Model, err)
		}
	}
	if rd.Detail != nil && rd.Detail.Spec != nil {
		rd.Spec = rd.Detail.Spec.Normal()
		return rd, nil
	}
	rd.Spec, rd.SpecErr = SpecOfTags(r.Tags)
	return rd, nil
}

// Prompt is the framing the case's prompts are built with.
func (s Spec) Prompt() mazes.PromptOptions {
	s = s.Normal()
	return mazes.PromptOptions{Lang: s.Lang, Mirage: !s.NoMirage, Confidence: !s.NoConf, Protocol: s.Protocol}
}

// MazeKey names the maze the case is played on, "size=7/seed=3/dfs": the
// cluster its framings and repeated runs share.
func (s Spec) MazeKey() string {
	return "size=" + strconv.Itoa(s.Size) + "/seed=" + strconv.FormatUint(s.Seed, 10) + "/" + string(s.Normal().Algorithm)
}

// Budget is the step budget of an interactive episode as it was played:
// the record's, else the spec's.
func (d *Detail) Budget() int {
	if d != nil && d.Episode != nil {
		return d.Episode.Budget
	}
	return 0
}
