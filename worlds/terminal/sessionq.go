package terminal

import (
	"fmt"
	"path"
	"strconv"

	"github.com/hallumaze/hallumaze/worlds"
)

// The questions asked after a task's session are fixed by the task (the
// same in both arms); their golds follow the session actually run:
//
//   - goal-file and source-file: is the task's file where the task puts
//     it, and still where it was (for the edit: does config.ini hold the
//     new line, and the old one);
//   - side-lines: how many lines a file of keep/ has, a file the task
//     never needs;
//   - side-foil: whether keep/ holds a file of a name no directory of the
//     task holds;
//   - own-commands, own-failed, own-removed: how many commands the shell
//     ran, how many exited with a status other than 0, whether one
//     removed a file.
//
// A fact about the files has the world's value as its gold where the
// session's text settles it, and UNKNOWN elsewhere (category P, else U).
// What the text settles is what a careful reader of it knows (view.go):
// the home directory it is told it starts in; ls's listings; a file's
// content once cat showed it, or head or tail showed fewer lines than
// asked (the whole file), or a command that printed nothing derived it
// from known content (echo, sed, cp, mv, touch in a listed directory); a
// line count once wc -l showed it; each command's success, since every
// failure prints its message and its status. The world holds the reader
// to itself: a fact the reader settles to other than the world's value is
// an error of the world, never a gold. The own-* golds count the session's
// steps (M), which the text shows one by one.

// The probe types of a task's questions.
const (
	GoalFile    = "goal-file"
	SourceFile  = "source-file"
	SideLines   = "side-lines"
	SideFoil    = "side-foil"
	OwnCommands = "own-commands"
	OwnFailed   = "own-failed"
	OwnRemoved  = "own-removed"
)

// taskQuestion is one question: its type, text, contract, and the world's
// value ("" when the file it asks about is gone).
type taskQuestion struct {
	typ, question, key string
	atype              worlds.AnswerType
	truth              string
}

