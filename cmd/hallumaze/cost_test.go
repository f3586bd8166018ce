package main

import (
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/pricing"
)

// modelCost is a model's entry of the results JSON file's "cost" member.
type modelCost struct {
	Model        string         `json:"model"`
	InputTokens  int            `json:"input_tokens"`
	OutputTokens int            `json:"output_tokens"`
	USD          *float64       `json:"usd"`
	AsOf         *string        `json:"as_of"`
	Price        *pricing.Price `json:"price"`
}

// readCost reads the models of a results JSON file's "cost" member.
func readCost(t *testing.T, path string) map[string]modelCost {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	var doc struct {
		Cost *struct {
			Models []modelCost `json:"models"`
		} `json:"cost"`
	}
	require.NoError(t, json.Unmarshal(data, &doc))
	require.NotNil(t, doc.Cost, "%s has a cost member", path)
	out := map[string]modelCost{}
	for _, m := range doc.Cost.Models {
		out[m.Model] = m
	}
	return out
}

// csvCosts reads the cost_usd column of a CSV, by model and case.
func csvCosts(t *testing.T, path string) map[string]string {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	require.NoError(t, err)
	model, name, cost := slices.Index(rows[0], "model"), slices.Index(rows[0], "case"), slices.Index(rows[0], "cost_usd")
	require.GreaterOrEqual(t, cost, 0, "a cost_usd column")
	out := map[string]string{}
	for _, r := range rows[1:] {
		out[r[model]+" "+r[name]] = r[cost]
	}
	return out
}

// TestReportPrices: hallumaze report prices each model's tokens at the
// built-in list prices, and --prices FILE replaces an entry: the terminal,
// the JSON file and the CSV change together. A bad file is a usage error
// naming the file and the entry, before anything is written.
func TestReportPrices(t *testing.T) {
	dir := t.TempDir()
	line := strings.Replace(reportLine, `"usage":{"input_tokens":10,"output_tokens":5}`, `"usage":{"input_tokens":1000000,"output_tokens":100000}`, 1)
	require.NotEqual(t, reportLine, line)
	agent := strings.NewReplacer("openai/gpt-4o", "agent/oracle", "size=5/seed=1/base", "size=5/seed=2/base").Replace(line)
	in := writeFile(t, dir, "r.jsonl", line+"\n"+agent+"\n")
	builtIn, ok := pricing.Default().Lookup("openai/gpt-4o")
	require.True(t, ok)

	tests := []struct {
		name   string
		prices string // the --prices file's content; "" for none
		usd    float64
		asOf   string
	}{
		{"built-in list prices", "", builtIn.Input + 0.1*builtIn.Output, builtIn.AsOf},
		{"--prices replaces the entry", `{"openai/gpt-4o": {"input": 1, "output": 2, "as_of": "2026-02-01"}}`, 1.2, "2026-02-01"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := t.TempDir()
			js, csvPath := filepath.Join(out, "r.json"), filepath.Join(out, "r.csv")
			args := []string{in, "--json", js, "--csv", csvPath}
			if tt.prices != "" {
				args = append(args, "--prices", writeFile(t, out, "prices.json", tt.prices))
			}
			code, stdout, stderr := runReportCLI(t, args...)
			require.Equal(t, 0, code, stderr)

			assert.Contains(t, stdout, " Cost ")
			assert.Regexp(t, `openai/gpt-4o +1 +1,000,000 +100,000 +`+regexpQuote(usdText(tt.usd))+` +`+tt.asOf, stdout)
			assert.Regexp(t, `agent/oracle +1 +1,000,000 +100,000 +price unknown`, stdout, "an agent has no price, never $0")
			assert.Greater(t, strings.Index(stdout, " Cost "), strings.Index(stdout, "HalluMaze comparison"), "after the suites' tables")

			cost := readCost(t, js)
			gpt := cost["openai/gpt-4o"]
			require.NotNil(t, gpt.USD)
			assert.InDelta(t, tt.usd, *gpt.USD, 1e-9)
			require.NotNil(t, gpt.AsOf)
			assert.Equal(t, tt.asOf, *gpt.AsOf)
			assert.Equal(t, 1_000_000, gpt.InputTokens)
			assert.Nil(t, cost["agent/oracle"].USD)
			assert.Nil(t, cost["agent/oracle"].Price)

			costs := csvCosts(t, csvPath)
			assert.Equal(t, strconv.FormatFloat(tt.usd, 'f', -1, 64), costs["openai/gpt-4o size=5/seed=1/base"])
			assert.Equal(t, "", costs["agent/oracle size=5/seed=2/base"])
		})
	}

	t.Run("the file names its entries' source", func(t *testing.T) {
		out := t.TempDir()
		prices := writeFile(t, out, "mine.json", `{"agent/oracle": {"input": 0.5, "output": 1}}`)
		js := filepath.Join(out, "r.json")
		code, _, stderr := runReportCLI(t, in, "--json", js, "--prices", prices)
		require.Equal(t, 0, code, stderr)
		oracle := readCost(t, js)["agent/oracle"]
		require.NotNil(t, oracle.USD, "an entry of the file adds a price")
		assert.InDelta(t, 0.6, *oracle.USD, 1e-9)
		assert.Equal(t, prices, oracle.Price.Source)
		assert.Equal(t, "", *oracle.AsOf, "undated")
	})

	for _, tc := range []struct {
		name, prices, want string
	}{
		{"unknown field", `{"openai/gpt-4o": {"input": 1, "outptu": 2}}`, `price "openai/gpt-4o": json: unknown field "outptu"`},
		{"negative", `{"openai/gpt-4o": {"input": -1, "output": 2}}`, `price "openai/gpt-4o": input: -1 is not a finite price ≥ 0`},
		{"not provider/model", `{"gpt-4o": {"input": 1, "output": 2}}`, `price "gpt-4o": the key is not provider/model`},
		{"not JSON", `input = 1`, "want a JSON object"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := t.TempDir()
			prices := writeFile(t, out, "bad.json", tc.prices)
			html := filepath.Join(out, "r.html")
			code, stdout, stderr := runReportCLI(t, in, "-o", html, "--prices", prices)
			assert.Equal(t, exitUsage, code)
			assert.Contains(t, stderr, "report: --prices: prices "+prices)
			assert.Contains(t, stderr, tc.want)
			assert.Empty(t, stdout)
			assert.NoFileExists(t, html, "nothing written")
		})
	}
	t.Run("missing file", func(t *testing.T) {
		code, _, stderr := runReportCLI(t, in, "--prices", filepath.Join(dir, "nope.json"))
		assert.Equal(t, exitUsage, code)
		assert.Contains(t, stderr, "nope.json")
	})
	t.Run("an output over the price file", func(t *testing.T) {
		prices := writeFile(t, dir, "p.json", `{}`)
		code, _, stderr := runReportCLI(t, in, "--prices", prices, "--json", prices)
		assert.Equal(t, exitUsage, code)
		assert.Contains(t, stderr, "is also an input or another output")
	})
}

