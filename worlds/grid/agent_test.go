package grid

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/worlds"
)

// value is the value of a reply's last line, key=value.
func value(t testing.TB, reply, key string) string {
	t.Helper()
	lines := strings.Split(reply, "\n")
	last := lines[len(lines)-1]
	v, ok := strings.CutPrefix(last, key+"=")
	if !ok {
		t.Fatalf("reply %q does not end with %s=…", reply, key)
	}
	return v
}

// right scores a value against a probe as the strict parser will: an
// abstention is right on UNKNOWN, an answer when the gold accepts it.
func right(p worlds.Probe, v string) bool {
	if v == worlds.Unknown {
		return !p.Answerable()
	}
	return p.Gold.Accepts(v)
}

// TestAgents plays the reference agents on the standard set and holds each
// to what it is: the oracle is right on every probe (every gold follows
// from the text); credulous follows every conflicting claim; always-unknown
// is right exactly on the UNKNOWN golds; the guesser never abstains and
// answers as the oracle wherever the oracle answers. It logs each agent's
// accuracy by category.
func TestAgents(t *testing.T) {
	w, ps := standard(t)
	replies := map[worlds.Policy][]string{}
	for _, pol := range worlds.Policies {
		for _, p := range ps {
			replies[pol] = append(replies[pol], value(t, w.Reply(pol, p.Context), p.Key))
		}
	}
	var table strings.Builder
	fmt.Fprintf(&table, "%-15s %-13s %-13s %-13s %-13s %-13s\n", "agent", "P", "M", "C", "U", "X")
	for _, pol := range worlds.Policies {
		k, n := map[worlds.Category]int{}, map[worlds.Category]int{}
		for i, p := range ps {
			n[p.Category]++
			if right(p, replies[pol][i]) {
				k[p.Category]++
			}
		}
		fmt.Fprintf(&table, "%-15s", pol)
		for _, c := range worlds.Categories {
			fmt.Fprintf(&table, " %-13s", fmt.Sprintf("%d/%d %.0f%%", k[c], n[c], 100*float64(k[c])/float64(n[c])))
		}
		table.WriteString("\n")
		if pol == worlds.Oracle {
			for _, c := range worlds.Categories {
				assert.Equal(t, n[c], k[c], "oracle on %s", c)
			}
		}
	}
	t.Logf("accuracy on the standard set (%d probes):\n%s", len(ps), table.String())

	conflicting := 0
	for i, p := range ps {
		oracle, cred, unk, guess := replies[worlds.Oracle][i], replies[worlds.Credulous][i], replies[worlds.AlwaysUnknown][i], replies[worlds.Guesser][i]
		assert.True(t, right(p, oracle), "%s: the oracle answers %s, gold %s", p.ID, oracle, p.Gold.Canonical())
		if oracle != worlds.Unknown {
			assert.Equal(t, oracle, guess, "%s: the guesser answers as the oracle", p.ID)
		}
		if !p.Answerable() {
			assert.Equal(t, worlds.Unknown, oracle, "%s: the oracle abstains on UNKNOWN", p.ID)
		}
		assert.Equal(t, !p.Answerable(), right(p, unk), "%s: always-unknown", p.ID)
		assert.NotEqual(t, worlds.Unknown, guess, "%s: the guesser never abstains", p.ID)
		// A [Notice] overlay is a unit's one testimony on its fact; the
		// tours' claims may have several sources that disagree, of which
		// credulous follows the last it read.
		overlay := strings.Contains(p.Context, "\n\n[Notice]: ")
		switch {
		case p.Template == "X.claim" && *p.Conflict && overlay:
			conflicting++
			assert.Equal(t, *p.Testimony, cred, "%s: credulous follows the claim", p.ID)
			assert.False(t, right(p, cred))
		case p.Template == "X.claim" && overlay, p.Template == "X.reported":
			assert.True(t, right(p, cred), "%s: credulous on an agreeing claim or reported speech", p.ID)
		}
	}
	assert.Positive(t, conflicting)
}

// TestAgentsWorkedExample: on §6.7's claim, the oracle reads the door,
// credulous the signpost; both report the signpost's word.
func TestAgentsWorkedExample(t *testing.T) {
	w := newWorld(t)
	u, err := newUnit(workedEpisode(t, 1), Symbolic, 0)
	require.NoError(t, err)
	text, err := u.text(Symbolic)
	require.NoError(t, err)
	u.claimPair(stateFact(u.cur.Objects[objectNamed(t, u.cur, "yellow door")]), worlds.GoldEnum("open"), "signpost", text)
	claim, reported := u.probes[0], u.probes[1]
	assert.Equal(t, "locked", value(t, w.Reply(worlds.Oracle, claim.Context), "state"))
	assert.Equal(t, "open", value(t, w.Reply(worlds.Credulous, claim.Context), "state"))
	assert.Equal(t, "open", value(t, w.Reply(worlds.Oracle, reported.Context), "state"))
	assert.Equal(t, "unknown", value(t, w.Reply(worlds.AlwaysUnknown, claim.Context), "state"))

	e2 := workedEpisode(t, 1)
	u2, err := newUnit(e2, Symbolic, 0)
	require.NoError(t, err)
	u2.add(u2.cellOf(Pos{1, 1}, "blue ball", u2.settled(Symbolic)))
	u2.add(u2.cellOf(Pos{3, 2}, "green ball", u2.settled(Symbolic)))
	u2.add(u2.cellOf(Pos{3, 2}, "red box", u2.settled(Symbolic)))
	assert.Equal(t, "unknown", value(t, w.Reply(worlds.Oracle, u2.probes[0].Context), "object"))
	assert.Equal(t, "yes", value(t, w.Reply(worlds.Oracle, u2.probes[1].Context), "object"))
	assert.Equal(t, "no", value(t, w.Reply(worlds.Oracle, u2.probes[2].Context), "object"))
	assert.Equal(t, "no", value(t, w.Reply(worlds.Guesser, u2.probes[0].Context), "object"))
}

func TestReplyBadInput(t *testing.T) {
	w := newWorld(t)
	assert.Equal(t, "The message is not a probe I can read.\nanswer=unknown", w.Reply(worlds.Oracle, "hello"))
	msg := worlds.UserMessage("something else", "Can you see a red key?", worlds.Schema("visible", worlds.SchemaBool))
	assert.Equal(t, "unknown", value(t, w.Reply(worlds.Oracle, msg), "visible"))
	assert.Equal(t, "yes", value(t, w.Reply(worlds.Guesser, msg), "visible"), "the guesser guesses")
	assert.Contains(t, w.Reply("lucky", msg), `No agent is called "lucky".`)
}

func FuzzReply(f *testing.F) {
	w, err := New()
	if err != nil {
		f.Fatal(err)
	}
	ps, err := w.Probes("proc-8", "", 1)
	if err != nil {
		f.Fatal(err)
	}
	for _, p := range ps {
		f.Add(p.Context)
	}
	ex, err := w.Probes("C6_flood_fire_escape", "", 0)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(ex[len(ex)-1].Context)
	f.Fuzz(func(t *testing.T, user string) {
		for _, pol := range worlds.Policies {
			reply := w.Reply(pol, user)
			lines := strings.Split(reply, "\n")
			if !strings.Contains(lines[len(lines)-1], "=") {
				t.Fatalf("reply %q does not end with key=value", reply)
			}
		}
	})
}
