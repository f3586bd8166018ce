package worlds

import (
	"math/rand/v2"
	"slices"

	"github.com/hallumaze/hallumaze/scoring"
)

// The PCG stream constants, one per use of randomness, each its ASCII name.
// A stream is made fresh per unit (a level and seed, a position, an episode)
// as NewStream(seed, constant).
const (
	StreamGridLevels  = 0x6877677269642121 // "hwgrid!!": procedural grid levels and their actions
	StreamGridProbes  = 0x687770726f626521 // "hwprobe!": grid probe targets, foils, overlays
	StreamChessGames  = 0x68776368657373   // "hwchess": random games and move lists
	StreamChessProbes = 0x6877637072626521 // "hwcprbe!": chess probe targets, masks, transposition
	StreamTerminal    = 0x68777465726d2121 // "hwterm!!": terminal episodes and probe variants
	StreamInNav       = 0x6877696e6e617621 // "hwinnav!": navigation episodes' targets and questions
	StreamTask        = 0x68777461736b2121 // "hwtask!!": terminal tasks and their questions
)

// Stream draws bounded integers from a PCG source. Only PCG.Uint64 is used,
// whose sequence is fixed by the PCG-DXSM algorithm, and the bound is
// Lemire's multiply-and-reject on the high 32 bits, so a seed gives the same
// draws on every machine and Go release (math/rand/v2's IntN would give
// other values).
type Stream struct{ pcg *rand.PCG }

// NewStream returns the stream rand.NewPCG(seed, constant).
func NewStream(seed, constant uint64) *Stream {
	return &Stream{pcg: rand.NewPCG(seed, constant)}
}

// Intn returns a uniform integer in [0, n), 0 < n ≤ 2³². It panics for
// other n: every caller draws from a list it knows is not empty.
func (s *Stream) Intn(n int) int {
	if n <= 0 || uint64(n) > 1<<32 {
		panic("worlds: Intn bound out of range")
	}
	if n == 1<<32 {
		return int(s.pcg.Uint64() >> 32)
	}
	return int(scoring.Bounded(s.pcg, uint32(n)))
}

// Coin is Intn(2) == 0.
func (s *Stream) Coin() bool { return s.Intn(2) == 0 }

// Pick returns xs[s.Intn(len(xs))]. xs must not be empty.
func Pick[T any](s *Stream, xs []T) T { return xs[s.Intn(len(xs))] }

// Take picks an element of *xs and removes it, keeping the rest in order:
// a draw without replacement.
func Take[T any](s *Stream, xs *[]T) T {
	i := s.Intn(len(*xs))
	x := (*xs)[i]
	*xs = slices.Delete(*xs, i, i+1)
	return x
}
