package main

import (
	"fmt"
	"html"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/hallumaze/hallumaze/suites/maze/mazereport"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/results"
)

// TestAriadneRecipe runs the seed's Ariadne's Thread experiment as the seed
// writes it (section 10), with the reference agents (no key is set):
//
//	hallumaze run --group A --seed 42 --output group_A.json
//	hallumaze run --group B --seed 42 --output group_B.json
//	hallumaze run --group C --seed 42 --output group_C.json
//
// then merges the three runs in one report. Every group plays the
// interactive protocol (A is the un-hinted control of B and C), so the
// merged report's Ariadne table gives, for the agents the hints reach
// (random and lured), the NRS of group B, the hint-ignore rate of group C
// and the Trainability Index, each the value recomputed here from the
// results files.
func TestAriadneRecipe(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, g := range []string{"A", "B", "C"} {
		code, _, stderr, _ := runCall{}.run(t, t.Context(), "--group", g, "--seed", "42", "--output", "group_"+g+".json")
		require.Equal(t, 0, code, stderr)
		for _, r := range readJSONL(t, "group_"+g+".jsonl") {
			assert.Equal(t, "interactive", r.Tags["protocol"], "%s %s: --group %s plays interactively", r.Model, r.Case, g)
			assert.Equal(t, g, r.Tags["group"], "%s %s", r.Model, r.Case)
			assert.Equal(t, "42", r.Tags["seed"])
		}
	}

	code, stdout, stderr := runReportCLI(t, "group_A.jsonl", "group_B.jsonl", "group_C.jsonl")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, "HalluMaze comparison")

	code, _, stderr = runReportCLI(t, "group_A.jsonl", "group_B.jsonl", "group_C.jsonl", "-o", "report.html")
	require.Equal(t, 0, code, stderr)
	page, err := os.ReadFile("report.html")
	require.NoError(t, err)
	rows := ariadneRows(t, string(page))
	assert.NotContains(t, string(page), "groups A and B were not both run")

	var all []results.Result
	for _, g := range []string{"A", "B", "C"} {
		all = append(all, readJSONL(t, "group_"+g+".jsonl")...)
	}
	want := ariadneByHand(all)
	lines := map[string]string{}
	for _, e := range mazereport.AriadneSummary(all) {
		lines[e.Model] = mazereport.AriadneLine(e)
		t.Log(lines[e.Model])
	}
	for _, model := range []string{"agent/random", "agent/lured"} {
		t.Run(model, func(t *testing.T) {
			row, ok := rows[model]
			require.True(t, ok, "the Ariadne table has a row for %s", model)
			w := want[model]
			require.Positive(t, w.hintsB, "group B gave %s hints", model)
			require.Positive(t, w.hintsC, "group C gave %s hints", model)
			require.Positive(t, w.meiA, "MEI_A is not 0")
			assert.Equal(t, fmt.Sprintf("%.3f", w.meiA), row[1], "MEI A")
			assert.Equal(t, fmt.Sprintf("%.3f", w.meiB), row[2], "MEI B")
			assert.Equal(t, fmt.Sprintf("%.3f (%d hints)", w.nrsB, w.hintsB), row[7], "NRS (B)")
			assert.Equal(t, fmt.Sprintf("%.3f (%d hints)", w.ignoreC, w.hintsC), row[8], "ignore rate (C)")
			ti := w.nrsB * (w.meiB - w.meiA) / w.meiA
			assert.Equal(t, fmt.Sprintf("%.3f", ti), row[9], "TI = NRS_B × (MEI_B − MEI_A) / MEI_A")
			// The one-line form, for a text report, says the same.
			line := lines[model]
			assert.Contains(t, line, fmt.Sprintf("NRS(B) = %.3f (%d hints)", w.nrsB, w.hintsB))
			assert.Contains(t, line, fmt.Sprintf("ignore(C) = %.3f (%d hints)", w.ignoreC, w.hintsC))
			assert.Contains(t, line, fmt.Sprintf("TI = %+.3f", ti))
		})
	}
}

// ariadneGroups are one model's figures for the Ariadne table, computed
// from the results as docs/metrics.md defines them.
type ariadneGroups struct {
	meiA, meiB      float64
	nrsB, ignoreC   float64
	hintsB, hintsC  int
	nA, nB          int
	nrsSum, ignored float64
}

// ariadneByHand computes each model's mean MEI of groups A and B, the
// hint-weighted NRS of group B and hint-ignore rate of group C.
func ariadneByHand(rs []results.Result) map[string]*ariadneGroups {
	out := map[string]*ariadneGroups{}
	for _, r := range rs {
		a := out[r.Model]
		if a == nil {
			a = &ariadneGroups{}
			out[r.Model] = a
		}
		h := r.Metrics["hints"]
		switch r.Tags["group"] {
		case "A":
			a.meiA += r.Metrics["MEI"]
			a.nA++
		case "B":
			a.meiB += r.Metrics["MEI"]
			a.nB++
			a.nrsSum += r.Metrics["NRS"] * h
			a.hintsB += int(h)
		case "C":
			a.ignored += r.Metrics["hint-ignore"] * h
			a.hintsC += int(h)
		}
	}
	for _, a := range out {
		if a.nA > 0 {
			a.meiA /= float64(a.nA)
		}
		if a.nB > 0 {
			a.meiB /= float64(a.nB)
		}
		if a.hintsB > 0 {
			a.nrsB = a.nrsSum / float64(a.hintsB)
		}
		if a.hintsC > 0 {
			a.ignoreC = a.ignored / float64(a.hintsC)
		}
	}
	return out
}

var (
	ariadneTableRE = regexp.MustCompile(`(?s)<table class="ariadne">.*?<tbody>(.*?)</tbody>`)
	tableRowRE     = regexp.MustCompile(`(?s)<tr>(.*?)</tr>`)
	tableCellRE    = regexp.MustCompile(`(?s)<td>(.*?)</td>`)
)

// ariadneRows reads the report page's Ariadne table: the cells of each
// row, by model (model, MEI A, B, C, SR A, B, C, NRS (B), ignore rate (C),
// TI).
func ariadneRows(t *testing.T, page string) map[string][]string {
	t.Helper()
	m := ariadneTableRE.FindStringSubmatch(page)
	require.NotNil(t, m, "the report has an Ariadne table")
	out := map[string][]string{}
	for _, row := range tableRowRE.FindAllStringSubmatch(m[1], -1) {
		var cells []string
		for _, c := range tableCellRE.FindAllStringSubmatch(row[1], -1) {
			cells = append(cells, strings.TrimSpace(html.UnescapeString(c[1])))
		}
		require.Len(t, cells, 10, "row %q", row[1])
		out[cells[0]] = cells
	}
	models := make([]string, 0, len(out))
	for k := range out {
		models = append(models, k)
	}
	slices.Sort(models)
	t.Logf("Ariadne table: %v", models)
	for _, k := range models {
		t.Logf("  %s", strings.Join(out[k], " | "))
	}
	return out
}
