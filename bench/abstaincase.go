package bench

import (
	"cmp"
	"context"
	"encoding/json"
	"slices"

	"github.com/hallumaze/hallumaze/abstain"
)

// AbstainDetail is the record a Missing Piece result keeps: the item, the
// strict and lenient outcomes of the reply, the hallucination archetypes
// its answer shows (on a modified item answered with a number), and the
// reply itself. With the case's tags it is all [AbstainRecords] needs to
// score a model without the items.
type AbstainDetail struct {
	ID         string          `json:"id"`
	PairID     string          `json:"pair_id"`
	Variant    string          `json:"variant"`
	Outcome    abstain.Outcome `json:"outcome"`
	Lenient    abstain.Outcome `json:"lenient_outcome"`
	Archetypes []string        `json:"archetypes,omitempty"`
	Output     string          `json:"output"`
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
			rec := abstain.NewRecord(it, rep.Text)
			outcome := rec.Outcome
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
				Outcome: outcome, Lenient: rec.Lenient, Archetypes: rec.Archetypes, Output: rep.Text,
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

// AbstainRecords turns one model's abstain results into the records the
// suite is scored from, in the order of the results: the item, pair,
// variant, domain and defect from the case's tags (the detail's when a tag
// is absent), the outcomes and archetypes from its [AbstainDetail]. Results
// of other suites, and results whose case could not be played, are left
// out. A result without a readable detail is judged from its metrics
// (parse-fail, abstained, right), with the lenient outcome taken to be the
// strict one; without those either, it counts as a parse failure.
func AbstainRecords(results []Result) []abstain.Record {
	var out []abstain.Record
	for _, r := range results {
		if rec, _, ok := abstainRecord(r); ok {
			out = append(out, rec)
		}
	}
	return out
}

// abstainRecord is the record of one played abstain result and the reply
// it kept.
func abstainRecord(r Result) (rec abstain.Record, output string, ok bool) {
	if r.Suite != "abstain" || r.Error != "" {
		return abstain.Record{}, "", false
	}
	var d AbstainDetail
	detail := len(r.Detail) > 0 && json.Unmarshal(r.Detail, &d) == nil
	rec = abstain.Record{
		ID: cmp.Or(r.Tags["item"], d.ID), PairID: cmp.Or(r.Tags["pair"], d.PairID),
		Variant: cmp.Or(r.Tags["variant"], d.Variant), Domain: r.Tags["domain"], Defect: r.Tags["defect"],
	}
	if detail && d.Outcome != "" {
		rec.Outcome, rec.Lenient, rec.Archetypes = d.Outcome, cmp.Or(d.Lenient, d.Outcome), d.Archetypes
		return rec, d.Output, true
	}
	_, judged := r.Metrics["right"]
	switch {
	case !judged || r.Metrics["parse-fail"] == 1:
		rec.Outcome = abstain.OutcomeParseFailure
	case r.Metrics["abstained"] == 1:
		rec.Outcome = abstain.OutcomeAbstained
	case r.Metrics["right"] == 1 && rec.Variant == abstain.Intact:
		rec.Outcome = abstain.OutcomeCorrect
	default:
		rec.Outcome = abstain.OutcomeWrong
	}
	rec.Lenient = rec.Outcome
	return rec, cmp.Or(d.Output, lastAssistant(r)), true
}

// AbstainScore scores one model's abstain results against items with the
// suite's metrics, intervals and McNemar test, from the records of
// [AbstainRecords]. The items decide the item set and its order, pairs,
// variants, domains and defects; an item without a result counts as a
// parse failure and is listed under Missing; a result naming no item is
// listed under Unmatched. Items whose case failed on the provider's side
// are left out of the items scored and listed in skipped. A result that
// kept no archetypes (written before results kept them) gets them from its
// item and reply.
func AbstainScore(items []abstain.Item, results []Result) (rep abstain.Report, skipped []string) {
	type played struct {
		rec    abstain.Record
		output string
	}
	byID := map[string]played{}
	failed := map[string]bool{}
	for _, r := range results {
		if r.Suite != "abstain" {
			continue
		}
		if r.Error != "" {
			id := r.Tags["item"]
			failed[id] = true
			skipped = append(skipped, id)
			continue
		}
		if rec, output, ok := abstainRecord(r); ok {
			byID[rec.ID] = played{rec, output}
		}
	}
	known := make(map[string]bool, len(items))
	var records []abstain.Record
	for _, it := range items {
		known[it.ID] = true
		if failed[it.ID] {
			continue
		}
		p, ok := byID[it.ID]
		if !ok {
			records = append(records, abstain.MissingRecord(it))
			continue
		}
		rec := p.rec
		rec.PairID, rec.Variant, rec.Domain, rec.Defect = it.PairID, it.Variant, it.Domain, it.Defect
		if rec.Archetypes == nil && it.Variant == abstain.Modified &&
			(rec.Outcome == abstain.OutcomeCorrect || rec.Outcome == abstain.OutcomeWrong) {
			rec.Archetypes = abstain.NewRecord(it, p.output).Archetypes
		}
		records = append(records, rec)
	}
	rep = abstain.ScoreRecords(records)
	for id := range byID {
		if !known[id] {
			rep.Unmatched = append(rep.Unmatched, id)
		}
	}
	slices.Sort(rep.Unmatched)
	return rep, skipped
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
