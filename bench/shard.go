package bench

import (
	"fmt"
	"hash/fnv"
	"strconv"
	"strings"
)

// Shard is one machine's share of the cases: shard I of N, 1 ≤ I ≤ N.
// Cases are assigned by a hash of their suite and name, so the split is the
// same on every machine and does not depend on the order of cases.
type Shard struct{ I, N int }

// ParseShard reads "i/n".
func ParseShard(s string) (*Shard, error) {
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 1 || i > n {
		return nil, fmt.Errorf("bad shard %q (want i/n with 1 ≤ i ≤ n)", s)
	}
	return &Shard{I: i, N: n}, nil
}

// Has reports whether the case belongs to this shard. A nil shard has all.
func (s *Shard) Has(suite, name string) bool {
	if s == nil || s.N <= 1 {
		return true
	}
	h := fnv.New64a()
	h.Write([]byte(suite + "/" + name))
	return int(h.Sum64()%uint64(s.N)) == s.I-1
}

// Filter keeps the cases of this shard.
func (s *Shard) Filter(cases []Case) []Case {
	if s == nil || s.N <= 1 {
		return cases
	}
	var out []Case
	for _, c := range cases {
		if s.Has(c.Suite, c.Name) {
			out = append(out, c)
		}
	}
	return out
}
