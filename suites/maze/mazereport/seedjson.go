package mazereport

import (
	"bytes"
	"encoding/json"
	"fmt"
	"github.com/hallumaze/hallumaze/internal/jsonscan"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/hallumaze/hallumaze/mazes"
	"github.com/hallumaze/hallumaze/report"
	"github.com/hallumaze/hallumaze/results"
	"github.com/hallumaze/hallumaze/suites/maze/analysis"
	"github.com/hallumaze/hallumaze/suites/maze/record"
)

// SeedFile is the seed's JSON output (its section 11), extended to hold
// several mazes and framings: Runs has one group per distinct maze and
// framing. The seed's top-level keys are written for every file that holds
// a maze result (docs/report.md):
//
//   - "maze": the maze, when the file holds one (Maze); with several, the
//     seed's maze keys on which all of them agree and "mazes", how many
//     there are (SharedMaze).
//   - "config": the framing, when the file holds one run (Config); with
//     several, the keys on which all runs agree (SharedConfig).
//   - "results": every result of the file, run after run, each naming its
//     maze and framing in "case".
//
// So a reader of the seed's single-maze file reads it unchanged (the bytes
// are those of a file of one run written before several-maze files had
// these keys), and the seed's own json.load(...)["results"] reads every
// result of a file of many mazes.
type SeedFile struct {
	Maze    *SeedMaze    `json:"maze,omitempty"`
	Config  *SeedConfig  `json:"config,omitempty"`
	Results []SeedResult `json:"results,omitempty"`
	// SharedMaze and SharedConfig stand under "maze" and "config" when the
	// file holds several mazes, several runs.
	SharedMaze   SeedShared `json:"-"`
	SharedConfig SeedShared `json:"-"`
	Runs         []SeedRun  `json:"runs"`
	// Human holds the human control groups' results (seed section 9.4).
	Human []SeedHuman `json:"human_results,omitempty"`
}

// SeedRun is one maze under one framing, and every model's result on it.
type SeedRun struct {
	Maze    SeedMaze     `json:"maze"`
	Config  SeedConfig   `json:"config"`
	Results []SeedResult `json:"results"`
	// Errors are the cases that could not be played, not scored.
	Errors []SeedError `json:"errors,omitempty"`
}

// SeedMaze describes a maze as the seed does; solution_length counts the
// cells of the solution path.
type SeedMaze struct {
	Size           int      `json:"size"`
	Seed           uint64   `json:"seed"`
	Algorithm      string   `json:"algorithm"`
	SolutionLength int      `json:"solution_length"`
	DeadEnds       int      `json:"dead_ends"`
	MirageTraps    int      `json:"mirage_traps"`
	SolutionPath   [][2]int `json:"solution_path"`
}

// SeedConfig is the framing of a run: the seed's four keys, then the
// language and protocol this implementation adds.
type SeedConfig struct {
	UseMirage     bool   `json:"use_mirage"`
	UseConfidence bool   `json:"use_confidence"`
	AriadneMode   string `json:"ariadne_mode"`
	MaxTokens     int    `json:"max_tokens"`
	Lang          string `json:"lang"`
	Protocol      string `json:"protocol"`
}

// SeedResult is one model's result on a run, with the seed's keys; CE is
// null when the model stated no confidence. Conf in the confidence log is
// a percentage, as in the seed.
type SeedResult struct {
	Provider               string     `json:"provider"`
	Model                  string     `json:"model"`
	Case                   string     `json:"case"`
	SR                     float64    `json:"sr"`
	MEI                    float64    `json:"mei"`
	CE                     *float64   `json:"ce"`
	BRS                    float64    `json:"brs"`
	Score                  float64    `json:"hallumaze_score"`
	HallucinationCount     int        `json:"hallucination_count"`
	BacktrackCount         int        `json:"backtrack_count"`
	LoopCount              int        `json:"loop_count"`
	HRR                    float64    `json:"hrr"`
	FirstHallucinationStep int        `json:"first_hallucination_step"`
	PathValid              bool       `json:"path_valid"`
	MetacogSignals         []string   `json:"metacog_signals"`
	ConfidenceLog          []SeedConf `json:"confidence_log"`
	LatencyS               float64    `json:"latency_s"`
	// Lenient is the same case under the lenient reading of the reply,
	// beside the seed's strict keys; absent for results written before
	// the lenient tier.
	Lenient *SeedLenient `json:"lenient,omitempty"`
}

