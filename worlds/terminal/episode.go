package terminal

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"

	"github.com/hallumaze/hallumaze/worlds"
)

// Episode is one seeded session of a level: the state it starts from, the
// commands it runs, the transcript they print, and the state at the end.
type Episode struct {
	Level      string
	Seed       uint64
	Initial    *State
	Commands   []Command
	Transcript Transcript
	Final      *State
}

// Meta is what every probe record of an episode carries in "meta", enough to
// replay the session anywhere: the working directory it starts in, the umask
// new files are made under, the directories (empty ones included) and files
// of the initial state, and the command lines in order.
type Meta struct {
	Cwd      string   `json:"cwd"`
	Umask    string   `json:"umask"`
	Dirs     []string `json:"dirs"`
	Files    []File   `json:"files"`
	Commands []string `json:"commands"`
}

// Meta is the episode's replay data.
func (e *Episode) Meta() Meta {
	m := Meta{Cwd: e.Initial.Cwd(), Umask: "022", Dirs: e.Initial.Dirs(), Files: e.Initial.Files()}
	for _, c := range e.Commands {
		m.Commands = append(m.Commands, c.String())
	}
	return m
}

// Replay plays the meta's commands on its initial state and returns the
// transcript and the final state.
func (m Meta) Replay() (Transcript, *State, error) {
	s, err := NewState(m.Cwd, m.Dirs, m.Files)
	if err != nil {
		return nil, nil, err
	}
	var t Transcript
	for _, line := range m.Commands {
		r, err := s.Run(line)
		if err != nil {
			return nil, nil, err
		}
		t = append(t, Step{Command: line, Output: r.Output})
	}
	return t, s, nil
}

// player runs an episode's commands one at a time, keeping the transcript
// and the observer's knowledge; the first error sticks.
type player struct {
	ep    *Episode
	state *State
	obs   *observer
	err   error
}

func newPlayer(level string, seed uint64, initial *State) *player {
	return &player{
		ep: &Episode{Level: level, Seed: seed, Initial: initial.Clone(),
			Commands: make([]Command, 0, 16), Transcript: make(Transcript, 0, 16)},
		state: initial,
		obs:   newObserver(),
	}
}

// run parses and runs one command line.
func (p *player) run(line string) Result {
	if p.err != nil {
		return Result{}
	}
	c, err := ParseCommand(line)
	if err != nil {
		p.err = err
		return Result{}
	}
	r, err := p.obs.run(p.state, c)
	if err != nil {
		p.err = err
		return Result{}
	}
	p.ep.Commands = append(p.ep.Commands, c)
	p.ep.Transcript = append(p.ep.Transcript, Step{Command: line, Output: r.Output})
	return r
}

// grep runs a grep -q line and returns its exit status as a gold: known
// when the file's content was known before it ran, or when it failed with
// a message (status 2, which the transcript shows); else UNKNOWN.
func (p *player) grep(line string) worlds.Gold {
	if p.err != nil {
		return worlds.GoldUnknown()
	}
	c, err := ParseCommand(line)
	if err != nil {
		p.err = err
		return worlds.GoldUnknown()
	}
	path := p.state.abs(c.path(0))
	known := path != "" && p.obs.content[path]
	r := p.run(line)
	if len(r.Output) > 0 {
		known = true
	}
	return worlds.Resolve(worlds.GoldEnum(strconv.Itoa(r.Status)), known)
}

// grepBoth runs two grep -q lines, a then b (b then a when !inOrder), and
// returns the gold of each one's exit status by its line.
func (p *player) grepBoth(a, b string, inOrder bool) map[string]worlds.Gold {
	if !inOrder {
		a, b = b, a
	}
	status := map[string]worlds.Gold{}
	for _, g := range []string{a, b} {
		status[g] = p.grep(g)
	}
	return status
}

// grepQuestions asks the exit status of each grep line, in the order given.
func grepQuestions(status map[string]worlds.Gold, lines ...string) []spec {
	var out []spec
	for _, g := range lines {
		out = append(out, spec{cat: worlds.Uncertainty, ptype: "grep_status", atype: worlds.Enum,
			key: "status", options: statuses, gold: status[g],
			question: fmt.Sprintf("What exit status did the command %s return?", g)})
	}
	return out
}

// finish closes the episode.
func (p *player) finish() (*Episode, error) {
	if p.err != nil {
		return nil, fmt.Errorf("terminal: %s seed %d: %w", p.ep.Level, p.ep.Seed, p.err)
	}
	p.ep.Final = p.state
	return p.ep, nil
}

// spec is one probe of an episode before it becomes a record.
type spec struct {
	cat       worlds.Category
	ptype     string
	question  string
	atype     worlds.AnswerType
	key       string
	options   []string // enum only, sorted
	gold      worlds.Gold
	conflict  *bool
	testimony *string
}

// schema is the spec's answer schema.
func (s spec) schema() string {
	switch s.atype {
	case worlds.Bool:
		return worlds.Schema(s.key, worlds.SchemaBool)
	case worlds.Int:
		return worlds.Schema(s.key, worlds.SchemaInt)
	}
	return worlds.EnumSchema(s.key, s.options)
}

// records turns an episode's probe specs into probe records, ids in order.
func records(e *Episode, specs []spec) ([]worlds.Probe, error) {
	meta, err := json.Marshal(e.Meta())
	if err != nil {
		return nil, fmt.Errorf("terminal: %s seed %d: meta: %w", e.Level, e.Seed, err)
	}
	obs := e.Transcript.String()
	out := make([]worlds.Probe, len(specs))
	for i, s := range specs {
		schema := s.schema()
		out[i] = worlds.Probe{
			ID:    worlds.ProbeID(worlds.Terminal, e.Level, e.Seed, View, i),
			World: worlds.Terminal, Level: e.Level, Seed: e.Seed, View: View,
			Category: s.cat, ProbeType: s.ptype, Template: string(s.cat) + "." + s.ptype,
			Question: s.question, AnswerType: s.atype, Key: s.key, Schema: schema,
			Options: s.options, Gold: s.gold, Conflict: s.conflict, Testimony: s.testimony,
			Context: worlds.UserMessage(obs, s.question, schema),
			Source:  "generated", Meta: meta,
		}
	}
	return out, nil
}

// without is xs less x, in order: "from the other three".
func without(xs []string, x string) []string {
	out := make([]string, 0, len(xs))
	for _, v := range xs {
		if v != x {
			out = append(out, v)
		}
	}
	return out
}

// sorted is a sorted copy (enum options are sorted byte-wise).
func sorted(xs ...string) []string {
	out := slices.Clone(xs)
	slices.Sort(out)
	return out
}

func ptr[T any](v T) *T { return &v }
