package grid

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"

	"github.com/hallumaze/hallumaze/worlds"
)

// NavSpec is one navigation episode's set-up (HalluWorld's InNav): a
// level, its InNav configuration, the seed and the view the model reads.
type NavSpec struct {
	// Name is the level as cases name it: the level file's name without
	// .txt ("dense_array"), proc-<size>, or a custom level's file name.
	Name   string
	Level  *Level
	Config NavConfig
	Seed   uint64
	View   string
}

// NavEnd says why a walk ended.
type NavEnd string

// The ways a walk ends.
const (
	NavRunning NavEnd = ""       // not ended yet
	NavDone    NavEnd = "done"   // the model said done, after min_steps actions
	NavBudget  NavEnd = "budget" // max_steps actions were taken
	NavIdle    NavEnd = "idle"   // MaxIdleReplies replies in a row moved nothing
)

// MaxIdleReplies is how many replies in a row without an action the world
// takes (unreadable, or done refused before min_steps) before it ends the
// walk.
const MaxIdleReplies = 3

// NavStep is one action of a walk and what it did.
type NavStep struct {
	Action Action `json:"-"`
	// Moved: a forward that moved (false for a blocked forward and turns).
	Moved bool `json:"moved"`
	// Reading is how the reply that chose it stated it (a scripted walk
	// leaves it empty).
	Reading worlds.ActionReading `json:"reading"`
}

// Nav is one navigation episode: the world stepping under the model's
// actions, one per reply, and the observations the model read. It is the
// world W of the walk: every state the model saw is kept (obs[k] is the
// state after k actions), and the probes asked after the walk take their
// golds from them.
type Nav struct {
	spec    NavSpec
	start   Pos
	targets []Pos
	dropped []Pos
	obs     []*State
	fovs    []*FOV
	steps   []NavStep
	reached []int // reached[i]: the step target i was first reached at, or -1
	end     NavEnd
	idle    int
	tally   worlds.ReplyTally
	// early counts the done refused before min_steps.
	early int
}

// NewNav starts the walk of spec: the level's state at step 0 (at the
// InNav file's start when that is a cell the agent may stand on), and the
// targets the walk can reach.
func NewNav(spec NavSpec) (*Nav, error) {
	if !slices.Contains(viewNames, spec.View) {
		return nil, fmt.Errorf("grid: unknown view %q (want symbolic, ascii or memory)", spec.View)
	}
	if spec.View != Memory && spec.Level.ViewSize%2 == 0 {
		return nil, fmt.Errorf("grid: level %s: view size %d is even; the %s view needs an odd size", spec.Name, spec.Level.ViewSize, spec.View)
	}
	s := spec.Level.Start(spec.Seed)
	if st := spec.Config.Start; st != nil && s.Passable(st.Pos()) {
		s.Agent = st.Pos()
	}
	n := &Nav{spec: spec, start: s.Agent, obs: []*State{s}}
	for _, t := range spec.Config.Targets {
		if n.reachable(t.Pos()) {
			n.targets = append(n.targets, t.Pos())
		} else {
			n.dropped = append(n.dropped, t.Pos())
		}
	}
	n.reached = make([]int, len(n.targets))
	for i := range n.reached {
		n.reached[i] = -1
	}
	return n, nil
}

// reachable reports whether some cell the agent can walk to from its
// start (the level as it is at step 0) reaches target t: within the
// sufficiency distance of t and at least min_distance_from_start from the
// start.
func (n *Nav) reachable(t Pos) bool {
	for _, c := range reachableCells(n.obs[0], n.start) {
		if n.reaches(c, t) {
			return true
		}
	}
	return false
}

// reaches reports whether standing on c reaches target t.
func (n *Nav) reaches(c, t Pos) bool {
	p := n.spec.Config.Params
	return dist(c, t) <= p.Sufficiency+1e-9 && dist(c, n.start) >= p.MinFromStart-1e-9
}

// reachableCells lists the cells reachable from start on s's passable cells, in
// breadth-first order.
func reachableCells(s *State, start Pos) []Pos {
	seen := map[Pos]bool{start: true}
	out := []Pos{start}
	for i := 0; i < len(out); i++ {
		for d := range Dir(4) {
			next := out[i].Add(d, 1)
			if !seen[next] && s.Passable(next) {
				seen[next] = true
				out = append(out, next)
			}
		}
	}
	return out
}

