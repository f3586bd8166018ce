package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestEstimate(t *testing.T) {
	prices := filepath.Join(t.TempDir(), "prices.json")
	require.NoError(t, os.WriteFile(prices, []byte(`{"openai/gpt-x": {"input": 1, "output": 4}}`), 0o644))
	code, stdout, stderr := runCLI(t, "estimate", "--prices", prices, "--output-factor", "2")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, "maze")
	assert.Contains(t, stdout, "abstain")
	assert.Contains(t, stdout, "openai/gpt-x")
	assert.NotContains(t, stdout, "examples", "a price file replaces the example prices")

	require.NoError(t, os.WriteFile(prices, []byte(`{"openai/gpt-x": {"in": 1}}`), 0o644))
	code, _, stderr = runCLI(t, "estimate", "--prices", prices)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr, "unknown field")
	code, _, _ = runCLI(t, "estimate", "--output-factor", "0")
	assert.Equal(t, exitUsage, code)
}
