package terminal

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/internal/golden"
	"github.com/hallumaze/hallumaze/worlds"
)

// verdict reads a reference agent's reply, which is exactly key=value: an
// abstention is right when the gold is UNKNOWN, an answer when the gold
// accepts it.
func verdict(t *testing.T, p worlds.Probe, reply string) (right, abstained bool) {
	t.Helper()
	value, ok := strings.CutPrefix(reply, p.Key+"=")
	require.True(t, ok, "%s: reply %q is not %s=value", p.ID, reply, p.Key)
	require.NotContains(t, value, "\n", p.ID)
	if value == worlds.Unknown {
		return p.Gold.Unknown, true
	}
	if p.AnswerType == worlds.Enum {
		require.Contains(t, p.Options, value, "%s: %q is not an option", p.ID, value)
	}
	return p.Gold.Accepts(value), false
}

type tally struct{ right, abstained, n int }

// On the standard set: the oracle is right on every probe, the credulous
// agent wrong exactly where a note contradicts the transcript, the guesser
// never abstains, always-unknown is right exactly on the UNKNOWN golds. The
// accuracy table per agent, level and category is pinned in
// testdata/agents.golden.
func TestAgentsOnTheStandardSet(t *testing.T) {
	w := New()
	probes, err := w.Standard()
	require.NoError(t, err)
	var table strings.Builder
	table.WriteString("agent           level           P       M       C       U       X       all\n")
	for _, policy := range worlds.Policies {
		byLevel := map[string]map[worlds.Category]*tally{}
		for _, p := range probes {
			reply := w.Reply(policy, p.Context)
			right, abstained := verdict(t, p, reply)
			if byLevel[p.Level] == nil {
				byLevel[p.Level] = map[worlds.Category]*tally{}
				for _, c := range worlds.Categories {
					byLevel[p.Level][c] = &tally{}
				}
			}
			tl := byLevel[p.Level][p.Category]
			tl.n++
			if right {
				tl.right++
			}
			if abstained {
				tl.abstained++
			}
			switch policy {
			case worlds.Oracle:
				assert.True(t, right, "oracle on %s (%s): replied %q, gold %s", p.ID, p.Question, reply, p.Gold.Canonical())
			case worlds.Credulous:
				misled := p.ProbeType == "current" && *p.Conflict
				assert.Equal(t, !misled, right, "credulous on %s: replied %q, gold %s", p.ID, reply, p.Gold.Canonical())
				if misled {
					assert.Equal(t, p.Key+"="+*p.Testimony, reply, "credulous follows the note on %s", p.ID)
				}
			case worlds.Guesser:
				assert.False(t, abstained, "guesser abstained on %s", p.ID)
			case worlds.AlwaysUnknown:
				assert.Equal(t, p.Gold.Unknown, right, p.ID)
			}
		}
		for _, level := range w.Levels() {
			fmt.Fprintf(&table, "%-15s %-15s", policy, level)
			all := tally{}
			for _, c := range worlds.Categories {
				tl := byLevel[level][c]
				fmt.Fprintf(&table, " %3d/%-3d", tl.right, tl.n)
				all.right += tl.right
				all.n += tl.n
			}
			fmt.Fprintf(&table, " %3d/%d\n", all.right, all.n)
		}
	}
	t.Logf("accuracy per category (right/n):\n%s", table.String())
	golden.Check(t, "agents.golden", []byte(table.String()))
}

func TestReplyBadMessages(t *testing.T) {
	w := New()
	for _, policy := range append(worlds.Policies, "nobody") {
		assert.Equal(t, "answer=unknown", w.Reply(policy, "no headings here"), policy)
		msg := worlds.UserMessage("not a transcript", "How many lines does /x have now?", worlds.Schema("lines", worlds.SchemaInt))
		reply := w.Reply(policy, msg)
		assert.True(t, strings.HasPrefix(reply, "lines="), "%s: %q", policy, reply)
		if policy != worlds.Guesser && policy != worlds.Prior {
			assert.Equal(t, "lines=unknown", reply, policy)
		}
	}
	msg := worlds.UserMessage("$ pwd\n/home/user", "What is the current working directory at the end of the session?",
		worlds.EnumSchema("cwd", cwdOptions))
	assert.Equal(t, "cwd=/home/user", w.Reply(worlds.Oracle, msg))
	assert.Equal(t, "cwd=unknown", w.Reply("nobody", msg), "an unknown policy abstains")
	empty := worlds.UserMessage("$ ls", "What is the current working directory at the end of the session?",
		worlds.EnumSchema("cwd", cwdOptions))
	assert.Equal(t, "cwd=/", w.Reply(worlds.Guesser, empty), "the guesser never abstains")
	assert.Equal(t, "lines=0", w.Reply(worlds.Guesser, worlds.UserMessage("garbage", "?", worlds.Schema("lines", worlds.SchemaInt))))
}
