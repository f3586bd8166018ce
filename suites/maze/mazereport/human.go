package mazereport

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/hallumaze/hallumaze/mazes"
	"github.com/hallumaze/hallumaze/mazes/lenient"
	"github.com/hallumaze/hallumaze/results"
	"github.com/hallumaze/hallumaze/suites/maze/analysis"
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
	// Seed, Algorithm and Walks give the group's walks on one maze (the
	// maze of MazeSize, Seed and Algorithm, DFS by default): one string of
	// moves per participant, from START, in the letters N, E, S and W
	// (spaces and commas ignored). With walks, the entry is that maze's,
	// the per-decision-point H3 reads them, and sr, mei, the counts and
	// hrr, where not given, are the walks' means, scored by the same
	// definitions as a model's moves.
	Seed      *uint64  `json:"seed"`
	Algorithm string   `json:"algorithm"`
	Walks     []string `json:"walks"`
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

// walks reads the entry's walks on its maze and their mean scores; nil
// without walks.
func (e HumanEntry) walks() ([][]mazes.Dir, map[string]float64, error) {
	if len(e.Walks) == 0 {
		if e.Seed != nil || e.Algorithm != "" {
			return nil, nil, errors.New("seed and algorithm name the maze of walks, and no walks are given")
		}
		return nil, nil, nil
	}
	if e.MazeSize < 2 || e.Seed == nil {
		return nil, nil, errors.New("walks need the maze they were walked on: maze_size and seed")
	}
	alg := mazes.DFS
	if e.Algorithm != "" {
		var err error
		if alg, err = mazes.ParseAlgorithm(e.Algorithm); err != nil {
			return nil, nil, err
		}
	}
	m, err := mazes.Generate(e.MazeSize, *e.Seed, alg)
	if err != nil {
		return nil, nil, err
	}
	var out [][]mazes.Dir
	sums := map[string]float64{}
	for i, w := range e.Walks {
		var moves []mazes.Dir
		for _, r := range w {
			switch r {
			case ' ', ',':
				continue
			}
			d, err := mazes.ParseDir(string(r))
			if err != nil {
				return nil, nil, fmt.Errorf("walk %d: %q is not a move (want N, E, S or W)", i+1, string(r))
			}
			moves = append(moves, d)
		}
		out = append(out, moves)
		s := mazes.Score(m, lenient.Reading{Form: lenient.FormMoves, Moves: moves}.Transcript(m))
		sums["SR"] += s.SR
		sums["MEI"] += s.MEI
		sums["HC"] += float64(s.HC)
		sums["BT"] += float64(s.BT)
		sums["HRR"] += s.HRR
	}
	for k := range sums {
		sums[k] /= float64(len(out))
	}
	return out, sums, nil
}

func (e HumanEntry) result() (results.Result, error) {
	if strings.TrimSpace(e.Model) == "" {
		return results.Result{}, errors.New("model is required")
	}
	if e.Provider != "" && e.Provider != "human" {
		return results.Result{}, fmt.Errorf("provider %q: a human result's provider is \"human\"", e.Provider)
	}
	walks, walkScores, err := e.walks()
	if err != nil {
		return results.Result{}, err
	}
	if walkScores != nil {
		fill := func(p **float64, v float64) {
			if *p == nil {
				*p = &v
			}
		}
		fill(&e.SR, walkScores["SR"])
		fill(&e.MEI, walkScores["MEI"])
		fill(&e.HallucinationCount, walkScores["HC"])
		fill(&e.BacktrackCount, walkScores["BT"])
		fill(&e.HRR, walkScores["HRR"])
	}
	if e.SR == nil || e.MEI == nil {
		return results.Result{}, errors.New("sr and mei are required (or walks to score)")
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
	if walks != nil {
		alg := e.Algorithm
		if alg == "" {
			alg = string(mazes.DFS)
		}
		seed := strconv.FormatUint(*e.Seed, 10)
		r.Case = "size=" + size + "/seed=" + seed + "/" + alg + "/group=" + group
		r.Tags["seed"], r.Tags["algorithm"] = seed, alg
		detail, err := json.Marshal(analysis.HumanWalks{Walks: walks})
		if err != nil {
			return results.Result{}, err
		}
		r.Detail = detail
	}
	if e.LatencyS != nil {
		if *e.LatencyS < 0 || *e.LatencyS > results.MaxSeconds {
			return results.Result{}, fmt.Errorf("latency_s = %v is not in [0, %g]", *e.LatencyS, float64(results.MaxSeconds))
		}
		r.Duration = *e.LatencyS
	}
	return r, nil
}
