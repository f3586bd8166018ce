package profile_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/profile"
)

// TestCollectorKeepsTheCards: the cards of the slim results a Collector
// keeps are, byte for byte, the cards of the full results, and a slim
// result holds no transcript.
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
	for _, r := range c.Results() {
		require.Empty(t, r.Turns, r.Case)
		require.Less(t, len(r.Detail), 400, "%s: %s", r.Case, r.Detail)
	}
	got, err := profile.Build(c.Results(), profile.Options{})
	require.NoError(t, err)
	b, err := json.Marshal(got)
	require.NoError(t, err)
	require.Equal(t, string(want), string(b))
}
