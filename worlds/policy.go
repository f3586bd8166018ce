package worlds

// Claim is one piece of testimony about a fact: the value it asserts, and
// whether it agrees with every observed fact it also states (P4).
type Claim struct {
	Value Gold
	// Admissible: the testimony's other statements all agree with what is
	// observed (a FEN line whose every shown square and side to move match
	// the board). Testimony that contradicts an observation is ignored.
	Admissible bool
}

// Resolve is the truth function T(W, P) for one fact under the conflict
// policy:
//
//	P1 the world is the truth: truth is computed from W, never from text;
//	P2 observation (and what the stated rules derive from it) beats testimony:
//	   when observed, the gold is truth whatever any claim says;
//	P3 a question about what a source says has that source's value as gold
//	   (the caller asks for it directly, not through Resolve);
//	P4 testimony fills a gap only where it is admissible: the first
//	   admissible claim gives the gold;
//	P5 otherwise the gold is UNKNOWN.
//
// In every world of this module an admissible claim about a gap is true in
// W (fen-truth states the position); the worlds' tests hold that.
func Resolve(truth Gold, observed bool, claims ...Claim) Gold {
	if observed {
		return truth
	}
	for _, c := range claims {
		if c.Admissible && c.Value.Answerable() {
			return c.Value
		}
	}
	return GoldUnknown()
}
