package terminal

import (
	"fmt"
	"testing"

	"github.com/hallumaze/hallumaze/worlds"
)

// playSession plays one task with an agent, as the suite does: the
// session turn by turn, then the questions in the same conversation. It
// returns the session, the conversation and the verdicts.
func playSession(t testing.TB, policy worlds.Policy, task *Task) (*Session, []string, []worlds.Verdict) {
	t.Helper()
	s := NewSession(task)
	turns := []string{s.Opening()}
	var text string
	for range s.MaxReplies() {
		rep, err := SessionReply(policy, turns)
		if err != nil {
			t.Fatalf("%s %s seed %d: %v", policy, task.Level, task.Seed, err)
		}
		var done bool
		text, done = s.Turn(rep)
		turns = append(turns, rep)
		if done {
			break
		}
		turns = append(turns, text)
	}
	probes, err := s.Questions(worlds.ArmInNav)
	if err != nil {
		t.Fatal(err)
	}
	var out []worlds.Verdict
	for i, p := range probes {
		msg := worlds.QuestionMessage(p.Question, p.Schema)
		if i == 0 {
			msg = text + "\n\n" + msg
		}
		if msg != p.Context {
			t.Fatalf("%s: the message sent is not the record's context", p.ID)
		}
		turns = append(turns, msg)
		rep, err := SessionReply(policy, turns)
		if err != nil {
			t.Fatalf("%s %s: %v", policy, p.ID, err)
		}
		turns = append(turns, rep)
		out = append(out, worlds.Judge(p, rep))
	}
	return s, turns, out
}

// standardTasks are the standard set's tasks.
func standardTasks(t testing.TB) []*Task {
	t.Helper()
	var out []*Task
	for _, level := range TaskLevels {
		for seed := uint64(1); seed <= TaskSeeds; seed++ {
			task, err := NewTask(level, seed)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, task)
		}
	}
	return out
}

func TestSessionAgents(t *testing.T) {
	tasks := standardTasks(t)
	for _, pol := range worlds.ActPolicies {
		var success, cmds, right, n, unseen, unseenH, own, ownH int
		for _, task := range tasks {
			s, _, vs := playSession(t, pol, task)
			sum := s.Summary()
			success += b2i(sum.Success)
			cmds += sum.Actions
			for _, v := range vs {
				n++
				right += b2i(v.Right)
				if !v.Answerable {
					unseen++
					unseenH += b2i(v.Hallucinated)
				}
				if isOwn(v.ProbeType) {
					own++
					ownH += b2i(v.Hallucinated)
				}
			}
		}
		t.Logf("%-12s success %d/%d commands %d right %d/%d unseen-hall %d/%d own-false %d/%d",
			pol, success, len(tasks), cmds, right, n, unseenH, unseen, ownH, own)
		if pol == worlds.Navigator && success != len(tasks) {
			t.Errorf("the navigator did %d of %d tasks", success, len(tasks))
		}
	}
}

func TestScriptedSessions(t *testing.T) {
	for _, task := range standardTasks(t) {
		s := ScriptedSession(task)
		if !task.Success(s.Final()) {
			t.Errorf("%s seed %d: the scripted session fails its task:\n%s", task.Level, task.Seed, s.History())
		}
		if _, err := s.Questions(worlds.ArmStatic); err != nil {
			t.Error(err)
		}
	}
	fmt.Print()
}
