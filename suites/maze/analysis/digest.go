package analysis

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/hallumaze/hallumaze/mazes"
	"github.com/hallumaze/hallumaze/results"
)

// Case is one maze result as the analyses read it: its model and name, its
// tags and metrics, the terms of its score record, and what the replay of
// its walk gives (the confidence patterns, the metacognitive signals, the
// outcome at each decision point). A Pool makes it once from the result,
// replaying the walk once, so that the analyses of any number of cases
// hold no transcript: a report over a hundred thousand cases keeps a few
// hundred bytes of each.
type Case struct {
	Model string
	// Name is the case's name (results.Result.Case).
	Name     string
	Human    bool
	Error    string
	Duration float64
	tags     *tagSet
	metrics  metricValues
	mazeKey  string
	spec     mazeSpec
	specErr  error
	// Scored is the score record's part the analyses read; nil when the
	// result has none (a human group, a case that could not be played, a
	// result read back from a results JSON file) or it does not read
	// (DetailErr).
	Scored    *Scored
	DetailErr error
	// Walk is what the replay of the walk gave; nil when it could not be
	// replayed (WalkErr).
	Walk    *WalkDigest
	WalkErr error
	// HumanPoints are, for a human group's result with walks, each walk's
	// outcome at the decision points it reached.
	HumanPoints [][]PointOutcome
	reasoning   bool
}

// Scored are the terms of a maze result's score record (its detail) that
// the analyses read.
type Scored struct {
	MEI, Score, BRS, HRR     float64
	EarlyError, LoopEscape   float64
	HC, BT, LT               int
	DeadEndLines, Strategies int
	// Budget is an interactive episode's step budget; Lenient reports that
	// the lenient tier drove the episode.
	Budget  int
	Lenient bool
}

// WalkDigest is what the replay of a case's walk gives.
type WalkDigest struct {
	Patterns mazes.ConfidencePatterns
	// Reply counts the signals of the visible replies, Reasoning those of
	// the reasoning returned beside them (ResultSignals).
	Reply, Reasoning Signals
	// Points are the walk's outcomes at the decision points it reached;
	// nil for a case outside H3's comparison (not Ariadne group A, or no
	// seed tag).
	Points []PointOutcome
}

// PointOutcome is a walk's first step from a decision point: whether it
// erred (pointErrors).
type PointOutcome struct {
	Cell  mazes.Cell
	Erred bool
}

// HasReasoning reports whether any turn of the result came with reasoning.
func (c *Case) HasReasoning() bool { return c.reasoning }

// Tag is the value of a tag, "" when absent.
func (c *Case) Tag(k string) string { return c.tags.m[k] }

// HasTag reports whether the result has the tag.
func (c *Case) HasTag(k string) bool {
	_, ok := c.tags.m[k]
	return ok
}

// Tags are the result's tags; shared with other cases, never to be
// changed.
func (c *Case) Tags() map[string]string { return c.tags.m }

// Metric is the value of a metric, 0 when absent (as a map of the metrics
// gives it).
func (c *Case) Metric(name string) float64 {
	v, _ := c.metrics.lookup(name)
	return v
}

// Lookup is the value of a metric and whether the result has it.
func (c *Case) Lookup(name string) (float64, bool) { return c.metrics.lookup(name) }

// MazeKey is [MazeKey] of the result.
func (c *Case) MazeKey() string { return c.mazeKey }

// Scoreable reports a model's case that was played: no error, no human
// group.
func (c *Case) Scoreable() bool { return c.Error == "" && !c.Human }

// Framing is [Framing] of the result.
func (c *Case) Framing() mazes.PromptOptions { return framingOf(c.tags.m) }

// mazeSpec names a generated maze: its size, seed and generator.
type mazeSpec struct {
	size int
	seed uint64
	alg  mazes.Algorithm
}

// tagSet is a set of tags shared by the cases that have the same.
type tagSet struct{ m map[string]string }

