package scoring

import "math/rand/v2"

// The PCG stream constants of the resampling functions, each its ASCII name.
// A function makes its stream fresh per call as rand.NewPCG(seed, constant),
// so the same arguments give the same draws.
const (
	streamClusterBoot = 0x636c7573626f6f74 // "clusboot": BoundedMeanCI, PairedClusterBootstrap
	streamSignFlip    = 0x7369676e666c6970 // "signflip": ClusterSignFlipP beyond the exact size
	streamPermutation = 0x7065726d74657374 // "permtest": PermutationP beyond the exact size
)

// draws gives bounded integers from a PCG source. Only PCG.Uint64 is used,
// whose sequence is fixed by the PCG-DXSM algorithm, and the bound is
// Lemire's multiply-and-reject on the high 32 bits, so a seed gives the same
// draws on every machine and Go release (math/rand/v2's IntN may not).
type draws struct{ pcg *rand.PCG }

func newDraws(seed, stream uint64) draws { return draws{rand.NewPCG(seed, stream)} }

// intn returns a uniform integer in [0, n) for 0 < n < 2³²: Bounded's, with
// its common case (no draw to reject) inlined into the resampling loops.
func (d draws) intn(n int) int {
	x := d.pcg.Uint64()
	prod := (x >> 32) * uint64(n)
	if uint32(prod) < uint32(n) {
		return int(boundedFrom(d.pcg, uint32(n), prod))
	}
	return int(prod >> 32)
}

// Bounded returns a uniform integer in [0, n), 0 < n < 2³², from p by
// Lemire's multiply-and-reject on the high 32 bits of p.Uint64. Unlike
// math/rand/v2's IntN, whose method a Go release may change, it gives the
// same draws from the same PCG state everywhere: the module's seeded worlds
// (mazes, HalluWorld) and resamplings draw their bounded integers with it.
func Bounded(p *rand.PCG, n uint32) uint32 {
	x := p.Uint64()
	return boundedFrom(p, n, (x>>32)*uint64(n))
}

// boundedFrom finishes Bounded from the product of the first draw.
func boundedFrom(p *rand.PCG, n uint32, prod uint64) uint32 {
	low := uint32(prod)
	if low < n {
		thresh := -n % n
		for low < thresh {
			x := p.Uint64()
			prod = (x >> 32) * uint64(n)
			low = uint32(prod)
		}
	}
	return uint32(prod >> 32)
}
