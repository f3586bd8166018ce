package walkers

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hallumaze/hallumaze/internal/golden"

	"github.com/hallumaze/hallumaze/mazes"
)

// TestGolden pins the replies of every agent: recorded cassettes hold them,
// so a change must be deliberate (go test ./agents -update, then re-record).
func TestGolden(t *testing.T) {
	for _, c := range []mazeCase{
		{7, 42, mazes.DFS, true, mazes.English, mazes.OneShot},
		{7, 42, mazes.Wilson, true, mazes.Korean, mazes.OneShot},
		{5, 9, mazes.DFS, true, mazes.English, mazes.Interactive},
	} {
		for _, name := range Names() {
			file := strings.NewReplacer("/", "_", "=", "-").Replace(name + "_" + c.String())
			t.Run(file, func(t *testing.T) {
				o := play(t, agent(t, name), c, 0)
				golden.Check(t, filepath.Join("golden", file+".txt"), []byte(conversation(o.replies)))
			})
		}
	}
}

// conversation joins an agent's replies, one block per turn.
func conversation(replies []string) string {
	if len(replies) == 1 {
		return replies[0]
	}
	var b strings.Builder
	for i, r := range replies {
		fmt.Fprintf(&b, "--- turn %d\n%s", i+1, r)
	}
	return b.String()
}
