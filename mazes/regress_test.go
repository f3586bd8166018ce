package mazes

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"strings"
	"testing"

	"github.com/hallumaze/hallumaze/internal/golden"

	"github.com/stretchr/testify/require"
)

// TestRegress pins the mazes of a few seeds, sizes and algorithms so that
// no change of code or Go release alters them: cassettes are keyed on the
// prompt bytes, which contain the maze.
func TestRegress(t *testing.T) {
	var b strings.Builder
	for _, alg := range []Algorithm{DFS, Wilson} {
		for _, n := range []int{2, 5, 7, 11, 101} {
			for _, seed := range []uint64{0, 1, 42, 1<<63 + 12345} {
				m, err := Generate(n, seed, alg)
				require.NoError(t, err)
				sum := sha256.Sum256(m.JSON(English))
				fmt.Fprintf(&b, "%s n=%d seed=%d solution=%d dead_ends=%d traps=%d sha256=%x\n",
					alg, n, seed, len(m.Solution()), m.DeadEnds(), len(m.Traps()), sum[:12])
			}
		}
	}
	golden.Check(t, "regress.golden", []byte(b.String()))
}

func TestGoldenEncodings(t *testing.T) {
	for _, tc := range []struct {
		name string
		alg  Algorithm
		lang Lang
	}{
		{"dfs-7-42-en", DFS, English},
		{"wilson-7-42-ko", Wilson, Korean},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := Generate(7, 42, tc.alg)
			require.NoError(t, err)
			golden.Check(t, tc.name+".txt", []byte(m.Text(TextOptions{Lang: tc.lang, Mirage: true})))
			golden.Check(t, tc.name+".json", m.JSON(tc.lang))
			golden.Check(t, tc.name+".ascii", []byte(m.ASCII(DrawOptions{Solution: true, Traps: true})))
			var svg bytes.Buffer
			require.NoError(t, m.WriteSVG(&svg, SVGOptions{DrawOptions: DrawOptions{Solution: true, Traps: true}}))
			golden.Check(t, tc.name+".svg", svg.Bytes())
		})
	}
}