// SeedLenient is a result's scores under the lenient reading: what it
// read (form), the share of the replies the strict tier read
// (format_compliance), and the seed's headline keys recomputed.
type SeedLenient struct {
	Form               string   `json:"form,omitempty"`
	FormatCompliance   float64  `json:"format_compliance"`
	Reasks             int      `json:"reasks,omitempty"`
	SR                 float64  `json:"sr"`
	MEI                float64  `json:"mei"`
	CE                 *float64 `json:"ce"`
	BRS                float64  `json:"brs"`
	Score              float64  `json:"hallumaze_score"`
	HallucinationCount int      `json:"hallucination_count"`
	BacktrackCount     int      `json:"backtrack_count"`
	PathValid          bool     `json:"path_valid"`
}

// SeedConf is one confidence-log entry, conf in percent.
type SeedConf struct {
	Step int     `json:"step"`
	Conf float64 `json:"conf"`
}

// SeedError is a case that could not be played.
type SeedError struct {
	Provider string `json:"provider"`
	Model    string `json:"model"`
	Case     string `json:"case"`
	Error    string `json:"error"`
}

// SeedHuman is a human control group's result in the seed's form;
// optional metrics are null when not given.
type SeedHuman struct {
	Provider           string   `json:"provider"`
	Model              string   `json:"model"`
	MazeSize           int      `json:"maze_size,omitempty"`
	AriadneGroup       string   `json:"ariadne_group,omitempty"`
	SR                 float64  `json:"sr"`
	MEI                float64  `json:"mei"`
	HallucinationCount *float64 `json:"hallucination_count"`
	BacktrackCount     *float64 `json:"backtrack_count"`
	CE                 *float64 `json:"ce,omitempty"`
	BRS                *float64 `json:"brs,omitempty"`
	Score              *float64 `json:"hallumaze_score,omitempty"`
}

// SeedJSON builds the seed file's maze part from the maze-suite results:
// the runs, and the seed's single-maze keys when they apply. Runs are in
// order of size, seed, algorithm, then framing; results within a run by
// model. maxTokens is the reply budget the models had (0: 2500).
func SeedJSON(rs []results.Result, maxTokens int) (SeedFile, error) {
	sr := newSeedRuns(maxTokens, analysis.NewPool())
	defer sr.close()
	for _, r := range rs {
		if r.Suite != record.Name {
			continue
		}
		rd, err := record.Read(r)
		if err != nil {
			return SeedFile{}, fmt.Errorf("seed json: %w", err)
		}
		if err := sr.add(r, rd, r.Case, r.Model); err != nil {
			return SeedFile{}, err
		}
	}
	return sr.file()
}

// seedRuns gathers the seed file's runs as the results come: each run's
// maze and framing, and each result's entry, written as JSON at once and
// kept in a Spill until the file is written, so that a file of any number
// of results is written holding one run at a time.
type seedRuns struct {
	maxTokens int
	pool      *analysis.Pool
	runs      map[seedRunKey]*seedGroup
	keys      []seedRunKey
	human     []SeedHuman
	spill     *report.Spill
	buf       bytes.Buffer
	enc       *json.Encoder
	entry     []byte // room for a result's entry
}

type seedRunKey struct {
	maze   mazeKey
	config SeedConfig
}

// seedGroup is one run: its results' entries (kept in the spill) and the
// cases that could not be played.
type seedGroup struct {
	results []seedEntry
	errors  []SeedError
}

// seedEntry is a result's entry in the spill, with what its run sorts it
// by: its model as "provider/model" and its case.
type seedEntry struct {
	model, name string
	ref         report.SpillRef
}

