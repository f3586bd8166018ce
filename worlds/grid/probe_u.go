package grid

import (
	"slices"
	"strconv"
	"strings"

	"github.com/hallumaze/hallumaze/worlds"
)

// The U templates come in pairs: one probe whose gold is UNKNOWN and an
// answerable twin of the same wording about a determined target. What is
// determined is what the text of the views settles, read by the stated
// rules: a cell a field-of-view view showed (the ascii view draws every
// cell it sees, the symbolic view lists objects only), every cell once a
// view says the whole area is in view, every object of an area the memory
// view lists. Observations of one file see one unchanging grid (the agent's
// actions move nothing else; a river level is never asked this), so an
// earlier observation of the same file settles a cell too.

// fovView is the view the U templates show the field of view in: the
// unit's view, or symbolic for a memory unit (the memory view shows the
// whole area, so it has no cell the agent has not seen; §14.7).
func (u *unit) fovView() string {
	if u.view == Memory {
		return Symbolic
	}
	return u.view
}

// settled marks every cell of the current grid (row-major) whose content
// the observations of that grid settle in view: cells an ascii view drew,
// cells holding an object a symbolic view listed, every cell of an
// observation that had the whole area in view.
func (u *unit) settled(view string) []bool {
	if ever, ok := u.ever[view]; ok {
		return ever
	}
	lv := u.cur.Level
	out := make([]bool, lv.Rows*lv.Cols)
	last := u.e.Last()
	for k, o := range u.e.Obs {
		if o.File != last.File {
			continue
		}
		f := u.sightsIn(view)[k].fov
		if wholeArea(o.State, f) {
			for i := range out {
				out[i] = true
			}
			continue
		}
		for i := range f.V {
			for j := range f.V {
				p := f.World(i, j)
				if !f.Seen(i, j) || !lv.In(p) {
					continue
				}
				if view == ASCII || o.State.ObjectAt(p) >= 0 {
					out[p.Row*lv.Cols+p.Col] = true
				}
			}
		}
	}
	u.ever[view] = out
	return out
}

// isSettled reports whether the observations settle cell p.
func isSettled(ever []bool, lv *Level, p Pos) bool { return lv.In(p) && ever[p.Row*lv.Cols+p.Col] }

// cell is U.cell, two pairs: "Is there a <name> <pos>?" about cells of the
// view window the observations do not settle (gold UNKNOWN; the name drawn
// among the 18), each with a twin about a settled cell: the first asks for
// the object there by its name (yes), the second for a name the cell does
// not hold (no). Candidates are window cells on the grid in scan order. No
// river level is asked: drift would unsettle what was seen.
func (u *unit) cell() {
	view := u.fovView()
	g := u.sightsIn(view)[len(u.e.Obs)-1]
	if u.err != nil || u.e.Dynamics {
		return
	}
	ever := u.settled(view)
	f, s := g.fov, u.cur
	var open, yes, no []Pos
	for i := range f.V {
		for j := range f.V {
			p := f.World(i, j)
			if p == s.Agent || !s.Level.In(p) {
				continue
			}
			switch {
			case !isSettled(ever, s.Level, p):
				open = append(open, p)
			case s.ObjectAt(p) >= 0 && isKBX(s.Objects[s.ObjectAt(p)]):
				yes = append(yes, p)
				no = append(no, p)
			default:
				no = append(no, p)
			}
		}
	}
	if len(open) < 2 || len(yes) == 0 {
		return
	}
	for _, want := range []bool{true, false} {
		p := worlds.Take(u.st, &open)
		u.add(u.cellOf(p, worlds.Pick(u.st, kbxNames), ever))
		if want {
			q := worlds.Pick(u.st, yes)
			u.add(u.cellOf(q, s.Objects[s.ObjectAt(q)].Name(), ever))
			continue
		}
		q := worlds.Pick(u.st, no)
		var names []string
		for _, n := range kbxNames {
			if i := s.ObjectAt(q); i < 0 || s.Objects[i].Name() != n {
				names = append(names, n)
			}
		}
		u.add(u.cellOf(q, worlds.Pick(u.st, names), ever))
	}
}

// cellOf asks whether an object of the name is on cell p; ever is what the
// observations settle (P5: a cell they do not is UNKNOWN).
func (u *unit) cellOf(p Pos, name string, ever []bool) probe {
	s := u.cur
	a, l := Ego(s.Agent, s.Facing, p)
	i := s.ObjectAt(p)
	truth := worlds.GoldBool(i >= 0 && s.Objects[i].Name() == name)
	return probe{template: "U.cell", question: "Is there a " + name + " " + egoPhrase(a, l) + "?",
		answer: worlds.Bool, key: "object", values: worlds.SchemaBool, view: u.fovView(),
		gold: worlds.Resolve(truth, isSettled(ever, s.Level, p))}
}

// total is U.total, a pair: "How many <kind>s are there in the whole
// level?" for a kind pick(key, ball, box, door) present on the current
// grid, asked in the field-of-view view, where it is UNKNOWN (no view
// there says the whole area is in view; with one that does, there is no
// pair), and its twin in the memory view, which lists every object.
func (u *unit) total() {
	last := len(u.e.Obs) - 1
	kinds := u.kindsOnGrid(last)
	if len(kinds) == 0 || u.e.MultiFile {
		return
	}
	fov, memory := u.totalOf(kinds[u.pickCount(upTo(len(kinds)), func(j int) int {
		_, m := u.totalOf(kinds[j])
		n, _ := strconv.Atoi(m.gold.Value)
		return n
	}, saltTotal)])
	if fov.gold.Answerable() {
		return
	}
	u.add(fov)
	u.add(memory)
}

