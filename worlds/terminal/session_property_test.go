package terminal

import (
	"encoding/json"
	"testing"

	"pgregory.net/rapid"

	"github.com/hallumaze/hallumaze/worlds"
)

// randomLine draws a command line a model might type in a task: the
// shell's forms on the task's paths (some missing, some directories), and
// lines it does not run or has no program for.
func randomLine(rt *rapid.T) string {
	files := []string{"config.ini", "inbox/alpha.txt", "inbox/bravo.txt", "keep/cedar.txt", "notes/delta.txt",
		"archive/ember.txt", "keep/x.txt", "found/alpha.txt", "nowhere/f.txt", "keep"}
	dirs := []string{"inbox", "archive", "keep", "notes", "found", "nowhere", "config.ini", ".", ".."}
	f := rapid.SampledFrom(files).Draw(rt, "file")
	g := rapid.SampledFrom(files).Draw(rt, "file2")
	d := rapid.SampledFrom(dirs).Draw(rt, "dir")
	w := rapid.SampledFrom([]string{"apple", "todo", "PORT", "fig", "x"}).Draw(rt, "word")
	return rapid.SampledFrom([]string{
		"ls", "ls -l", "ls " + d, "ls -l " + d, "pwd", "cd " + d, "cat " + f, "head " + f, "head -n 1 " + f,
		"tail -n 2 " + f, "wc -l " + f, "grep " + w + " " + f, "grep -q " + w + " " + f, "echo " + w + " > " + f,
		"echo " + w + " >> " + f, "echo 'a b' >> " + f, "sed -i 's/" + w + "/y/' " + f, "sed -i 's/" + w + "/y/g' " + f,
		"touch " + f, "touch " + d + "/new.txt", "mkdir " + d, "mkdir " + d + "/sub", "cp " + f + " " + g,
		"cp " + f + " " + d + "/", "mv " + f + " " + g, "mv " + f + " " + d + "/", "rm " + f, "chmod 400 " + f,
		"ls -la", "find . -name " + w, "cat " + f + " | head", "nano " + f,
	}).Draw(rt, "line")
}

// TestSessionGoldsDerive: for random command sequences in any task, in
// replies of every form (strict, lenient, unread), every gold of both
// arms is what a reader of the conversation's text alone derives (the
// walker's answer, which reads nothing else), the world's truth never
// disagrees with what the text settles, and replaying the session's
// record gives it back byte for byte.
func TestSessionGoldsDerive(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		level := rapid.SampledFrom(TaskLevels).Draw(rt, "level")
		task, err := NewTask(level, rapid.Uint64Range(1, 1<<20).Draw(rt, "seed"))
		if err != nil {
			rt.Fatal(err)
		}
		s := NewSession(task)
		turns := []string{s.Opening()}
		var text string
		for !s.Done() {
			line := randomLine(rt)
			rep := rapid.SampledFrom([]string{"command=" + line, "```\n" + line + "\n```", "Hmm.", "command=done"}).Draw(rt, "reply")
			var done bool
			text, done = s.Turn(rep)
			turns = append(turns, rep)
			if !done {
				turns = append(turns, text)
			}
		}
		probes, err := s.Questions(worlds.ArmInNav)
		if err != nil {
			rt.Fatal(err)
		}
		for i, p := range probes {
			msg := worlds.QuestionMessage(p.Question, p.Schema)
			if i == 0 {
				msg = text + "\n\n" + msg
			}
			if msg != p.Context {
				rt.Fatalf("%s: the message sent is not the record's context", p.ID)
			}
			conv := append(append([]string{}, turns...), msg)
			rep, err := SessionReply(worlds.Walker, conv)
			if err != nil {
				rt.Fatal(err)
			}
			if want := p.Key + "=" + p.Gold.Canonical(); rep != want && !(p.Gold.Unknown && rep == p.Key+"="+worlds.Unknown) {
				rt.Fatalf("%s %q: the text gives %q, the gold is %q\n%s", p.ID, p.Question, rep, want, s.History())
			}
			turns = append(turns, msg, rep)
		}
		rec := s.Record()
		again, err := ReplaySession(task, rec)
		if err != nil {
			rt.Fatal(err)
		}
		a, _ := json.Marshal(rec)
		b, _ := json.Marshal(again.Record())
		if string(a) != string(b) {
			rt.Fatalf("the replayed record differs:\n%s\n%s", a, b)
		}
		if _, err := again.Questions(worlds.ArmStatic); err != nil {
			rt.Fatal(err)
		}
	})
}
