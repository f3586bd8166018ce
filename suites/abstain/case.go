package abstain

import (
	"cmp"
	"context"
	"encoding/json"

	mp "github.com/hallumaze/hallumaze/abstain"
	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/results"
	"github.com/hallumaze/hallumaze/scoring"
)

// Detail is the record a Missing Piece result keeps: the item, the
// strict and lenient outcomes of the reply, the hallucination archetypes
// its answer shows (on a modified item answered with a number), and the
// reply itself. With the case's tags it is all [Records] needs to
// score a model without the items.
type Detail struct {
	ID         string     `json:"id"`
	PairID     string     `json:"pair_id"`
	Variant    string     `json:"variant"`
	Outcome    mp.Outcome `json:"outcome"`
	Lenient    mp.Outcome `json:"lenient_outcome"`
	Archetypes []string   `json:"archetypes,omitempty"`
	Output     string     `json:"output"`
}

// NewCase is one Missing Piece item as a case named
// <defect>/<pair>/<variant>: the seed's system prompt, the item's question,
// one reply, parsed strictly (and leniently, beside it).
//
// Its metrics are per item: right (the correct number on an intact item,
// INSUFFICIENT on a modified one), parse-fail, abstained, and on the
// item's variant answer-correct (intact) or hallucinated (modified). The
// suite's rates, intervals and McNemar tests are computed over items with
// [Score].
func NewCase(it mp.Item) bench.Case {
	return bench.Case{
		Suite: Name,
		Name:  it.Defect + "/" + it.PairID + "/" + it.Variant,
		Tags: map[string]string{
			"item": it.ID, "pair": it.PairID, "variant": it.Variant,
			"defect": it.Defect, "domain": it.Domain,
		},
		Play: func(ctx context.Context, chat *bench.Chat) (bench.Outcome, error) {
			chat.SetSystem(mp.SystemPrompt)
			rep, err := chat.Say(ctx, mp.UserPrompt(it))
			if err != nil {
				return bench.Outcome{}, err
			}
			rec := mp.NewRecord(it, rep.Text)
			outcome := rec.Outcome
			m := map[string]float64{
				"right":      b2f(it.Right(outcome)),
				"parse-fail": b2f(outcome == mp.OutcomeParseFailure),
				"abstained":  b2f(outcome == mp.OutcomeAbstained),
			}
			if it.Variant == mp.Intact {
				m["answer-correct"] = b2f(outcome == mp.OutcomeCorrect)
			} else {
				m["hallucinated"] = b2f(outcome == mp.OutcomeCorrect || outcome == mp.OutcomeWrong)
			}
			return bench.Outcome{Metrics: m, Detail: Detail{
				ID: it.ID, PairID: it.PairID, Variant: it.Variant,
				Outcome: outcome, Lenient: rec.Lenient, Archetypes: rec.Archetypes, Output: rep.Text,
			}}, nil
		},
	}
}

// Cases builds a case per item.
func Cases(items []mp.Item) []bench.Case {
	out := make([]bench.Case, len(items))
	for i, it := range items {
		out[i] = NewCase(it)
	}
	return out
}

// Records turns one model's abstain results into the records the
// suite is scored from, in the order of the results: the item, pair,
// variant, domain and defect from the case's tags (the detail's when a tag
// is absent), the outcomes and archetypes from its [Detail]. Results
// of other suites, and results whose case could not be played, are left
// out. A result without a readable detail is judged from its metrics
// (parse-fail, abstained, right), with the lenient outcome taken to be the
// strict one; without those either, it counts as a parse failure.
func Records(rs []results.Result) []mp.Record {
	var out []mp.Record
	for _, r := range rs {
		if rec, _, ok := record(r); ok {
			out = append(out, rec)
		}
	}
	return out
}

// record is the record of one played abstain result and the reply
// it kept.
func record(r results.Result) (rec mp.Record, output string, ok bool) {
	if r.Suite != Name || r.Error != "" {
		return mp.Record{}, "", false
	}
	var d Detail
	detail := len(r.Detail) > 0 && json.Unmarshal(r.Detail, &d) == nil
	rec = mp.Record{
		ID: cmp.Or(r.Tags["item"], d.ID), PairID: cmp.Or(r.Tags["pair"], d.PairID),
		Variant: cmp.Or(r.Tags["variant"], d.Variant), Domain: r.Tags["domain"], Defect: r.Tags["defect"],
	}
	if detail && d.Outcome != "" {
		rec.Outcome, rec.Lenient, rec.Archetypes = d.Outcome, cmp.Or(d.Lenient, d.Outcome), d.Archetypes
		exact := mp.Exact(d.Output)
		rec.Exact = &exact
		return rec, d.Output, true
	}
	_, judged := r.Metrics["right"]
	switch {
	case !judged || r.Metrics["parse-fail"] == 1:
		rec.Outcome = mp.OutcomeParseFailure
	case r.Metrics["abstained"] == 1:
		rec.Outcome = mp.OutcomeAbstained
	case r.Metrics["right"] == 1 && rec.Variant == mp.Intact:
		rec.Outcome = mp.OutcomeCorrect
	default:
		rec.Outcome = mp.OutcomeWrong
	}
	rec.Lenient = rec.Outcome
	return rec, cmp.Or(d.Output, lastAssistant(r)), true
}

// Score scores one model's abstain results against items with the
// suite's metrics, intervals and McNemar test, from the records of
// [Records]. The items decide the item set and its order, pairs,
// variants, domains and defects; an item without a result counts as a
// parse failure and is listed under Missing; a result naming no item is
// listed under Unmatched. Items whose case failed on the provider's side
// are left out of the items scored and listed in skipped. A result that
// kept no archetypes (written before results kept them) gets them from its
// item and reply.
func Score(items []mp.Item, rs []results.Result) (rep mp.Report, skipped []string) {
	type played struct {
		rec    mp.Record
		output string
	}
	byID := map[string]played{}
	failed := map[string]bool{}
	for _, r := range rs {
		if r.Suite != Name {
			continue
		}
		if r.Error != "" {
			id := r.Tags["item"]
			failed[id] = true
			skipped = append(skipped, id)
			continue
		}
		if rec, output, ok := record(r); ok {
			byID[rec.ID] = played{rec, output}
		}
	}
	known := make(map[string]bool, len(items))
	var records []mp.Record
	for _, it := range items {
		known[it.ID] = true
		if failed[it.ID] {
			continue
		}
		p, ok := byID[it.ID]
		if !ok {
			records = append(records, mp.MissingRecord(it))
			continue
		}
		rec := p.rec
		rec.PairID, rec.Variant, rec.Domain, rec.Defect = it.PairID, it.Variant, it.Domain, it.Defect
		if rec.Archetypes == nil && it.Variant == mp.Modified &&
			(rec.Outcome == mp.OutcomeCorrect || rec.Outcome == mp.OutcomeWrong) {
			rec.Archetypes = mp.NewRecord(it, p.output).Archetypes
		}
		records = append(records, rec)
	}
	rep = mp.ScoreRecords(records)
	rep.Unmatched = scoring.UnknownIDs(byID, known)
	return rep, skipped
}

func lastAssistant(r results.Result) string {
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