// Pool digests results into Cases, sharing among them what they have in
// common (strings, tag sets, regenerated mazes, decision points). It keeps
// the mazes it regenerated up to poolCells cells, then lets them go and
// starts again: the cases of one maze (its framings, the models) usually
// come close together. It is not safe for concurrent use.
type Pool struct {
	strs   map[string]string
	tags   map[string]*tagSet
	mazes  map[mazeSpec]*mazes.Maze
	cells  int
	points map[mazeSpec]pointSet
}

// poolCells bounds the cells of the mazes a Pool keeps.
const poolCells = 1 << 22

// pointSet are the decision points of a maze and its solution's cells.
type pointSet struct {
	isPoint, onSolution map[mazes.Cell]bool
}

// NewPool returns an empty pool.
func NewPool() *Pool {
	return &Pool{strs: map[string]string{}, tags: map[string]*tagSet{}, mazes: map[mazeSpec]*mazes.Maze{}, points: map[mazeSpec]pointSet{}}
}

// Digests digests the maze results among rs, in order, with one pool.
func Digests(rs []results.Result) []*Case {
	p := NewPool()
	var out []*Case
	for _, r := range rs {
		if r.Suite == suiteName {
			out = append(out, p.Digest(r, nil, nil))
		}
	}
	return out
}

// Replay is the walk a Digest replayed, for a caller that reads more of it
// than the Case keeps: the transcript and its checks, OK when there was
// one.
type Replay struct {
	Transcript mazes.Transcript
	Walk       mazes.Walk
	OK         bool
}

// Digest makes the Case of a maze result. d is its score record already
// read, when the caller has read it; nil reads it from the result. A
// detail that does not read leaves Scored nil and sets DetailErr; a walk
// that cannot be replayed leaves Walk nil and sets WalkErr: each analysis
// leaves such a case out where it needs them, as it did reading the
// result.
func (p *Pool) Digest(r results.Result, d *Scored, rp *Replay) *Case {
	c := &Case{Model: p.str(r.Model), Name: p.str(r.Case), Human: IsHuman(r), Error: r.Error, Duration: r.Duration}
	c.tags = p.tagSet(r.Tags)
	c.metrics = metricsOf(r.Metrics)
	c.mazeKey = p.str(MazeKey(r))
	c.spec, c.specErr = specOf(r)
	c.reasoning = hasReasoning(r)
	if c.Human {
		p.digestHuman(c, r)
		return c
	}
	if d == nil && len(r.Detail) > 0 {
		d, c.DetailErr = ReadScored(r)
	}
	c.Scored = d
	if c.Error == "" {
		c.Walk, c.WalkErr = p.replay(c, r, rp)
	}
	return c
}

// Unplayed is the Case of a case not played yet: its name and tags, no
// metrics, no walk.
func Unplayed(name string, tags map[string]string) *Case {
	r := results.Result{Suite: suiteName, Case: name, Tags: tags}
	c := &Case{Name: name, tags: &tagSet{m: tags}, mazeKey: MazeKey(r)}
	c.spec, c.specErr = specOf(r)
	return c
}

// ReadScored reads the part of a maze result's detail the analyses use.
func ReadScored(r results.Result) (*Scored, error) {
	dt, err := decodeDetail(r)
	if err != nil {
		return nil, err
	}
	return ScoredOf(dt.Scores, budgetOf(dt), len(dt.Lenient) > 0 && string(dt.Lenient) != "null"), nil
}

// ScoredOf is the analyses' part of a score record: the strict scores, the
// episode's budget and whether the lenient tier drove it.
func ScoredOf(s mazes.Scores, budget int, lenient bool) *Scored {
	return &Scored{MEI: s.MEI, Score: s.Score, BRS: s.BRS, HRR: s.HRR, EarlyError: s.EarlyError, LoopEscape: s.LoopEscape,
		HC: s.HC, BT: s.BT, LT: s.LT, DeadEndLines: s.DeadEndLines, Strategies: s.StrategyChanges, Budget: budget, Lenient: lenient}
}

