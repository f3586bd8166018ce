package abstain

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// A problem is the structured form of one question: the facts its sentences
// state and the quantity it asks for. Every quantity is a whole, non-negative
// number (a count, a length, an amount of dollars), so the solver works in
// int64 and treats a negative or fractional result as a contradiction.
type problem struct {
	facts []fact
	query string
}

// factKind says what a fact states.
type factKind uint8

const (
	factGiven    factKind = iota // name = value, a number written in the text
	factUnknown                  // name exists but the text gives no value
	factLinear                   // name = ±a ±b ±…
	factProduct                  // name = a · b · …
	factQuotient                 // name = a / b
)

// A fact is one statement. For a relation, args are its inputs and signs
// (factLinear only) their signs.
type fact struct {
	kind  factKind
	name  string
	value int64 // factGiven
	total bool  // factGiven: a stated total, the bait of inconsistency acceptance
	args  []string
	signs []int64
}

// parseFacts reads the compact fact notation of the story templates, facts
// separated by ";":
//
//	x = #        x is given; its value is the number named x
//	x = #y       x is given; its value is the number named y
//	!x = #y      the same, and the statement is a stated total
//	x = ?        x is mentioned but not given
//	x = a + b - c
//	x = a * b
//	x = a / b
func parseFacts(src string, nums map[string]int64) ([]fact, error) {
	var out []fact
	for part := range strings.SplitSeq(src, ";") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		lhs, rhs, ok := strings.Cut(part, "=")
		if !ok {
			return nil, fmt.Errorf("fact %q: no '='", part)
		}
		f := fact{name: strings.TrimSpace(lhs)}
		if n, ok := strings.CutPrefix(f.name, "!"); ok {
			f.name, f.total = n, true
		}
		toks := strings.Fields(rhs)
		switch {
		case len(toks) == 1 && toks[0] == "?":
			f.kind = factUnknown
		case len(toks) == 1 && strings.HasPrefix(toks[0], "#"):
			key := strings.TrimPrefix(toks[0], "#")
			if key == "" {
				key = f.name
			}
			v, ok := nums[key]
			if !ok {
				return nil, fmt.Errorf("fact %q: no number %q", part, key)
			}
			f.kind, f.value = factGiven, v
		case len(toks) == 3 && toks[1] == "*":
			f.kind, f.args = factProduct, []string{toks[0], toks[2]}
		case len(toks) == 3 && toks[1] == "/":
			f.kind, f.args = factQuotient, []string{toks[0], toks[2]}
		case len(toks)%2 == 1:
			f.kind = factLinear
			f.args, f.signs = []string{toks[0]}, []int64{1}
			for i := 1; i < len(toks); i += 2 {
				switch toks[i] {
				case "+":
					f.signs = append(f.signs, 1)
				case "-":
					f.signs = append(f.signs, -1)
				default:
					return nil, fmt.Errorf("fact %q: operator %q", part, toks[i])
				}
				f.args = append(f.args, toks[i+1])
			}
		default:
			return nil, fmt.Errorf("fact %q: cannot read %q", part, rhs)
		}
		if f.total && f.kind != factGiven {
			return nil, fmt.Errorf("fact %q: only a given can be a stated total", part)
		}
		out = append(out, f)
	}
	return out, nil
}

// solution is what the solver learned about a problem.
type solution struct {
	value    int64    // the query's value when solved
	solved   bool     // the facts determine the query and agree with each other
	conflict string   // non-empty when the facts contradict each other
	missing  []string // unknown quantities the query depends on (not solved, no conflict)
}

// solve propagates the facts: each relation with exactly one unknown
// quantity is solved for it, each relation with none is checked, until
// nothing changes. A given stated twice with different values, a relation
// that does not hold, or a quantity that would be negative or fractional is
// a conflict.
func (p problem) solve() solution { return p.solveChecking(true) }

// solveChecking is solve, checking that the facts agree only when
// checkAgreement is set: without the check a quantity stated twice keeps
// its first value and a relation that does not hold is passed over, as a
// solver that does not check its work passes over them.
func (p problem) solveChecking(checkAgreement bool) solution {
	known := map[string]int64{}
	for _, f := range p.facts {
		if f.kind != factGiven {
			continue
		}
		if v, ok := known[f.name]; ok && v != f.value {
			if !checkAgreement {
				continue
			}
			return solution{conflict: fmt.Sprintf("%s is stated as both %d and %d", f.name, v, f.value)}
		}
		known[f.name] = f.value
	}
	for changed := true; changed; {
		changed = false
		for _, f := range p.facts {
			if f.kind < factLinear {
				continue
			}
			learned, conflict := f.propagate(known)
			if conflict != "" && checkAgreement {
				return solution{conflict: conflict}
			}
			changed = changed || learned
		}
	}
	if v, ok := known[p.query]; ok {
		return solution{value: v, solved: true}
	}
	return solution{missing: p.missingFor(known)}
}

// propagate applies one relation to the known values: it learns the one
// unknown quantity if there is exactly one, or checks the relation when all
// are known.
func (f fact) propagate(known map[string]int64) (learned bool, conflict string) {
	names := append([]string{f.name}, f.args...)
	unknown := ""
	for _, n := range names {
		if _, ok := known[n]; !ok {
			if unknown != "" && unknown != n {
				return false, "" // two or more unknowns: nothing to do yet
			}
			unknown = n
		}
	}
	v, ok, conflict := f.solveFor(unknown, known)
	if conflict != "" || !ok {
		return false, conflict
	}
	if unknown == "" {
		return false, ""
	}
	if v < 0 {
		return false, fmt.Sprintf("%s would be %d, a negative quantity", unknown, v)
	}
	known[unknown] = v
	return true, ""
}