func newSeedRuns(maxTokens int, pool *analysis.Pool) *seedRuns {
	if maxTokens <= 0 {
		maxTokens = 2500
	}
	s := &seedRuns{maxTokens: maxTokens, pool: pool, runs: map[seedRunKey]*seedGroup{}, spill: &report.Spill{}}
	s.enc = json.NewEncoder(&s.buf)
	s.enc.SetEscapeHTML(false)
	return s
}

// add files a maze result under its run, as record.Read read it; name and
// model are r.Case and r.Model as the caller keeps them (shared with other
// records).
func (s *seedRuns) add(r results.Result, rd record.Reading, name, model string) error {
	if results.IsHuman(r) {
		s.human = append(s.human, seedHuman(r))
		return nil
	}
	k, err := mazeKey{rd.Spec.Size, rd.Spec.Seed, rd.Spec.Algorithm}, rd.SpecErr
	if err == nil {
		_, err = s.pool.Maze(k.size, k.seed, k.alg)
	}
	if err != nil {
		return fmt.Errorf("seed json: %s of %s: %w", r.Case, r.Model, err)
	}
	key := seedRunKey{k, configOf(r.Tags, s.maxTokens)}
	run := s.runs[key]
	if run == nil {
		run = &seedGroup{}
		s.runs[key] = run
		s.keys = append(s.keys, key)
	}
	if r.Error != "" {
		provider, bare := report.SplitModel(r.Model)
		run.errors = append(run.errors, SeedError{provider, bare, r.Case, r.Error})
		return nil
	}
	res := seedResultOf(r, rd.Detail)
	entry, ok := appendSeedResult(s.entry[:0], res)
	s.entry = entry
	if !ok {
		entry, err = s.encode(res)
	}
	if err != nil {
		return fmt.Errorf("seed json: %s of %s: %w", r.Case, r.Model, err)
	}
	full := model
	if res.Provider+"/"+res.Model != full {
		full = res.Provider + "/" + res.Model
	}
	run.results = append(run.results, seedEntry{model: full, name: name, ref: s.spill.Put(entry)})
	return nil
}

// encode writes v as the file's compact JSON (HTML escaping off).
func (s *seedRuns) encode(v any) ([]byte, error) {
	s.buf.Reset()
	if err := s.enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(s.buf.Bytes(), []byte("\n")), nil
}

// sorted orders the runs by size, seed, algorithm, then framing, and each
// run's results by model and case.
func (s *seedRuns) sorted() []seedRunKey {
	keys := slices.Clone(s.keys)
	slices.SortFunc(keys, func(a, b seedRunKey) int {
		return report.CompareKeys(
			[]string{strconv.Itoa(a.maze.size), strconv.FormatUint(a.maze.seed, 10), string(a.maze.alg), protocolOrder(a.config.Protocol), a.config.Lang, onOff(!a.config.UseMirage), onOff(!a.config.UseConfidence), a.config.AriadneMode},
			[]string{strconv.Itoa(b.maze.size), strconv.FormatUint(b.maze.seed, 10), string(b.maze.alg), protocolOrder(b.config.Protocol), b.config.Lang, onOff(!b.config.UseMirage), onOff(!b.config.UseConfidence), b.config.AriadneMode})
	})
	for _, k := range keys {
		// as "provider/model\x00case" compare: the model, then the case
		slices.SortFunc(s.runs[k].results, func(a, b seedEntry) int {
			if c := strings.Compare(a.model, b.model); c != 0 {
				return c
			}
			return strings.Compare(a.name, b.name)
		})
	}
	return keys
}

// seedMazeOf is a run's maze as the seed describes it.
func (s *seedRuns) seedMazeOf(k mazeKey) (SeedMaze, error) {
	m, err := s.pool.Maze(k.size, k.seed, k.alg)
	if err != nil {
		return SeedMaze{}, fmt.Errorf("seed json: %w", err)
	}
	return seedMaze(m), nil
}

