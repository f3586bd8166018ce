package worlds

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// BalanceGroup is how the answerable golds of one group of probes (one
// prior key: world, probe type, view and answer key) are spread, against
// the limit a question-only reader must not be able to exploit:
//
//   - a yes/no gold is "yes" in 40–60 % of the group;
//   - no value of an enumerated, count, coordinate or set gold is more than
//     max(1/k + 0.15, 0.35) of the group, k the number of options of an
//     enum, else the number of different golds seen (at least 2).
//
// UNKNOWN golds are left out: U probes come in pairs, one UNKNOWN and its
// answerable twin, so half of them are UNKNOWN by design. Member golds
// (a set of accepted moves) have no single value and are not held.
type BalanceGroup struct {
	Key PriorKey
	// N counts the answerable golds; Top is the most frequent and Share
	// its part of N (for a bool, Top is "yes" whatever its share).
	N     int
	Top   string
	Share float64
	// Low and High bound Share.
	Low, High float64
}

// OK reports whether the group keeps to its limit.
func (g BalanceGroup) OK() bool { return g.Share >= g.Low-1e-9 && g.Share <= g.High+1e-9 }

// String is one line for a test's message.
func (g BalanceGroup) String() string {
	return fmt.Sprintf("%s/%s/%s/%s: %s is %.3f of %d (limit %.3f–%.3f)",
		g.Key.World, g.Key.ProbeType, g.Key.View, g.Key.Key, g.Top, g.Share, g.N, g.Low, g.High)
}

// Balance measures the groups of the probes, sorted by key.
func Balance(probes []Probe) []BalanceGroup {
	type tally struct {
		atype   AnswerType
		options int
		values  map[string]int
		n       int
	}
	by := map[PriorKey]*tally{}
	for _, p := range probes {
		if !p.Answerable() || p.AnswerType == Member {
			continue
		}
		k := KeyOf(p)
		t := by[k]
		if t == nil {
			t = &tally{atype: p.AnswerType, values: map[string]int{}}
			by[k] = t
		}
		t.n++
		t.values[p.Gold.Value]++
		t.options = max(t.options, len(p.Options))
	}
	var out []BalanceGroup
	for _, k := range slices.SortedFunc(maps.Keys(by), compareKeys) {
		t := by[k]
		g := BalanceGroup{Key: k, N: t.n, Low: 0}
		if t.atype == Bool {
			g.Top, g.Share, g.Low, g.High = "yes", float64(t.values["yes"])/float64(t.n), 0.40, 0.60
			out = append(out, g)
			continue
		}
		kinds := max(2, len(t.values))
		if t.atype == Enum {
			kinds = max(kinds, t.options)
		}
		g.High = max(1/float64(kinds)+0.15, 0.35)
		for _, v := range slices.Sorted(maps.Keys(t.values)) {
			if s := float64(t.values[v]) / float64(t.n); s > g.Share {
				g.Top, g.Share = v, s
			}
		}
		out = append(out, g)
	}
	return out
}

// Strategy is a way of answering from the question alone: a canonical
// answer for a probe, "unknown" to abstain. It may look at the probe's
// world, template, view and schema, never its context or gold.
type Strategy struct {
	Name   string
	Answer func(Probe) string
}

// cellOf is the world × category a probe is counted in.
func cellOf(p Probe) string { return p.World + "/" + string(p.Category) }

// CellScore is a strategy's accuracy on one world × category, the prior's
// on the same probes, and accuracy′ (NaN-free: Prime is nil where the
// prior is right on every probe).
type CellScore struct {
	Cell          string
	N             int
	Accuracy      float64
	PriorAccuracy float64
	Prime         *float64
}

