package bench

import (
	"context"

	"github.com/hallumaze/hallumaze/abstain"
)

// AbstainDetail is the record a Missing Piece result keeps.
type AbstainDetail struct {
	ID      string          `json:"id"`
	PairID  string          `json:"pair_id"`
	Variant string          `json:"variant"`
	Outcome abstain.Outcome `json:"outcome"`
	Lenient abstain.Outcome `json:"lenient_outcome"`
	Output  string          `json:"output"`
}

// AbstainCase is one Missing Piece item as a case named
// <defect>/<pair>/<variant>: the seed's system prompt, the item's question,
// one reply, parsed strictly (and leniently, beside it).
//
// Its metrics are per item: right (the correct number on an intact item,
// INSUFFICIENT on a modified one), parse-fail, abstained, and on the
// item's variant answer-correct (intact) or hallucinated (modified). The
// suite's rates, intervals and McNemar tests are computed over items with
// [AbstainScore].
func AbstainCase(it abstain.Item) Case {
	return Case{
		Suite: "abstain",
		Name:  it.Defect + "/" + it.PairID + "/" + it.Variant,
		Tags: map[string]string{
			"item": it.ID, "pair": it.PairID, "variant": it.Variant,
			"defect": it.Defect, "domain": it.Domain,
		},
		Play: func(ctx context.Context, chat *Chat) (Outcome, error) {
			chat.SetSystem(abstain.SystemPrompt)
			rep, err := chat.Say(ctx, abstain.UserPrompt(it))
			if err != nil {
				return Outcome{}, err
			}
			p, perr := abstain.ParseStrict(rep.Text)
			outcome := abstain.Judge(it, p, perr)
			lp, lerr := abstain.ParseLenient(rep.Text)
			m := map[string]float64{
				"right":      b2f(it.Right(outcome)),
				"parse-fail": b2f(outcome == abstain.OutcomeParseFailure),
				"abstained":  b2f(outcome == abstain.OutcomeAbstained),
			}
			if it.Variant == abstain.Intact {
				m["answer-correct"] = b2f(outcome == abstain.OutcomeCorrect)
			} else {
				m["hallucinated"] = b2f(outcome == abstain.OutcomeCorrect || outcome == abstain.OutcomeWrong)
			}
			return Outcome{Metrics: m, Detail: AbstainDetail{
				ID: it.ID, PairID: it.PairID, Variant: it.Variant,
				Outcome: outcome, Lenient: abstain.Judge(it, lp, lerr), Output: rep.Text,
			}}, nil
		},
	}
}

// AbstainCases builds a case per item.
func AbstainCases(items []abstain.Item) []Case {
	out := make([]Case, len(items))
	for i, it := range items {
		out[i] = AbstainCase(it)
	}
	return out
}

// AbstainScore scores one model's abstain results with the suite's
// metrics, intervals and McNemar test. Items whose case failed on the
// provider's side are left out of the items scored and listed in skipped.
func AbstainScore(items []abstain.Item, results []Result) (rep abstain.Report, skipped []string) {
	outputs := map[string]string{}
	failed := map[string]bool{}
	for _, r := range results {
		if r.Suite != "abstain" {
			continue
		}
		id := r.Tags["item"]
		if r.Error != "" {
			failed[id] = true
			skipped = append(skipped, id)
			continue
		}
		outputs[id] = lastAssistant(r)
	}
	var scored []abstain.Item
	for _, it := range items {
		if !failed[it.ID] {
			scored = append(scored, it)
		}
	}
	return abstain.Score(scored, outputs), skipped
}

func lastAssistant(r Result) string {
	for i := len(r.Turns) - 1; i >= 0; i-- {
		if r.Turns[i].Role == "assistant" {
			return r.Turns[i].Content
		}
	}
	return ""
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}
