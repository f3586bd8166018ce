package profile_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/profile"
)

// TestCollectorKeepsTheCards: the cards of what a Collector keeps are,
// byte for byte, the cards of the full results.
func TestCollectorKeepsTheCards(t *testing.T) {
	rs := merged(t, reference(t))
	whole, err := profile.Build(rs, profile.Options{})
	require.NoError(t, err)
	want, err := json.Marshal(whole)
	require.NoError(t, err)
	var c profile.Collector
	for _, r := range rs {
		c.Add(r)
	}
	require.Equal(t, len(rs), c.Len())
	got, err := c.Build(profile.Options{})
	require.NoError(t, err)
	b, err := json.Marshal(got)
	require.NoError(t, err)
	require.Equal(t, string(want), string(b))
}
