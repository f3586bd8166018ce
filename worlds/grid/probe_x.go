package grid

import (
	"strconv"
	"strings"

	"github.com/hallumaze/hallumaze/worlds"
)

// conflict is X.claim and X.reported over one [Notice] overlay: a fact
// kind pick(colour, door state, count) among those with a target, its
// target, then coin(): the claim is the truth, else a wrong value
// (another colour or state, pick'ed in option order, or the count ± 1,
// never negative: pick(n−1, n+1), or n+1 without a draw when n = 0).
func (u *unit) conflict() {
	colour := u.targets(isKBX)
	doors := u.targets(func(o Object) bool { return o.Kind == Door })
	kinds := u.kindsOnGrid()
	var avail []string
	for _, k := range []struct {
		name string
		n    int
	}{{"colour", len(colour)}, {"state", len(doors)}, {"count", len(kinds)}} {
		if k.n > 0 {
			avail = append(avail, k.name)
		}
	}
	if len(avail) == 0 {
		return
	}
	var f fact
	var wrong []string
	switch worlds.Pick(u.st, avail) {
	case "colour":
		o := u.cur.Objects[worlds.Pick(u.st, colour)]
		f = colourFact(o, u.where(u.view, o.Pos))
		for _, c := range Colours {
			if c != o.Colour {
				wrong = append(wrong, c.String())
			}
		}
	case "state":
		o := u.cur.Objects[worlds.Pick(u.st, doors)]
		f = stateFact(o)
		for _, s := range doorStates {
			if s != o.State {
				wrong = append(wrong, s.String())
			}
		}
	case "count":
		k := worlds.Pick(u.st, kinds)
		n := u.countSeen(k)
		f = countFact(k, n)
		wrong = []string{strconv.Itoa(n + 1)}
		if n > 0 {
			wrong = []string{strconv.Itoa(n - 1), strconv.Itoa(n + 1)}
		}
	}
	claim := f.truth
	if !u.st.Coin() {
		// A count of 0 has one wrong value, 1: no draw (§14.3).
		v := wrong[0]
		if len(wrong) > 1 {
			v = worlds.Pick(u.st, wrong)
		}
		claim = worlds.GoldEnum(v)
	}
	text, _ := u.text(u.view)
	u.claimPair(f, claim, "notice", text+"\n\n[Notice]: \""+f.claim(claim.Value)+"\"")
}

// claimPair adds X.claim (the fact asked where a source claims a value:
// the gold is the observed truth, P2) and X.reported ("According to the
// <source>, …": the gold is the claim, P3). context is the history with
// the claim in it.
func (u *unit) claimPair(f fact, claim worlds.Gold, source, context string) {
	value := claim.Canonical()
	conflict := !f.truth.Accepts(value)
	p := f.probe("X.claim")
	p.gold = worlds.Resolve(f.truth, true, worlds.Claim{Value: claim, Admissible: true})
	p.context, p.conflict, p.testimony = context, &conflict, &value
	u.add(p)
	r := f.probe("X.reported")
	r.question = "According to the " + source + ", " + lowerFirst(f.question)
	r.gold, r.context, r.testimony = claim, context, &value
	u.add(r)
}

// lowerFirst lower-cases the first letter.
func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}
