package scoring

// The ablated indices of the seed's ablation study (§14): each removes one
// term and spreads its weight over the terms that stay, in proportion, so
// that the index keeps its scale: a flawless walk still scores what it
// scored (0.9 for MEI), and the HC penalty of MEI keeps its −0.1 weight.
// Removing a term by fixing it at a constant would shift every walk by the
// same amount and change no ranking; spreading its weight is the ablation
// that asks what the term adds. Products are wrapped in float64 conversions,
// as in the full formulas, against fused multiply-add.

// MEIWithoutHRR is MEI with the HRR term removed: its 0.4 spread over E
// (0.3) and L (0.2) in proportion, so their weights 0.5 become 0.9:
//
//	clamp to [0,1] of 0.54·E + 0.36·L − 0.1·min(1, HC/10)
func MEIWithoutHRR(e, l float64, hc int) float64 {
	v := float64(0.54*e) + float64(0.36*l) - float64(0.1*min(1, float64(hc)/10))
	return min(1, max(0, v))
}

// MEIWithoutE is MEI with the early-error term E (the FHR term) removed: its
// 0.3 spread over HRR (0.4) and L (0.2), so their weights 0.6 become 0.9:
//
//	clamp to [0,1] of 0.6·HRR + 0.3·L − 0.1·min(1, HC/10)
func MEIWithoutE(hrr, l float64, hc int) float64 {
	v := float64(0.6*hrr) + float64(0.3*l) - float64(0.1*min(1, float64(hc)/10))
	return min(1, max(0, v))
}

// ScoreWithoutCE is the HalluMaze Score with the calibration term removed:
// 0.5·MEI + 0.2·BRS rescaled to the Score's weights summing to 1:
//
//	(0.5·MEI + 0.2·BRS) / 0.7
func ScoreWithoutCE(mei, brs float64) float64 {
	return (float64(0.5*mei) + float64(0.2*brs)) / 0.7
}
