package worlds

import (
	"fmt"
	"io"
	"strings"
)

// World is one reference world family as the suite and the command line
// see it: its rules paragraph, its levels and views, the probes of one
// (level, view, seed) unit, its standard set, a printout for a person, and
// the reference agents that play it.
type World interface {
	// Name is the record's world: grid, chess or terminal.
	Name() string
	// Rules is the world's rules paragraph of the system prompt.
	Rules() string
	// Levels are the level names the world knows, in a fixed order.
	Levels() []string
	// Views are the view names, in a fixed order.
	Views() []string
	// Probes are the probes of one level at one seed, in one view or, with
	// view "", in every view the level is shown in; an unknown level or
	// view is an error.
	Probes(level, view string, seed uint64) ([]Probe, error)
	// Standard is the world's standard set (docs/worlds.md, "Standard
	// sets"), in a fixed order.
	Standard() ([]Probe, error)
	// Show writes one level at one seed in each of its views, for a person.
	Show(w io.Writer, level string, seed uint64) error
	// Reply is a reference agent's reply to a user message of this world.
	// It reads only the message, as a model would.
	Reply(policy Policy, user string) string
}

// Policy names a reference agent.
type Policy string

// The reference agents every world plays.
const (
	// Oracle answers from what the observation shows (and the rules derive
	// from it) and abstains exactly when that does not determine the answer.
	Oracle Policy = "oracle"
	// Credulous follows testimony over observation.
	Credulous Policy = "credulous"
	// AlwaysUnknown abstains on every probe.
	AlwaysUnknown Policy = "always-unknown"
	// Guesser never abstains: it answers what it can and guesses the rest.
	Guesser Policy = "guesser"
	// Prior reads the question alone: it recognises the probe's type, view
	// and answer key, and answers what was most often right for them over
	// seeds apart from the standard sets ([DefaultPrior]). Its accuracy is
	// the baseline accuracy′ corrects for.
	Prior Policy = "prior"
)

// Policies lists the reference agents in a fixed order.
var Policies = []Policy{Oracle, Credulous, AlwaysUnknown, Guesser, Prior}

// The reference agents of the episodes a model acts in (a walk through a
// grid level, a terminal task). Each reads only the conversation, as a
// model would.
const (
	// Navigator acts well (walks to each place, does the task) and answers
	// truly: what it saw, and unknown where it saw nothing.
	Navigator Policy = "navigator"
	// Walker acts at random and answers truly, from what it saw.
	Walker Policy = "walker"
	// Confabulator acts as the walker does, answers what it saw truly, and
	// answers anyway where it saw nothing; of its own actions it reports
	// what it meant to do, not what the world said happened.
	Confabulator Policy = "confabulator"
)

// ActPolicies lists the acting agents in a fixed order.
var ActPolicies = []Policy{Navigator, Walker, Confabulator}

// Message is a user message taken apart: the observation, the question
// and the answer schema, with the schema's key and values.
type Message struct {
	Observation string
	Question    string
	Schema      string
	Key         string
	// Values are the schema's allowed values in order, "unknown" last.
	Values []string
}

// ParseMessage takes apart a user message made by [UserMessage].
func ParseMessage(user string) (Message, error) {
	const obsHead, qHead, schemaHead = "## Current observation\n", "\n\n## Question\n", "\n\nAnswer schema: "
	rest, ok := strings.CutPrefix(user, obsHead)
	if !ok {
		return Message{}, fmt.Errorf("worlds: message: no %q heading", strings.TrimSpace(obsHead))
	}
	qi := strings.LastIndex(rest, qHead)
	si := strings.LastIndex(rest, schemaHead)
	if qi < 0 || si < qi+len(qHead) {
		return Message{}, fmt.Errorf("worlds: message: no question and answer schema")
	}
	m := Message{
		Observation: rest[:qi],
		Question:    rest[qi+len(qHead) : si],
		Schema:      strings.TrimSpace(rest[si+len(schemaHead):]),
	}
	key, values, ok := strings.Cut(m.Schema, "=")
	if !ok || key == "" || !strings.HasPrefix(values, "<") || !strings.HasSuffix(values, ">") {
		return Message{}, fmt.Errorf("worlds: message: schema %q is not key=<values>", m.Schema)
	}
	m.Key = key
	m.Values = strings.Split(values[1:len(values)-1], "|")
	return m, nil
}
