package mazereport

import (
	"strconv"

	"github.com/hallumaze/hallumaze/internal/jsonnum"
)

// appendSeedResult appends r as encoding/json writes it with HTML escaping
// off (seedRuns.encode), written by hand: every case of a run makes one.
// ok is false, with b as it was, when r holds a text that needs an escape
// or a number JSON cannot hold; encoding/json writes those (or fails on
// them). TestSeedResultEncoding holds the two to the same bytes and the
// field lists to the struct's.
func appendSeedResult(b []byte, r SeedResult) ([]byte, bool) {
	start := len(b)
	e := seedEncoder{b: b, ok: true}
	e.key(`{"provider":`)
	e.str(r.Provider)
	e.key(`,"model":`)
	e.str(r.Model)
	e.key(`,"case":`)
	e.str(r.Case)
	e.key(`,"sr":`)
	e.num(r.SR)
	e.key(`,"mei":`)
	e.num(r.MEI)
	e.key(`,"ce":`)
	e.numPtr(r.CE)
	e.key(`,"brs":`)
	e.num(r.BRS)
	e.key(`,"hallumaze_score":`)
	e.num(r.Score)
	e.key(`,"hallucination_count":`)
	e.int(r.HallucinationCount)
	e.key(`,"backtrack_count":`)
	e.int(r.BacktrackCount)
	e.key(`,"loop_count":`)
	e.int(r.LoopCount)
	e.key(`,"hrr":`)
	e.num(r.HRR)
	e.key(`,"first_hallucination_step":`)
	e.int(r.FirstHallucinationStep)
	e.key(`,"path_valid":`)
	e.bool(r.PathValid)
	e.key(`,"metacog_signals":`)
	if r.MetacogSignals == nil {
		e.key("null")
	} else {
		e.key("[")
		for i, s := range r.MetacogSignals {
			if i > 0 {
				e.key(",")
			}
			e.str(s)
		}
		e.key("]")
	}
	e.key(`,"confidence_log":`)
	if r.ConfidenceLog == nil {
		e.key("null")
	} else {
		e.key("[")
		for i, c := range r.ConfidenceLog {
			if i > 0 {
				e.key(",")
			}
			e.key(`{"step":`)
			e.int(c.Step)
			e.key(`,"conf":`)
			e.num(c.Conf)
			e.key("}")
		}
		e.key("]")
	}
	e.key(`,"latency_s":`)
	e.num(r.LatencyS)
	if l := r.Lenient; l != nil {
		e.key(`,"lenient":{`)
		if l.Form != "" {
			e.key(`"form":`)
			e.str(l.Form)
			e.key(",")
		}
		e.key(`"format_compliance":`)
		e.num(l.FormatCompliance)
		if l.Reasks != 0 {
			e.key(`,"reasks":`)
			e.int(l.Reasks)
		}
		e.key(`,"sr":`)
		e.num(l.SR)
		e.key(`,"mei":`)
		e.num(l.MEI)
		e.key(`,"ce":`)
		e.numPtr(l.CE)
		e.key(`,"brs":`)
		e.num(l.BRS)
		e.key(`,"hallumaze_score":`)
		e.num(l.Score)
		e.key(`,"hallucination_count":`)
		e.int(l.HallucinationCount)
		e.key(`,"backtrack_count":`)
		e.int(l.BacktrackCount)
		e.key(`,"path_valid":`)
		e.bool(l.PathValid)
		e.key("}")
	}
	e.key("}")
	if !e.ok {
		return b[:start], false
	}
	return e.b, true
}

// seedEncoder appends JSON; ok turns false at the first value it leaves
// to encoding/json.
type seedEncoder struct {
	b  []byte
	ok bool
}

func (e *seedEncoder) key(s string) { e.b = append(e.b, s...) }

func (e *seedEncoder) int(v int) { e.b = strconv.AppendInt(e.b, int64(v), 10) }

func (e *seedEncoder) bool(v bool) { e.b = strconv.AppendBool(e.b, v) }

// str writes a text of printable ASCII with nothing to escape; any other
// is left to encoding/json.
func (e *seedEncoder) str(s string) {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' {
			e.ok = false
			return
		}
	}
	e.b = append(append(append(e.b, '"'), s...), '"')
}

// num writes a float64 as encoding/json does; NaN and the infinities are
// left to encoding/json (which refuses them).
func (e *seedEncoder) num(f float64) {
	var ok bool
	if e.b, ok = jsonnum.AppendFloat(e.b, f); !ok {
		e.ok = false
	}
}

func (e *seedEncoder) numPtr(p *float64) {
	if p == nil {
		e.key("null")
		return
	}
	e.num(*p)
}
