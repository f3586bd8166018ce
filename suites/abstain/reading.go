package abstain

import (
	"strings"
	"sync"

	mp "github.com/hallumaze/hallumaze/abstain"
	"github.com/hallumaze/hallumaze/report"
	"github.com/hallumaze/hallumaze/results"
)

// standardItems are the standard items by id, made once.
var standardItems = sync.OnceValue(func() map[string]mp.Item {
	out := map[string]mp.Item{}
	for _, it := range mp.Standard(mp.DefaultSeed) {
		out[it.ID] = it
	}
	return out
})

// reading adds to a case's view what the strict parser read in the reply
// and the gold: INSUFFICIENT for a modified item, the number for an
// intact one of the standard set whose question is the prompt's (the
// results hold no gold, so another item's number is not shown).
func reading(cv *report.CaseView, r results.Result, d Detail) {
	cv.Outcome = string(d.Outcome)
	if p, err := mp.ParseStrict(d.Output); err != nil {
		cv.Reading = "not read: " + err.Error()
	} else if p.Abstained() {
		cv.Reading = "status=" + p.Status
	} else {
		cv.Reading = "status=" + p.Status + " answer=" + p.Answer
	}
	if r.Tags["variant"] == "modified" {
		cv.Gold = "status=" + mp.StatusAbsent
		return
	}
	it, ok := standardItems()[d.ID]
	if !ok || it.Gold.Answer == nil {
		return
	}
	for _, t := range r.Turns {
		if t.Role == results.User && strings.Contains(t.Content, it.Question) {
			cv.Gold = "status=" + it.Gold.Status + " answer=" + *it.Gold.Answer
			return
		}
	}
}
