package suites

import (
	"bytes"
	"encoding/csv"
	"testing"

	"github.com/hallumaze/hallumaze/internal/golden"
	"github.com/hallumaze/hallumaze/report"
	"github.com/hallumaze/hallumaze/results"
	"github.com/hallumaze/hallumaze/suites/maze/mazetest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSeedJSONGolden(t *testing.T) {
	rs := append(append(mazetest.Results(t), mazetest.Human(t, "..")...), abstainFixture(t)...)
	var b bytes.Buffer
	require.NoError(t, writeSeedJSON(&b, rs, report.Options{Timestamp: mazetest.Timestamp}))
	golden.Check(t, "seed.json.golden", b.Bytes())
}

func TestCSVGolden(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, report.WriteCSV(&b, append(append(mazetest.Results(t), mazetest.Human(t, "..")...), abstainFixture(t)...)))
	golden.Check(t, "results.csv.golden", b.Bytes())
}

func TestCSV(t *testing.T) {
	rs := []results.Result{
		{Suite: "maze", Model: "a/x", Case: "c1", Tags: map[string]string{"size": "5"}, Metrics: map[string]float64{"MEI": 0.5, "size": 3}, Duration: 1.25},
		{Suite: "abstain", Model: "a/x", Case: "c2", Tags: map[string]string{"kind": "defective"}, Metrics: map[string]float64{"accuracy": 1}, Error: "boom, \"quoted\"\nline"},
	}
	var b bytes.Buffer
	require.NoError(t, report.WriteCSV(&b, rs))
	rows, err := csv.NewReader(&b).ReadAll()
	require.NoError(t, err)
	want := [][]string{
		{"suite", "model", "case", "kind", "size", "MEI", "accuracy", "metric_size", "error", "tokens_in", "tokens_out", "duration_s", "cost_usd"},
		{"maze", "a/x", "c1", "", "5", "0.5", "", "3", "", "0", "0", "1.25", ""},
		{"abstain", "a/x", "c2", "defective", "", "", "1", "", "boom, \"quoted\"\nline", "0", "0", "0", ""},
	}
	assert.Equal(t, want, rows)
}
