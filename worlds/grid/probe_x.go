package grid

import (
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/hallumaze/hallumaze/worlds"
)

// The X templates are compound: each needs two or more observations,
// areas or sources. X.claim and X.reported set an observation against a
// testimony (a [Notice] overlay, or a level's own signposts and notice
// boards); X.union and X.gone gather every observation; X.revisit compares
// two visits of one area.

// union is X.union: how many different objects of a kind the observations
// showed. Along an episode of actions an object keeps its cell (a reader
// tracks the agent's moves), so different objects are different cells;
// areas of other files hold other objects. A kind is eligible only where
// that reading is the world's: within one area, the kind shows in one
// observation, or the observations are one file's. The count is drawn
// first, then a kind giving it (doors are not asked: a procedural level
// has one).
func (u *unit) union() {
	if len(u.e.Obs) < 2 {
		return
	}
	type cand struct {
		kind Kind
		n    int
	}
	var cands []cand
	for _, k := range []Kind{Key, Ball, Box, AnyCounted} {
		if n, ok := u.unionOf(k); ok && n > 0 {
			cands = append(cands, cand{k, n})
		}
	}
	if len(cands) == 0 {
		return
	}
	c := cands[u.pickCount(upTo(len(cands)), func(j int) int { return cands[j].n }, saltUnion)]
	u.add(probe{template: "X.union", question: "Counting all observations, how many different " + c.kind.plural() + " have you seen?",
		answer: worlds.Int, key: "count", values: worlds.SchemaInt, gold: worlds.GoldInt(c.n)})
}

// unionOf counts the different objects of kind the observations showed,
// and whether the count is eligible (see union).
func (u *unit) unionOf(k Kind) (int, bool) {
	ids := map[int]bool{}
	showing := map[string]int{} // area → observations showing the kind
	for obs := range u.e.Obs {
		s := u.e.Obs[obs].State
		shows := false
		for _, i := range u.seen(obs, u.view) {
			if k.counts(s.Objects[i]) {
				ids[u.e.ids[obs][i]] = true
				shows = true
			}
		}
		if shows {
			showing[u.e.Obs[obs].Area]++
		}
	}
	if u.e.MultiFile {
		for _, n := range showing {
			if n > 1 {
				return 0, false
			}
		}
	}
	return len(ids), true
}

// gone is X.gone (two or more observations): which objects seen in
// observation 1 the last observation does not show, as names (a door's
// without its state). It is made only when the set is the same whether
// objects are told apart by identity or by name, and not empty.
func (u *unit) gone() {
	if p, ok := u.goneProbe(); ok {
		u.add(p)
	}
}

// goneProbe is X.gone's probe and whether it is made.
func (u *unit) goneProbe() (probe, bool) {
	if len(u.e.Obs) < 2 {
		return probe{}, false
	}
	last := len(u.e.Obs) - 1
	lastIDs, lastNames := map[int]bool{}, map[string]bool{}
	for _, i := range u.seen(last, u.view) {
		lastIDs[u.e.ids[last][i]] = true
		lastNames[u.cur.Objects[i].Name()] = true
	}
	first := u.e.Obs[0].State
	byID, byName := map[string]bool{}, map[string]bool{}
	for _, i := range u.seen(0, u.view) {
		name := first.Objects[i].Name()
		if !lastIDs[u.e.ids[0][i]] {
			byID[name] = true
		}
		if !lastNames[name] {
			byName[name] = true
		}
	}
	if !maps.Equal(byID, byName) || len(byID) == 0 {
		return probe{}, false
	}
	items := slices.Sorted(maps.Keys(byID))
	return probe{template: "X.gone", question: "Which objects that you saw in observation 1 are not visible in the last observation?",
		answer: worlds.Set, key: "objects", values: worlds.SchemaSet, gold: worlds.GoldSet(items)}, true
}

// conflict is X.claim and X.reported over one [Notice] overlay about a
// count the current observation shows (its kind drawn by the count,
// pickCount), then coin(): the claim is the truth, or else a wrong count
// drawn among 0 … n + 3 that no observation ever showed for that kind, so
// that a reader who missed a change does not echo it. (Colours and door
// states, the spec's other overlay facts, are not claimed: a level has too
// few of them for their golds to be balanced.)
func (u *unit) conflict() {
	last := len(u.e.Obs) - 1
	k, n, ok := u.countClass(last, u.view, saltClaim)
	if !ok {
		return
	}
	f := u.countFact(k, n)
	shown := map[int]bool{}
	for obs := range u.e.Obs {
		shown[u.countSeen(obs, u.view, k)] = true
	}
	var wrong []string
	for v := 0; v <= n+3; v++ {
		if !shown[v] {
			wrong = append(wrong, strconv.Itoa(v))
		}
	}
	claim := f.truth
	if !u.st.Coin() && len(wrong) > 0 {
		claim = worlds.GoldEnum(worlds.Pick(u.st, wrong))
	}
	text, _ := u.text(u.view)
	u.claimPair(f, claim, "notice", text+"\n\n[Notice]: \""+f.claim(claim.Value)+"\"")
}

// claimPair adds X.claim (the fact asked where a source claims a value:
// the gold is the observed truth, P2) and X.reported ("According to the
// <source>, …": the gold is the claim, P3). context is the history with
// the claim in it; the reported question is the fact's, its first letter
// lower-cased, unless reported is given.
func (u *unit) claimPair(f fact, claim worlds.Gold, source, context string) {
	u.claimPairAs(f, claim, "According to the "+source+", "+lowerFirst(f.question), context)
}

