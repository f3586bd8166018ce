package mazes

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestParseNames: the framing's names read in any case, and a wrong one
// is an error that names what was read and what it could be.
func TestParseNames(t *testing.T) {
	tier, err := ParseTier("LENIENT")
	assert.NoError(t, err)
	assert.Equal(t, Lenient, tier)
	alg, err := ParseAlgorithm("Wilson")
	assert.NoError(t, err)
	assert.Equal(t, Wilson, alg)
	lang, err := ParseLang("ko")
	assert.NoError(t, err)
	assert.Equal(t, Korean, lang)
	for _, s := range []string{"one-shot", "One-Shot", "ONESHOT"} {
		p, err := ParseProtocol(s)
		assert.NoError(t, err, s)
		assert.Equal(t, OneShot, p, s)
	}

	for _, tc := range []struct {
		parse func(string) error
		in    string
		want  string
	}{
		{func(s string) error { _, err := ParseTier(s); return err }, "loose", `unknown tier "loose" (want strict or lenient)`},
		{func(s string) error { _, err := ParseAlgorithm(s); return err }, "prim", `unknown algorithm "prim" (want dfs or wilson)`},
		{func(s string) error { _, err := ParseLang(s); return err }, "fr", `unknown language "fr" (want en or ko)`},
		{func(s string) error { _, err := ParseProtocol(s); return err }, "", `unknown protocol "" (want oneshot or interactive)`},
	} {
		assert.EqualError(t, tc.parse(tc.in), tc.want)
	}
}
