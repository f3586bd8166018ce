package abstain

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"strings"
)

// The six reasoning domains of the standard set.
const (
	DomainBasicArithmetic     = "basic_arithmetic"
	DomainInventoryTracking   = "inventory_tracking"
	DomainRateAndTime         = "rate_and_time"
	DomainResourceAllocation  = "resource_allocation"
	DomainSequentialSteps     = "sequential_steps"
	DomainRelationalReasoning = "relational_reasoning"
)

// The three defect categories. A pair's defect is the same on both members;
// only the modified member carries it.
const (
	MissingQuantity     = "missing_quantity"
	MissingRelationship = "missing_relationship"
	ContradictoryFacts  = "contradictory_facts"
)

// The two variants of a pair, and the two statuses of a reply.
const (
	Intact       = "intact"
	Modified     = "modified"
	StatusAnswer = "ANSWER"
	StatusAbsent = "INSUFFICIENT"
)

// DefaultSeed gives the standard 120 items. It is the seed document's own
// hash, so the set is named after where it comes from.
const DefaultSeed uint64 = 0x86c73cc4987d8ddb

// Gold is the expected reply: status ANSWER with the answer as a number
// written as a string, or status INSUFFICIENT with a null answer.
type Gold struct {
	Status string  `json:"status"`
	Answer *string `json:"answer"`
}

// Item is one question of the suite, as one line of the items JSONL.
//
// Items built by [Standard], or read by [ReadItems] from text that one of
// the standard stories wrote, also carry their structured facts, which the
// scorer uses to name hallucination archetypes (premature evaluation,
// uncritical inconsistency acceptance). Other items score the same, with
// those two archetypes left uncounted.
type Item struct {
	ID       string `json:"id"`
	PairID   string `json:"pair_id"`
	Variant  string `json:"variant"`
	Domain   string `json:"domain"`
	Defect   string `json:"defect"`
	Question string `json:"question"`
	Gold     Gold   `json:"gold"`

	prob    problem // the facts; prob.query == "" when unknown
	partial []int64 // premature-evaluation bait: named partial computations
	totals  []int64 // inconsistency bait: stated totals
}

// withFacts attaches the structured facts and what the scorer derives from
// them.
func (it *Item) withFacts(p problem) {
	it.prob, it.partial, it.totals = p, p.partials(), p.totals()
}

// Standard builds the standard set from seed: sixty base problems, ten per
// domain, twenty per defect category, each as an intact and a modified item
// (120 items). Names and numbers come from a math/rand/v2 PCG seeded by seed;
// gold answers are computed from those numbers. The same seed gives the
// same items, byte for byte.
//
// Items are ordered by defect (missing quantity, missing relationship,
// contradictory facts), then by pair, intact before modified; pair ids are
// mq-01…mq-20, mr-01…mr-20 and cf-01…cf-20.
func Standard(seed uint64) []Item {
	items, err := buildStandard(seed)
	if err != nil {
		// The stories are constants of this package and the tests build
		// them under many seeds; reaching this is a bug in the table.
		panic("abstain: build standard set: " + err.Error())
	}
	return items
}

func buildStandard(seed uint64) ([]Item, error) {
	rng := rand.New(rand.NewPCG(seed, 0x6d697373696e6720)) // "missing "
	prefix := map[string]string{MissingQuantity: "mq", MissingRelationship: "mr", ContradictoryFacts: "cf"}
	byDefect := map[string][]Item{}
	for i, s := range stories() {
		nums, names, err := s.draw(rng)
		if err != nil {
			return nil, fmt.Errorf("story %d: %w", i, err)
		}
		pair := fmt.Sprintf("%s-%02d", prefix[s.defect], len(byDefect[s.defect])/2+1)
		for _, modified := range []bool{false, true} {
			q, err := s.render(modified, nums, names)
			if err != nil {
				return nil, fmt.Errorf("story %d: %w", i, err)
			}
			p, err := s.problemFor(modified, nums)
			if err != nil {
				return nil, fmt.Errorf("story %d: %w", i, err)
			}
			it := Item{PairID: pair, Domain: s.domain, Defect: s.defect, Question: q}
			if modified {
				it.ID, it.Variant, it.Gold = pair+"-modified", Modified, Gold{Status: StatusAbsent}
			} else {
				ans := formatInt(s.answer(nums))
				it.ID, it.Variant, it.Gold = pair+"-intact", Intact, Gold{Status: StatusAnswer, Answer: &ans}
			}
			it.withFacts(p)
			byDefect[s.defect] = append(byDefect[s.defect], it)
		}
	}
	var out []Item
	for _, d := range []string{MissingQuantity, MissingRelationship, ContradictoryFacts} {
		out = append(out, byDefect[d]...)
	}
	return out, nil
}