func (u *unit) claimPairAs(f fact, claim worlds.Gold, reported, context string) {
	value := claim.Canonical()
	conflict := !f.truth.Accepts(value)
	p := f.probe("X.claim")
	p.gold = worlds.Resolve(f.truth, true, worlds.Claim{Value: claim, Admissible: true})
	p.context, p.conflict, p.testimony = context, &conflict, &value
	u.add(p)
	r := f.probe("X.reported")
	r.question = reported
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

// claims is X.claim and X.reported over the level's own text objects
// (levelClaims): up to three claims drawn without replacement, each by the
// fact and truth it asks first (pickClass; one claim for an M key, whose
// tier is memory), each a pair: what the observations show of the fact (the
// gold, whatever the text says) and what the text says.
func (u *unit) claims() {
	var usable []claim
	for _, cl := range levelClaims[u.e.Level] {
		if _, ok := u.claimFact(cl); ok {
			usable = append(usable, cl)
		}
	}
	n := 3
	if u.e.Tier == "M" {
		n = 1
	}
	for range min(n, len(usable)) {
		cl := pickClass(u.st, usable, func(cl claim) string {
			f, _ := u.claimFact(cl)
			return f.key + "=" + f.truth.Value
		})
		usable = slices.DeleteFunc(usable, func(x claim) bool { return x == cl })
		f, _ := u.claimFact(cl)
		u.claimPairAs(f, worlds.GoldEnum(cl.value), u.reportedQuestion(cl), "")
	}
}

// areaObs is the first observation of the area labelled label ("" for the
// current area), or -1.
func (u *unit) areaObs(label string) int {
	if label == "" {
		return len(u.e.Obs) - 1
	}
	for k, o := range u.e.Obs {
		if o.Label == label {
			return k
		}
	}
	return -1
}

// claimFact is the fact a claim speaks to, as seen: a count of the name in
// the area's observation, or the state of the door of that name there
// (seen, and the only one of its name). false if the episode cannot ask.
func (u *unit) claimFact(cl claim) (fact, bool) {
	k := u.areaObs(cl.area)
	if k < 0 || u.areaObs(cl.source) < 0 {
		return fact{}, false
	}
	s := u.e.Obs[k].State
	if strings.HasSuffix(cl.name, " door") {
		for _, i := range u.seen(k, u.view) {
			if o := s.Objects[i]; o.Name() == cl.name && unique(s, i) {
				q := "In " + cl.area + ", was the " + cl.name + " open, closed or locked?"
				if cl.area == "" {
					q = "Is the " + cl.name + " in this area open, closed or locked?"
				}
				return fact{question: q, answer: worlds.Enum, key: "state", options: stateOptions,
					truth: worlds.GoldEnum(o.State.String())}, true
			}
		}
		return fact{}, false
	}
	n := 0
	for _, i := range u.seen(k, u.view) {
		if s.Objects[i].Name() == cl.name {
			n++
		}
	}
	plural := cl.name + "s"
	if strings.HasSuffix(cl.name, "box") {
		plural = cl.name + "es"
	}
	q := "How many " + plural + " did you see in " + cl.area + "?"
	if cl.area == "" {
		q = "How many " + plural + " are there in this area?"
	}
	return fact{question: q, answer: worlds.Int, key: "count", values: worlds.SchemaInt, truth: worlds.GoldInt(n)}, true
}

// reportedQuestion is "According to the <text object> in <source>, …".
func (u *unit) reportedQuestion(cl claim) string {
	who := "the " + cl.kind.String()
	if cl.source != "" {
		who += " in " + cl.source
	}
	where := "in " + cl.area
	if cl.area == "" {
		where = "in this area"
	}
	if strings.HasSuffix(cl.name, " door") {
		return "According to " + who + ", is the " + cl.name + " " + where + " open, closed or locked?"
	}
	plural := cl.name + "s"
	if strings.HasSuffix(cl.name, "box") {
		plural = cl.name + "es"
	}
	return "According to " + who + ", how many " + plural + " are there " + where + "?"
}

// revisit is X.revisit, a pair over an area observed more than once (the
// return visits of X6 and X7): "Did the number of <kind>s you saw in
// <area> change between your first and your last visit?", about a kind
// whose count changed (yes) and one whose count did not (no).
func (u *unit) revisit() {
	first := map[string]int{}
	lastOf := map[string]int{}
	var areas []string
	for k, o := range u.e.Obs {
		if _, ok := first[o.Area]; !ok {
			first[o.Area] = k
			continue
		}
		if _, ok := lastOf[o.Area]; !ok {
			areas = append(areas, o.Area)
		}
		lastOf[o.Area] = k
	}
	type cand struct {
		area string
		kind Kind
	}
	var yes, no []cand
	for _, a := range areas {
		for _, k := range countKinds {
			x, y := u.countSeen(first[a], u.view, k), u.countSeen(lastOf[a], u.view, k)
			switch {
			case x != y:
				yes = append(yes, cand{a, k})
			case x > 0:
				no = append(no, cand{a, k})
			}
		}
	}
	if len(yes) == 0 || len(no) == 0 {
		return
	}
	for _, c := range []cand{worlds.Pick(u.st, yes), worlds.Pick(u.st, no)} {
		x, y := u.countSeen(first[c.area], u.view, c.kind), u.countSeen(lastOf[c.area], u.view, c.kind)
		u.add(probe{template: "X.revisit",
			question: "Did the number of " + c.kind.plural() + " you saw in " + c.area + " change between your first and your last visit?",
			answer:   worlds.Bool, key: "changed", values: worlds.SchemaBool, gold: worlds.GoldBool(x != y)})
	}
}
