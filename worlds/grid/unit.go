package grid

import (
	"encoding/json"
	"slices"
	"strconv"

	"github.com/hallumaze/hallumaze/worlds"
)

// unit is one (episode, view, seed) being turned into probes: the
// grid-probes stream its templates draw from, what each observation shows
// in the view, and the probes made so far.
type unit struct {
	e    *Episode
	view string
	seed uint64
	st   *worlds.Stream
	cur  *State
	// sights[view][k] is what observation k shows in view.
	sights map[string][]sight
	// seenCache[view][k] is seen(k, view); names counts the current grid's
	// object names.
	seenCache map[string][][]int
	names     map[string]int
	ever      map[string][]bool
	meta      json.RawMessage
	probes    []worlds.Probe
	err       error
}

// sight is what one observation shows: its field of view, or in the
// memory view the whole grid.
type sight struct {
	fov FOV
	all bool
}

// sees reports whether the observation of s shows cell p. A field of view
// never lists the agent's own cell (an open door it stands in).
func (g sight) sees(s *State, p Pos) bool {
	if g.all {
		return s.Level.In(p)
	}
	return p != s.Agent && g.fov.Visible(p)
}

// newUnit prepares the unit of e in view at seed.
func newUnit(e *Episode, view string, seed uint64) (*unit, error) {
	u := &unit{e: e, view: view, seed: seed, st: worlds.NewStream(seed, worlds.StreamGridProbes),
		cur: e.Last().State, sights: map[string][]sight{},
		seenCache: map[string][][]int{}, names: map[string]int{}, ever: map[string][]bool{},
		probes: make([]worlds.Probe, 0, 20)}
	for _, o := range u.cur.Objects {
		u.names[o.Name()]++
	}
	tier := "null"
	if e.Tier != "" {
		tier = strconv.Quote(e.Tier)
	}
	u.meta = json.RawMessage(`{"level_tier":` + tier + `}`)
	if _, err := u.text(view); err != nil {
		return nil, err
	}
	return u, nil
}

// sightsIn returns what each observation shows in view.
func (u *unit) sightsIn(view string) []sight {
	if s, ok := u.sights[view]; ok {
		return s
	}
	out := make([]sight, len(u.e.Obs))
	for k, o := range u.e.Obs {
		if view == Memory {
			out[k] = sight{all: true}
			continue
		}
		f, err := o.State.FOV()
		if err != nil && u.err == nil {
			u.err = err
		}
		out[k] = sight{fov: f}
	}
	u.sights[view] = out
	return out
}

// text returns the history rendered in view.
func (u *unit) text(view string) (string, error) { return u.e.history(view) }

// seen lists the objects observation k shows in view, in (row, col) order.
func (u *unit) seen(k int, view string) []int {
	cache := u.seenCache[view]
	if cache == nil {
		cache = make([][]int, len(u.e.Obs))
		u.seenCache[view] = cache
	}
	if cache[k] != nil {
		return cache[k]
	}
	s, g := u.e.Obs[k].State, u.sightsIn(view)[k]
	out := []int{}
	for i, o := range s.Objects {
		if g.sees(s, o.Pos) {
			out = append(out, i)
		}
	}
	cache[k] = byCell(s, out)
	return cache[k]
}

// byCell sorts object indices by (row, col).
func byCell(s *State, idx []int) []int {
	slices.SortFunc(idx, func(x, y int) int {
		a, b := s.Objects[x].Pos, s.Objects[y].Pos
		if a.Row != b.Row {
			return a.Row - b.Row
		}
		return a.Col - b.Col
	})
	return idx
}

// unique reports whether object i of s is named uniquely on its grid.
func unique(s *State, i int) bool {
	name := s.Objects[i].Name()
	for j, o := range s.Objects {
		if j != i && o.Name() == name {
			return false
		}
	}
	return true
}

// filter keeps the indices for which keep is true.
func filter(idx []int, keep func(int) bool) []int {
	var out []int
	for _, i := range idx {
		if keep(i) {
			out = append(out, i)
		}
	}
	return out
}

// targets are the objects the current observation shows in the unit's
// view that are named uniquely and pass keep, in (row, col) order.
func (u *unit) targets(keep func(o Object) bool) []int {
	return filter(u.seen(len(u.e.Obs)-1, u.view), func(i int) bool {
		return u.names[u.cur.Objects[i].Name()] == 1 && keep(u.cur.Objects[i])
	})
}

// where is object position p in the view's own wording.
func (u *unit) where(view string, p Pos) string {
	if view == Memory {
		return compassPhrase(u.cur.Agent, p)
	}
	a, l := Ego(u.cur.Agent, u.cur.Facing, p)
	return egoPhrase(a, l)
}

// probe is one probe before it gets its id and context.
type probe struct {
	template string
	question string
	answer   worlds.AnswerType
	key      string
	values   string // the schema's value part, for non-enum types
	options  []string
	gold     worlds.Gold
	// view and context default to the unit's view and history.
	view      string
	context   string
	conflict  *bool
	testimony *string
}

// add finishes p as the unit's next probe.
func (u *unit) add(p probe) {
	view := p.view
	if view == "" {
		view = u.view
	}
	ctx := p.context
	if ctx == "" {
		t, err := u.text(view)
		if err != nil {
			if u.err == nil {
				u.err = err
			}
			return
		}
		ctx = t
	}
	schema := worlds.Schema(p.key, p.values)
	if p.answer == worlds.Enum {
		schema = worlds.EnumSchema(p.key, p.options)
	}
	cat, typ, _ := cutTemplate(p.template)
	u.probes = append(u.probes, worlds.Probe{
		ID: worlds.ProbeID(worlds.Grid, u.e.Level, u.seed, u.view, len(u.probes)), World: worlds.Grid,
		Level: u.e.Level, Seed: u.seed, View: view, Category: cat, ProbeType: typ, Template: p.template,
		Question: p.question, AnswerType: p.answer, Key: p.key, Schema: schema, Options: p.options,
		Gold: p.gold, Conflict: p.conflict, Testimony: p.testimony,
		Context: worlds.UserMessage(ctx, p.question, schema), Source: "generated", Meta: u.meta,
	})
}

// cutTemplate splits "P.presence" into its category and probe type.
func cutTemplate(t string) (worlds.Category, string, bool) {
	if len(t) < 3 || t[1] != '.' {
		return "", t, false
	}
	return worlds.Category(t[:1]), t[2:], true
}
