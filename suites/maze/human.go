package maze

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/hallumaze/hallumaze/results"
)

// HumanEntry is one human control group's result as the seed's section 9.4
// writes it: group means entered by hand. Model, sr and mei are required;
// the rest are optional.
type HumanEntry struct {
	Provider           string   `json:"provider"`
	Model              string   `json:"model"`
	MazeSize           int      `json:"maze_size"`
	AriadneGroup       string   `json:"ariadne_group"`
	SR                 *float64 `json:"sr"`
	MEI                *float64 `json:"mei"`
	HallucinationCount *float64 `json:"hallucination_count"`
	BacktrackCount     *float64 `json:"backtrack_count"`
	LoopCount          *float64 `json:"loop_count"`
	HRR                *float64 `json:"hrr"`
	CE                 *float64 `json:"ce"`
	BRS                *float64 `json:"brs"`
	Score              *float64 `json:"hallumaze_score"`
	LatencyS           *float64 `json:"latency_s"`
}

// ReadHuman reads human control-group results: a JSON array of
// [HumanEntry] objects, or an object {"results": [...]}. An unknown key is
// an error naming it. Each entry becomes a maze-suite result of model
// "human/<model>" with Tags human=true, size and group, and the metrics
// SR, MEI, HC, BT, LT, HRR, CE, BRS and score that it gives. Case is
// "size=<n>/group=<g>" (size "any" when not given); two entries of one
// model and case are an error.
func ReadHuman(r io.Reader) ([]results.Result, error) {
	data, err := io.ReadAll(bufio.NewReader(r))
	if err != nil {
		return nil, fmt.Errorf("human results: %w", err)
	}
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 {
		return nil, errors.New("human results: empty file")
	}
	var entries []HumanEntry
	if trimmed[0] == '{' {
		var wrap struct {
			Results *[]HumanEntry `json:"results"`
		}
		if err := decodeStrict(trimmed, &wrap); err != nil {
			return nil, err
		}
		if wrap.Results == nil {
			return nil, errors.New(`human results: the object has no "results" array`)
		}
		entries = *wrap.Results
	} else if err := decodeStrict(trimmed, &entries); err != nil {
		return nil, err
	}
	out := make([]results.Result, 0, len(entries))
	seen := map[string]int{}
	for i, e := range entries {
		res, err := e.result()
		if err != nil {
			return nil, fmt.Errorf("human results: entry %d: %w", i+1, err)
		}
		k := res.Model + "\x00" + res.Case
		if j, ok := seen[k]; ok {
			return nil, fmt.Errorf("human results: entry %d repeats entry %d (%s, %s)", i+1, j, res.Model, res.Case)
		}
		seen[k] = i + 1
		out = append(out, res)
	}
	return out, nil
}

// decodeStrict decodes one JSON value, refusing unknown keys and trailing
// data.
func decodeStrict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("human results: %w", err)
	}
	if dec.More() {
		return errors.New("human results: data after the JSON value")
	}
	return nil
}

func (e HumanEntry) result() (results.Result, error) {
	if strings.TrimSpace(e.Model) == "" {
		return results.Result{}, errors.New("model is required")
	}
	if e.Provider != "" && e.Provider != "human" {
		return results.Result{}, fmt.Errorf("provider %q: a human result's provider is \"human\"", e.Provider)
	}
	if e.SR == nil || e.MEI == nil {
		return results.Result{}, errors.New("sr and mei are required")
	}
	if e.MazeSize != 0 && e.MazeSize < 2 {
		return results.Result{}, fmt.Errorf("maze_size %d is below 2", e.MazeSize)
	}
	group := e.AriadneGroup
	switch group {
	case "":
		group = "A"
	case "A", "B", "C":
	default:
		return results.Result{}, fmt.Errorf("ariadne_group %q (want A, B or C)", group)
	}
	metrics := map[string]float64{}
	for _, m := range []struct {
		key, name string
		v         *float64
		unit      bool // a rate in [0, 1], else a count ≥ 0
	}{
		{"SR", "sr", e.SR, true}, {"MEI", "mei", e.MEI, true},
		{"HC", "hallucination_count", e.HallucinationCount, false}, {"BT", "backtrack_count", e.BacktrackCount, false},
		{"LT", "loop_count", e.LoopCount, false}, {"HRR", "hrr", e.HRR, true},
		{"CE", "ce", e.CE, true}, {"BRS", "brs", e.BRS, true}, {"score", "hallumaze_score", e.Score, true},
	} {
		if m.v == nil {
			continue
		}
		v := *m.v
		if v < 0 || (m.unit && v > 1) || v > results.MaxMetric {
			want := fmt.Sprintf("≥ 0 and ≤ %g", float64(results.MaxMetric))
			if m.unit {
				want = "in [0, 1]"
			}
			return results.Result{}, fmt.Errorf("%s = %v is not %s", m.name, v, want)
		}
		metrics[m.key] = v
	}
	model := e.Model
	if !strings.HasPrefix(model, "human/") {
		model = "human/" + model
	}
	size := "any"
	if e.MazeSize > 0 {
		size = strconv.Itoa(e.MazeSize)
	}
	r := results.Result{
		Suite:   "maze",
		Model:   model,
		Case:    "size=" + size + "/group=" + group,
		Tags:    map[string]string{"human": "true", "group": group},
		Metrics: metrics,
	}
	if e.MazeSize > 0 {
		r.Tags["size"] = size
	}
	if e.LatencyS != nil {
		if *e.LatencyS < 0 || *e.LatencyS > results.MaxSeconds {
			return results.Result{}, fmt.Errorf("latency_s = %v is not in [0, %g]", *e.LatencyS, float64(results.MaxSeconds))
		}
		r.Duration = *e.LatencyS
	}
	return r, nil
}
