package maze

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/agents"
	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/mazes"
	"github.com/hallumaze/hallumaze/providers"
)

// TestBothTiers: a one-shot reply that gives the solution as a path of
// coordinates in prose fails the strict contract (SR 0) and solves the
// maze under the lenient reading (SR-lenient 1); format compliance says
// which it was. A reply in the contract scores the same under both.
func TestBothTiers(t *testing.T) {
	spec := Spec{Size: 5, Seed: 2}
	m, err := mazes.Generate(spec.Size, spec.Seed, mazes.DFS)
	require.NoError(t, err)
	var cells []string
	for _, c := range m.Solution() {
		cells = append(cells, fmt.Sprintf("(%d,%d)", c.R, c.C))
	}
	prose := "Let me trace it carefully.\n\nThe path is " + strings.Join(cells, " -> ") + ", and that reaches the exit."
	c, err := NewCase(spec)
	require.NoError(t, err)
	model := providers.ModelFunc(func(context.Context, providers.Request) (providers.Reply, error) {
		return providers.Reply{Text: prose, StopReason: "end"}, nil
	})
	m1, err := bench.Env{Agents: func(string) (providers.Model, bool) { return model, true }}.Open("agent/prose")
	require.NoError(t, err)
	r := bench.Play(t.Context(), m1, c)
	require.Empty(t, r.Error)
	assert.Equal(t, 0.0, r.Metrics["SR"])
	assert.Equal(t, 1.0, r.Metrics["SR"+LenientSuffix])
	assert.Equal(t, 0.0, r.Metrics["format-compliance"])
	for k := range r.Metrics {
		_, ok := metrics.Lookup(k)
		assert.True(t, ok, "metric %s is declared", k)
	}

	om, err := bench.Env{Agents: func(name string) (providers.Model, bool) { return agents.Lookup(name) }}.Open("agent/oracle")
	require.NoError(t, err)
	oc, err := NewCase(Spec{Size: 7, Seed: 1})
	require.NoError(t, err)
	oracle := bench.Play(t.Context(), om, oc)
	assert.Equal(t, oracle.Metrics["MEI"], oracle.Metrics["MEI"+LenientSuffix])
	assert.Equal(t, 1.0, oracle.Metrics["format-compliance"])
}