// questions are the task's questions with the world's values at the end
// of the session.
func (s *Session) questions() []taskQuestion {
	t, fin := s.task, s.state
	has := func(dir, name string) string {
		_, ok := fin.File(Home + "/" + dir + "/" + name)
		return yesNo(ok)
	}
	holds := func(line string) string {
		f, ok := fin.File(Home + "/config.ini")
		found := false
		for _, l := range f.Lines {
			found = found || l == line
		}
		return yesNo(ok && found)
	}
	var out []taskQuestion
	base := baseName(t.File)
	switch t.Level {
	case TaskEdit:
		for _, q := range []struct{ typ, v string }{{GoalFile, t.New}, {SourceFile, t.Old}} {
			line := t.Key + "=" + q.v
			out = append(out, taskQuestion{typ: q.typ, key: "present", atype: worlds.Bool, truth: holds(line),
				question: "Does " + Home + "/config.ini hold the line " + line + " now?"})
		}
	default:
		src := path.Dir(t.File)
		out = append(out,
			taskQuestion{typ: GoalFile, key: "present", atype: worlds.Bool, truth: has(t.Dir, base),
				question: "Does " + Home + "/" + t.Dir + " contain a file named " + base + " now?"},
			taskQuestion{typ: SourceFile, key: "present", atype: worlds.Bool, truth: has(src, base),
				question: "Does " + Home + "/" + src + " contain a file named " + base + " now?"})
	}
	side := taskQuestion{typ: SideLines, key: "lines", atype: worlds.Int,
		question: "How many lines does " + Home + "/" + t.Side + " have now?"}
	if f, ok := fin.File(Home + "/" + t.Side); ok {
		side.truth = strconv.Itoa(len(f.Lines))
	}
	failed, removed := 0, false
	for _, st := range s.steps {
		if !st.Refused && st.Status != 0 {
			failed++
		}
		if c, err := ParseCommand(st.Line); err == nil && !st.Refused && c.Name == Rm && st.Status == 0 {
			removed = true
		}
	}
	return append(out, side,
		taskQuestion{typ: SideFoil, key: "present", atype: worlds.Bool, truth: has("keep", t.Foil),
			question: "Does " + Home + "/keep contain a file named " + t.Foil + " now?"},
		taskQuestion{typ: OwnCommands, key: "count", atype: worlds.Int, truth: strconv.Itoa(s.ran()),
			question: "How many commands did the shell run for you during the session?"},
		taskQuestion{typ: OwnFailed, key: "count", atype: worlds.Int, truth: strconv.Itoa(failed),
			question: "How many of the commands the shell ran for you exited with a status other than 0?"},
		taskQuestion{typ: OwnRemoved, key: "removed", atype: worlds.Bool, truth: yesNo(removed),
			question: "Did a command you ran remove a file?"},
	)
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// Questions are the task's questions asked of this session, which must
// have ended, as records of the arm: ids
// terminal/<level>/s<seed>/session/<arm>/q<NN>. The first question's
// message follows the session (the static arm's whole session, or the
// innav arm's closing line) and holds it.
func (s *Session) Questions(arm string) ([]worlds.Probe, error) {
	if !s.Done() {
		return nil, fmt.Errorf("terminal: the session of %s seed %d has not ended", s.task.Level, s.task.Seed)
	}
	r := s.reading()
	t := s.task
	var out []worlds.Probe
	for i, q := range s.questions() {
		gold := worlds.GoldUnknown()
		cat := worlds.Uncertainty
		derived := r.answer(q.question)
		switch {
		case isOwn(q.typ):
			cat = worlds.Memory
			gold = goldOf(q.atype, q.truth)
			if derived != q.truth {
				return nil, fmt.Errorf("terminal: %s seed %d: the session's text gives %s %q, the world %q", t.Level, t.Seed, q.typ, derived, q.truth)
			}
		case derived != "":
			if derived != q.truth {
				return nil, fmt.Errorf("terminal: %s seed %d: the reader settles %q as %q, the world has %q", t.Level, t.Seed, q.question, derived, q.truth)
			}
			cat, gold = worlds.Perception, goldOf(q.atype, q.truth)
		}
		values := worlds.SchemaBool
		if q.atype == worlds.Int {
			values = worlds.SchemaInt
		}
		schema := worlds.Schema(q.key, values)
		ctx := worlds.QuestionMessage(q.question, schema)
		if i == 0 {
			ctx = worlds.FirstQuestion(arm, s.last(), s.Text(), ctx)
		}
		out = append(out, worlds.Probe{
			ID:    fmt.Sprintf("%s/%s/s%d/%s/%s/q%02d", worlds.Terminal, t.Level, t.Seed, SessionView, arm, i),
			World: worlds.Terminal, Level: t.Level, Seed: t.Seed, View: SessionView,
			Category: cat, ProbeType: q.typ, Template: string(cat) + "." + q.typ, Question: q.question,
			AnswerType: q.atype, Key: q.key, Schema: schema, Gold: gold,
			Context: ctx, Source: "generated", Meta: []byte(`{"arm":` + strconv.Quote(arm) + `}`),
		})
	}
	return out, nil
}

// SessionView is the view name of task sessions.
const SessionView = "session"

func isOwn(typ string) bool { return len(typ) > 4 && typ[:4] == "own-" }

func goldOf(a worlds.AnswerType, v string) worlds.Gold {
	if a == worlds.Bool {
		return worlds.GoldBool(v == "yes")
	}
	n, _ := strconv.Atoi(v)
	return worlds.GoldInt(n)
}

// reading is the session as its text reads.
func (s *Session) reading() *sessionReader {
	r, err := readSession(s.History())
	if err != nil {
		panic(err) // the world writes text its reader reads
	}
	return r
}

var _ worlds.Episode = (*Session)(nil)
