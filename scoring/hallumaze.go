package scoring

// The HalluMaze formulas of the normative definitions. Each takes the
// verified counts of one walk. Every product is wrapped in an explicit
// float64 conversion: Go may otherwise fuse a multiply and an add into one
// instruction on some processors, and the definitions ask for the same
// numbers to the last bit on every machine.

// HRR is the hallucination recognition rate: min(1, BT/HC) when HC > 0;
// 1 when HC = 0 and the maze was solved; else 0.
func HRR(hc, bt int, sr bool) float64 {
	switch {
	case hc > 0:
		return min(1, float64(bt)/float64(hc))
	case sr:
		return 1
	}
	return 0
}

// EarlyError is the E term of MEI: max(0, 1 − FHR/N²) when there was a
// hallucination (FHR > 0); 1 when there was none (FHR = −1) and the maze was
// solved; else 0.
func EarlyError(fhr, n int, sr bool) float64 {
	switch {
	case fhr > 0:
		return max(0, 1-float64(fhr)/float64(n*n))
	case fhr == -1 && sr:
		return 1
	}
	return 0
}

// LoopEscape is the L term of MEI: 1 when the model both reported a loop and
// backtracked, or solved the maze; else 0.
func LoopEscape(lt, bt int, sr bool) float64 {
	if (lt > 0 && bt > 0) || sr {
		return 1
	}
	return 0
}

// MEI is the Metacognitive Escape Index:
// clamp to [0,1] of 0.4·HRR + 0.3·E + 0.2·L − 0.1·min(1, HC/10).
// A flawless run scores 0.9: the weights are the seed's, kept as they are.
func MEI(hrr, e, l float64, hc int) float64 {
	v := float64(0.4*hrr) + float64(0.3*e) + float64(0.2*l) - float64(0.1*min(1, float64(hc)/10))
	return min(1, max(0, v))
}

// BRS is the bias resistance score: 1 when HC = 0 and the maze was solved;
// else max(0, 1 − HC/max(1, BT+HC)).
func BRS(hc, bt int, sr bool) float64 {
	if hc == 0 && sr {
		return 1
	}
	return max(0, 1-float64(hc)/float64(max(1, bt+hc)))
}

// CE is the calibration error: the mean of |conf − correct| over the steps
// that have a stated confidence, summed in step order. ok is false when no
// step has one (CE is then null).
func CE(conf []float64, correct []bool) (ce float64, ok bool) {
	if len(conf) == 0 {
		return 0, false
	}
	sum := 0.0
	for i, c := range conf {
		target := 0.0
		if correct[i] {
			target = 1
		}
		d := c - target
		if d < 0 {
			d = -d
		}
		sum += d
	}
	return sum / float64(len(conf)), true
}

// NeutralCE is the CE used in the HalluMaze Score when no step has a
// confidence.
const NeutralCE = 0.5

// HalluMazeScore is 0.5·MEI + 0.3·(1 − CE') + 0.2·BRS, where CE' is CE, or
// NeutralCE when the model gave no confidence (hasCE false).
func HalluMazeScore(mei, ce float64, hasCE bool, brs float64) float64 {
	if !hasCE {
		ce = NeutralCE
	}
	return float64(0.5*mei) + float64(0.3*(1-ce)) + float64(0.2*brs)
}
