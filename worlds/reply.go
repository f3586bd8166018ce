package worlds

import "fmt"

// Reader is how a world's reference agents read a user message: the two
// parts of [Reply] that differ from world to world.
type Reader struct {
	// Answer is a reading agent's reason and value (Unknown to abstain),
	// for the policies that read the observation: oracle, credulous and
	// guesser.
	Answer func(policy Policy, msg Message) (reason, value string)
	// Prior is the prior's key for the message (the prior agent reads the
	// question and the observation's form, never its content).
	Prior func(msg Message) PriorKey
}

// Reply is a reference agent's reply to a user message, read with r: a
// one-line reason, then the message's answer key and the agent's value
// ("reason\nkey=value"). An unreadable message gets "answer=unknown"; a
// policy of no agent abstains with a reason that says so.
func Reply(r Reader, policy Policy, user string) string {
	msg, err := ParseMessage(user)
	if err != nil {
		return "The message is not a probe I can read.\nanswer=" + Unknown
	}
	reason, value := "", Unknown
	switch policy {
	case Oracle, Credulous, Guesser:
		reason, value = r.Answer(policy, msg)
	case Prior:
		reason = "I answer from the question alone: the most frequent answer to this kind of question."
		value = PriorAnswer(r.Prior(msg))
	case AlwaysUnknown:
		reason = "I do not answer."
	default:
		reason = fmt.Sprintf("No agent is called %q.", policy)
	}
	return reason + "\n" + msg.Key + "=" + value
}
