package worlds

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"pgregory.net/rapid"
)

func TestParseQuestion(t *testing.T) {
	q, key, ok := ParseQuestion("[step 3] You see a door.\n\n" + QuestionMessage("Is the door open?", Schema("open", SchemaBool)))
	assert.True(t, ok)
	assert.Equal(t, "Is the door open?", q)
	assert.Equal(t, "open", key)

	_, _, ok = ParseQuestion("[step 4] You moved north.")
	assert.False(t, ok, "a message of the episode asks nothing")
}

// TestParseQuestionReadsQuestionMessage: what QuestionMessage writes,
// ParseQuestion reads back, whatever text comes before it.
func TestParseQuestionReadsQuestionMessage(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		before := rapid.String().Draw(t, "before")
		question := rapid.StringMatching(`[a-zA-Z0-9 ?,.]{1,40}`).Draw(t, "question")
		key := rapid.StringMatching(`[a-z_]{1,12}`).Draw(t, "key")
		q, k, ok := ParseQuestion(before + QuestionMessage(question, Schema(key, SchemaInt)))
		if !ok || q != question || k != key {
			t.Fatalf("read (%q, %q, %v), want (%q, %q)", q, k, ok, question, key)
		}
	})
}