// WriteItems writes items as JSONL, one object per line, in the field order
// of the spec.
func WriteItems(w io.Writer, items []Item) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for _, it := range items {
		if err := enc.Encode(it); err != nil {
			return fmt.Errorf("abstain: write item %s: %w", it.ID, err)
		}
	}
	return nil
}

// ReadItems reads items JSONL (blank lines are skipped) and checks each:
// id, pair_id and question present, variant intact or modified, the gold
// status ANSWER with a numeric answer or INSUFFICIENT with a null one, ids
// unique. Errors name the line. Questions that one of the standard stories
// wrote get their facts back, so archetypes are counted for them too.
func ReadItems(r io.Reader) ([]Item, error) {
	var items []Item
	seen := map[string]int{}
	err := eachLine(r, func(n int, data []byte) error {
		var it Item
		if err := json.Unmarshal(data, &it); err != nil {
			return fmt.Errorf("abstain: read items: line %d: %w", n, err)
		}
		if err := it.validate(); err != nil {
			return fmt.Errorf("abstain: read items: line %d: %w", n, err)
		}
		if first, ok := seen[it.ID]; ok {
			return fmt.Errorf("abstain: read items: line %d: id %q already on line %d", n, it.ID, first)
		}
		seen[it.ID] = n
		if p, ok := recognise(it.Question); ok {
			it.withFacts(p)
		}
		items = append(items, it)
		return nil
	})
	return items, err
}

func (it Item) validate() error {
	switch {
	case it.ID == "":
		return errors.New("missing id")
	case it.PairID == "":
		return fmt.Errorf("item %s: missing pair_id", it.ID)
	case it.Question == "":
		return fmt.Errorf("item %s: missing question", it.ID)
	case it.Variant != Intact && it.Variant != Modified:
		return fmt.Errorf("item %s: variant %q is neither %q nor %q", it.ID, it.Variant, Intact, Modified)
	}
	switch it.Gold.Status {
	case StatusAnswer:
		if it.Gold.Answer == nil {
			return fmt.Errorf("item %s: gold status ANSWER needs an answer", it.ID)
		}
		v, ok := parseNumber(*it.Gold.Answer)
		if !ok {
			return fmt.Errorf("item %s: gold answer %q is not a number", it.ID, *it.Gold.Answer)
		}
		if math.IsInf(v, 0) {
			return fmt.Errorf("item %s: gold answer %q is too large a number", it.ID, *it.Gold.Answer)
		}
	case StatusAbsent:
		if it.Gold.Answer != nil {
			return fmt.Errorf("item %s: gold status INSUFFICIENT needs a null answer", it.ID)
		}
	default:
		return fmt.Errorf("item %s: gold status %q is neither ANSWER nor INSUFFICIENT", it.ID, it.Gold.Status)
	}
	return nil
}

// eachLine calls fn with each non-blank line of r and its 1-based number.
// Lines may be of any length.
func eachLine(r io.Reader, fn func(n int, line []byte) error) error {
	br := bufio.NewReader(r)
	for n := 1; ; n++ {
		data, err := br.ReadBytes('\n')
		if len(bytes.TrimSpace(data)) > 0 {
			if ferr := fn(n, data); ferr != nil {
				return ferr
			}
		}
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("abstain: read line %d: %w", n, err)
		}
	}
}

// recognise reads a question written by one of the standard stories back
// into its facts, from the text alone. It reports false for any other text.
func recognise(question string) (problem, bool) {
	question = strings.TrimSpace(question)
	for _, s := range stories() {
		for _, modified := range []bool{false, true} {
			nums, ok := s.matchText(modified, question)
			if !ok {
				continue
			}
			p, err := s.problemFor(modified, nums)
			if err != nil {
				continue
			}
			return p, true
		}
	}
	return problem{}, false
}
