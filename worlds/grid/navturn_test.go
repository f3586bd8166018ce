package grid

import (
	"strings"
	"testing"

	"github.com/hallumaze/hallumaze/worlds"
)

// TestMoveContract reads replies under the grid's action contract: the
// strict line, the lenient tier beside it, and none where neither reads.
func TestMoveContract(t *testing.T) {
	for _, tc := range []struct {
		reply  string
		form   worlds.ActionForm
		action string
	}{
		{"action=left", worlds.ActionStrict, "left"},
		{"I look around.\n\naction = Forward", worlds.ActionStrict, "forward"},
		{"**action=right**", worlds.ActionStrict, "right"},
		{"```\naction=done\n```", worlds.ActionStrict, "done"},
		{"I will turn left now.", worlds.ActionLenient, "left"},
		{"Action: move forward", worlds.ActionLenient, "forward"},
		{"action=jump\nI turn right.", worlds.ActionLenient, "right"},
		{"I'm done.", worlds.ActionLenient, "done"},
		{"Turn left or turn right?", worlds.ActionNone, ""},
		{"action=jump", worlds.ActionNone, ""},
		{"", worlds.ActionNone, ""},
	} {
		r := worlds.ReadAction(MoveSpec, tc.reply)
		if r.Form != tc.form || r.Action != tc.action {
			t.Errorf("%q: read %s %q, want %s %q (%s)", tc.reply, r.Form, r.Action, tc.form, tc.action, r.Reason)
		}
	}
}

// TestTurnFixedReplies: an unreadable reply gets the fixed reply and is
// counted, never guessed; done before min_steps is refused; three replies
// in a row without an action end the walk.
func TestTurnFixedReplies(t *testing.T) {
	w := mustWorld(t)
	sp, err := w.NavSpec("proc-8", 1, ASCII)
	if err != nil {
		t.Fatal(err)
	}
	n, err := NewNav(sp)
	if err != nil {
		t.Fatal(err)
	}
	text, done := n.Turn("hmm")
	if done || text != noAction {
		t.Fatalf("unreadable: %q done %v", text, done)
	}
	text, done = n.Turn("action=done")
	if done || !strings.HasPrefix(text, "done is accepted after at least 5 actions; you have taken 0.") {
		t.Fatalf("early done: %q done %v", text, done)
	}
	text, done = n.Turn("action=left")
	if done || !strings.HasPrefix(text, "[You turned left]") {
		t.Fatalf("left: %q", text)
	}
	for range MaxIdleReplies - 1 {
		if _, done = n.Turn("?"); done {
			t.Fatal("ended before the idle limit")
		}
	}
	text, done = n.Turn("?")
	if !done || n.End() != NavIdle || !strings.Contains(text, "No action was read in 3 replies") {
		t.Fatalf("idle: %q done %v end %s", text, done, n.End())
	}
	st := n.Stats()
	if st.Replies != 6 || st.Unread != 4 || st.Early != 1 || st.Strict != 2 || st.Steps != 1 {
		t.Fatalf("stats %+v", st)
	}
}
