package analysis

import (
	"math"
	"math/bits"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/hallumaze/hallumaze/results"
)

// metricValues are a result's metrics, held by each name's place in a list
// of the names met so far (the same for every case): a case keeps a bit for
// each name it has and the values of those, in the names' order, not a
// map. A lenient-tier metric equal to its strict one (as it is wherever
// the strict tier read the reply) keeps a bit in same, not a value; a
// metric that is 0 or 1 (most are: rates of one case, counts of nothing)
// keeps a bit in zero or one.
type metricValues struct {
	vals []float64 // the values of the bits of has not in same, zero or one, lowest first
	has  uint64
	same uint64 // lenient metrics whose value is their strict metric's
	// zero and one are the metrics (not in same) whose value is +0 or 1.
	zero, one uint64
	// more holds the metrics beyond the first 64 names (never met in a
	// maze result, which declares fewer).
	more map[string]float64
}

// metricNames is the list of metric names met so far: each one's place,
// and for a lenient metric (name…-lenient) its strict one's place, or −1.
// It is read without a lock (an immutable value swapped whole) and added
// to under metricMu.
type metricNames struct {
	place  map[string]int
	strict []int
}

var (
	names    atomic.Pointer[metricNames]
	metricMu sync.Mutex
)

// metricIndex is the place of a name, adding it when add is set.
func metricIndex(name string, add bool) (int, bool) {
	if n := names.Load(); n != nil {
		if i, ok := n.place[name]; ok {
			return i, true
		}
	}
	if !add {
		return 0, false
	}
	metricMu.Lock()
	defer metricMu.Unlock()
	old := &metricNames{place: map[string]int{}}
	if n := names.Load(); n != nil {
		if i, ok := n.place[name]; ok {
			return i, true
		}
		old = n
	}
	next := &metricNames{place: make(map[string]int, len(old.place)+2), strict: append([]int(nil), old.strict...)}
	for k, v := range old.place {
		next.place[k] = v
	}
	add1 := func(n string) int {
		if i, ok := next.place[n]; ok {
			return i
		}
		i := len(next.strict)
		next.place[n] = i
		next.strict = append(next.strict, -1)
		return i
	}
	i := add1(name)
	if base, ok := strings.CutSuffix(name, results.LenientSuffix); ok {
		next.strict[i] = add1(base)
	}
	names.Store(next)
	return i, true
}

// strictOf is the place of a lenient metric's strict one, or −1.
func strictOf(i int) int {
	if n := names.Load(); n != nil && i < len(n.strict) {
		return n.strict[i]
	}
	return -1
}

func metricsOf(m map[string]float64) metricValues {
	var mv metricValues
	var byPlace [64]float64
	for name, v := range m {
		i, _ := metricIndex(name, true)
		if i >= 64 {
			if mv.more == nil {
				mv.more = map[string]float64{}
			}
			mv.more[name] = v
			continue
		}
		byPlace[i] = v
		mv.has |= 1 << i
	}
	for h := mv.has; h != 0; h &= h - 1 {
		i := bits.TrailingZeros64(h)
		if s := strictOf(i); s >= 0 && s < 64 && mv.has&(1<<s) != 0 && math.Float64bits(byPlace[s]) == math.Float64bits(byPlace[i]) {
			mv.same |= 1 << i
		}
	}
	for h := mv.has &^ mv.same; h != 0; h &= h - 1 {
		i := bits.TrailingZeros64(h)
		switch math.Float64bits(byPlace[i]) {
		case 0:
			mv.zero |= 1 << i
		case math.Float64bits(1):
			mv.one |= 1 << i
		}
	}
	if n := bits.OnesCount64(mv.stored()); n > 0 {
		mv.vals = make([]float64, 0, n)
		for h := mv.stored(); h != 0; h &= h - 1 {
			mv.vals = append(mv.vals, byPlace[bits.TrailingZeros64(h)])
		}
	}
	return mv
}

func (mv metricValues) lookup(name string) (float64, bool) {
	i, ok := metricIndex(name, false)
	switch {
	case !ok:
		return 0, false
	case i >= 64:
		v, ok := mv.more[name]
		return v, ok
	}
	return mv.at(i)
}

func (mv metricValues) at(i int) (float64, bool) {
	if mv.has&(1<<i) == 0 {
		return 0, false
	}
	switch bit := uint64(1) << i; {
	case mv.same&bit != 0:
		return mv.at(strictOf(i))
	case mv.zero&bit != 0:
		return 0, true
	case mv.one&bit != 0:
		return 1, true
	}
	return mv.vals[bits.OnesCount64(mv.stored()&(1<<i-1))], true
}

// stored are the metrics whose values are in vals.
func (mv metricValues) stored() uint64 { return mv.has &^ mv.same &^ mv.zero &^ mv.one }
