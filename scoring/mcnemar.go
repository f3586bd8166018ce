package scoring

import (
	"math"
	"math/big"
)

// McNemarExact is the exact two-sided McNemar test of a paired design with b
// and c discordant pairs (b: the first condition succeeded and the second
// failed; c: the reverse). Under the null hypothesis each discordant pair is
// a fair coin, so with n = b + c and k = min(b, c)
//
//	p = min(1, 2 · Σ_{i=0}^{k} C(n, i) / 2ⁿ)
//
// and p = 1 when n = 0. Concordant pairs carry no information and are not
// arguments. Negative counts are treated as zero.
//
// Up to ExactMcNemarMax discordant pairs the sum is computed in integers
// and the quotient rounded once to the nearest float64, so the p-value is
// the same to the last bit as any exact implementation of the formula.
// Beyond, the sum is evaluated relative to its largest term, C(n, k), whose
// logarithm comes from [math.Lgamma]; the other terms follow by the exact
// ratio C(n, i−1)/C(n, i) = i/(n−i+1). This keeps full relative precision
// for n in the tens of thousands, where 2ⁿ overflows any float.
func McNemarExact(b, c int) float64 {
	b, c = max(b, 0), max(c, 0)
	n := b + c
	if n == 0 {
		return 1
	}
	k := min(b, c)
	if n <= ExactMcNemarMax {
		return mcnemarExactRat(n, k)
	}
	// Terms relative to C(n, k): t_k = 1, t_{i-1} = t_i · i/(n−i+1).
	sum, term := 1.0, 1.0
	for i := k; i >= 1; i-- {
		term *= float64(i) / float64(n-i+1)
		sum += term
		if term < sum*1e-17 {
			break
		}
	}
	logTail := logChoose(n, k) + math.Log(sum) - float64(n)*math.Ln2
	return math.Min(1, 2*math.Exp(logTail))
}

// logChoose is ln C(n, k) for 0 ≤ k ≤ n.
func logChoose(n, k int) float64 {
	a, _ := math.Lgamma(float64(n + 1))
	b, _ := math.Lgamma(float64(k + 1))
	c, _ := math.Lgamma(float64(n - k + 1))
	return a - b - c
}

// ExactMcNemarMax is the largest b + c for which [McNemarExact] computes the
// p-value exactly in integers.
const ExactMcNemarMax = 2000

// mcnemarExactRat is min(1, 2·Σ_{i≤k} C(n,i) / 2ⁿ) with the sum in integers
// and one correctly rounded division.
func mcnemarExactRat(n, k int) float64 {
	sum := new(big.Int)
	term := big.NewInt(1) // C(n, 0)
	for i := 0; i <= k; i++ {
		sum.Add(sum, term)
		term.Mul(term, big.NewInt(int64(n-i)))
		term.Quo(term, big.NewInt(int64(i+1)))
	}
	sum.Lsh(sum, 1)
	p, _ := new(big.Rat).SetFrac(sum, new(big.Int).Lsh(big.NewInt(1), uint(n))).Float64()
	return math.Min(1, p)
}
