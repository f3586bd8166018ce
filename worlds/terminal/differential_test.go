package terminal

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"
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
