package innav

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/hallumaze/hallumaze/results"
	"github.com/hallumaze/hallumaze/scoring"
	hw "github.com/hallumaze/hallumaze/worlds"
)

// ArmScore is one model's score in one arm of the episodes, from its
// results alone:
//
//	nav_success       walks whose places were all reached / walks with places (innav arm, grid)
//	targets_reached   places reached / places (innav arm, grid)
//	task_success      terminal tasks whose final file system holds the goal, the rest
//	                  unchanged / terminal tasks (innav arm)
//	actions           mean actions the world played per episode, with its t interval (innav arm)
//	action_compliance replies the strict form read / replies during the episodes (innav arm)
//	unread_actions    replies no tier read (answered with the fixed reply)
//	report            worlds' rates over the questions: accuracy, accuracy′ and the rest,
//	                  by category, probe type and level
//	halluc_seen       wrong concrete answers / questions the episode settled
//	halluc_unseen     concrete answers / questions the episode left UNKNOWN
//	own_false         false claims about the model's own actions / questions about them
//
// Rates carry Wilson 95 % intervals over questions (episodes for the
// episode rates). Questions of one episode are not independent; Clustered
// gives, for the same rates, the cluster-robust 95 % interval by episode
// (scoring.ClusteredMeanCI), the wider and the one the reference agents'
// separation is tested with.
type ArmScore struct {
	Arm      string `json:"arm"`
	Episodes int    `json:"episodes"`
	Errors   int    `json:"errors"`

	NavSuccess       *hw.Rate        `json:"nav_success"`
	TargetsReached   *hw.Rate        `json:"targets_reached"`
	TaskSuccess      *hw.Rate        `json:"task_success"`
	Actions          *Mean           `json:"actions"`
	ActionCompliance *hw.Rate        `json:"action_compliance"`
	UnreadActions    int             `json:"unread_actions"`
	HallucSeen       *hw.Rate        `json:"halluc_seen"`
	HallucUnseen     *hw.Rate        `json:"halluc_unseen"`
	OwnFalse         *hw.Rate        `json:"own_false"`
	Report           hw.Report       `json:"report"`
	Clustered        map[string]Mean `json:"clustered"`
}

// Mean is a mean with its 95 % interval (null ends when undefined).
type Mean struct {
	Mean float64           `json:"mean"`
	N    int               `json:"n"`
	CI95 *scoring.Interval `json:"ci95"`
}

// ModelScore is one model's scores, an arm each (innav first), and the
// paired comparison of its answers to the same questions in both arms.
type ModelScore struct {
	Model  string     `json:"model"`
	Arms   []ArmScore `json:"arms"`
	Paired *Paired    `json:"paired,omitempty"`
}

// Arm is the score of an arm, or nil.
func (m ModelScore) Arm(arm string) *ArmScore {
	for i := range m.Arms {
		if m.Arms[i].Arm == arm {
			return &m.Arms[i]
		}
	}
	return nil
}

// Paired compares the two arms question by question (the same question of
// the same level, seed and view): right in the model's own episode and
// right after the scripted one, and McNemar's exact p over the questions
// right in one arm only.
type Paired struct {
	N         int     `json:"n"`
	BothRight int     `json:"both_right"`
	OnlyInNav int     `json:"only_innav"`
	OnlyStat  int     `json:"only_static"`
	McNemarP  float64 `json:"mcnemar_p"`
}

// armAcc gathers one arm's results.
type armAcc struct {
	episodes, errors          int
	withTargets, success      int
	tasks, tasksDone          int
	targets, reached          int
	replies, strict, unread   int
	actions                   []float64
	verdicts                  []hw.Verdict
	clusters                  []string
	seen, seenH, unseen, unsH int
	own, ownH                 int
}

// Score scores the results of the suite, a model each, models by name. A
// result that does not decode is an error naming it.
func Score(rs []results.Result) ([]ModelScore, error) {
	sc := newScorer()
	for _, r := range rs {
		if err := sc.add(r); err != nil {
			return nil, err
		}
	}
	return sc.scores(), nil
}

// scorer reads the suite's results one at a time and keeps what the scores
// need of each episode (its counts and its questions' verdicts), not the
// episode: a run of many episodes holds their verdicts, not their walks.
type scorer struct {
	order []string
	accs  map[string]map[string]*armAcc
}

func newScorer() *scorer {
	return &scorer{accs: map[string]map[string]*armAcc{}}
}

// add reads one result; other suites' results are passed over.
func (sc *scorer) add(r results.Result) error {
	if r.Suite != Name {
		return nil
	}
	if sc.accs[r.Model] == nil {
		sc.order = append(sc.order, r.Model)
		sc.accs[r.Model] = map[string]*armAcc{}
	}
	arm := r.Tags["arm"]
	a := sc.accs[r.Model][arm]
	if a == nil {
		a = &armAcc{}
		sc.accs[r.Model][arm] = a
	}
	if r.Error != "" || len(r.Detail) == 0 {
		a.errors++
		return nil
	}
	d, err := decode(r.Detail)
	if err != nil {
		return fmt.Errorf("%s of %s: %w", r.Case, r.Model, err)
	}
	for i, v := range d.Verdicts {
		d.Verdicts[i] = v.Shared()
	}
	a.add(r.Case, d)
	return nil
}

// scores are the models' scores by name: a concurrent run's results of
// several models interleave, so the order they first appeared in is not
// the same from run to run.
func (sc *scorer) scores() []ModelScore {
	var out []ModelScore
	for _, m := range slices.Sorted(slices.Values(sc.order)) {
		ms := ModelScore{Model: m}
		for _, arm := range Arms {
			if a := sc.accs[m][arm]; a != nil {
				ms.Arms = append(ms.Arms, a.score(arm))
			}
		}
		ms.Paired = paired(sc.accs[m][hw.ArmInNav], sc.accs[m][hw.ArmStatic])
		out = append(out, ms)
	}
	return out
}