// solveFor returns the value of the unknown name ("" means check the
// relation with everything known).
func (f fact) solveFor(unknown string, known map[string]int64) (int64, bool, string) {
	k := func(n string) int64 { return known[n] }
	switch f.kind {
	case factLinear:
		var sum, coef int64
		for i, a := range f.args {
			if a == unknown {
				coef += f.signs[i]
				continue
			}
			sum += f.signs[i] * k(a)
		}
		switch {
		case unknown == "":
			if k(f.name) != sum {
				return 0, false, fmt.Sprintf("%s = %d disagrees with its parts (%d)", f.name, k(f.name), sum)
			}
			return 0, true, ""
		case unknown == f.name:
			return sum, true, ""
		case coef == 0:
			return 0, false, ""
		case (k(f.name)-sum)%coef != 0:
			return 0, false, fmt.Sprintf("%s would not be a whole number", unknown)
		}
		return (k(f.name) - sum) / coef, true, ""
	case factProduct:
		prod := int64(1)
		for _, a := range f.args {
			if a != unknown {
				prod *= k(a)
			}
		}
		switch {
		case unknown == "":
			if k(f.name) != prod {
				return 0, false, fmt.Sprintf("%s = %d disagrees with the product %d", f.name, k(f.name), prod)
			}
			return 0, true, ""
		case unknown == f.name:
			return prod, true, ""
		case prod == 0:
			return 0, false, ""
		case k(f.name)%prod != 0:
			return 0, false, fmt.Sprintf("%s would not be a whole number", unknown)
		}
		return k(f.name) / prod, true, ""
	case factQuotient:
		num, den := f.args[0], f.args[1]
		switch unknown {
		case "":
			if k(den) == 0 || k(num) != k(f.name)*k(den) {
				return 0, false, fmt.Sprintf("%s = %d disagrees with %d / %d", f.name, k(f.name), k(num), k(den))
			}
			return 0, true, ""
		case f.name:
			if k(den) == 0 || k(num)%k(den) != 0 {
				return 0, false, fmt.Sprintf("%s = %d / %d is not a whole number", f.name, k(num), k(den))
			}
			return k(num) / k(den), true, ""
		case num:
			return k(f.name) * k(den), true, ""
		default:
			if k(f.name) == 0 {
				return 0, false, ""
			}
			if k(num)%k(f.name) != 0 {
				return 0, false, fmt.Sprintf("%s would not be a whole number", den)
			}
			return k(num) / k(f.name), true, ""
		}
	}
	return 0, false, ""
}

// missingFor lists the quantities the text mentions without a value
// (factUnknown) that the query is connected to through relations whose
// values are not known; when there are none, it lists the connected
// quantities that no fact gives or defines.
func (p problem) missingFor(known map[string]int64) []string {
	declared := map[string]factKind{}
	for _, f := range p.facts {
		if _, ok := declared[f.name]; !ok || f.kind != factUnknown {
			declared[f.name] = f.kind
		}
	}
	seen := map[string]bool{}
	var unknowns, undefined []string
	var visit func(string)
	visit = func(n string) {
		if seen[n] {
			return
		}
		seen[n] = true
		if _, ok := known[n]; ok {
			return
		}
		kind, ok := declared[n]
		switch {
		case ok && kind == factUnknown:
			unknowns = append(unknowns, n)
		case !ok:
			undefined = append(undefined, n)
		}
		for _, f := range p.facts {
			if f.kind >= factLinear && (f.name == n || slices.Contains(f.args, n)) {
				visit(f.name)
				for _, a := range f.args {
					visit(a)
				}
			}
		}
	}
	visit(p.query)
	if len(unknowns) == 0 {
		unknowns = undefined
	}
	slices.Sort(unknowns)
	return unknowns
}

// partials are the values of the named intermediate computations that the
// facts allow by forward evaluation alone (relations evaluated from their
// inputs, in order, never inverted), the query excepted. A model that stops
// early answers one of them: premature evaluation.
func (p problem) partials() []int64 {
	known := map[string]int64{}
	for _, f := range p.facts {
		if f.kind == factGiven {
			known[f.name] = f.value
		}
	}
	var out []int64
	derived := map[string]bool{}
	for changed := true; changed; {
		changed = false
		for _, f := range p.facts {
			if f.kind < factLinear || derived[f.name] {
				continue
			}
			if v, ok := f.forward(known); ok {
				derived[f.name] = true
				changed = true
				if f.name != p.query {
					out = append(out, v)
				}
				if _, ok := known[f.name]; !ok {
					known[f.name] = v
				}
			}
		}
	}
	return out
}

// forward evaluates a relation from its inputs.
func (f fact) forward(known map[string]int64) (int64, bool) {
	vals := make([]int64, len(f.args))
	for i, a := range f.args {
		v, ok := known[a]
		if !ok {
			return 0, false
		}
		vals[i] = v
	}
	switch f.kind {
	case factLinear:
		var s int64
		for i, v := range vals {
			s += f.signs[i] * v
		}
		return s, true
	case factProduct:
		return vals[0] * vals[1], true
	case factQuotient:
		if vals[1] == 0 || vals[0]%vals[1] != 0 {
			return 0, false
		}
		return vals[0] / vals[1], true
	}
	return 0, false
}

// givens are the numbers the facts state, in order.
func (p problem) givens() []int64 {
	var out []int64
	for _, f := range p.facts {
		if f.kind == factGiven {
			out = append(out, f.value)
		}
	}
	return out
}

// totals are the stated totals among the givens.
func (p problem) totals() []int64 {
	var out []int64
	for _, f := range p.facts {
		if f.kind == factGiven && f.total {
			out = append(out, f.value)
		}
	}
	return out
}

func formatInt(v int64) string { return strconv.FormatInt(v, 10) }
