package scoring

import "math"

// ChanceCorrected rescales a score so that chance scores 0 and the best
// possible scores 1, as Cohen's κ does for agreement:
//
//	x′ = (x − x_random) / (x_max − x_random)
//
// x_random is the score expected of a walker that knows nothing (for the
// maze's MEI and Score, mazes.RandomBaseline gives it per maze), x_max the
// score of a flawless walk under the same protocol (0.9 for MEI). x′ is
// not clipped: a negative value says "worse than chance", and reads as
// such.
//
// ok is false (x′ NaN) when x_max ≤ x_random (nothing separates skill from
// chance, so the rescaling is undefined) or an argument is NaN.
func ChanceCorrected(x, xRandom, xMax float64) (float64, bool) {
	if math.IsNaN(x) || math.IsNaN(xRandom) || math.IsNaN(xMax) || !(xMax > xRandom) {
		return math.NaN(), false
	}
	return (x - xRandom) / (xMax - xRandom), true
}

// ChanceCorrectedSE is the standard error x′ inherits from the standard
// error se of a simulated x_random (x and x_max exact), to first order:
//
//	∂x′/∂x_random = (x − x_max) / (x_max − x_random)²
//	SE(x′) = |x − x_max| · se / (x_max − x_random)²
//
// NaN where [ChanceCorrected] is undefined.
func ChanceCorrectedSE(x, xRandom, xMax, se float64) float64 {
	if _, ok := ChanceCorrected(x, xRandom, xMax); !ok || math.IsNaN(se) {
		return math.NaN()
	}
	d := xMax - xRandom
	return math.Abs(x-xMax) * se / (d * d)
}
