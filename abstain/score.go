package abstain

import "github.com/hallumaze/hallumaze/scoring"

// Outcome is what one reply did on one item.
type Outcome string

// The four outcomes. A parse failure is not a wrong answer: the reply broke
// the output contract, and the two are counted apart.
const (
	OutcomeCorrect      Outcome = "correct"       // ANSWER with the gold number
	OutcomeWrong        Outcome = "wrong"         // ANSWER with another (or no) number
	OutcomeAbstained    Outcome = "abstained"     // INSUFFICIENT
	OutcomeParseFailure Outcome = "parse_failure" // no reply, or it broke the contract
)

// Judge scores a parsed reply against an item. err is the parser's error;
// non-nil means a parse failure.
func Judge(it Item, p Parsed, err error) Outcome {
	switch {
	case err != nil:
		return OutcomeParseFailure
	case p.Abstained():
		return OutcomeAbstained
	case it.Gold.Answer != nil && p.Correct(*it.Gold.Answer):
		return OutcomeCorrect
	}
	return OutcomeWrong
}

// Right reports whether an outcome is what the item wants: the correct
// number on an intact item, INSUFFICIENT on a modified one.
func (it Item) Right(o Outcome) bool { return right(it.Variant, o) }

func right(variant string, o Outcome) bool {
	if variant == Modified {
		return o == OutcomeAbstained
	}
	return o == OutcomeCorrect
}

// answered reports whether an outcome is a reply with status ANSWER.
func answered(o Outcome) bool { return o == OutcomeCorrect || o == OutcomeWrong }

// Score scores replies (item id → raw reply) against items under the strict
// parser, with the lenient parser's rates beside: it judges each item's
// reply into a [Record] ([NewRecord]; [MissingRecord] when the item has no
// reply) and scores the records with [ScoreRecords]. Items without a reply
// count as parse failures and are listed under Missing; reply ids that name
// no item are listed under Unmatched.
func Score(items []Item, responses map[string]string) Report {
	records, unmatched := scoring.JudgeAll(items, func(it Item) string { return it.ID },
		responses, NewRecord, MissingRecord)
	rep := ScoreRecords(records)
	rep.Unmatched = unmatched
	return rep
}

// Rate is k successes of n with its Wilson 95% interval ([scoring.Rate]).
type Rate = scoring.Rate

// NewRate is k of n with its Wilson interval.
func NewRate(k, n int) Rate { return scoring.NewRate(k, n) }

// Rates are the six rates of the suite over one group of items.
type Rates struct {
	AnswerAccuracy      Rate `json:"answer_accuracy"`       // intact answered correctly / intact
	AbstentionRate      Rate `json:"abstention_rate"`       // modified with INSUFFICIENT / modified
	FalseAbstentionRate Rate `json:"false_abstention_rate"` // intact with INSUFFICIENT / intact
	HallucinationRate   Rate `json:"hallucination_rate"`    // modified with ANSWER / modified
	ParseFailureRate    Rate `json:"parse_failure_rate"`    // parse failures / items
	PairSuccess         Rate `json:"pair_success"`          // intact correct and modified abstained / pairs
}

// McNemar is an exact McNemar test: b and c are the discordant counts and p
// the two-sided p-value of [scoring.McNemarExact].
type McNemar struct {
	B int     `json:"b"`
	C int     `json:"c"`
	P float64 `json:"p"`
}

func newMcNemar(b, c int) McNemar { return McNemar{B: b, C: c, P: scoring.McNemarExact(b, c)} }

// The hallucination archetypes, counted on modified items that were answered.
const (
	// ArchetypeAnchoring: the answer is a number written in the question.
	ArchetypeAnchoring = "numerical_anchoring"
	// ArchetypePremature: the answer is a partial computation the story
	// names (the first leg of a trip, a subtotal).
	ArchetypePremature = "premature_evaluation"
	// ArchetypeInconsistency: on a contradictory-facts item, the answer
	// repeats a stated total or the statement that contradicts it.
	ArchetypeInconsistency = "uncritical_inconsistency_acceptance"
)

// ItemResult is how one item fared.
type ItemResult struct {
	ID         string   `json:"id"`
	Outcome    Outcome  `json:"outcome"`
	Lenient    Outcome  `json:"lenient"`
	Archetypes []string `json:"archetypes,omitempty"`
}

// Report is the score of one model's replies. Its JSON holds the spec's
// keys (n_items, n_pairs, the six rates, mcnemar, by_defect, by_domain,
// missing) and, beside them, the lenient parser's rates, the archetype
// counts and the per-item outcomes.
type Report struct {
	NItems int `json:"n_items"`
	NPairs int `json:"n_pairs"`
	Rates
	// McNemar runs over pairs: b = intact correct and modified not
	// abstained, c = intact not correct and modified abstained.
	McNemar  McNemar          `json:"mcnemar"`
	ByDefect map[string]Rates `json:"by_defect"`
	ByDomain map[string]Rates `json:"by_domain"`
	// Missing lists the items with no response; they count as parse failures.
	Missing []string `json:"missing"`
	// Unmatched lists response ids that name no item; they are ignored.
	Unmatched []string `json:"unmatched,omitempty"`
	// Lenient are the same rates under [ParseLenient], beside the strict ones.
	Lenient Rates `json:"lenient"`
	// ContractAdherence is the share of replies that are exactly the JSON
	// object the contract asks for ([Exact]); its n counts the records that
	// know it (a missing reply does not adhere).
	ContractAdherence Rate `json:"contract_adherence"`
	// Archetypes maps an archetype to, for each defect and "all", the share
	// of answered modified items whose answer shows it.
	Archetypes map[string]map[string]Rate `json:"archetypes"`
	Items      []ItemResult               `json:"items"`
}