func budgetOf(d detail) int {
	if d.Episode != nil {
		return d.Episode.Budget
	}
	return 0
}

// digestHuman reads a human group's walks, when its detail holds them.
func (p *Pool) digestHuman(c *Case, r results.Result) {
	if r.Error != "" || c.Tag("seed") == "" || !groupA(c) || c.specErr != nil || len(r.Detail) == 0 {
		return
	}
	var hw HumanWalks
	if json.Unmarshal(r.Detail, &hw) != nil {
		return
	}
	m := p.maze(c.spec)
	if m == nil {
		return
	}
	for _, walk := range hw.Walks {
		c.HumanPoints = append(c.HumanPoints, p.pointErrors(c.spec, m, movesSteps(m, walk)))
	}
}

// replay replays the case's walk once (as Walk does) and keeps what the
// analyses read of it.
func (p *Pool) replay(c *Case, r results.Result, rp *Replay) (*WalkDigest, error) {
	if c.specErr != nil {
		return nil, c.specErr
	}
	m := p.maze(c.spec)
	if m == nil {
		_, err := Maze(r)
		return nil, err
	}
	var budget int
	var lenient bool
	if c.Framing().Protocol == mazes.Interactive {
		if len(r.Detail) == 0 {
			return nil, fmt.Errorf("result %s of %s has no detail", r.Case, r.Model)
		}
		if c.Scored == nil {
			return nil, c.DetailErr
		}
		budget, lenient = c.Scored.Budget, c.Scored.Lenient
	}
	tr, w := walkOf(m, c.Framing(), r, budget, lenient)
	if rp != nil {
		*rp = Replay{Transcript: tr, Walk: w, OK: true}
	}
	out := &WalkDigest{Patterns: mazes.ClassifyConfidence(tr, w)}
	var content, thought []string
	for _, t := range r.Turns {
		if t.Role != results.Assistant {
			continue
		}
		content = append(content, t.Content)
		if t.Reasoning != "" {
			thought = append(thought, t.Reasoning)
		}
	}
	out.Reply.Contract = SignalCounts{DeadEnd: tr.DeadEnds, Backtrack: w.BT, Loop: tr.Loops, Strategy: tr.StrategyChanges}
	out.Reply.Prose = proseSignals(strings.Join(content, "\n"))
	if len(thought) > 0 {
		out.Reasoning = CountSignals(m, strings.Join(thought, "\n"))
	}
	if c.Tag("seed") != "" && groupA(c) {
		out.Points = p.pointErrors(c.spec, m, tr.Steps)
	}
	return out, nil
}

// groupA reports a case of Ariadne group A (or of none), where no hint
// helps: H3 compares those.
func groupA(c *Case) bool {
	g := c.Tag("group")
	return g == "" || g == "A"
}

func hasReasoning(r results.Result) bool {
	for _, t := range r.Turns {
		if t.Reasoning != "" {
			return true
		}
	}
	return false
}

// maze regenerates a maze, once while the pool keeps it; nil when it
// cannot be.
func (p *Pool) maze(s mazeSpec) *mazes.Maze {
	m, _ := p.Maze(s.size, s.seed, s.alg)
	return m
}

// Maze regenerates a maze, once while the pool keeps it.
func (p *Pool) Maze(size int, seed uint64, alg mazes.Algorithm) (*mazes.Maze, error) {
	s := mazeSpec{size, seed, alg}
	if m, ok := p.mazes[s]; ok {
		if m == nil {
			return nil, p.mazeErr(s)
		}
		return m, nil
	}
	m, err := mazes.Generate(size, seed, alg)
	if err != nil {
		m = nil
	}
	if p.cells > poolCells {
		clear(p.mazes)
		clear(p.points)
		p.cells = 0
	}
	p.mazes[s] = m
	p.cells += max(1, size*size)
	if err != nil {
		return nil, fmt.Errorf("regenerate maze: %w", err)
	}
	return m, nil
}

