package terminal

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/worlds"
)

// The episodes replayed in a real bash with the system's coreutils, as user
// nobody when the test runs as root: every command's output and exit status
// (ls -l by mode, padded size and name; bash's "total" line dropped) and the
// final tree (names, contents, modes) must be what the simulation says.
// All sessions of a level run in one bash process.
func TestEpisodesMatchBash(t *testing.T) {
	if raceEnabled {
		t.Skip("forks thousands of coreutils processes: run without -race (make test's bash step)")
	}
	seeds := 200
	if testing.Short() {
		seeds = 25
	}
	for _, level := range New().Levels() {
		t.Run(level, func(t *testing.T) {
			t.Parallel()
			sessions := make([]session, seeds)
			for i := range sessions {
				ep, err := Play(level, uint64(i+1))
				require.NoError(t, err)
				sessions[i] = session{name: fmt.Sprintf("%s seed %d", level, ep.Seed), initial: ep.Initial, commands: ep.Commands}
			}
			compareWithBash(t, sessions)
		})
	}
}

// TestSessionsMatchBash: every task session of the standard set, as each
// acting agent plays it and as the static arm's script runs it, replayed
// in a real bash (PATH holding only the shell's programs, so a name not
// installed is "command not found" there too): every line the session ran
// prints and exits as the session showed, and the final tree is the
// session's.
func TestSessionsMatchBash(t *testing.T) {
	if raceEnabled {
		t.Skip("forks many coreutils processes: run without -race (make test's bash step)")
	}
	var sessions []session
	add := func(name string, task *Task, s *Session) {
		var lines []string
		for _, st := range s.Steps() {
			if !st.Refused {
				lines = append(lines, st.Line)
			}
		}
		sessions = append(sessions, session{name: name, initial: task.Initial, lines: append([]string{}, lines...)})
	}
	for _, task := range standardTasks(t) {
		for _, pol := range worlds.ActPolicies {
			s, _, _ := playSession(t, pol, task)
			add(fmt.Sprintf("%s seed %d %s", task.Level, task.Seed, pol), task, s)
		}
		add(fmt.Sprintf("%s seed %d scripted", task.Level, task.Seed), task, ScriptedSession(task))
	}
	compareWithBash(t, sessions)
	t.Logf("%d sessions compared with bash", len(sessions))
}
