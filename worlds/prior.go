package worlds

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
)

// PriorKey is what a reader of the question alone knows about a probe: its
// world, its probe type (the wording of its question), the view it is shown
// in and the answer key its schema names.
type PriorKey struct {
	World     string `json:"world"`
	ProbeType string `json:"probe_type"`
	View      string `json:"view"`
	Key       string `json:"key"`
}

// KeyOf is the probe's prior key.
func KeyOf(p Probe) PriorKey {
	return PriorKey{World: p.World, ProbeType: p.ProbeType, View: p.View, Key: p.Key}
}

// PriorTable is the question-only baseline: for each prior key, the answer that
// was right most often over a training set of probes (canonical; "unknown"
// where UNKNOWN was the most frequent gold). It never reads an
// observation, so its accuracy is what the question alone earns, and
// accuracy′ = (accuracy − prior accuracy) / (1 − prior accuracy) is a
// model's accuracy corrected for it, as MEI′ corrects MEI for chance.
type PriorTable struct {
	// Source says which probes the answers were learned from.
	Source  string
	Answers map[PriorKey]string
}

// priorEntry is one line of a prior's JSON form: the key, the answer, and
// how many of the n training probes of the key it answered right.
type priorEntry struct {
	PriorKey
	Answer string `json:"answer"`
	Right  int    `json:"right"`
	N      int    `json:"n"`
}

// priorFile is a prior's JSON form.
type priorFile struct {
	Source  string       `json:"source"`
	Entries []priorEntry `json:"entries"`
}

// LearnPrior learns the prior from training probes: per key, the answer
// right on the most probes (the most frequent gold; for a member gold, the
// value accepted most often), ties broken by byte order. It returns the
// prior and its JSON form, entries sorted by key.
func LearnPrior(probes []Probe, source string) (PriorTable, []byte, error) {
	type tally struct {
		n     int
		right map[string]int
	}
	byKey := map[PriorKey]*tally{}
	for _, p := range probes {
		k := KeyOf(p)
		t := byKey[k]
		if t == nil {
			t = &tally{right: map[string]int{}}
			byKey[k] = t
		}
		t.n++
		switch {
		case p.Gold.Unknown:
			t.right[Unknown]++
		case p.Gold.Members != nil:
			for _, m := range p.Gold.Members {
				t.right[m]++
			}
		default:
			t.right[canonicalOf(p, p.Gold.Value)]++
		}
	}
	pr := PriorTable{Source: source, Answers: map[PriorKey]string{}}
	file := priorFile{Source: source}
	for k, t := range byKey {
		best, bestN := "", -1
		for a, n := range t.right {
			if n > bestN || (n == bestN && a < best) {
				best, bestN = a, n
			}
		}
		pr.Answers[k] = best
		file.Entries = append(file.Entries, priorEntry{PriorKey: k, Answer: best, Right: bestN, N: t.n})
	}
	slices.SortFunc(file.Entries, func(a, b priorEntry) int { return compareKeys(a.PriorKey, b.PriorKey) })
	data, err := json.MarshalIndent(file, "", " ")
	if err != nil {
		return PriorTable{}, nil, fmt.Errorf("worlds: prior: %w", err)
	}
	return pr, append(data, '\n'), nil
}

// compareKeys orders prior keys by world, probe type, view and key.
func compareKeys(a, b PriorKey) int {
	for _, c := range [][2]string{{a.World, b.World}, {a.ProbeType, b.ProbeType}, {a.View, b.View}, {a.Key, b.Key}} {
		if d := strings.Compare(c[0], c[1]); d != 0 {
			return d
		}
	}
	return 0
}

// ReadPrior reads a prior's JSON form.
func ReadPrior(data []byte) (PriorTable, error) {
	var f priorFile
	if err := json.Unmarshal(data, &f); err != nil {
		return PriorTable{}, fmt.Errorf("worlds: read prior: %w", err)
	}
	pr := PriorTable{Source: f.Source, Answers: make(map[PriorKey]string, len(f.Entries))}
	for _, e := range f.Entries {
		if e.Answer == "" {
			return PriorTable{}, fmt.Errorf("worlds: read prior: %v has no answer", e.PriorKey)
		}
		pr.Answers[e.PriorKey] = e.Answer
	}
	return pr, nil
}

// Answer is the prior's answer to a probe, and whether the prior knows
// its key.
func (pr PriorTable) Answer(p Probe) (string, bool) {
	a, ok := pr.Answers[KeyOf(p)]
	return a, ok
}

// Right reports whether answer (canonical, "unknown" to abstain) is right
// on the probe: an abstention on an UNKNOWN gold, or a value the gold
// accepts.
func Right(p Probe, answer string) bool {
	if answer == Unknown {
		return !p.Answerable()
	}
	return matchesGold(p, answer)
}

// priorJSON is the prior every verdict is judged against: learned by the
// suites' tests (suites/worlds, TestPrior) from a range of seeds apart from
// the standard sets, and rewritten there with -update.
//
//go:embed prior.json
var priorJSON []byte

// DefaultPrior is the embedded prior. It panics if the embedded file does
// not read, which a test of this package rules out.
var DefaultPrior = sync.OnceValue(func() PriorTable {
	pr, err := ReadPrior(priorJSON)
	if err != nil {
		panic(err)
	}
	return pr
})

// PriorAnswer is the prior agent's answer once a world has recognised the
// probe's key from the message: the embedded prior's answer for it, or
// "unknown" for a key it never learned.
func PriorAnswer(k PriorKey) string {
	if a, ok := DefaultPrior().Answers[k]; ok {
		return a
	}
	return Unknown
}
