package maze

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/hallumaze/hallumaze/mazes"
)

func TestMazeSpecName(t *testing.T) {
	for _, tc := range []struct {
		spec Spec
		want string
	}{
		{Spec{Size: 7, Seed: 42}, "size=7/seed=42/base"},
		{Spec{Size: 9, Seed: 1, Algorithm: mazes.Wilson, NoMirage: true, Lang: mazes.Korean, Protocol: mazes.Interactive, Group: "B"}, "size=9/seed=1/wilson+no-mirage+ko+interactive+group=B"},
		{Spec{Size: 5, Seed: 3, NoConf: true}, "size=5/seed=3/no-conf"},
	} {
		assert.Equal(t, tc.want, tc.spec.Name())
	}
	_, err := NewCase(Spec{Size: 7, Seed: 1, Group: "B"})
	assert.ErrorContains(t, err, "needs the interactive protocol")
}
