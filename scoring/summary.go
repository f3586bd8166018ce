package scoring

import "math"

// MeanCI is the sample mean of x and its Student-t 95% confidence interval
//
//	mean ± t_{0.975, n−1} · s/√n
//
// where s is the sample standard deviation (divisor n − 1). With no values
// the mean and both ends are NaN; with one value the mean is that value and
// the interval is undefined (NaN ends): one value has no spread.
func MeanCI(x []float64) (mean float64, ci Interval) {
	n := len(x)
	if n == 0 {
		return math.NaN(), Interval{math.NaN(), math.NaN()}
	}
	mean, sd := meanSD(x)
	if n == 1 {
		return mean, Interval{math.NaN(), math.NaN()}
	}
	half := TQuantile(0.975, float64(n-1)) * sd / math.Sqrt(float64(n))
	return mean, Interval{mean - half, mean + half}
}

// meanSD is the mean and the sample standard deviation (divisor n − 1; 0
// for a single value), in two passes of correctly rounded sums ([Sum]):
// the same values give the same figures in any order.
func meanSD(x []float64) (mean, sd float64) {
	mean = Mean(x)
	if len(x) < 2 {
		return mean, 0
	}
	sq := make([]float64, len(x))
	for i, v := range x {
		sq[i] = (v - mean) * (v - mean)
	}
	return mean, math.Sqrt(Sum(sq) / float64(len(x)-1))
}

// TCDF is the cumulative distribution function of Student's t with df > 0
// degrees of freedom (df need not be whole):
//
//	P(T ≤ t) = 1 − ½·I_{df/(df+t²)}(df/2, ½)   for t ≥ 0
//
// with I the regularised incomplete beta function, and by symmetry for t < 0.
// It is NaN for df ≤ 0 or a NaN argument.
func TCDF(t, df float64) float64 {
	switch {
	case math.IsNaN(t) || math.IsNaN(df) || df <= 0:
		return math.NaN()
	case math.IsInf(t, 1):
		return 1
	case math.IsInf(t, -1):
		return 0
	}
	tail := 0.5 * regIncBeta(df/2, 0.5, df/(df+t*t))
	if t >= 0 {
		return 1 - tail
	}
	return tail
}

// TQuantile is the p-quantile of Student's t with df > 0 degrees of freedom:
// the t with TCDF(t, df) = p. TQuantile(0.975, 10) = 2.228139 (the familiar
// table value). It is −Inf at p = 0, +Inf at p = 1 and NaN outside [0, 1] or
// for df ≤ 0.
//
// The root is bracketed and then found by bisection on [TCDF], which is
// slow next to a closed form but cannot diverge; precision is about 1e-12
// relative.
func TQuantile(p, df float64) float64 {
	switch {
	case math.IsNaN(p) || math.IsNaN(df) || df <= 0 || p < 0 || p > 1:
		return math.NaN()
	case p == 0:
		return math.Inf(-1)
	case p == 1:
		return math.Inf(1)
	case p == 0.5:
		return 0
	case p < 0.5:
		return -TQuantile(1-p, df)
	}
	lo, hi := 0.0, 1.0
	for TCDF(hi, df) < p {
		lo, hi = hi, hi*2
		if math.IsInf(hi, 0) {
			return math.Inf(1)
		}
	}
	for range 200 {
		mid := lo + (hi-lo)/2
		if mid == lo || mid == hi {
			break
		}
		if TCDF(mid, df) < p {
			lo = mid
		} else {
			hi = mid
		}
		if hi-lo <= 1e-13*hi {
			break
		}
	}
	return lo + (hi-lo)/2
}

// regIncBeta is the regularised incomplete beta function I_x(a, b) for
// a, b > 0 and 0 ≤ x ≤ 1, by the continued fraction of Numerical Recipes
// (§6.4), evaluated with the modified Lentz method on whichever of x and
// 1 − x converges fast.
func regIncBeta(a, b, x float64) float64 {
	switch {
	case x <= 0:
		return 0
	case x >= 1:
		return 1
	}
	la, _ := math.Lgamma(a)
	lb, _ := math.Lgamma(b)
	lab, _ := math.Lgamma(a + b)
	front := math.Exp(lab - la - lb + a*math.Log(x) + b*math.Log1p(-x))
	if x < (a+1)/(a+b+2) {
		return front * betaContFrac(a, b, x) / a
	}
	return 1 - front*betaContFrac(b, a, 1-x)/b
}

// betaContFrac evaluates the continued fraction of the incomplete beta
// function by the modified Lentz method.
func betaContFrac(a, b, x float64) float64 {
	const (
		tiny = 1e-300
		eps  = 1e-16
	)
	// off keeps a denominator of the recurrence away from zero.
	off := func(v float64) float64 {
		if math.Abs(v) < tiny {
			return tiny
		}
		return v
	}
	qab, qap, qam := a+b, a+1, a-1
	c, d := 1.0, 1/off(1-qab*x/qap)
	h := d
	// step takes the next term aa of the fraction into c and d (one Lentz
	// step) and returns the factor it puts on h.
	step := func(aa float64) float64 {
		d = 1 / off(1+aa*d)
		c = off(1 + aa/c)
		return d * c
	}
	for m := 1; m <= 10000; m++ {
		mf := float64(m)
		m2 := 2 * mf
		h *= step(mf * (b - mf) * x / ((qam + m2) * (a + m2)))
		del := step(-(a + mf) * (qab + mf) * x / ((a + m2) * (qap + m2)))
		h *= del
		if math.Abs(del-1) < eps {
			break
		}
	}
	return h
}
