package grid

import (
	"github.com/hallumaze/hallumaze/worlds"
	"github.com/hallumaze/hallumaze/worlds/grid/internal/read"
)

// The reference agents read only the user message, as a model would,
// through the text reader of internal/read, which shares no code with the
// world that wrote the message. Each ends its reply with one key=value
// line.
//
//   - oracle answers what the observations and the stated rules settle, and
//     abstains exactly where they do not;
//   - credulous answers what a notice, signpost or notice board says
//     wherever one speaks to the question, and otherwise like the oracle;
//   - always-unknown abstains;
//   - guesser answers like the oracle but never abstains: where the
//     evidence says nothing it guesses;
//   - prior reads the question alone: it names the probe type from the
//     question's wording (and whether a notice overlay is there), the view
//     from the observation's form, and answers the prior's answer.

// Reply is a reference agent's reply to a grid user message
// ([worlds.Reply]).
func (w *World) Reply(policy worlds.Policy, user string) string {
	return worlds.Reply(reader, policy, user)
}

// reader reads a grid message for the reference agents.
var reader = worlds.Reader{Answer: answer, Prior: priorKey}

// priorKey is the prior's key for a message: the probe type its question
// names (with or without a notice overlay), the view of its last
// observation.
func priorKey(msg worlds.Message) worlds.PriorKey {
	h, err := read.Parse(msg.Observation)
	view := ""
	if err == nil {
		view = h.Obs[len(h.Obs)-1].View
	}
	return worlds.PriorKey{World: worlds.Grid, ProbeType: read.ProbeType(msg.Question, err == nil && h.Notice != ""),
		View: view, Key: msg.Key}
}

// answer is a reading agent's reason and value.
func answer(policy worlds.Policy, msg worlds.Message) (string, string) {
	h, err := read.Parse(msg.Observation)
	if err != nil {
		return "I cannot read the observation: " + err.Error() + ".", guessFor(policy, msg.Key)
	}
	if policy == worlds.Credulous {
		if v, ok := h.Claimed(msg.Question); ok {
			return "A notice or sign says so.", v
		}
	}
	v, err := h.Answer(msg.Question)
	switch {
	case err != nil:
		return "I cannot settle it: " + err.Error() + ".", guessFor(policy, msg.Key)
	case v == read.Unknown:
		return "The observations and the rules do not settle it.", guessFor(policy, msg.Key)
	}
	return "From the observations and the rules.", v
}

// guessFor is what an agent answers where the evidence settles nothing:
// the guesser a fixed plausible value per answer key, the others unknown.
func guessFor(policy worlds.Policy, key string) string {
	if policy != worlds.Guesser {
		return worlds.Unknown
	}
	if g, ok := map[string]string{"visible": "yes", "object": "no", "present": "yes", "count": "0", "steps": "1",
		"rows": "0", "burning": "yes", "condition": "wet", "colour": "red", "state": "closed", "offset": "1,0",
		"objects": "none", "open": "yes", "changed": "no"}[key]; ok {
		return g
	}
	return "no"
}
