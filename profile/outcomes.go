package profile

import (
	"cmp"
	"slices"
	"strings"
)

// outcomes are a measure's per-case outcomes, what the paired tests
// between two models read: one per case name (of several given for a name,
// the last), in the order of the names, each with its value on the card's
// scale and its cluster (the maze for a maze mean, the case itself for a
// rate). The names and clusters are numbers in a table the measures of one
// model's source share, so that an outcome is sixteen bytes: a card of a
// hundred thousand maze cases holds a few megabytes of them, not a map
// entry and two strings per case and measure.
type outcomes struct {
	t   *caseTable
	obs []outcome
}

// outcome is one case's contribution to a measure: the numbers of its
// name and cluster in the table, and its value.
type outcome struct {
	name, cluster uint32
	v             float64
}

// caseTable numbers case names and clusters. Outcomes are gathered with
// ref; the first call of outcomes orders the names and lets the lookup
// maps go, after which no name is added.
type caseTable struct {
	names, clusters numbering
	// rank is each name's place in the names' order, once ordered.
	rank []uint32
}

func newCaseTable() *caseTable {
	return &caseTable{names: numbering{at: map[string]uint32{}}, clusters: numbering{at: map[string]uint32{}}}
}

// ref is the outcome of a case with value v.
func (t *caseTable) ref(name, cluster string, v float64) outcome {
	return outcome{name: t.names.of(name), cluster: t.clusters.of(cluster), v: v}
}

// numbering numbers strings in the order they first come.
type numbering struct {
	list []string
	at   map[string]uint32
}

func (n *numbering) of(s string) uint32 {
	i, ok := n.at[s]
	if !ok {
		i = uint32(len(n.list))
		n.list = append(n.list, s)
		n.at[s] = i
	}
	return i
}

// ofBytes is the number of string(b), copying b only when it is new.
func (n *numbering) ofBytes(b []byte) uint32 {
	if i, ok := n.at[string(b)]; ok {
		return i
	}
	return n.of(string(b))
}

// outcomes orders a list of outcomes by case name and keeps the last of
// each name, as a map by name would. The list is reused.
func (t *caseTable) outcomes(list []outcome) outcomes {
	if t.rank == nil {
		names := t.names.list
		order := make([]uint32, len(names))
		for i := range order {
			order[i] = uint32(i)
		}
		slices.SortFunc(order, func(a, b uint32) int { return strings.Compare(names[a], names[b]) })
		t.rank = make([]uint32, len(names))
		for r, i := range order {
			t.rank[i] = uint32(r)
		}
		t.names.at, t.clusters.at = nil, nil
	}
	slices.SortStableFunc(list, func(a, b outcome) int { return cmp.Compare(t.rank[a.name], t.rank[b.name]) })
	out := list[:0]
	for i, o := range list {
		if i+1 < len(list) && list[i+1].name == o.name {
			continue
		}
		out = append(out, o)
	}
	if cap(out) > len(out)+len(out)/8 {
		out = slices.Clone(out)
	}
	return outcomes{t: t, obs: out}
}

// outcomesOf are the outcomes of a map by case name.
func outcomesOf(m map[string]obs) outcomes {
	t := newCaseTable()
	list := make([]outcome, 0, len(m))
	for name, o := range m {
		list = append(list, t.ref(name, o.cluster, o.v))
	}
	return t.outcomes(list)
}

// shared are, over the cases both a and b have, in the order of their
// names, the differences a − b and a's clusters.
func shared(a, b outcomes) (diff []float64, cl []string) {
	i, j := 0, 0
	for i < len(a.obs) && j < len(b.obs) {
		oa, ob := a.obs[i], b.obs[j]
		switch c := strings.Compare(a.t.names.list[oa.name], b.t.names.list[ob.name]); {
		case c < 0:
			i++
		case c > 0:
			j++
		default:
			diff = append(diff, oa.v-ob.v)
			cl = append(cl, a.t.clusters.list[oa.cluster])
			i++
			j++
		}
	}
	return diff, cl
}
