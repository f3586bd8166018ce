package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/pricing"
)

func TestEstimate(t *testing.T) {
	prices := filepath.Join(t.TempDir(), "prices.json")
	require.NoError(t, os.WriteFile(prices, []byte(`{"openai/gpt-x": {"input": 1, "output": 4}, "openai/dearest": {"input": 100000, "output": 100000}}`), 0o644))
	code, stdout, stderr := runCLI(t, "estimate", "--prices", prices, "--output-factor", "2")
	require.Equal(t, 0, code, stderr)
	assert.Regexp(t, `openai/gpt-x +1\.000 +— +4\.000 +\$[0-9.]+ +\$0\.00 +—`, stdout, "no cached price, no saving")
	for _, bad := range []string{"Inf", "NaN", "unknown"} {
		assert.NotContains(t, stdout, bad, "the dearest price a table may hold costs a finite sum")
	}
	assert.Contains(t, stdout, "maze")
	assert.Contains(t, stdout, "abstain")
	assert.Contains(t, stdout, "openai/gpt-x")
	assert.NotContains(t, stdout, "openai/gpt-4o", "a price file names the models to price")
	assert.NotContains(t, stdout, "Built-in list prices")

	require.NoError(t, os.WriteFile(prices, []byte(`{"openai/gpt-x": {"in": 1}}`), 0o644))
	code, _, stderr = runCLI(t, "estimate", "--prices", prices)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr, `estimate: --prices: prices `+prices+`: price "openai/gpt-x": json: unknown field "in"`)
	require.NoError(t, os.WriteFile(prices, []byte(`{"openai/gpt-x": {"input": 1, "output": -4}}`), 0o644))
	code, _, stderr = runCLI(t, "estimate", "--prices", prices)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr, `price "openai/gpt-x": output: -4 is not a finite price ≥ 0`)
	code, _, _ = runCLI(t, "estimate", "--output-factor", "0")
	assert.Equal(t, exitUsage, code)
}

// Without --prices, estimate prices every model of the built-in table,
// with each price's date.
func TestEstimateBuiltIn(t *testing.T) {
	code, stdout, stderr := runCLI(t, "estimate")
	require.Equal(t, 0, code, stderr)
	tab := pricing.Default()
	for _, name := range tab.Names() {
		assert.Contains(t, stdout, name)
	}
	assert.Contains(t, stdout, tab["openai/gpt-4o"].AsOf)
	assert.Contains(t, stdout, "Built-in list prices as of the dates shown")
}

// The interactive cases' prompts are priced cached from their second call
// on, and the saving shown; with a cache-write price, the prompts are
// written at it.
func TestEstimateCaching(t *testing.T) {
	prices := filepath.Join(t.TempDir(), "prices.json")
	require.NoError(t, os.WriteFile(prices, []byte(`{"openai/gpt-x": {"input": 1000, "output": 0, "cached_input": 100},
		"anthropic/c": {"input": 1000, "output": 0, "cached_input": 100, "cache_write": 1250}}`), 0o644))
	code, stdout, stderr := runCLI(t, "estimate", "--prices", prices)
	require.Equal(t, 0, code, stderr)
	var cacheable, in int
	var gpt, gptSaved, claude, claudeSaved float64
	for _, line := range strings.Split(stdout, "\n") {
		f := strings.Fields(line)
		switch {
		case len(f) == 6 && f[0] == "total": // every suite's interactive cases
			cacheable, _ = strconv.Atoi(f[3])
			in, _ = strconv.Atoi(f[2])
		case len(f) == 7 && f[0] == "openai/gpt-x":
			gpt, _ = strconv.ParseFloat(strings.TrimPrefix(f[4], "$"), 64)
			gptSaved, _ = strconv.ParseFloat(strings.TrimPrefix(f[5], "$"), 64)
		case len(f) == 7 && f[0] == "anthropic/c":
			claude, _ = strconv.ParseFloat(strings.TrimPrefix(f[4], "$"), 64)
			claudeSaved, _ = strconv.ParseFloat(strings.TrimPrefix(f[5], "$"), 64)
		}
	}
	require.Positive(t, cacheable, stdout)
	require.Less(t, cacheable, in)
	// Reading a cacheable token costs a tenth of the input price.
	assert.InDelta(t, float64(cacheable)*900/1e6, gptSaved, 0.01, stdout)
	assert.InDelta(t, gpt+gptSaved, claude+claudeSaved, 0.01, "the same cost without caching")
	assert.Less(t, claudeSaved, gptSaved, "writes cost above the input price")
	assert.Contains(t, stdout, "caching saves")
}