// totalOf is the U.total pair for kind.
func (u *unit) totalOf(k Kind) (probe, probe) {
	view := u.fovView()
	all := u.settled(view)
	covered := true
	for _, ok := range all {
		covered = covered && ok
	}
	n := 0
	for _, o := range u.cur.Objects {
		if k.counts(o) {
			n++
		}
	}
	q := "How many " + k.plural() + " are there in the whole level?"
	truth := worlds.GoldInt(n)
	return probe{template: "U.total", question: q, answer: worlds.Int, key: "count", values: worlds.SchemaInt,
			view: view, gold: worlds.Resolve(truth, covered)},
		probe{template: "U.total", question: q, answer: worlds.Int, key: "count", values: worlds.SchemaInt,
			view: Memory, gold: truth}
}

// room is U.room (U1, fog of war), pairs: "How many <kind>s are there in
// <room>?" about a room the hub's notice board names and no observation
// shows (UNKNOWN), and about an observed room whose view had the whole
// area in it (the twin). Two kinds are drawn, each a pair.
func (u *unit) room() {
	if !u.e.MultiFile {
		return
	}
	var named []string
	for _, o := range u.e.Obs[0].State.Objects {
		if o.Kind.text() {
			for _, r := range []string{"A", "B", "C", "D"} {
				if room := "room " + strings.ToLower(r); strings.Contains(o.Text, "Room "+r) && !slices.Contains(named, room) {
					named = append(named, room)
				}
			}
		}
	}
	seen := map[string]int{}
	for k, o := range u.e.Obs {
		f := u.sightsIn(u.view)[k].fov
		if u.view != Memory && wholeArea(o.State, f) {
			seen[o.Label] = k
		}
	}
	var unseen, whole []string
	for _, r := range named {
		if _, ok := seen[r]; ok {
			whole = append(whole, r)
			continue
		}
		if !u.observed(r) {
			unseen = append(unseen, r)
		}
	}
	if len(unseen) == 0 || len(whole) == 0 {
		return
	}
	type cand struct {
		kind Kind
		room string
	}
	var cands []cand
	for _, k := range []Kind{Key, Ball, Box, Door, AnyCounted} {
		for _, r := range whole {
			cands = append(cands, cand{k, r})
		}
	}
	for range 2 {
		c := pickClass(u.st, cands, func(c cand) string { return strconv.Itoa(u.countSeen(seen[c.room], u.view, c.kind)) })
		cands = slices.DeleteFunc(cands, func(x cand) bool { return x.kind == c.kind })
		kind, there := c.kind, c.room
		gone := worlds.Pick(u.st, unseen)
		n := u.countSeen(seen[there], u.view, kind)
		q := func(room string) string { return "How many " + kind.plural() + " are there in " + room + "?" }
		u.add(probe{template: "U.room", question: q(gone), answer: worlds.Int, key: "count", values: worlds.SchemaInt, gold: worlds.GoldUnknown()})
		u.add(probe{template: "U.room", question: q(there), answer: worlds.Int, key: "count", values: worlds.SchemaInt, gold: worlds.GoldInt(n)})
	}
}

// observed reports whether an observation of the episode is labelled r.
func (u *unit) observed(r string) bool {
	for _, o := range u.e.Obs {
		if o.Label == r {
			return true
		}
	}
	return false
}

// signSubjects are the objects the U2 keys' signposts make claims about
// ("The target room beyond this corridor contains a red key.", "… no red
// key.").
var signSubjects = map[string]string{
	"U2_oracle_high": "red key",
	"U2_oracle_mid":  "red key",
	"U2_oracle_low":  "red key",
}

// unseen is U.unseen (U1, U2, U4), pairs asked with two contexts: the history
// cut before its last observation, where the last area is not (yet) seen
// — the target room of U2 behind its signposts, the room of U4 after time
// passed — so "Is there a <name> …?" is UNKNOWN (signs settle nothing); and
// the whole history, where the last observation settles it (it lists every
// object of the area: the memory view, or a view with the whole area in
// it). Two names: one the last observation shows (yes) and one it does
// not (no).
func (u *unit) unseen() {
	if !u.e.MultiFile || len(u.e.Obs) < 2 {
		return
	}
	last := len(u.e.Obs) - 1
	cut, err := u.e.renderUntil(u.view, last)
	if err != nil {
		u.err = err
		return
	}
	yes, no := u.namesIn(last)
	whole := u.view == Memory || wholeArea(u.cur, u.sightsIn(u.view)[last].fov)
	if len(yes) == 0 || len(no) == 0 || !whole {
		return
	}
	where := "in this area now"
	if label := u.e.Obs[last].Label; u.e.Obs[last].Area != u.e.Obs[last-1].Area {
		where = "in the " + label
		if strings.HasPrefix(label, "room ") || strings.HasPrefix(label, "zone ") {
			where = "in " + label
		}
	}
	seen := u.seenNames(last)
	names := []string{worlds.Pick(u.st, yes), worlds.Pick(u.st, no)}
	// U2's signposts claim what the target room holds; their subject is
	// asked in its place, so the pair tests whether a signpost of stated
	// reliability (80 %, 50 % or 20 %) is taken to settle what no
	// observation has shown.
	if subject, ok := signSubjects[u.e.Level]; ok {
		if slices.Contains(yes, subject) {
			names[0] = subject
		} else if slices.Contains(no, subject) {
			names[1] = subject
		}
	}
	for _, name := range names {
		q := "Is there a " + name + " " + where + "?"
		u.add(probe{template: "U.unseen", question: q, answer: worlds.Bool, key: "present", values: worlds.SchemaBool,
			context: cut, gold: worlds.GoldUnknown()})
		u.add(probe{template: "U.unseen", question: q, answer: worlds.Bool, key: "present", values: worlds.SchemaBool,
			gold: worlds.GoldBool(seen[name])})
	}
}
