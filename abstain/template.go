package abstain

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// A story is one base problem: a few sentences, the facts each sentence
// states, and exactly one sentence with a defective twin. The intact item
// renders every sentence as written; the modified item swaps in the twin,
// which removes a number (missing quantity), removes the relation that links
// two quantities (missing relationship) or adds a statement that disagrees
// with the rest (contradictory facts). Nothing else changes between the two.
//
// Sentence text has two kinds of slot: {P}, {Q} and {R} are people's names,
// any other {name} is the number called name. Numbers are drawn from the
// ranges in nums ("a=2..9 b=10..40", drawn in that order), then derive may
// compute more of them, and ok may reject the draw (it is drawn again).
type story struct {
	domain string
	defect string
	nums   string
	derive func(v vals)
	ok     func(v vals) bool
	lines  []line
	query  string
	// answer computes the gold answer from the numbers directly, apart from
	// the facts; a test holds the two computations to each other.
	answer func(v vals) int64
}

// vals are a story's numbers by name.
type vals map[string]int64

// A line is one sentence of a story with the facts it states, and, on the
// edited line only, its defective twin.
type line struct {
	text, facts       string
	modText, modFacts string
}

// edited reports whether the line differs between the two variants.
func (l line) edited() bool { return l.modText != "" }

// sentences returns the text and fact notation of the variant's lines.
func (s story) sentences(modified bool) (texts, facts []string) {
	for _, l := range s.lines {
		if modified && l.edited() {
			texts, facts = append(texts, l.modText), append(facts, l.modFacts)
			continue
		}
		texts, facts = append(texts, l.text), append(facts, l.facts)
	}
	return texts, facts
}

// problemFor builds the structured problem of a variant from its numbers.
func (s story) problemFor(modified bool, nums vals) (problem, error) {
	_, notes := s.sentences(modified)
	p := problem{query: s.query}
	for _, n := range notes {
		fs, err := parseFacts(n, nums)
		if err != nil {
			return problem{}, err
		}
		p.facts = append(p.facts, fs...)
	}
	return p, nil
}

// draw picks the story's numbers and names from rng.
func (s story) draw(rng *rand.Rand) (vals, map[string]string, error) {
	names := map[string]string{}
	pool := strings.Fields(personNames)
	perm := rng.Perm(len(pool))
	for i, slot := range []string{"P", "Q", "R"} {
		names[slot] = pool[perm[i]]
	}
	for range 10000 {
		v := vals{}
		for spec := range strings.FieldsSeq(s.nums) {
			var name string
			var lo, hi int64
			if _, err := fmt.Sscanf(strings.Replace(spec, "=", " ", 1), "%s %d..%d", &name, &lo, &hi); err != nil || hi < lo {
				return nil, nil, fmt.Errorf("number range %q: malformed", spec)
			}
			v[name] = lo + rng.Int64N(hi-lo+1)
		}
		if s.derive != nil {
			s.derive(v)
		}
		if s.ok == nil || s.ok(v) {
			return v, names, nil
		}
	}
	return nil, nil, fmt.Errorf("numbers %q: no draw met the story's condition", s.nums)
}

// render fills the slots of the variant's sentences and joins them.
func (s story) render(modified bool, nums vals, names map[string]string) (string, error) {
	texts, _ := s.sentences(modified)
	var b strings.Builder
	for i, t := range texts {
		if i > 0 {
			b.WriteByte(' ')
		}
		for _, tok := range tokenize(t) {
			switch {
			case tok.slot == "":
				b.WriteString(tok.lit)
			case isNameSlot(tok.slot):
				b.WriteString(names[tok.slot])
			default:
				v, ok := nums[tok.slot]
				if !ok {
					return "", fmt.Errorf("sentence %q: no number %q", t, tok.slot)
				}
				b.WriteString(formatInt(v))
			}
		}
	}
	return b.String(), nil
}

// A token is a literal piece of sentence text or a slot.
type token struct{ lit, slot string }

// tokenize splits template text into literals and {slots}.
func tokenize(t string) []token {
	var out []token
	for t != "" {
		i := strings.IndexByte(t, '{')
		j := strings.IndexByte(t[max(i, 0):], '}')
		if i < 0 || j < 0 {
			out = append(out, token{lit: t})
			break
		}
		if i > 0 {
			out = append(out, token{lit: t[:i]})
		}
		out = append(out, token{slot: t[i+1 : i+j]})
		t = t[i+j+1:]
	}
	return out
}

func isNameSlot(s string) bool { return s == "P" || s == "Q" || s == "R" }

// matchText matches a question against the variant's sentences, reading
// back the numbers in its number slots. A name slot matches one capitalised
// word; a number slot matches a run of digits; the same number slot must
// read the same value everywhere.
func (s story) matchText(modified bool, question string) (vals, bool) {
	texts, _ := s.sentences(modified)
	var toks []token
	for i, t := range texts {
		if i > 0 {
			toks = append(toks, token{lit: " "})
		}
		toks = append(toks, tokenize(t)...)
	}
	nums := vals{}
	rest := question
	for _, tok := range toks {
		switch {
		case tok.slot == "":
			var ok bool
			if rest, ok = strings.CutPrefix(rest, tok.lit); !ok {
				return nil, false
			}
		case isNameSlot(tok.slot):
			n := 0
			for n < len(rest) && (n == 0 && isUpper(rest[n]) || n > 0 && isLower(rest[n])) {
				n++
			}
			if n < 2 {
				return nil, false
			}
			rest = rest[n:]
		default:
			n := 0
			for n < len(rest) && isDigit(rest[n]) && n < 15 {
				n++
			}
			if n == 0 || n < len(rest) && isDigit(rest[n]) {
				return nil, false
			}
			var v int64
			for _, c := range rest[:n] {
				v = v*10 + int64(c-'0')
			}
			if old, ok := nums[tok.slot]; ok && old != v {
				return nil, false
			}
			nums[tok.slot] = v
			rest = rest[n:]
		}
	}
	return nums, rest == ""
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }
func isUpper(c byte) bool { return 'A' <= c && c <= 'Z' }
func isLower(c byte) bool { return 'a' <= c && c <= 'z' }

// personNames are the names the stories draw from.
const personNames = `Marcus Priya Tomas Aiko Fatima Lucas Ingrid Kwame
Sofia Diego Hana Omar Elena Ravi Chloe Mateo
Amara Jonas Leila Niko Greta Samir Yuki Bruno
Zara Felix Noor Viktor Mei Andre Lena Tariq`

// stories lists the sixty base problems, ten per domain.
func stories() []story {
	var all []story
	for _, group := range [][]story{
		arithmeticStories(), inventoryStories(), rateStories(),
		allocationStories(), stepStories(), relationStories(),
	} {
		all = append(all, group...)
	}
	return all
}
