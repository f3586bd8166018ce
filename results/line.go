package results

import (
	"fmt"
	"math"

	"github.com/hallumaze/hallumaze/internal/redact"
	"github.com/hallumaze/hallumaze/internal/textfmt"
)

// MaxLine is the longest line a results file holds, in bytes, its newline
// aside. It is the one bound the writer ([Encode], [Sink]) keeps and the
// reader ([Read]) reads up to, so that whatever a run writes, the run
// itself, --resume, the report and the gate read back.
const MaxLine = 64 << 20

// MaxText is the most of one text (a turn's content or reasoning, the
// system prompt) a results line keeps. A longer text is kept cut to its
// first MaxText bytes or a few less (at a character boundary), marked
// Truncated, with its true length beside it. It is more than any reply
// parser reads (1 MiB: mazes.MaxReply, abstain and worlds' MaxReplyBytes),
// so a cut reply reads back exactly as it was scored: the parser sees the
// same prefix, and a reply too long to parse is still too long.
const MaxText = 2 << 20

// lineBound and textBound are the bounds the package keeps: MaxLine and
// MaxText, lowered by its tests to try the cutting on small results.
var lineBound, textBound = MaxLine, MaxText

// The bounds of the numbers a result holds. A number beyond them is not
// one hallumaze writes: [Read] refuses it, so that sums, means and costs
// over any number of results stay finite.
const (
	// MaxTokens bounds a token count (a case's or a turn's, in or out).
	MaxTokens = 1 << 40
	// MaxMetric bounds the magnitude of a metric's value.
	MaxMetric = 1e12
	// MaxSeconds bounds a case's duration, and a turn's latency (in
	// milliseconds, MaxSeconds×1000).
	MaxSeconds = 1e9
)

// Encode is r as one results line (no newline), secrets replaced by red,
// within [MaxLine] and the bounds of its numbers ([Read] refuses what it
// refuses): each text longer than [MaxText] is cut, then, if the
// line is still too long (a conversation of many long turns), every text
// is cut shorter, down to nothing, and last the turns are left out
// (counted in TurnsOmitted). A result too long even without its turns is
// an error, and nothing is written for it.
func Encode(r Result, red *redact.Secrets) ([]byte, error) {
	line, _, err := appendEncode(nil, r, red)
	return line, err
}

// appendEncode appends [Encode]'s line of r to dst, and reports whether
// the line says other than r (a text cut, a turn left out, a secret
// replaced), so that the caller knows the result as the file holds it is
// the line read back, not r.
func appendEncode(dst []byte, r Result, red *redact.Secrets) (line []byte, altered bool, err error) {
	if err := r.check(); err != nil {
		return dst, false, fmt.Errorf("results: %s of %s: %w: a results file does not hold it", r.Key(), r.Model, err)
	}
	longest := len(r.System)
	for _, t := range r.Turns {
		longest = max(longest, len(t.Content), len(t.Reasoning))
	}
	for limit := textBound; ; {
		line, altered, err := encodeClipped(dst, r, limit, red)
		if err != nil {
			return dst, false, err
		}
		if len(line)-len(dst) <= lineBound {
			return line, altered, nil
		}
		if limit == 0 {
			break
		}
		limit = min(limit, longest) / 4
	}
	bare := r
	bare.System, bare.SystemBytes = "", max(r.SystemBytes, len(r.System))
	bare.Turns, bare.TurnsOmitted = nil, r.TurnsOmitted+len(r.Turns)
	line, _, err = encodeClipped(dst, bare, 0, red)
	if err != nil {
		return dst, false, err
	}
	if len(line)-len(dst) > lineBound {
		return dst, false, fmt.Errorf("results: %s of %s is %d bytes without its conversation, more than the %d a results line holds", r.Key(), r.Model, len(line)-len(dst), lineBound)
	}
	return line, true, nil
}

