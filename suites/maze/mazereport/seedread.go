package mazereport

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/hallumaze/hallumaze/mazes"
	"github.com/hallumaze/hallumaze/results"
	"github.com/hallumaze/hallumaze/suites/maze/record"
)

// ReadSeed reads back the maze part of a results JSON file ([SeedJSON]'s,
// the seed's schema): every result of every run, its maze and framing as
// the case's tags, the seed's keys as its metrics (and their lenient
// readings), the cases that could not be played as results with their
// error, and the human control groups. A file of the seed's own, with no
// "runs", is read as one run of its "maze" and "config". The file keeps
// neither the conversations nor the score records: a report made from it
// has every table, but no walk to draw. It returns no result for a file
// with no maze part.
func ReadSeed(data []byte) ([]results.Result, error) {
	var f struct {
		Maze    *SeedMaze       `json:"maze"`
		Config  *SeedConfig     `json:"config"`
		Results []SeedResult    `json:"results"`
		Runs    *[]SeedRun      `json:"runs"`
		Human   json.RawMessage `json:"human_results"`
	}
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("seed json: %w", err)
	}
	var runs []SeedRun
	switch {
	case f.Runs != nil:
		runs = *f.Runs
	case len(f.Results) > 0:
		if f.Maze == nil || f.Config == nil {
			return nil, fmt.Errorf(`seed json: "results" without "runs" needs the file's "maze" and "config"`)
		}
		runs = []SeedRun{{Maze: *f.Maze, Config: *f.Config, Results: f.Results}}
	}
	var out []results.Result
	for i, run := range runs {
		tags, err := seedTags(run)
		if err != nil {
			return nil, fmt.Errorf("seed json: runs[%d]: %w", i, err)
		}
		for _, r := range run.Results {
			res, err := r.result(tags)
			if err != nil {
				return nil, fmt.Errorf("seed json: runs[%d]: %w", i, err)
			}
			out = append(out, res)
		}
		for _, e := range run.Errors {
			out = append(out, results.Result{Suite: record.Name, Model: e.Provider + "/" + e.Model, Case: e.Case, Tags: caseTags(tags, e.Case), Error: e.Error})
		}
	}
	if h := bytes.TrimSpace(f.Human); len(h) > 0 && !bytes.Equal(h, []byte("null")) {
		hs, err := ReadHuman(bytes.NewReader(h))
		if err != nil {
			return nil, fmt.Errorf("seed json: human_results: %w", err)
		}
		out = append(out, hs...)
	}
	return out, nil
}

// seedTags are the tags of a run's cases, as [Spec.Tags] writes them.
func seedTags(run SeedRun) (map[string]string, error) {
	c := run.Config
	if run.Maze.Size < 2 {
		return nil, fmt.Errorf("maze size %d", run.Maze.Size)
	}
	alg := run.Maze.Algorithm
	if alg == "" {
		alg = string(mazes.DFS)
	}
	onOff := func(b bool) string {
		if b {
			return "on"
		}
		return "off"
	}
	tags := map[string]string{
		"size": strconv.Itoa(run.Maze.Size), "seed": strconv.FormatUint(run.Maze.Seed, 10), "algorithm": alg,
		"mirage": onOff(c.UseMirage), "confidence": onOff(c.UseConfidence), "group": c.AriadneMode,
		"lang": c.Lang, "protocol": c.Protocol, "run": "0",
	}
	for k, def := range map[string]string{"group": "A", "lang": string(mazes.English), "protocol": string(mazes.OneShot)} {
		if tags[k] == "" {
			tags[k] = def
		}
	}
	return tags, nil
}

// caseTags are a run's tags with the case's repetition (…/run=k).
func caseTags(run map[string]string, name string) map[string]string {
	tags := make(map[string]string, len(run))
	for k, v := range run {
		tags[k] = v
	}
	if i := strings.LastIndex(name, "/run="); i >= 0 {
		tags["run"] = name[i+len("/run="):]
	}
	return tags
}

// result is a seed result as the case's result: its metrics from the
// seed's keys.
func (r SeedResult) result(tags map[string]string) (results.Result, error) {
	if r.Provider == "" || r.Model == "" {
		return results.Result{}, fmt.Errorf("a result without its provider and model")
	}
	name := r.Case
	if name == "" {
		name = "size=" + tags["size"] + "/seed=" + tags["seed"] + "/base"
	}
	b2f := func(b bool) float64 {
		if b {
			return 1
		}
		return 0
	}
	m := map[string]float64{
		"SR": r.SR, "MEI": r.MEI, "BRS": r.BRS, "score": r.Score, "path-valid": b2f(r.PathValid),
		"HC": float64(r.HallucinationCount), "BT": float64(r.BacktrackCount), "LT": float64(r.LoopCount), "HRR": r.HRR,
	}
	if r.CE != nil {
		m["CE"] = *r.CE
	}
	if l := r.Lenient; l != nil {
		for k, v := range map[string]float64{"SR": l.SR, "MEI": l.MEI, "BRS": l.BRS, "score": l.Score, "path-valid": b2f(l.PathValid),
			"HC": float64(l.HallucinationCount), "BT": float64(l.BacktrackCount)} {
			m[k+results.LenientSuffix] = v
		}
		if l.CE != nil {
			m["CE"+results.LenientSuffix] = *l.CE
		}
		m["format-compliance"] = l.FormatCompliance
		if l.Reasks > 0 {
			m["reasks"] = float64(l.Reasks)
		}
	}
	return results.Result{Suite: record.Name, Model: r.Provider + "/" + r.Model, Case: name, Tags: caseTags(tags, name), Metrics: m, Duration: r.LatencyS}, nil
}
