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
// prompt bytes, which contain the maze. testdata/regress.golden must never
// change; -update does not rewrite it.
//
// The lures are pinned apart, in testdata/traps.golden: where they go is a
// rule of the benchmark (docs/metrics.md), which a reviewed change may
// amend, and which never moves a wall.
func TestRegress(t *testing.T) {
	var mazesPinned, traps strings.Builder
	for _, alg := range []Algorithm{DFS, Wilson} {
		for _, n := range []int{2, 5, 7, 11, 101} {
			for _, seed := range []uint64{0, 1, 42, 1<<63 + 12345} {
				m, err := Generate(n, seed, alg)
				require.NoError(t, err)
				sum := sha256.Sum256([]byte(m.Text(TextOptions{Lang: English})))
				fmt.Fprintf(&mazesPinned, "%s n=%d seed=%d solution=%d dead_ends=%d sha256=%x\n",
					alg, n, seed, len(m.Solution()), m.DeadEnds(), sum[:12])
				tsum := sha256.Sum256(m.JSON(English))
				fmt.Fprintf(&traps, "%s n=%d seed=%d traps=%d json_sha256=%x\n", alg, n, seed, len(m.Traps()), tsum[:12])
			}
		}
	}
	golden.Pinned(t, "regress.golden", []byte(mazesPinned.String()))
	golden.Check(t, "traps.golden", []byte(traps.String()))
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