// dist is the straight-line distance between two cells.
func dist(a, b Pos) float64 {
	dr, dc := float64(a.Row-b.Row), float64(a.Col-b.Col)
	return math.Sqrt(dr*dr + dc*dc)
}

// Spec is the episode's set-up.
func (n *Nav) Spec() NavSpec { return n.spec }

// Start is the cell the walk started on.
func (n *Nav) Start() Pos { return n.start }

// Targets are the places the walk is asked to come near: the InNav
// file's targets that the walk can reach, in the file's order. Dropped
// are the others.
func (n *Nav) Targets() []Pos { return slices.Clone(n.targets) }

// Dropped are the InNav file's targets no walk can reach.
func (n *Nav) Dropped() []Pos { return slices.Clone(n.dropped) }

// Done reports whether the walk has ended.
func (n *Nav) Done() bool { return n.end != NavRunning }

// End says why the walk ended.
func (n *Nav) End() NavEnd { return n.end }

// Steps are the actions taken so far.
func (n *Nav) Steps() []NavStep { return slices.Clone(n.steps) }

// State is the world after k actions.
func (n *Nav) State(k int) *State { return n.obs[k] }

// Last is the world now.
func (n *Nav) Last() *State { return n.obs[len(n.obs)-1] }

// fov is the field of view of observation k.
func (n *Nav) fov(k int) FOV {
	for len(n.fovs) < len(n.obs) {
		n.fovs = append(n.fovs, nil)
	}
	if n.fovs[k] == nil {
		f, err := n.obs[k].FOV()
		if err != nil {
			panic(err) // NewNav checked the view size
		}
		n.fovs[k] = &f
	}
	return *n.fovs[k]
}

// Reached reports, per target, the step it was first reached at (-1:
// never).
func (n *Nav) Reached() []int { return slices.Clone(n.reached) }

// reachedCount is how many targets have been reached.
func (n *Nav) reachedCount() int {
	k := 0
	for _, r := range n.reached {
		if r >= 0 {
			k++
		}
	}
	return k
}

// Act takes one action (a scripted walk's, or a reply's): the world steps
// on, and the targets the agent now reaches are marked. It does nothing
// once the walk has ended.
func (n *Nav) Act(a Action) {
	n.act(a, worlds.ActionReading{})
}

func (n *Nav) act(a Action, r worlds.ActionReading) {
	if n.Done() {
		return
	}
	s := n.Last().Clone()
	moved := s.Act(a)
	n.obs = append(n.obs, s)
	n.steps = append(n.steps, NavStep{Action: a, Moved: moved, Reading: r})
	for i, t := range n.targets {
		if n.reached[i] < 0 && n.reaches(s.Agent, t) {
			n.reached[i] = len(n.steps)
		}
	}
	if len(n.steps) >= n.spec.Config.Params.MaxSteps {
		n.end = NavBudget
	}
}

// Finish ends a scripted walk with done.
func (n *Nav) Finish() {
	if !n.Done() {
		n.end = NavDone
	}
}

// MoveSpec is the grid's action contract: action=<left|right|forward|done>,
// and the phrases the lenient tier reads.
var MoveSpec = worlds.ActionSpec{
	Key:     "action",
	Options: []string{"left", "right", "forward", worlds.Done},
	Phrases: map[string]string{
		"left": "left", "turn left": "left", "turn_left": "left", "rotate left": "left", "turn to the left": "left",
		"right": "right", "turn right": "right", "turn_right": "right", "rotate right": "right", "turn to the right": "right",
		"forward": "forward", "move forward": "forward", "move_forward": "forward", "go forward": "forward",
		"step forward": "forward", "move ahead": "forward", "go straight": "forward", "ahead": "forward",
		"done": worlds.Done, "i am done": worlds.Done, "i'm done": worlds.Done, "end the walk": worlds.Done,
		"end walk": worlds.Done, "stop": worlds.Done, "finish": worlds.Done,
	},
	Verbs: []worlds.ActionVerb{
		{Re: regexp.MustCompile(`\b(?:turn|turning|rotate|rotating)\s+(?:to\s+(?:the\s+)?)?(left|right)\b`)},
		{Re: regexp.MustCompile(`\b(?:move|moving|go|going|step|stepping|walk|walking|head|heading)\s+(forward|ahead)\b`)},
		{Re: regexp.MustCompile(`\b(?:i am|i'm|i’m)\s+done\b`), Option: worlds.Done},
		{Re: regexp.MustCompile(`\b(?:end|ending|finish|finishing)\s+(?:the\s+)?walk\b`), Option: worlds.Done},
	},
}

