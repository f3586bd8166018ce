package mazes

import (
	"math/rand/v2"

	"github.com/hallumaze/hallumaze/scoring"
)

// Streams of the PCG source. Each use of randomness draws from its own
// stream so that, for example, changing how traps are chosen never changes
// the maze itself.
const (
	streamCarve = 0x68616c6c756d617a // "hallumaz"
	streamTraps = 0x6d69726167657321 // "mirages!"
)

// source draws bounded integers from a PCG stream. Only PCG.Uint64 is used:
// its sequence is fixed by the PCG-DXSM algorithm, so mazes do not depend on
// how a Go release implements IntN or Shuffle.
type source struct{ pcg *rand.PCG }

func newSource(seed, stream uint64) source {
	return source{rand.NewPCG(seed, stream)}
}

// intn returns a uniform integer in [0, n) for 0 < n ≤ 2³², by Lemire's
// multiply-and-reject method.
func (s source) intn(n uint32) uint32 { return scoring.Bounded(s.pcg, n) }
