package worlds

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestReply(t *testing.T) {
	r := Reader{
		Answer: func(p Policy, msg Message) (string, string) {
			return string(p) + " read " + msg.Observation + ".", "yes"
		},
		Prior: func(msg Message) PriorKey { return PriorKey{World: Grid, ProbeType: "no-such-type", Key: msg.Key} },
	}
	user := UserMessage("a lamp", "Is it on?", "on=<yes|no|unknown>")
	tests := []struct {
		policy Policy
		user   string
		want   string
	}{
		{Oracle, user, "oracle read a lamp.\non=yes"},
		{Credulous, user, "credulous read a lamp.\non=yes"},
		{Guesser, user, "guesser read a lamp.\non=yes"},
		{AlwaysUnknown, user, "I do not answer.\non=unknown"},
		{Prior, user, "I answer from the question alone: the most frequent answer to this kind of question.\non=" + PriorAnswer(r.Prior(Message{Key: "on"}))},
		{"nobody", user, "No agent is called \"nobody\".\non=unknown"},
		{Oracle, "not a probe", "The message is not a probe I can read.\nanswer=unknown"},
		{Oracle, "## Current observation\nx\n\n## Question\n\nAnswer schema: on=<yes|no>", "The message is not a probe I can read.\nanswer=unknown"},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, Reply(r, tt.policy, tt.user), "%s on %q", tt.policy, tt.user)
	}
}