// TestRunPrices: hallumaze run prices its results with the config's
// "prices" over the built-in table, and --prices FILE over both.
func TestRunPrices(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	config := writeFile(t, dir, "config.json", `{"prices": {"agent/oracle": {"input": 1000, "output": 2000, "as_of": "2026-01-15"}}}`)
	file := writeFile(t, dir, "prices.json", `{"agent/oracle": {"input": 10, "output": 20, "as_of": "2026-02-15"}}`)
	tests := []struct {
		name     string
		args     []string
		in, out  float64 // $ per million tokens; 0, 0 for no price
		asOf     string
		priced   bool
		terminal string
	}{
		{"no price for an agent", nil, 0, 0, "", false, "price unknown"},
		{"the config adds one", []string{"--config", config}, 1000, 2000, "2026-01-15", true, "2026-01-15"},
		{"--prices wins over the config", []string{"--config", config, "--prices", file}, 10, 20, "2026-02-15", true, "2026-02-15"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			out := t.TempDir()
			args := append([]string{"--models", "agent/oracle", "--size", "5", "--runs", "2", "--csv", "--output", filepath.Join(out, "r.json")}, tt.args...)
			code, stdout, stderr, _ := runCall{}.run(t, t.Context(), args...)
			require.Equal(t, 0, code, stderr)
			assert.Contains(t, stdout, " Cost ")
			assert.Contains(t, stdout, tt.terminal)

			rs := readJSONL(t, filepath.Join(out, "r.jsonl"))
			require.Equal(t, 2, len(rs), "cases played")
			in, outTok := 0, 0
			for _, r := range rs {
				in += r.Usage.InputTokens
				outTok += r.Usage.OutputTokens
			}
			require.Positive(t, in, "the agent reports tokens")
			oracle := readCost(t, filepath.Join(out, "r.json"))["agent/oracle"]
			assert.Equal(t, in, oracle.InputTokens)
			assert.Equal(t, outTok, oracle.OutputTokens)
			costs := csvCosts(t, filepath.Join(out, "r.csv"))
			if !tt.priced {
				assert.Nil(t, oracle.USD)
				for k, v := range costs {
					assert.Empty(t, v, k)
				}
				return
			}
			require.NotNil(t, oracle.USD)
			assert.InDelta(t, (float64(in)*tt.in+float64(outTok)*tt.out)/1e6, *oracle.USD, 1e-6)
			assert.Equal(t, tt.asOf, *oracle.AsOf)
			sum := 0.0
			for _, r := range rs {
				v, err := strconv.ParseFloat(costs[r.Model+" "+r.Case], 64)
				require.NoError(t, err)
				assert.InDelta(t, (float64(r.Usage.InputTokens)*tt.in+float64(r.Usage.OutputTokens)*tt.out)/1e6, v, 1e-9)
				sum += v
			}
			assert.InDelta(t, *oracle.USD, sum, 1e-6, "the cases add up to the model")
		})
	}

	for _, tc := range []struct {
		name, config, prices, want string
	}{
		{"a bad config entry", `{"prices": {"agent/oracle": {"input": 1}}}`, "", `price "agent/oracle": want both an input and an output price`},
		{"an unknown config field", `{"prices": {"agent/oracle": {"input": 1, "output": 1, "currency": "EUR"}}}`, "", `unknown field "currency"`},
		{"a bad --prices file", `{}`, `{"agent/oracle": {"input": 1, "output": 1, "as_of": "soon"}}`, `run: --prices: prices `},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			out := t.TempDir()
			args := []string{"--models", "agent/oracle", "--size", "5", "--limit", "1", "--output", filepath.Join(out, "r.json"), "--config", writeFile(t, out, "c.json", tc.config)}
			if tc.prices != "" {
				args = append(args, "--prices", writeFile(t, out, "p.json", tc.prices))
			}
			code, _, stderr, _ := runCall{}.run(t, t.Context(), args...)
			assert.Equal(t, exitUsage, code)
			assert.Contains(t, stderr, tc.want)
			assert.NoFileExists(t, filepath.Join(out, "r.jsonl"), "nothing played")
		})
	}
}

func usdText(v float64) string {
	if v < 1 {
		return "$" + strconv.FormatFloat(v, 'f', 4, 64)
	}
	return "$" + strconv.FormatFloat(v, 'f', 2, 64)
}

func regexpQuote(s string) string { return strings.ReplaceAll(s, "$", `\$`) }