func (a *armAcc) add(episode string, d Detail) {
	a.episodes++
	ep := d.Episode
	if d.Arm == hw.ArmInNav {
		switch {
		case d.World == hw.Terminal:
			a.tasks++
			a.tasksDone += b2i(ep.Success)
		case ep.Goals > 0:
			a.withTargets++
			a.success += b2i(ep.Success)
			fallthrough
		default:
			a.targets += ep.Goals
			a.reached += ep.Reached
		}
		a.replies += ep.Replies
		a.strict += ep.Strict
		a.unread += ep.Unread
		a.actions = append(a.actions, float64(ep.Actions))
	}
	for _, v := range d.Verdicts {
		a.verdicts = append(a.verdicts, v)
		a.clusters = append(a.clusters, episode)
		if v.Answerable {
			a.seen++
			a.seenH += b2i(v.Hallucinated)
		} else {
			a.unseen++
			a.unsH += b2i(v.Hallucinated)
		}
		if Own(v.ProbeType) {
			a.own++
			a.ownH += b2i(v.Hallucinated)
		}
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func rateOf(k, n int) *hw.Rate {
	if n == 0 {
		return nil
	}
	r := scoring.NewRate(k, n)
	return &r
}

func (a *armAcc) score(arm string) ArmScore {
	s := ArmScore{Arm: arm, Episodes: a.episodes, Errors: a.errors, UnreadActions: a.unread,
		HallucSeen: rateOf(a.seenH, a.seen), HallucUnseen: rateOf(a.unsH, a.unseen), OwnFalse: rateOf(a.ownH, a.own),
		Clustered: map[string]Mean{}}
	if arm == hw.ArmInNav {
		s.NavSuccess = rateOf(a.success, a.withTargets)
		s.TargetsReached = rateOf(a.reached, a.targets)
		s.TaskSuccess = rateOf(a.tasksDone, a.tasks)
		s.ActionCompliance = rateOf(a.strict, a.replies)
		if len(a.actions) > 0 {
			m, ci := scoring.MeanCI(a.actions)
			s.Actions = &Mean{Mean: m, N: len(a.actions), CI95: finite(ci)}
		}
	}
	s.Report = hw.ScoreVerdicts(a.verdicts)
	s.Report.Verdicts = nil
	// The question rates again, clustered by episode.
	cluster := func(name string, keep func(hw.Verdict) bool, val func(hw.Verdict) bool) {
		var x []float64
		var cl []string
		for i, v := range a.verdicts {
			if keep(v) {
				x = append(x, float64(b2i(val(v))))
				cl = append(cl, a.clusters[i])
			}
		}
		if len(x) == 0 {
			return
		}
		m, _, ci, ok := scoring.ClusteredMeanCI(x, cl, 0, 1)
		mean := Mean{Mean: m, N: len(x)}
		if ok {
			mean.CI95 = &ci
		}
		s.Clustered[name] = mean
	}
	all := func(hw.Verdict) bool { return true }
	cluster("accuracy", all, func(v hw.Verdict) bool { return v.Right })
	cluster("halluc_seen", func(v hw.Verdict) bool { return v.Answerable }, func(v hw.Verdict) bool { return v.Hallucinated })
	cluster("halluc_unseen", func(v hw.Verdict) bool { return !v.Answerable }, func(v hw.Verdict) bool { return v.Hallucinated })
	cluster("own_false", func(v hw.Verdict) bool { return Own(v.ProbeType) }, func(v hw.Verdict) bool { return v.Hallucinated })
	return s
}

// finite is ci, or nil when an end is NaN.
func finite(ci scoring.Interval) *scoring.Interval {
	if math.IsNaN(ci.Lo) || math.IsNaN(ci.Hi) {
		return nil
	}
	return &ci
}

// questionKey is a verdict's question apart from its arm:
// grid/<level>/s<seed>/<view>/q<NN>.
func questionKey(id string) string {
	i := strings.LastIndex(id, "/")
	if i < 0 {
		return id
	}
	head := id[:i]
	j := strings.LastIndex(head, "/")
	if j < 0 {
		return id
	}
	return head[:j] + id[i:]
}

// paired compares the arms over the questions both answered.
func paired(in, st *armAcc) *Paired {
	if in == nil || st == nil {
		return nil
	}
	static := map[string]bool{}
	for _, v := range st.verdicts {
		static[questionKey(v.ID)] = v.Right
	}
	p := &Paired{}
	for _, v := range in.verdicts {
		sr, ok := static[questionKey(v.ID)]
		if !ok {
			continue
		}
		p.N++
		switch {
		case v.Right && sr:
			p.BothRight++
		case v.Right:
			p.OnlyInNav++
		case sr:
			p.OnlyStat++
		}
	}
	if p.N == 0 {
		return nil
	}
	p.McNemarP = scoring.McNemarExact(p.OnlyInNav, p.OnlyStat)
	return p
}

// Categories are the categories in the order tables show them.
var Categories = []hw.Category{"P", "M", "C", "U", "X"}

// rateCell is "k/n rate", or "-".
func rateCell(r *hw.Rate) string {
	if r == nil {
		return "-"
	}
	return strconv.Itoa(r.K) + "/" + strconv.Itoa(r.N) + " " + strconv.FormatFloat(r.Rate, 'f', 3, 64)
}

// intervalCell is "rate [lo, hi]", or "-".
func intervalCell(r *hw.Rate) string {
	if r == nil {
		return "-"
	}
	return fmt.Sprintf("%.3f [%.3f, %.3f]", r.Rate, r.CI95.Lo, r.CI95.Hi)
}