// Turn takes one reply of the model and returns the world's answer. When
// the walk ends, done is true and text holds what closes it (the last
// observation and the end line); the questions follow it.
func (n *Nav) Turn(reply string) (text string, done bool) {
	if n.Done() {
		return "", true
	}
	r := worlds.ReadAction(MoveSpec, reply)
	n.tally.Count(r.Form)
	p := n.spec.Config.Params
	if !r.Read() || (r.Action == worlds.Done && len(n.steps) < p.MinSteps) {
		msg := noAction
		if r.Read() {
			n.early++
			msg = fmt.Sprintf(earlyDone, p.MinSteps, len(n.steps))
		}
		if n.idle++; n.idle >= MaxIdleReplies {
			n.end = NavIdle
			return n.closing(), true
		}
		return msg, false
	}
	n.idle = 0
	if r.Action == worlds.Done {
		n.end = NavDone
		return n.closing(), true
	}
	a := map[string]Action{"left": TurnLeft, "right": TurnRight, "forward": Forward}[r.Action]
	n.act(a, r)
	if n.Done() {
		return n.last(), true
	}
	return n.stepText(len(n.steps)), false
}

// MaxReplies bounds the replies a walk takes, for a caller's loop guard.
func (n *Nav) MaxReplies() int { return (n.spec.Config.Params.MaxSteps + 1) * MaxIdleReplies }

// The world's fixed replies.
const (
	noAction  = "No action read. End your reply with one line action=<left|right|forward|done>."
	earlyDone = "done is accepted after at least %d actions; you have taken %d. End your reply with one line action=<left|right|forward|done>."
)

// stepText is action k's line and the observation after it, as the walk
// shows them (k ≥ 1).
func (n *Nav) stepText(k int) string {
	return "[You " + actionText(n.steps[k-1].Action, n.steps[k-1].Moved) + "]\n\n" + n.block(k)
}

// last is the message that ended the walk: on its budget, the last
// action's line and the observation after it, then the closing line (the
// action that used the budget up showed what it did); else the closing
// line alone. The first question's message opens with it, so that the
// model reads every observation the golds count.
func (n *Nav) last() string {
	if n.end == NavBudget && len(n.steps) > 0 {
		return n.stepText(len(n.steps)) + "\n\n" + n.closing()
	}
	return n.closing()
}

// closing is the line that ends the walk.
func (n *Nav) closing() string {
	switch n.end {
	case NavBudget:
		return fmt.Sprintf("[You have taken all %d actions; the walk is over.]", n.spec.Config.Params.MaxSteps)
	case NavIdle:
		return fmt.Sprintf("[No action was read in %d replies in a row; the walk is over.]", MaxIdleReplies)
	}
	return "[You ended the walk.]"
}

// NavStats are a walk's measurements.
type NavStats struct {
	Steps   int    `json:"steps"`
	Moves   int    `json:"moves"`
	Blocked int    `json:"blocked"`
	Targets int    `json:"targets"`
	Reached int    `json:"reached"`
	End     NavEnd `json:"end"`
	// Replies is how many replies the walk took; Strict and Lenient how
	// many of them each tier read; Unread how many neither did; Early the
	// done refused before min_steps.
	Replies int `json:"replies"`
	Strict  int `json:"strict"`
	Lenient int `json:"lenient"`
	Unread  int `json:"unread"`
	Early   int `json:"early_done"`
}

// Stats are the walk's measurements so far.
func (n *Nav) Stats() NavStats {
	st := NavStats{Steps: len(n.steps), Targets: len(n.targets), Reached: n.reachedCount(), End: n.end,
		Replies: n.tally.Replies, Strict: n.tally.Strict, Lenient: n.tally.Lenient, Unread: n.tally.Unread, Early: n.early}
	for _, s := range n.steps {
		switch {
		case s.Moved:
			st.Moves++
		case s.Action == Forward:
			st.Blocked++
		}
	}
	return st
}

// placeList is "row 9, col 8; row 6, col 8", or "none".
func placeList(ps []Pos) string {
	if len(ps) == 0 {
		return "none"
	}
	parts := make([]string, len(ps))
	for i, p := range ps {
		parts[i] = rowCol(p)
	}
	return strings.Join(parts, "; ")
}

// rowCol is "row r, col c".
func rowCol(p Pos) string { return fmt.Sprintf("row %d, col %d", p.Row, p.Col) }
