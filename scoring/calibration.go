package scoring

import "math"

// DefaultBins is the number of bins [ECE] and [ReliabilityBins] use when
// asked for fewer than one.
const DefaultBins = 10

// Bin is one bin of a reliability diagram: the confidences in [Lo, Hi) (the
// last bin also holds Hi = 1), how many there were, their mean, and the share
// of them that were correct. An empty bin has Count 0 and zero MeanConf and
// Accuracy; read Count first.
type Bin struct {
	Lo       float64 `json:"lo"`
	Hi       float64 `json:"hi"`
	Count    int     `json:"count"`
	MeanConf float64 `json:"mean_conf"`
	Accuracy float64 `json:"accuracy"`
}

// Brier is the Brier score of stated confidences: the mean of
// (confᵢ − 1{correctᵢ})², 0 for perfect and certain, 0.25 for always saying
// 0.5, 1 for certain and always wrong. Confidences are clamped to [0, 1].
// Empty input, inputs of different lengths or a NaN confidence give NaN.
func Brier(conf []float64, correct []bool) float64 {
	if !validCalibration(conf, correct) {
		return math.NaN()
	}
	var sum float64
	for i, c := range conf {
		d := clamp01(c) - indicator(correct[i])
		sum += float64(d * d) // the conversion keeps the product from being fused into the add
	}
	return sum / float64(len(conf))
}

// ECE is the expected calibration error over equal-width bins of [0, 1]:
//
//	ECE = Σ_b (n_b / N) · |accuracy_b − meanconf_b|
//
// with the bins of [ReliabilityBins] (a confidence of exactly 1 belongs to
// the last bin). bins < 1 means [DefaultBins]. Invalid input (see [Brier])
// gives NaN.
func ECE(conf []float64, correct []bool, bins int) float64 {
	bs := ReliabilityBins(conf, correct, bins)
	if bs == nil {
		return math.NaN()
	}
	return eceOf(bs, len(conf))
}

// eceOf is the ECE of bins over n confidences.
func eceOf(bs []Bin, n int) float64 {
	var ece float64
	for _, b := range bs {
		if b.Count > 0 {
			ece += float64(float64(b.Count) / float64(n) * math.Abs(b.Accuracy-b.MeanConf))
		}
	}
	return ece
}

// ReliabilityBins sorts the confidences into bins equal-width bins: bin i
// covers [i/bins, (i+1)/bins), the last one [(bins−1)/bins, 1] with 1
// included, so a confidence c lands in bin min(⌊c·bins⌋, bins−1).
// Confidences are clamped to [0, 1]. bins < 1 means [DefaultBins]. Invalid
// input (see [Brier]) gives nil.
func ReliabilityBins(conf []float64, correct []bool, bins int) []Bin {
	if !validCalibration(conf, correct) {
		return nil
	}
	r := NewReliability(bins)
	for i, c := range conf {
		r.Add(c, correct[i])
	}
	return r.Bins()
}

// Reliability sorts confidences into the bins of [ReliabilityBins] as they
// come, one step at a time, so that a report over any number of steps holds
// one counter per bin: Bins and ECE give, to the bit, what ReliabilityBins
// and [ECE] give over the same confidences in the same order.
type Reliability struct {
	bins  []Bin
	hits  []int
	n     int
	valid bool
}

// NewReliability starts the bins (bins < 1 means [DefaultBins]).
func NewReliability(bins int) *Reliability {
	if bins < 1 {
		bins = DefaultBins
	}
	r := &Reliability{bins: make([]Bin, bins), hits: make([]int, bins), valid: true}
	for i := range r.bins {
		r.bins[i].Lo = float64(i) / float64(bins)
		r.bins[i].Hi = float64(i+1) / float64(bins)
	}
	return r
}

// Add sorts one stated confidence and whether its step was correct. A NaN
// confidence makes the whole set invalid, as it makes ReliabilityBins'
// input.
func (r *Reliability) Add(conf float64, correct bool) {
	r.n++
	if math.IsNaN(conf) {
		r.valid = false
		return
	}
	c := clamp01(conf)
	b := min(int(math.Floor(c*float64(len(r.bins)))), len(r.bins)-1)
	r.bins[b].Count++
	r.bins[b].MeanConf += c
	if correct {
		r.hits[b]++
	}
}

// N is the number of confidences added.
func (r *Reliability) N() int { return r.n }

// Bins are the bins of the confidences added: nil when there are none or
// one was NaN.
func (r *Reliability) Bins() []Bin {
	if r.n == 0 || !r.valid {
		return nil
	}
	out := make([]Bin, len(r.bins))
	for i, b := range r.bins {
		out[i] = b
		if b.Count > 0 {
			out[i].MeanConf = b.MeanConf / float64(b.Count)
			out[i].Accuracy = float64(r.hits[i]) / float64(b.Count)
		}
	}
	return out
}

// ECE is [ECE] of the confidences added: NaN when Bins is nil.
func (r *Reliability) ECE() float64 {
	bs := r.Bins()
	if bs == nil {
		return math.NaN()
	}
	return eceOf(bs, r.n)
}

func validCalibration(conf []float64, correct []bool) bool {
	if len(conf) == 0 || len(conf) != len(correct) {
		return false
	}
	for _, c := range conf {
		if math.IsNaN(c) {
			return false
		}
	}
	return true
}

func clamp01(v float64) float64 { return math.Min(1, math.Max(0, v)) }

func indicator(b bool) float64 {
	if b {
		return 1
	}
	return 0
}
