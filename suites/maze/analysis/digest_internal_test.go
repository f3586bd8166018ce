package analysis

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/hallumaze/hallumaze/mazes"
)

// TestWalkDigestCounts: the digest of a walk gives back every count it was
// given, those beyond sixteen bits too.
func TestWalkDigestCounts(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.SampledFrom([]int{0, 1, 7, math.MaxUint16, math.MaxUint16 + 1, 1 << 30}).Draw
		p := mazes.ConfidencePatterns{Hallucinations: n(t, "h"), NoConfidence: n(t, "nc"), NoReference: n(t, "nr"), FellAt: n(t, "fa"),
			FellBefore: n(t, "fb"), Held: n(t, "held"), Rose: n(t, "rose"), A: n(t, "a"), B: n(t, "b"), Loops: n(t, "l"), FlatLoops: n(t, "fl"), VariedLoops: n(t, "vl")}
		sig := func(label string) Signals {
			return Signals{Contract: SignalCounts{n(t, label+"cd"), n(t, label+"cb"), n(t, label+"cl"), n(t, label+"cs")},
				Prose: SignalCounts{n(t, label+"pd"), n(t, label+"pb"), n(t, label+"pl"), n(t, label+"ps")}}
		}
		reply, reasoning := sig("reply"), sig("reasoning")
		w := newWalkDigest(p, reply, reasoning)
		require.Equal(t, p, w.Patterns())
		require.Equal(t, reply, w.Reply())
		require.Equal(t, reasoning, w.Reasoning())
	})
}
