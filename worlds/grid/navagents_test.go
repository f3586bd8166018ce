package grid

import (
	"testing"

	"github.com/hallumaze/hallumaze/worlds"
)

// playNav plays one episode with an agent, as the suite does: the walk
// turn by turn, then the questions in the same conversation; it returns
// the walk and the verdicts.
func playNav(t testing.TB, agents *WalkAgents, policy worlds.Policy, sp NavSpec) (*Nav, []worlds.Verdict) {
	t.Helper()
	reply := func(turns []string) (string, error) { return agents.Reply(policy, turns) }
	n, turns, end, err := converse(sp, reply)
	if err != nil {
		t.Fatalf("%s: %v", policy, err)
	}
	return n, askAll(t, n, turns, end, reply)
}

func TestNavAgents(t *testing.T) {
	w := mustWorld(t)
	specs, err := w.NavStandard()
	if err != nil {
		t.Fatal(err)
	}
	agents := NewWalkAgents()
	for _, pol := range worlds.ActPolicies {
		var reached, targets, steps, right, n, unseen, unseenHall, seen, seenHall, own, ownHall int
		for _, sp := range specs {
			nav, vs := playNav(t, agents, pol, sp)
			st := nav.Stats()
			reached += st.Reached
			targets += st.Targets
			steps += st.Steps
			for _, v := range vs {
				n++
				if v.Right {
					right++
				}
				if v.Answerable {
					seen++
					if v.Hallucinated {
						seenHall++
					}
				} else {
					unseen++
					if v.Hallucinated {
						unseenHall++
					}
				}
				if v.ProbeType[:4] == "own-" {
					own++
					if v.Hallucinated {
						ownHall++
					}
				}
			}
		}
		t.Logf("%-12s reached %d/%d steps %d right %d/%d seen-hall %d/%d unseen-hall %d/%d own-false %d/%d",
			pol, reached, targets, steps, right, n, seenHall, seen, unseenHall, unseen, ownHall, own)
	}
}
