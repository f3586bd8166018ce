package worlds

import hw "github.com/hallumaze/hallumaze/worlds"

// atEffort is the policy a reference agent follows at a reasoning effort
// (providers.Request.EffortLevel), and what it thinks: the credulous agent
// asked for a high effort checks what it is told against what it observes,
// and answers as the oracle does; at a low or medium effort, or none, it
// believes the testimony. Every other agent's policy does not depend on
// the effort: they are the Effort experiment's controls, in which effort
// must show no effect.
func atEffort(p hw.Policy, effort string) (hw.Policy, string) {
	switch {
	case effort == "":
		return p, ""
	case p == hw.Credulous && effort == "high":
		return hw.Oracle, "Effort high: I check what I am told against what I observe, and where they disagree I go by the observation."
	case p == hw.Credulous:
		return p, "Effort " + effort + ": I take what I am told as true, even over what I observe."
	}
	return p, "Effort " + effort + ": I answer by my usual policy (" + string(p) + ")."
}
