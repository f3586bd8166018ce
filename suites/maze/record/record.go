// Package record is what a maze case records when it is played, and what
// every reader of maze results decodes: the case's Spec and its score
// Detail.
package record

import (
	"strconv"
	"strings"

	"github.com/hallumaze/hallumaze/mazes"
)

// Name is the maze suite's name in results.
const Name = "maze"

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
	// Lenient is the lenient tier's reading of the reply (or the episode)
	// and its scores, beside the strict Scores; absent in results written
	// before the tier existed.
	Scores   mazes.Scores         `json:"scores"`
	Episode  *mazes.EpisodeStats  `json:"episode,omitempty"`
	Ariadne  *mazes.AriadneStats  `json:"ariadne,omitempty"`
	ConfLog  []mazes.LogEntry     `json:"confidence_log,omitempty"`
	Solution int                  `json:"solution_length"`
	Lenient  *mazes.LenientScores `json:"lenient,omitempty"`
	// Played is the walk as the case played it, for the summary of the same
	// run (results.Result.Record), which would replay it otherwise.
	Played *Replay `json:"-"`
}

// Replay is a case's walk: the transcript and its checks, OK when there is
// one.
type Replay struct {
	Transcript mazes.Transcript
	Walk       mazes.Walk
	OK         bool
}
