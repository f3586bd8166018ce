package analysis

import (
	"math/bits"
	"sync"
	"sync/atomic"
)

// metricValues are a result's metrics, held by each name's place in a list
// of the names met so far (the same for every case): a case keeps a bit for
// each name it has and the values of those, in the names' order, not a
// map.
type metricValues struct {
	vals []float64 // the values of the set bits of has, lowest first
	has  uint64
	// more holds the metrics beyond the first 64 names (never met in a
	// maze result, which declares fewer).
	more map[string]float64
}

// metricNames is the list of metric names met so far and each one's place:
// read without a lock (an immutable map swapped whole), added to under
// metricMu.
var (
	metricNames atomic.Pointer[map[string]int]
	metricMu    sync.Mutex
)

// metricIndex is the place of a name, adding it when add is set.
func metricIndex(name string, add bool) (int, bool) {
	if m := metricNames.Load(); m != nil {
		if i, ok := (*m)[name]; ok {
			return i, true
		}
	}
	if !add {
		return 0, false
	}
	metricMu.Lock()
	defer metricMu.Unlock()
	old := map[string]int{}
	if m := metricNames.Load(); m != nil {
		if i, ok := (*m)[name]; ok {
			return i, true
		}
		old = *m
	}
	next := make(map[string]int, len(old)+1)
	for k, v := range old {
		next[k] = v
	}
	i := len(old)
	next[name] = i
	metricNames.Store(&next)
	return i, true
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
	mv.vals = make([]float64, 0, bits.OnesCount64(mv.has))
	for h := mv.has; h != 0; h &= h - 1 {
		mv.vals = append(mv.vals, byPlace[bits.TrailingZeros64(h)])
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
	case mv.has&(1<<i) == 0:
		return 0, false
	}
	return mv.vals[bits.OnesCount64(mv.has&(1<<i-1))], true
}