// members are the file's keys this suite writes (SeedFile.members): the
// runs and the results written a run, a result at a time.
func (s *seedRuns) members() ([]report.Member, error) {
	keys := s.sorted()
	f := SeedFile{Human: s.human}
	var out []report.Member
	runsMember := report.Member{Key: "runs", Value: report.Elements{N: len(keys), At: func(i int) ([]byte, error) { return s.runJSON(keys[i]) }}}
	if len(keys) == 0 {
		out = append(out, report.Member{Key: "runs", Value: []SeedRun{}})
		if len(f.Human) > 0 {
			out = append(out, report.Member{Key: "human_results", Value: f.Human})
		}
		return out, nil
	}
	mazesSeen := map[mazeKey]bool{}
	var ms, cs []any
	for _, k := range keys {
		cs = append(cs, k.config)
		if !mazesSeen[k.maze] {
			mazesSeen[k.maze] = true
			sm, err := s.seedMazeOf(k.maze)
			if err != nil {
				return nil, err
			}
			ms = append(ms, sm)
		}
	}
	switch {
	case len(ms) == 1:
		m := ms[0].(SeedMaze)
		out = append(out, report.Member{Key: "maze", Value: &m})
	default:
		shared, err := shared(ms)
		if err != nil {
			return nil, err
		}
		out = append(out, report.Member{Key: "maze", Value: append(shared, SeedKey{Key: "mazes", Value: json.RawMessage(strconv.Itoa(len(ms)))})})
	}
	if len(keys) == 1 {
		c := keys[0].config
		out = append(out, report.Member{Key: "config", Value: &c})
	} else {
		shared, err := shared(cs)
		if err != nil {
			return nil, err
		}
		out = append(out, report.Member{Key: "config", Value: shared})
	}
	var all []seedEntry
	for _, k := range keys {
		all = append(all, s.runs[k].results...)
	}
	if len(all) > 0 {
		var buf []byte
		out = append(out, report.Member{Key: "results", Value: report.Elements{N: len(all), At: func(i int) ([]byte, error) {
			var err error
			buf, err = s.spill.Get(all[i].ref, buf)
			return buf, err
		}}})
	}
	out = append(out, runsMember)
	if len(f.Human) > 0 {
		out = append(out, report.Member{Key: "human_results", Value: f.Human})
	}
	return out, nil
}

// runJSON is one run's object: its maze, its framing, its results from the
// spill and its errors.
func (s *seedRuns) runJSON(k seedRunKey) ([]byte, error) {
	run := s.runs[k]
	sm, err := s.seedMazeOf(k.maze)
	if err != nil {
		return nil, err
	}
	b := []byte(`{"maze":`)
	part, err := s.encode(sm)
	if err != nil {
		return nil, err
	}
	b = append(b, part...)
	b = append(b, `,"config":`...)
	if part, err = s.encode(k.config); err != nil {
		return nil, err
	}
	b = append(b, part...)
	b = append(b, `,"results":[`...)
	var buf []byte
	for i, e := range run.results {
		if i > 0 {
			b = append(b, ',')
		}
		if buf, err = s.spill.Get(e.ref, buf); err != nil {
			return nil, err
		}
		b = append(b, buf...)
	}
	b = append(b, ']')
	if len(run.errors) > 0 {
		b = append(b, `,"errors":`...)
		if part, err = s.encode(run.errors); err != nil {
			return nil, err
		}
		b = append(b, part...)
	}
	return append(b, '}'), nil
}

// file is the whole seed file in memory, as SeedJSON returns it.
func (s *seedRuns) file() (SeedFile, error) {
	f := SeedFile{Runs: []SeedRun{}, Human: s.human}
	members, err := s.members()
	if err != nil {
		return SeedFile{}, err
	}
	for _, m := range members {
		data, err := json.Marshal(m.Value)
		if err != nil {
			return SeedFile{}, err
		}
		switch m.Key {
		case "maze":
			if v, ok := m.Value.(SeedShared); ok {
				f.SharedMaze = v
			} else if err := json.Unmarshal(data, &f.Maze); err != nil {
				return SeedFile{}, err
			}
		case "config":
			if v, ok := m.Value.(SeedShared); ok {
				f.SharedConfig = v
			} else if err := json.Unmarshal(data, &f.Config); err != nil {
				return SeedFile{}, err
			}
		case "results":
			if err := json.Unmarshal(data, &f.Results); err != nil {
				return SeedFile{}, err
			}
		case "runs":
			if err := json.Unmarshal(data, &f.Runs); err != nil {
				return SeedFile{}, err
			}
		}
	}
	return f, nil
}