// encodeClipped appends r's line to dst with every text cut to at most
// limit bytes, and reports whether a text was cut or a secret replaced.
func encodeClipped(dst []byte, r Result, limit int, red *redact.Secrets) ([]byte, bool, error) {
	system := r.System
	r.System, r.SystemBytes = clip(r.System, r.SystemBytes, limit)
	altered := len(r.System) < len(system)
	if needsClip(r.Turns, limit) {
		altered = true
		turns := make([]Turn, len(r.Turns))
		for i, t := range r.Turns {
			var cut1, cut2 bool
			t.Content, t.ContentBytes, cut1 = clipTurn(t.Content, t.ContentBytes, limit)
			t.Reasoning, t.ReasoningBytes, cut2 = clipTurn(t.Reasoning, t.ReasoningBytes, limit)
			t.Truncated = t.Truncated || cut1 || cut2
			turns[i] = t
		}
		r.Turns = turns
	}
	line, err := AppendMarshal(dst, r)
	if err != nil {
		return dst, false, fmt.Errorf("results: encode %s of %s: %w", r.Key(), r.Model, err)
	}
	if red.Empty() {
		return line, altered, nil
	}
	// Bytes gives the line itself when it holds no secret.
	out := red.Bytes(line[len(dst):])
	if len(out) == len(line)-len(dst) && &out[0] == &line[len(dst)] {
		return line, altered, nil
	}
	return append(line[:len(dst)], out...), true, nil
}

func needsClip(turns []Turn, limit int) bool {
	for _, t := range turns {
		if len(t.Content) > limit || len(t.Reasoning) > limit {
			return true
		}
	}
	return false
}

// clip cuts s to at most limit bytes at a character boundary, and returns
// the true length to record: trueLen when s was cut before, len(s) when
// it is cut now, 0 when it is whole.
func clip(s string, trueLen, limit int) (string, int) {
	if len(s) <= limit {
		return s, trueLen
	}
	return textfmt.Cut(s, limit), max(trueLen, len(s))
}

func clipTurn(s string, trueLen, limit int) (string, int, bool) {
	out, n := clip(s, trueLen, limit)
	return out, n, len(out) < len(s)
}

// check refuses a result whose numbers are beyond what hallumaze writes.
func (r Result) check() error {
	if err := checkUsage(r.Usage); err != nil {
		return err
	}
	if !(r.Duration >= 0 && r.Duration <= MaxSeconds) {
		return fmt.Errorf("duration_s %v is not a number of seconds in [0, %g]", r.Duration, float64(MaxSeconds))
	}
	for name, v := range r.Metrics {
		if math.IsNaN(v) || math.Abs(v) > MaxMetric {
			return fmt.Errorf("metric %s = %v is beyond ±%g", name, v, float64(MaxMetric))
		}
	}
	for i, t := range r.Turns {
		if err := checkUsage(t.Usage); err != nil {
			return fmt.Errorf("turn %d: %w", i+1, err)
		}
		if !(t.LatencyMS >= 0 && t.LatencyMS <= MaxSeconds*1000) {
			return fmt.Errorf("turn %d: latency_ms %v is not in [0, %g]", i+1, t.LatencyMS, float64(MaxSeconds*1000))
		}
		if t.ContentBytes < 0 || t.ReasoningBytes < 0 {
			return fmt.Errorf("turn %d: a negative true length", i+1)
		}
	}
	if r.SystemBytes < 0 || r.TurnsOmitted < 0 {
		return fmt.Errorf("a negative count")
	}
	return nil
}

func checkUsage(u Usage) error {
	if u.InputTokens < 0 || u.InputTokens > MaxTokens || u.OutputTokens < 0 || u.OutputTokens > MaxTokens {
		return fmt.Errorf("usage %d in, %d out is not a token count in [0, %d]", u.InputTokens, u.OutputTokens, MaxTokens)
	}
	for _, n := range []int{u.ReasoningTokens, u.CachedInputTokens, u.CacheWriteTokens} {
		if n < 0 || n > MaxTokens {
			return fmt.Errorf("usage %d reasoning, %d cached, %d written is not a token count in [0, %d]", u.ReasoningTokens, u.CachedInputTokens, u.CacheWriteTokens, MaxTokens)
		}
	}
	return nil
}
