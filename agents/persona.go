package agents

import (
	"fmt"
	"hash/fnv"

	"github.com/hallumaze/hallumaze/abstain"
	"github.com/hallumaze/hallumaze/providers"
)

// The cross-suite reference personas: one policy each, played in every
// suite, so that the metacognition profile (package profile) has known
// cards to stand beside a model's.
//
//   - knower: answers what can be known and abstains otherwise; resists
//     lures and testimony. HalluMaze: the oracle; Missing Piece: the
//     checker.
//   - overconfident: never abstains; follows lures and testimony.
//     HalluMaze: the lured walker; Missing Piece: the checker's answer
//     where it has one, else the first number of the question.
//   - timid: abstains where it should, and on about half of what it could
//     answer. HalluMaze (which has no abstention): the explorer, which
//     hedges its confidence at every branch; Missing Piece: the checker,
//     INSUFFICIENT also on about half the items it solves.
//   - random: abstains on about half of the questions, whatever they are,
//     and answers the others at random. HalluMaze: the random walker;
//     Missing Piece: INSUFFICIENT or the first number of the question.
//
// "About half" is a fair coin drawn from the question's text (FNV-1a), so
// the same prompt always gets the same reply.
func PersonaNames() []string { return []string{"knower", "overconfident", "timid", "random"} }

// mazePersonas are the maze agents that play each persona.
var mazePersonas = map[string]string{"knower": "oracle", "overconfident": "lured", "timid": "explorer", "random": "random"}

// MazePersona is the HalluMaze walker of a persona.
func MazePersona(name string) (providers.Model, bool) {
	agent, ok := mazePersonas[name]
	if !ok {
		return nil, false
	}
	return Lookup(agent)
}

// abstainPersonas are the Missing Piece policies of the personas.
var abstainPersonas = map[string]func(question string) string{
	"knower": abstain.Checker,
	"overconfident": func(q string) string {
		if out := abstain.Checker(q); !abstains(out) {
			return out
		}
		return abstain.AlwaysAnswer(q)
	},
	"timid": func(q string) string {
		if Coin(q) {
			return abstain.AlwaysAbstain(q)
		}
		return abstain.Checker(q)
	},
	"random": func(q string) string {
		if Coin(q) {
			return abstain.AlwaysAbstain(q)
		}
		return abstain.AlwaysAnswer(q)
	},
}

// AbstainPersona is the Missing Piece agent of a persona.
func AbstainPersona(name string) (providers.Model, bool) {
	p, ok := abstainPersonas[name]
	if !ok {
		return nil, false
	}
	answer := abstainPolicy(name, p)
	return Model(name, func(req providers.Request) (string, string, error) {
		// A persona's name is every suite's: another suite's prompt is for
		// that suite's agent of the name.
		if req.System != abstain.SystemPrompt {
			return "", "", fmt.Errorf("not a Missing Piece prompt: %w", providers.ErrUnreadablePrompt)
		}
		return answer(req)
	}), true
}

// abstains reports a strict reply of INSUFFICIENT.
func abstains(reply string) bool {
	p, err := abstain.ParseStrict(reply)
	return err == nil && p.Abstained()
}

// Coin is a fair coin drawn from a text: the same text, the same side.
func Coin(text string) bool {
	h := fnv.New64a()
	h.Write([]byte(text))
	return h.Sum64()>>17&1 == 1
}
