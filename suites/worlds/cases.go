package worlds

import (
	"context"
	"encoding/json"
	"strconv"

	"github.com/hallumaze/hallumaze/bench"
	hw "github.com/hallumaze/hallumaze/worlds"
)

// Detail is the score record a HalluWorld result keeps: the verdict (what
// the scorer needs of the probe and of the reply) and the probe's meta (a
// chess position's FEN, a terminal session's files), so the report can draw
// the case without making the world again.
type Detail struct {
	hw.Verdict
	Meta json.RawMessage `json:"meta,omitempty"`
}

// NewCase is one probe as a case named by the probe's id: the world's
// system prompt, the probe's user message, one reply judged by the
// contract.
func NewCase(w hw.World, p hw.Probe) bench.Case {
	conflict := "none"
	if p.Conflict != nil {
		conflict = strconv.FormatBool(*p.Conflict)
	}
	system := hw.System(w.Rules())
	return bench.Case{
		Suite: Name,
		Name:  p.ID,
		Tags: map[string]string{
			"world": p.World, "level": p.Level, "view": p.View, "seed": strconv.FormatUint(p.Seed, 10),
			"category": string(p.Category), "probe_type": p.ProbeType,
			"answerable": strconv.FormatBool(p.Answerable()), "conflict": conflict,
		},
		Play: func(ctx context.Context, chat *bench.Chat) (bench.Outcome, error) {
			chat.SetSystem(system)
			rep, err := chat.Say(ctx, p.Context)
			if err != nil {
				return bench.Outcome{}, err
			}
			v := hw.Judge(p, rep.Text)
			m := map[string]float64{
				"right":          b2f(v.Right),
				"hallucinated":   b2f(v.Hallucinated),
				"abstained":      b2f(v.Outcome == hw.OutcomeAbstain),
				"parse-fail":     b2f(v.Outcome == hw.OutcomeParseFailure),
				"over-abstained": b2f(v.OverAbstained),
			}
			return bench.Outcome{Metrics: m, Detail: Detail{Verdict: v, Meta: p.Meta}}, nil
		},
	}
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}
