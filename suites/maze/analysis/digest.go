package analysis

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"

	"github.com/hallumaze/hallumaze/suites/maze/record"

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
	Duration float64
	tags     *tagSet
	mazeKey  string
	metrics  metricValues
	// Scored is the score record's part the analyses read; nil when the
	// result has none (a human group, a case that could not be played, a
	// result read back from a results JSON file) or it does not read
	// (DetailErr).
	Scored *Scored
	// Walk is what the replay of the walk gave; nil when it could not be
	// replayed (WalkErr).
	Walk *WalkDigest
	// rare holds what few cases have: errors, a human group's walks.
	rare             *rareParts
	Human, reasoning bool
}

// rareParts are the parts of a Case that few cases have.
type rareParts struct {
	failure                     string
	specErr, detailErr, walkErr error
	humanPoints                 [][]PointOutcome
}

func (c *Case) rarePart() *rareParts {
	if c.rare == nil {
		c.rare = &rareParts{}
	}
	return c.rare
}

// Failure is why the case could not be played (results.Result.Error), ""
// when it was.
func (c *Case) Failure() string {
	if c.rare == nil {
		return ""
	}
	return c.rare.failure
}

// DetailErr is why the score record did not read, if it did not.
func (c *Case) DetailErr() error {
	if c.rare == nil {
		return nil
	}
	return c.rare.detailErr
}

// WalkErr is why the walk could not be replayed, if it could not.
func (c *Case) WalkErr() error {
	if c.rare == nil {
		return nil
	}
	return c.rare.walkErr
}

// HumanPoints are, for a human group's result with walks, each walk's
// outcome at the decision points it reached.
func (c *Case) HumanPoints() [][]PointOutcome {
	if c.rare == nil {
		return nil
	}
	return c.rare.humanPoints
}

// spec is the maze the case was played on, read from its tags.
func (c *Case) spec() (mazeSpec, error) {
	if c.rare != nil && c.rare.specErr != nil {
		return mazeSpec{}, c.rare.specErr
	}
	return specOf(results.Result{Case: c.Name, Tags: map[string]string{"size": c.Tag("size"), "seed": c.Tag("seed"), "algorithm": c.Tag("algorithm")}})
}

// Scored are the terms of a maze result's score record (its detail) that
// the analyses read.
type Scored struct {
	MEI, Score, BRS, HRR     float64
	EarlyError, LoopEscape   float64
	HC, BT, LT               int32
	DeadEndLines, Strategies int32
	// Budget is an interactive episode's step budget; Lenient reports that
	// the lenient tier drove the episode.
	Budget  int32
	Lenient bool
}

// WalkDigest is what the replay of a case's walk gives, in counts small
// enough for a case to keep: sixteen bits each, or, in the rare walk where
// one is beyond that, thirty-two.
type WalkDigest struct {
	// counts are the confidence patterns (countPatterns of them), then the
	// signals of the visible replies and those of the reasoning returned
	// beside them (ResultSignals), countSignals each: contract, then prose,
	// each dead end, backtrack, loop, strategy. wide holds them instead
	// when one does not fit in sixteen bits.
	counts [walkCounts]uint16
	wide   *[walkCounts]int32
	// Points are the walk's outcomes at the decision points it reached;
	// nil for a case outside H3's comparison (not Ariadne group A, or no
	// seed tag).
	Points []PointOutcome
}

const (
	countPatterns = 12
	countSignals  = 8
	walkCounts    = countPatterns + 2*countSignals
)

// newWalkDigest keeps the counts: the patterns, the replies' signals, the
// reasoning's.
func newWalkDigest(p mazes.ConfidencePatterns, reply, reasoning Signals) *WalkDigest {
	var all [walkCounts]int32
	all[0], all[1], all[2], all[3], all[4], all[5] = int32(p.Hallucinations), int32(p.NoConfidence), int32(p.NoReference), int32(p.FellAt), int32(p.FellBefore), int32(p.Held)
	all[6], all[7], all[8], all[9], all[10], all[11] = int32(p.Rose), int32(p.A), int32(p.B), int32(p.Loops), int32(p.FlatLoops), int32(p.VariedLoops)
	for i, s := range []Signals{reply, reasoning} {
		c, pr := s.Contract, s.Prose
		at := countPatterns + i*countSignals
		copy(all[at:at+countSignals], []int32{int32(c.DeadEnd), int32(c.Backtrack), int32(c.Loop), int32(c.Strategy), int32(pr.DeadEnd), int32(pr.Backtrack), int32(pr.Loop), int32(pr.Strategy)})
	}
	w := &WalkDigest{}
	for i, v := range all {
		if v < 0 || v > math.MaxUint16 {
			wide := all
			return &WalkDigest{wide: &wide}
		}
		w.counts[i] = uint16(v)
	}
	return w
}