func (p *Pool) mazeErr(s mazeSpec) error {
	_, err := mazes.Generate(s.size, s.seed, s.alg)
	return fmt.Errorf("regenerate maze: %w", err)
}

// pointErrors is pointErrors with the maze's decision points computed once
// per pool, as a list.
func (p *Pool) pointErrors(s mazeSpec, m *mazes.Maze, steps []mazes.Step) []PointOutcome {
	ps, ok := p.points[s]
	if !ok {
		ps = pointSet{isPoint: map[mazes.Cell]bool{}, onSolution: map[mazes.Cell]bool{}}
		for _, c := range DecisionPoints(m) {
			ps.isPoint[c] = true
		}
		for _, c := range m.Solution() {
			ps.onSolution[c] = true
		}
		p.points[s] = ps
	}
	w := mazes.Verify(m, steps)
	var out []PointOutcome
	pos := m.Start()
	for i, ch := range w.Checks {
		from := pos
		if ch.Teleport {
			from = steps[i].From
		}
		if ps.isPoint[from] && !slices.ContainsFunc(out, func(o PointOutcome) bool { return o.Cell == from }) {
			out = append(out, PointOutcome{Cell: from, Erred: !ch.Valid || !ps.onSolution[ch.To]})
		}
		pos = ch.To
	}
	if out == nil {
		out = []PointOutcome{}
	}
	return out
}

func (p *Pool) str(s string) string {
	if v, ok := p.strs[s]; ok {
		return v
	}
	p.strs[s] = s
	return s
}

// tagSet shares the tag sets of equal content.
func (p *Pool) tagSet(t map[string]string) *tagSet {
	keys := make([]string, 0, len(t))
	n := 0
	for k, v := range t {
		keys = append(keys, k)
		n += len(k) + len(v) + 2
	}
	slices.Sort(keys)
	var b strings.Builder
	b.Grow(n)
	for _, k := range keys {
		b.WriteString(k)
		b.WriteByte(0)
		b.WriteString(t[k])
		b.WriteByte(0)
	}
	key := b.String()
	if ts, ok := p.tags[key]; ok {
		return ts
	}
	m := make(map[string]string, len(t))
	for k, v := range t {
		m[p.str(k)] = p.str(v)
	}
	ts := &tagSet{m: m}
	p.tags[key] = ts
	return ts
}

// specOf reads the maze a result was played on from its tags, as Maze
// does, without generating it.
func specOf(r results.Result) (mazeSpec, error) {
	size, err := strconv.Atoi(r.Tags["size"])
	if err != nil {
		return mazeSpec{}, fmt.Errorf("result %s: size tag %q is not a number", r.Case, r.Tags["size"])
	}
	seed, err := strconv.ParseUint(r.Tags["seed"], 10, 64)
	if err != nil {
		return mazeSpec{}, fmt.Errorf("result %s: seed tag %q is not a number", r.Case, r.Tags["seed"])
	}
	alg := mazes.DFS
	if s := r.Tags["algorithm"]; s != "" {
		if alg, err = mazes.ParseAlgorithm(s); err != nil {
			return mazeSpec{}, fmt.Errorf("result %s: %w", r.Case, err)
		}
	}
	return mazeSpec{size, seed, alg}, nil
}

// MazeOf regenerates the case's maze (once while the pool keeps it), as
// Maze does from a result.
func (p *Pool) MazeOf(c *Case) (*mazes.Maze, error) {
	if c.specErr != nil {
		return nil, c.specErr
	}
	m, err := p.Maze(c.spec.size, c.spec.seed, c.spec.alg)
	if err != nil {
		return nil, fmt.Errorf("result %s: %w", c.Name, err)
	}
	return m, nil
}
