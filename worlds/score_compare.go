package worlds

import (
	"slices"

	"github.com/hallumaze/hallumaze/scoring"
)

// McNemar is an exact McNemar test: b and c are the discordant counts and p
// the two-sided p-value of [scoring.McNemarExact].
type McNemar struct {
	B int     `json:"b"`
	C int     `json:"c"`
	P float64 `json:"p"`
}

// Paired is two models' right answers on the same probes: each model's
// accuracy and the exact McNemar test over right, probe by probe (b = A
// right and B not, c = B right and A not).
type Paired struct {
	NProbes int     `json:"n_probes"`
	ARight  Rate    `json:"a_right"`
	BRight  Rate    `json:"b_right"`
	McNemar McNemar `json:"mcnemar"`
}

// pairCounts accumulates a [Paired].
type pairCounts struct{ n, a, b, onlyA, onlyB int }

func (c *pairCounts) add(ra, rb bool) {
	c.n++
	if ra {
		c.a++
	}
	if rb {
		c.b++
	}
	switch {
	case ra && !rb:
		c.onlyA++
	case rb && !ra:
		c.onlyB++
	}
}

func (c *pairCounts) paired() Paired {
	return Paired{
		NProbes: c.n,
		ARight:  scoring.NewRate(c.a, c.n),
		BRight:  scoring.NewRate(c.b, c.n),
		McNemar: McNemar{B: c.onlyA, C: c.onlyB, P: scoring.McNemarExact(c.onlyA, c.onlyB)},
	}
}

// Comparison compares two models on the same probes: overall and per world
// × category (keys <world>/<cat>).
type Comparison struct {
	Paired
	ByWorldCategory map[string]Paired `json:"by_world_category"`
	// OnlyA and OnlyB list probe ids judged for one model only
	// ([CompareVerdicts]); they are left out of the test.
	OnlyA []string `json:"only_a,omitempty"`
	OnlyB []string `json:"only_b,omitempty"`
}

// CompareModels compares two models' replies (probe id → raw reply) on the
// same probes. A missing reply is not right.
func CompareModels(probes []Probe, respA, respB map[string]string) Comparison {
	a := make([]Verdict, len(probes))
	b := make([]Verdict, len(probes))
	for i, p := range probes {
		a[i], b[i] = judgeReply(p, respA), judgeReply(p, respB)
	}
	return CompareVerdicts(a, b)
}

func judgeReply(p Probe, resp map[string]string) Verdict {
	if reply, ok := resp[p.ID]; ok {
		return Judge(p, reply)
	}
	return MissingVerdict(p)
}

// CompareVerdicts compares two models' verdicts, paired by probe id in the
// order of a. Probes judged for one model only are listed apart and left
// out of the test; when an id appears twice in a list, its first verdict
// counts.
func CompareVerdicts(a, b []Verdict) Comparison {
	right := make(map[string]bool, len(b))
	for _, v := range b {
		if _, dup := right[v.ID]; !dup {
			right[v.ID] = v.judged().right
		}
	}
	var all pairCounts
	byWC := map[string]*pairCounts{}
	seen := make(map[string]bool, len(a))
	cmp := Comparison{}
	for _, v := range a {
		if seen[v.ID] {
			continue
		}
		seen[v.ID] = true
		rb, ok := right[v.ID]
		if !ok {
			cmp.OnlyA = append(cmp.OnlyA, v.ID)
			continue
		}
		ra := v.judged().right
		all.add(ra, rb)
		key := v.World + "/" + string(v.Category)
		if byWC[key] == nil {
			byWC[key] = &pairCounts{}
		}
		byWC[key].add(ra, rb)
	}
	for _, v := range b {
		if !seen[v.ID] {
			seen[v.ID] = true
			cmp.OnlyB = append(cmp.OnlyB, v.ID)
		}
	}
	slices.Sort(cmp.OnlyA)
	slices.Sort(cmp.OnlyB)
	cmp.Paired = all.paired()
	cmp.ByWorldCategory = make(map[string]Paired, len(byWC))
	for k, c := range byWC {
		cmp.ByWorldCategory[k] = c.paired()
	}
	return cmp
}