// count is the i-th count.
func (w *WalkDigest) count(i int) int {
	if w.wide != nil {
		return int(w.wide[i])
	}
	return int(w.counts[i])
}

// Patterns are the walk's confidence patterns (mazes.ClassifyConfidence),
// counts only: the shares are the sums' business.
func (w *WalkDigest) Patterns() mazes.ConfidencePatterns {
	c := w.count
	return mazes.ConfidencePatterns{Hallucinations: c(0), NoConfidence: c(1), NoReference: c(2),
		FellAt: c(3), FellBefore: c(4), Held: c(5), Rose: c(6), A: c(7), B: c(8),
		Loops: c(9), FlatLoops: c(10), VariedLoops: c(11)}
}

// Reply and Reasoning are the signals of the replies and of the reasoning
// (ResultSignals).
func (w *WalkDigest) Reply() Signals     { return w.signals(countPatterns) }
func (w *WalkDigest) Reasoning() Signals { return w.signals(countPatterns + countSignals) }

func (w *WalkDigest) signals(at int) Signals {
	c := func(i int) int { return w.count(at + i) }
	return Signals{Contract: SignalCounts{c(0), c(1), c(2), c(3)}, Prose: SignalCounts{c(4), c(5), c(6), c(7)}}
}

// PointOutcome is a walk's first step from a decision point: whether it
// erred (pointErrors).
type PointOutcome struct {
	R, C  int32
	Erred bool
}

// Cell is the decision point.
func (o PointOutcome) Cell() mazes.Cell { return mazes.Cell{R: int(o.R), C: int(o.C)} }

// HasReasoning reports whether any turn of the result came with reasoning.
func (c *Case) HasReasoning() bool { return c.reasoning }

// Tag is the value of a tag, "" when absent.
func (c *Case) Tag(k string) string {
	v, _ := c.tags.get(k)
	return v
}

// HasTag reports whether the result has the tag.
func (c *Case) HasTag(k string) bool {
	_, ok := c.tags.get(k)
	return ok
}

// Tags are the result's tags, as a map made anew.
func (c *Case) Tags() map[string]string { return c.tags.Map() }

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
func (c *Case) Scoreable() bool { return c.Failure() == "" && !c.Human }

// Framing is [Framing] of the result.
func (c *Case) Framing() mazes.PromptOptions { return framingOf(c.Tag) }

// mazeSpec names a generated maze: its size, seed and generator.
type mazeSpec struct {
	size int
	seed uint64
	alg  mazes.Algorithm
}

// tagSet is a set of tags shared by the cases that have the same: the maze
// suite's tags in a field each, any other in a map.
type tagSet struct {
	vals  [len(knownTags)]string
	has   uint16
	extra map[string]string
}

// knownTags are the tags a maze result has (cases name their maze and
// framing by them; human groups add "human").
var knownTags = [...]string{"size", "seed", "algorithm", "lang", "mirage", "confidence", "protocol", "group", "run", "human"}

func knownTag(k string) int {
	for i, t := range knownTags {
		if t == k {
			return i
		}
	}
	return -1
}

func (t *tagSet) get(k string) (string, bool) {
	if i := knownTag(k); i >= 0 {
		return t.vals[i], t.has&(1<<i) != 0
	}
	v, ok := t.extra[k]
	return v, ok
}

// Map is the set as a map, made anew.
func (t *tagSet) Map() map[string]string {
	m := make(map[string]string, len(knownTags)+len(t.extra))
	for i, k := range knownTags {
		if t.has&(1<<i) != 0 {
			m[k] = t.vals[i]
		}
	}
	for k, v := range t.extra {
		m[k] = v
	}
	return m
}

func newTagSet(t map[string]string, intern func(string) string) *tagSet {
	ts := &tagSet{}
	for k, v := range t {
		if i := knownTag(k); i >= 0 {
			ts.vals[i] = intern(v)
			ts.has |= 1 << i
			continue
		}
		if ts.extra == nil {
			ts.extra = map[string]string{}
		}
		ts.extra[intern(k)] = intern(v)
	}
	return ts
}

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

// poolCells and poolMazes bound the mazes a Pool keeps.
const (
	poolCells = 1 << 22
	poolMazes = 1024
)

// pointSet are the decision points of a maze and its solution's cells.
type pointSet struct {
	n                   int    // the maze's size
	isPoint, onSolution []bool // by cell, row by row
}