func (s *seedRuns) close() { s.spill.Close() }

// SeedShared is a JSON object whose keys keep their order: what several
// mazes or framings have in common.
type SeedShared []SeedKey

// SeedKey is one key of a SeedShared and its value as JSON.
type SeedKey struct {
	Key   string
	Value json.RawMessage
}

// MarshalJSON writes the keys as one object, in order.
func (s SeedShared) MarshalJSON() ([]byte, error) {
	b := []byte{'{'}
	for i, k := range s {
		if i > 0 {
			b = append(b, ',')
		}
		key, err := json.Marshal(k.Key)
		if err != nil {
			return nil, err
		}
		b = append(append(append(b, key...), ':'), k.Value...)
	}
	return append(b, '}'), nil
}

// Get returns the JSON value of a key, or false.
func (s SeedShared) Get(key string) (json.RawMessage, bool) {
	for _, k := range s {
		if k.Key == key {
			return k.Value, true
		}
	}
	return nil, false
}

// shared returns the keys of the first object whose values (as JSON) are
// the same in every object, in the first object's order.
func shared(objs []any) (SeedShared, error) {
	var out SeedShared
	var rest []map[string]string
	for i, o := range objs {
		keys, err := objectKeys(o)
		if err != nil {
			return nil, fmt.Errorf("seed json: %w", err)
		}
		if i == 0 {
			out = keys
			continue
		}
		m := make(map[string]string, len(keys))
		for _, k := range keys {
			m[k.Key] = string(k.Value)
		}
		rest = append(rest, m)
	}
	kept := out[:0]
	for _, k := range out {
		same := true
		for _, m := range rest {
			if v, ok := m[k.Key]; !ok || v != string(k.Value) {
				same = false
				break
			}
		}
		if same {
			kept = append(kept, k)
		}
	}
	return kept, nil
}

// objectKeys marshals v, a struct that encodes as a JSON object, and
// lists its keys in order with their values.
func objectKeys(v any) (SeedShared, error) {
	data, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	if len(data) < 2 || data[0] != '{' {
		return nil, fmt.Errorf("%T does not encode as an object", v)
	}
	// json.Marshal's bytes: compact, each key a string, each member's value
	// ending at a comma or the closing brace outside any string or
	// container.
	var out SeedShared
	for i := 1; i < len(data) && data[i] == '"'; {
		k := jsonscan.End(data, i)
		if k < 0 {
			return nil, fmt.Errorf("%T encodes with a key that does not end", v)
		}
		var key string
		if err := json.Unmarshal(data[i:k], &key); err != nil {
			return nil, err
		}
		at := k + 1 // past the colon
		end := jsonscan.End(data, at)
		if end < 0 {
			return nil, fmt.Errorf("%T encodes %s with a value that does not end", v, key)
		}
		out = append(out, SeedKey{Key: key, Value: json.RawMessage(data[at:end])})
		i = end + 1 // past the comma
	}
	return out, nil
}

func seedMaze(m *mazes.Maze) SeedMaze {
	sm := SeedMaze{Size: m.Size(), Seed: m.Seed(), Algorithm: string(m.Algorithm()),
		SolutionLength: len(m.Solution()), DeadEnds: m.DeadEnds(), MirageTraps: len(m.Traps())}
	sm.SolutionPath = make([][2]int, len(m.Solution()))
	for i, c := range m.Solution() {
		sm.SolutionPath[i] = [2]int{c.R, c.C}
	}
	return sm
}

