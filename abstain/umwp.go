package abstain

// UMWP (Unanswerable Math Word Problems) by Yuhong Sun, Zhangyue Yin, Qipeng
// Guo, Jiawen Wu, Xipeng Qiu and Hui Zhao (LREC-COLING 2024),
// https://github.com/Yuki-Asuuna/UMWP, is licensed CC BY-SA 4.0. This file
// reads it; the data itself is not part of this module.

import (
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"
)

// UMWP defect names for the categories with no standard-set equivalent.
const (
	UMWPAmbiguousKeyInfo = "ambiguous_key_info"
	UMWPUnrelatedObject  = "unrelated_object"
	UMWPQuestionMissing  = "question_missing"
)

// umwpDefects maps UMWP's five categories of unanswerable edit onto defect
// names: 1 (key information missing) is a missing quantity and 3
// (unrealistic conditions: removing 100 of 10 figures) a contradiction; the
// other three keep UMWP's own names.
func umwpDefect(category int) (string, bool) {
	switch category {
	case 1:
		return MissingQuantity, true
	case 2:
		return UMWPAmbiguousKeyInfo, true
	case 3:
		return ContradictoryFacts, true
	case 4:
		return UMWPUnrelatedObject, true
	case 5:
		return UMWPQuestionMissing, true
	}
	return "", false
}

// umwpRecord is one line of UMWP's StandardDataset.jsonl.
type umwpRecord struct {
	ID          int    `json:"id"`
	Question    string `json:"question"`
	Answer      any    `json:"answer"`
	Answerable  bool   `json:"answerable"`
	Category    *int   `json:"category"`
	RelevantIDs []int  `json:"relevant_ids"`
	Source      string `json:"source"`
	line        int
	gold        []float64 // the answer when it is a list
}

// LoadUMWP reads UMWP's StandardDataset.jsonl (5,200 records in 2,600
// pairs) as items of this suite:
//
//   - an answerable record is an intact item whose gold is answer[0];
//   - an unanswerable record is the modified item of the pair its
//     relevant_ids[0] names (never the id arithmetic, which differs by
//     source);
//   - ids are "umwp-<upstream id>", pair ids "umwp-<answerable id>";
//   - the domain is "umwp_" and the lower-cased source (umwp_svamp,
//     umwp_multiarith, umwp_gsm8k, umwp_asdiv);
//   - the defect of both members is the unanswerable record's category (see
//     the mapping in the package documentation);
//   - pairs whose two questions are the same text (5 in the upstream file,
//     label noise) are dropped.
//
// An unanswerable record is trusted to be unanswerable even where upstream
// left a number in its answer field. Items come in file order of their
// answerable member, intact before modified. The data is CC BY-SA 4.0:
// anything derived from it must carry the attribution and the licence.
func LoadUMWP(path string) ([]Item, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("abstain: load umwp: %w", err)
	}
	return ReadUMWP(data)
}

// ReadUMWP is [LoadUMWP] of the file's bytes, for a caller that reads the
// file itself.
func ReadUMWP(data []byte) ([]Item, error) {
	var answerable []umwpRecord
	byID := map[int]umwpRecord{}
	partner := map[int]umwpRecord{} // answerable id → its unanswerable twin
	for n, raw := range strings.Split(string(data), "\n") {
		if strings.TrimSpace(raw) == "" {
			continue
		}
		var r umwpRecord
		if err := json.Unmarshal([]byte(raw), &r); err != nil {
			return nil, fmt.Errorf("abstain: load umwp: line %d: %w", n+1, err)
		}
		r.line = n + 1
		if _, dup := byID[r.ID]; dup {
			return nil, fmt.Errorf("abstain: load umwp: line %d: id %d seen twice", r.line, r.ID)
		}
		byID[r.ID] = r
		if r.Answerable {
			if err := r.readGold(); err != nil {
				return nil, err
			}
			answerable = append(answerable, r)
			continue
		}
		if len(r.RelevantIDs) != 1 {
			return nil, fmt.Errorf("abstain: load umwp: line %d: unanswerable id %d has %d relevant_ids, want 1", r.line, r.ID, len(r.RelevantIDs))
		}
		if prev, dup := partner[r.RelevantIDs[0]]; dup {
			return nil, fmt.Errorf("abstain: load umwp: line %d: id %d pairs with %d, already paired with %d", r.line, r.ID, r.RelevantIDs[0], prev.ID)
		}
		partner[r.RelevantIDs[0]] = r
	}
	for id, u := range partner {
		if a, ok := byID[id]; !ok || !a.Answerable {
			return nil, fmt.Errorf("abstain: load umwp: line %d: id %d pairs with %d, which is not an answerable record", u.line, u.ID, id)
		}
	}
	var items []Item
	for _, a := range answerable {
		u, ok := partner[a.ID]
		if !ok || strings.TrimSpace(u.Question) == strings.TrimSpace(a.Question) {
			continue
		}
		if u.Category == nil {
			return nil, fmt.Errorf("abstain: load umwp: line %d: unanswerable id %d has no category", u.line, u.ID)
		}
		defect, ok := umwpDefect(*u.Category)
		if !ok {
			return nil, fmt.Errorf("abstain: load umwp: line %d: unknown category %d", u.line, *u.Category)
		}
		pair := "umwp-" + strconv.Itoa(a.ID)
		domain := "umwp_" + strings.ToLower(a.Source)
		gold := formatFloat(a.gold[0])
		items = append(items,
			Item{ID: pair, PairID: pair, Variant: Intact, Domain: domain, Defect: defect,
				Question: a.Question, Gold: Gold{Status: StatusAnswer, Answer: &gold}},
			Item{ID: "umwp-" + strconv.Itoa(u.ID), PairID: pair, Variant: Modified, Domain: domain, Defect: defect,
				Question: u.Question, Gold: Gold{Status: StatusAbsent}},
		)
	}
	return items, nil
}

// readGold checks an answerable record's answer: a list of one number.
func (r *umwpRecord) readGold() error {
	list, ok := r.Answer.([]any)
	if !ok || len(list) != 1 {
		return fmt.Errorf("abstain: load umwp: line %d: answerable id %d: answer is not a list of one number", r.line, r.ID)
	}
	v, ok := list[0].(float64)
	if !ok {
		return fmt.Errorf("abstain: load umwp: line %d: answerable id %d: answer is not a number", r.line, r.ID)
	}
	r.gold = []float64{v}
	return nil
}