// has reports whether c is a cell of the maze marked in set.
func (ps pointSet) has(set []bool, c mazes.Cell) bool {
	return c.R >= 0 && c.R < ps.n && c.C >= 0 && c.C < ps.n && set[c.R*ps.n+c.C]
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

// Replay is a case's walk: the transcript and its checks, OK when there is
// one. A Digest given one that is OK (the walk as the case was played,
// which a replay gives again) reads it instead of replaying the walk, and
// otherwise fills it with the walk it replayed, for a caller that reads
// more of it than the Case keeps.
type Replay = record.Replay

// Digest makes the Case of a maze result. rd is the result already read
// (record.Read), when the caller has read it; nil reads it here. A detail
// that does not read leaves Scored nil and sets DetailErr; a walk that
// cannot be replayed leaves Walk nil and sets WalkErr: each analysis
// leaves such a case out where it needs them, as it did reading the
// result.
func (p *Pool) Digest(r results.Result, rd *record.Reading, rp *Replay) *Case {
	c := &Case{Model: p.str(r.Model), Name: p.str(r.Case), Human: results.IsHuman(r), Duration: r.Duration}
	if r.Error != "" {
		c.rarePart().failure = r.Error
	}
	c.tags = p.tagSet(r.Tags)
	c.metrics = metricsOf(r.Metrics)
	if rd == nil {
		read, err := record.Read(r)
		if err != nil {
			c.rarePart().detailErr = err
			read.Spec, read.SpecErr = record.SpecOfTags(r.Tags)
		}
		rd = &read
	}
	spec := mazeSpec{rd.Spec.Size, rd.Spec.Seed, rd.Spec.Algorithm}
	if rd.SpecErr != nil {
		c.rarePart().specErr = fmt.Errorf("result %s: %w", r.Case, rd.SpecErr)
		c.mazeKey = p.str(MazeKey(r))
	} else {
		c.mazeKey = p.str(rd.Spec.MazeKey())
	}
	c.reasoning = hasReasoning(r)
	if c.Human {
		p.digestHuman(c, spec, r)
		return c
	}
	if d := rd.Detail; d != nil {
		c.Scored = ScoredOf(d.Scores, d.Budget(), d.Lenient != nil)
	}
	if r.Error == "" {
		var err error
		if c.Walk, err = p.replay(c, spec, r, rp); err != nil {
			c.rarePart().walkErr = err
		}
	}
	return c
}

// Unplayed is the Case of a case not played yet: its name and tags, no
// metrics, no walk.
func Unplayed(name string, tags map[string]string) *Case {
	r := results.Result{Suite: suiteName, Case: name, Tags: tags}
	c := &Case{Name: name, tags: newTagSet(tags, func(s string) string { return s }), mazeKey: MazeKey(r)}
	if _, err := specOf(r); err != nil {
		c.rarePart().specErr = err
	}
	return c
}

// ReadScored reads the part of a maze result's detail the analyses use.
func ReadScored(r results.Result) (*Scored, error) {
	rd, err := record.Read(r)
	if err != nil {
		return nil, err
	}
	d := rd.Detail
	if d == nil {
		return nil, fmt.Errorf("result %s of %s has no detail", r.Case, r.Model)
	}
	return ScoredOf(d.Scores, d.Budget(), d.Lenient != nil), nil
}

// ScoredOf is the analyses' part of a score record: the strict scores, the
// episode's budget and whether the lenient tier drove it.
func ScoredOf(s mazes.Scores, budget int, lenient bool) *Scored {
	return &Scored{MEI: s.MEI, Score: s.Score, BRS: s.BRS, HRR: s.HRR, EarlyError: s.EarlyError, LoopEscape: s.LoopEscape,
		HC: int32(s.HC), BT: int32(s.BT), LT: int32(s.LT), DeadEndLines: int32(s.DeadEndLines), Strategies: int32(s.StrategyChanges),
		Budget: int32(budget), Lenient: lenient}
}

// digestHuman reads a human group's walks, when its detail holds them.
func (p *Pool) digestHuman(c *Case, spec mazeSpec, r results.Result) {
	if r.Error != "" || c.Tag("seed") == "" || !groupA(c) || c.rare != nil || len(r.Detail) == 0 {
		return
	}
	var hw HumanWalks
	if json.Unmarshal(r.Detail, &hw) != nil {
		return
	}
	m := p.maze(spec)
	if m == nil {
		return
	}
	var points [][]PointOutcome
	for _, walk := range hw.Walks {
		points = append(points, p.pointErrors(spec, m, movesSteps(m, walk)))
	}
	if len(points) > 0 {
		c.rarePart().humanPoints = points
	}
}

// replay replays the case's walk once (as Walk does) and keeps what the
// analyses read of it.
func (p *Pool) replay(c *Case, spec mazeSpec, r results.Result, rp *Replay) (*WalkDigest, error) {
	if c.rare != nil && c.rare.specErr != nil {
		return nil, c.rare.specErr
	}
	m := p.maze(spec)
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
			return nil, c.DetailErr()
		}
		budget, lenient = int(c.Scored.Budget), c.Scored.Lenient
	}
	var tr mazes.Transcript
	var w mazes.Walk
	var parsed string // the one-shot reply tr was read from
	if rp != nil && rp.OK {
		tr, w, parsed = rp.Transcript, rp.Walk, rp.Reply
	} else {
		tr, w = walkOf(m, c.Framing(), r, budget, lenient)
		if c.Framing().Protocol != mazes.Interactive {
			parsed = firstReply(r)
		}
		if rp != nil {
			*rp = Replay{Transcript: tr, Walk: w, OK: true, Reply: parsed}
		}
	}
	content, thought, reasoned := assistantText(r)
	reply := Signals{
		Contract: SignalCounts{DeadEnd: tr.DeadEnds, Backtrack: w.BT, Loop: tr.Loops, Strategy: tr.StrategyChanges},
		Prose:    proseOf(content, tr, parsed),
	}
	var reasoning Signals
	if reasoned {
		reasoning = CountSignals(m, thought)
	}
	out := newWalkDigest(mazes.ClassifyConfidence(tr, w), reply, reasoning)
	if c.Tag("seed") != "" && groupA(c) {
		if c.Framing().Protocol == mazes.Interactive {
			w = mazes.Verify(m, tr.Steps) // the points read the steps as one walk, as written
		}
		out.Points = p.pointErrorsOf(spec, m, tr.Steps, w)
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
	if p.cells > poolCells || len(p.mazes) >= poolMazes {
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
	return p.pointErrorsOf(s, m, steps, mazes.Verify(m, steps))
}

// pointSetOf is the maze's decision points and solution cells, once while
// the pool keeps the maze.
func (p *Pool) pointSetOf(s mazeSpec, m *mazes.Maze) pointSet {
	ps, ok := p.points[s]
	if !ok {
		n := m.Size()
		ps = pointSet{n: n, isPoint: make([]bool, n*n), onSolution: make([]bool, n*n)}
		for _, c := range DecisionPoints(m) {
			ps.isPoint[c.R*n+c.C] = true
		}
		for _, c := range m.Solution() {
			ps.onSolution[c.R*n+c.C] = true
		}
		p.points[s] = ps
	}
	return ps
}

// pointErrorsOf is pointErrors with the steps already verified (w is
// Verify(m, steps)).
func (p *Pool) pointErrorsOf(s mazeSpec, m *mazes.Maze, steps []mazes.Step, w mazes.Walk) []PointOutcome {
	ps := p.pointSetOf(s, m)
	var out []PointOutcome
	pos := m.Start()
	for i, ch := range w.Checks {
		from := pos
		if ch.Teleport {
			from = steps[i].From
		}
		if ps.has(ps.isPoint, from) && !slices.ContainsFunc(out, func(o PointOutcome) bool { return o.Cell() == from }) {
			out = append(out, PointOutcome{R: int32(from.R), C: int32(from.C), Erred: !ch.Valid || !ps.has(ps.onSolution, ch.To)})
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
	// The key: the known tags in their order, then any other in the order
	// of their names, each name and value ended by a zero byte.
	var b []byte
	known := 0
	for _, k := range knownTags {
		if v, ok := t[k]; ok {
			b = append(append(append(append(b, k...), 0), v...), 0)
			known++
		}
	}
	if known < len(t) {
		var extra []string
		for k := range t {
			if knownTag(k) < 0 {
				extra = append(extra, k)
			}
		}
		slices.Sort(extra)
		for _, k := range extra {
			b = append(append(append(append(b, k...), 0), t[k]...), 0)
		}
	}
	if ts, ok := p.tags[string(b)]; ok { // no copy of b for the lookup
		return ts
	}
	ts := newTagSet(t, p.str)
	p.tags[string(b)] = ts
	return ts
}

// specOf reads the maze a result was played on from its tags, as Maze
// does, without generating it.
func specOf(r results.Result) (mazeSpec, error) {
	s, err := record.SpecOfTags(r.Tags)
	if err != nil {
		return mazeSpec{}, fmt.Errorf("result %s: %w", r.Case, err)
	}
	return mazeSpec{s.Size, s.Seed, s.Algorithm}, nil
}

// MazeOf regenerates the case's maze (once while the pool keeps it), as
// Maze does from a result.
func (p *Pool) MazeOf(c *Case) (*mazes.Maze, error) {
	spec, err := c.spec()
	if err != nil {
		return nil, err
	}
	m, err := p.Maze(spec.size, spec.seed, spec.alg)
	if err != nil {
		return nil, fmt.Errorf("result %s: %w", c.Name, err)
	}
	return m, nil
}