// ScoreStrategy scores a strategy per world × category against the prior,
// cells sorted by name.
func ScoreStrategy(probes []Probe, prior PriorTable, s Strategy) []CellScore {
	type tally struct{ n, right, prior int }
	by := map[string]*tally{}
	for _, p := range probes {
		c := cellOf(p)
		t := by[c]
		if t == nil {
			t = &tally{}
			by[c] = t
		}
		t.n++
		if Right(p, s.Answer(p)) {
			t.right++
		}
		if a, ok := prior.Answer(p); ok && Right(p, a) {
			t.prior++
		}
	}
	var out []CellScore
	for _, c := range slices.Sorted(maps.Keys(by)) {
		t := by[c]
		cs := CellScore{Cell: c, N: t.n, Accuracy: float64(t.right) / float64(t.n), PriorAccuracy: float64(t.prior) / float64(t.n)}
		if t.prior < t.n {
			v := float64(t.right-t.prior) / float64(t.n-t.prior)
			cs.Prime = &v
		}
		out = append(out, cs)
	}
	return out
}

// CheapStrategies are the question-only strategies a benchmark must not
// reward, each fitted to the probes it will be scored on (the strongest
// form of each, since it sees the very golds it is scored against):
//
//   - prior: the prior itself;
//   - always-unknown: abstain everywhere;
//   - fixed: per world and answer key, the one answer right most often
//     (always yes, always 0, always the first option, …, the best of them);
//   - template: the most frequent gold per template, views pooled;
//   - unknown-on-U: abstain on a question worded as a U template, else the
//     prior.
func CheapStrategies(fit []Probe, prior PriorTable) []Strategy {
	byKey := bestAnswers(fit, func(p Probe) string { return p.World + "\x00" + p.Key })
	byTemplate := bestAnswers(fit, func(p Probe) string { return p.World + "\x00" + p.Template + "\x00" + p.Key })
	priorAnswer := func(p Probe) string {
		if a, ok := prior.Answer(p); ok {
			return a
		}
		return Unknown
	}
	return []Strategy{
		{Name: "prior", Answer: priorAnswer},
		{Name: "always-unknown", Answer: func(Probe) string { return Unknown }},
		{Name: "fixed", Answer: func(p Probe) string { return optionOf(p, byKey[p.World+"\x00"+p.Key]) }},
		{Name: "template", Answer: func(p Probe) string { return optionOf(p, byTemplate[p.World+"\x00"+p.Template+"\x00"+p.Key]) }},
		{Name: "unknown-on-U", Answer: func(p Probe) string {
			if strings.HasPrefix(p.Template, string(Uncertainty)+".") {
				return Unknown
			}
			return priorAnswer(p)
		}},
	}
}

// optionOf reads an answer of [bestAnswers]: "#i" is the probe's i-th
// option (unknown if it has none), anything else the answer itself.
func optionOf(p Probe, answer string) string {
	i, ok := strings.CutPrefix(answer, "#")
	if !ok {
		return answer
	}
	var n int
	if _, err := fmt.Sscan(i, &n); err != nil || n < 0 || n >= len(p.Options) {
		return Unknown
	}
	return p.Options[n]
}

// bestAnswers is, per group, the answer right on the most probes of the
// group (ties by byte order). An enum's gold also counts for its place in
// the options ("#0" the first option), so that "always the first option"
// competes with "always open".
func bestAnswers(probes []Probe, group func(Probe) string) map[string]string {
	counts := map[string]map[string]int{}
	for _, p := range probes {
		g := group(p)
		if counts[g] == nil {
			counts[g] = map[string]int{}
		}
		switch {
		case p.Gold.Unknown:
			counts[g][Unknown]++
		case p.Gold.Members != nil:
			for _, m := range p.Gold.Members {
				counts[g][m]++
			}
		default:
			counts[g][canonicalOf(p, p.Gold.Value)]++
			if i := slices.Index(p.Options, p.Gold.Value); p.AnswerType == Enum && i >= 0 {
				counts[g][fmt.Sprintf("#%d", i)]++
			}
		}
	}
	out := map[string]string{}
	for g, c := range counts {
		best, bestN := "", -1
		for a, n := range c {
			if n > bestN || (n == bestN && a < best) {
				best, bestN = a, n
			}
		}
		out[g] = best
	}
	return out
}