func configOf(t map[string]string, maxTokens int) SeedConfig {
	c := SeedConfig{UseMirage: t["mirage"] != "off", UseConfidence: t["confidence"] != "off",
		AriadneMode: t["group"], MaxTokens: maxTokens, Lang: t["lang"], Protocol: t["protocol"]}
	if c.AriadneMode == "" {
		c.AriadneMode = "A"
	}
	if c.Lang == "" {
		c.Lang = string(mazes.English)
	}
	if c.Protocol == "" {
		c.Protocol = string(mazes.OneShot)
	}
	return c
}

// seedResultOf is a result's entry: its score record's scores (d), or its
// metrics when it has none (a result read back from a results JSON file).
func seedResultOf(r results.Result, d *record.Detail) SeedResult {
	if d == nil {
		d = &record.Detail{}
	}
	provider, model := report.SplitModel(r.Model)
	s := d.Scores
	out := SeedResult{
		Provider: provider, Model: model, Case: r.Case,
		SR: s.SR, MEI: report.Round6(s.MEI), CE: report.Round6p(s.CE), BRS: report.Round6(s.BRS), Score: report.Round6(s.Score),
		HallucinationCount: s.HC, BacktrackCount: s.BT, LoopCount: s.LT, HRR: report.Round6(s.HRR),
		FirstHallucinationStep: s.FHR, PathValid: s.PathValid,
		MetacogSignals: resultSignals(r, *d), ConfidenceLog: []SeedConf{},
		LatencyS: math.Round(r.Duration*1000) / 1000,
	}
	if len(r.Detail) == 0 { // a result without its score record: the metrics
		out.SR, out.MEI, out.BRS, out.Score, out.HRR = r.Metrics["SR"], report.Round6(r.Metrics["MEI"]), report.Round6(r.Metrics["BRS"]), report.Round6(r.Metrics["score"]), report.Round6(r.Metrics["HRR"])
		out.HallucinationCount, out.BacktrackCount, out.LoopCount = int(r.Metrics["HC"]), int(r.Metrics["BT"]), int(r.Metrics["LT"])
		out.FirstHallucinationStep = -1
		out.PathValid = r.Metrics["path-valid"] == 1
		if v, ok := r.Metrics["CE"]; ok {
			out.CE = report.Round6p(&v)
		}
	}
	if out.MetacogSignals == nil {
		out.MetacogSignals = []string{}
	}
	for _, e := range d.ConfLog {
		out.ConfidenceLog = append(out.ConfidenceLog, SeedConf{Step: e.Step, Conf: math.Round(e.Conf*10000) / 100})
	}
	if l := d.Lenient; l != nil {
		ls := l.Scores
		out.Lenient = &SeedLenient{Form: string(l.Form), FormatCompliance: report.Round6(l.Format.Compliance), Reasks: l.Format.Reasks,
			SR: ls.SR, MEI: report.Round6(ls.MEI), CE: report.Round6p(ls.CE), BRS: report.Round6(ls.BRS), Score: report.Round6(ls.Score),
			HallucinationCount: ls.HC, BacktrackCount: ls.BT, PathValid: ls.PathValid}
	}
	return out
}

func seedHuman(r results.Result) SeedHuman {
	_, model := report.SplitModel(r.Model)
	h := SeedHuman{Provider: "human", Model: model, AriadneGroup: r.Tags["group"], SR: r.Metrics["SR"], MEI: r.Metrics["MEI"]}
	h.MazeSize, _ = strconv.Atoi(r.Tags["size"])
	opt := func(k string) *float64 {
		if v, ok := r.Metrics[k]; ok {
			return &v
		}
		return nil
	}
	h.HallucinationCount, h.BacktrackCount = opt("HC"), opt("BT")
	h.CE, h.BRS, h.Score = opt("CE"), opt("BRS"), opt("score")
	return h
}

// protocolOrder puts the seed's one-shot protocol first.
func protocolOrder(p string) string {
	if p == string(mazes.OneShot) {
		return ""
	}
	return p
}

func onOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}
