package worlds

import (
	"strings"

	"github.com/hallumaze/hallumaze/agents"
	"github.com/hallumaze/hallumaze/providers"
	hw "github.com/hallumaze/hallumaze/worlds"
)

// persona is one of the cross-suite personas (agents.PersonaNames) on
// HalluWorld's probes, from the replies of the reference policies:
//
//   - knower: the oracle;
//   - overconfident: the credulous agent (it believes the testimony), and
//     where it would abstain, the guesser's answer: it never abstains;
//   - timid: the oracle, abstaining also on about half the probes it can
//     answer;
//   - random: abstains on about half the probes whatever they are, and
//     guesses the others.
//
// "About half" is agents.Coin of the probe's message.
func persona(name string) agents.Policy {
	return func(req providers.Request) (text, reasoning string, err error) {
		ask := func(p hw.Policy) (string, string, error) { return policy(p)(req) }
		user := ""
		if n := len(req.Messages); n > 0 {
			user = req.Messages[n-1].Content
		}
		switch name {
		case "knower":
			return ask(hw.Oracle)
		case "overconfident":
			if text, reasoning, err = ask(hw.Credulous); err == nil && abstainsIn(text) {
				return ask(hw.Guesser)
			}
		case "timid":
			if text, reasoning, err = ask(hw.Oracle); err == nil && agents.Coin(user) {
				text = abstainOf(text)
			}
		case "random":
			if text, reasoning, err = ask(hw.Guesser); err == nil && agents.Coin(user) {
				text = abstainOf(text)
			}
		}
		return text, reasoning, err
	}
}

// abstainsIn reports a reply whose key=value line is key=unknown.
func abstainsIn(text string) bool {
	_, value, _ := lastLine(text)
	return value == hw.Unknown
}

// abstainOf is the reply with its key=value line made key=unknown.
func abstainOf(text string) string {
	head, value, key := lastLine(text)
	if value == hw.Unknown {
		return text
	}
	return head + "I cannot be sure of this.\n" + key + "=" + hw.Unknown
}

// lastLine splits a reply into what comes before its last line, and that
// line's key and value.
func lastLine(text string) (head, value, key string) {
	i := strings.LastIndexByte(text, '\n')
	line := text[i+1:]
	head = text[:i+1]
	key, value, _ = strings.Cut(line, "=")
	return head, value, key
}
