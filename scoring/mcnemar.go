package scoring

import "math"

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
// The sum is evaluated relative to its largest term, C(n, k), whose logarithm
// comes from [math.Lgamma]; the other terms follow by the exact ratio
// C(n, i−1)/C(n, i) = i/(n−i+1). This keeps full relative precision for n in
// the tens of thousands, where 2ⁿ overflows any float.
func McNemarExact(b, c int) float64 {
	b, c = max(b, 0), max(c, 0)
	n := b + c
	if n == 0 {
		return 1
	}
	k := min(b, c)
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
