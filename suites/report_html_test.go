package suites

import (
	"bytes"
	"fmt"
	"io"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/hallumaze/hallumaze/suites/maze/mazereport"
	"github.com/hallumaze/hallumaze/suites/maze/mazetest"

	"github.com/hallumaze/hallumaze/report"

	"github.com/hallumaze/hallumaze/results"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// renderFixture writes the page of the fixture results, the human groups
// and the abstain fixture.
func renderFixture(t testing.TB) (string, []results.Result) {
	t.Helper()
	rs := append(append(mazetest.Results(t), mazetest.Human(t, "..")...), abstainFixture(t)...)
	var b bytes.Buffer
	require.NoError(t, writeHTML(&b, rs, report.Options{Generated: time.Date(2026, 3, 22, 14, 30, 22, 0, time.UTC)}))
	return b.String(), rs
}

func TestHTMLStructure(t *testing.T) {
	page, rs := renderFixture(t)
	var played, mazes, failed int
	for _, r := range rs {
		switch {
		case results.IsHuman(r):
		case r.Error != "":
			failed++
		default:
			played++
			if r.Suite == "maze" {
				mazes++
			}
		}
	}
	t.Run("one details block per played case and one maze per maze case", func(t *testing.T) {
		for _, r := range rs {
			if results.IsHuman(r) || r.Error != "" {
				continue
			}
			assert.Contains(t, page, `<details class="case `, r.Case)
			assert.Contains(t, page, `id="`+report.CaseID(r)+`"`, "%s of %s", r.Case, r.Model)
		}
		assert.Equal(t, played, strings.Count(page, `<details class="case `))
		assert.Equal(t, mazes, strings.Count(page, `class="maze"`))
	})
	t.Run("walk overlays", func(t *testing.T) {
		for _, class := range []string{mazereport.ClassValid, mazereport.ClassWall, mazereport.ClassTeleport, mazereport.ClassOffGrid, mazereport.ClassLure} {
			assert.Regexp(t, `<line class="`+class+`" data-step="[0-9]+" x1="[0-9]+" y1="[0-9]+" x2="-?[0-9]+" y2="-?[0-9]+" stroke-opacity="[0-9.]+"><title>`, page, class)
		}
		assert.Contains(t, page, `class="solution"`, "the solution, faint")
		assert.Contains(t, page, `class="trap"`, "the lures")
		assert.Regexp(t, `<text class="step-no" data-step="1" `, page, "steps numbered")
		assert.Contains(t, page, `class="walk-slider"`, "a reader steps through a walk")
		assert.Contains(t, page, "through a wall (", "the legend in words")
	})
	t.Run("charts", func(t *testing.T) {
		for _, id := range []string{"chart-mei-size", "chart-sr-size", "chart-reliability", "chart-mirage", "chart-ariadne"} {
			assert.Regexp(t, `<svg class="chart [a-z-]+" id="`+id+`"`, page, id)
		}
		assert.NotContains(t, page, `class="chart chart-empty"`, "every chart has data")
	})
	t.Run("leaderboard, humans and errors", func(t *testing.T) {
		boards := mazereport.Boards(rs)
		rows := 0
		for _, b := range boards {
			rows += len(b.Rows)
			assert.Contains(t, page, b.Name+"</h3>", "each condition's table is titled")
		}
		assert.Equal(t, rows, strings.Count(page, `<tr class="row`), "one row per model and human group, condition by condition")
		assert.Contains(t, page, "The results span 5 conditions")
		assert.Contains(t, page, "Statistically tied (=)")
		assert.Contains(t, page, `<th title="metacognitive escape index: `, "headers explain themselves")
		assert.Contains(t, page, `<section id="glossary">`)
		lb := page[strings.Index(page, `<section id="leaderboard">`):strings.Index(page, `<section id="charts">`)]
		assert.Equal(t, 1, strings.Count(lb, `>MEI′</th>`), "the headline table, and it alone, shows MEI corrected for chance beside the seed's")
		assert.NotContains(t, page, "🥇", "no emoji on the page")
		assert.NotContains(t, page, "NaN")
		assert.Contains(t, page, `<tr class="row human" data-model="human/undergraduate_group_n30">`)
		assert.Contains(t, page, "★ best: anthropic/claude-sonnet-4")
		assert.Contains(t, page, `<section id="human">`)
		assert.Equal(t, failed, strings.Count(page, `<tr class="error">`))
		assert.Contains(t, page, "503 service unavailable")
	})
	t.Run("self-contained", func(t *testing.T) {
		refs := regexp.MustCompile(`https?://[^\s"'<>]*`).FindAllString(page, -1)
		for _, ref := range refs {
			assert.Equal(t, "http://www.w3.org/2000/svg", ref, "only the SVG namespace may be named")
		}
		for _, attr := range []string{"<link", " src=", "@import", "url("} {
			assert.NotContains(t, page, attr)
		}
	})
	t.Run("transcripts escaped", func(t *testing.T) {
		assert.NotContains(t, page, "<script>alert(1)</script>")
		assert.Contains(t, page, "&lt;script&gt;alert(1)&lt;/script&gt;")
		assert.Equal(t, 2, strings.Count(page, "<script>"), "the page's own scripts only: the case list's and the walk slider's")
	})
	t.Run("ready flag", func(t *testing.T) {
		assert.Contains(t, page, `<body data-ready="0">`)
		assert.Contains(t, page, `document.body.setAttribute("data-ready", "1")`)
	})
}

func TestHTMLEdgeCases(t *testing.T) {
	for _, tc := range []struct {
		name string
		rs   []results.Result
		want []string
	}{
		{"no results", nil, []string{"0 results", `<a href="#cases">Cases</a>`}},
		{"other suite", []results.Result{{Suite: "abstain", Model: "a/b", Case: "q1", Metrics: map[string]float64{"correct": 1},
			Turns: []results.Turn{{Role: "user", Content: "2+2?"}, {Role: "assistant", Content: "<b>4</b>"}}}},
			[]string{`data-case="abstain/q1"`, "&lt;b&gt;4&lt;/b&gt;"}},
		{"huge maze", []results.Result{{Suite: "maze", Model: "a/b", Case: "x", Tags: map[string]string{"size": "65", "seed": "1"}}},
			[]string{"maze not drawn: 65×65 is larger than 64×64"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			require.NoError(t, writeHTML(&b, tc.rs, report.Options{}))
			for _, w := range tc.want {
				assert.Contains(t, b.String(), w)
			}
			assert.True(t, strings.HasSuffix(b.String(), "</html>\n"))
		})
	}
	// A result whose tags do not name a maze is refused, naming the case.
	bad := []results.Result{{Suite: "maze", Model: "a/b", Case: "x", Tags: map[string]string{"size": "seven"}}}
	assert.ErrorContains(t, writeHTML(io.Discard, bad, report.Options{}), `x of a/b: maze tags: size "seven" is not a number`)
}

func TestCaseIDUnique(t *testing.T) {
	a := results.Result{Suite: "maze", Model: "a/b", Case: "x/y"}
	b := results.Result{Suite: "maze", Model: "a-b", Case: "x-y"}
	assert.NotEqual(t, report.CaseID(a), report.CaseID(b))
	assert.Regexp(t, `^case-[a-z0-9-]+-[0-9a-f]{8}$`, report.CaseID(a))
}

// TestChartsReadTheHeadlineCondition: the charts by size count only the
// headline condition's cases, never a mean over conditions, and say which.
func TestChartsReadTheHeadlineCondition(t *testing.T) {
	page, rs := renderFixture(t)
	boards := mazereport.Boards(rs)
	require.Greater(t, len(boards), 1, "the fixture spans several conditions")
	chart := regexp.MustCompile(`(?s)<svg class="chart chart-line" id="chart-mei-size".*?</svg>`).FindString(page)
	require.NotEmpty(t, chart)
	assert.Contains(t, chart, "MEI by maze size (mean, 95% interval) — "+boards[0].Name)
	want := map[string]int{}
	for _, r := range rs {
		if r.Suite != "maze" || r.Error != "" || results.IsHuman(r) {
			continue
		}
		if b := mazereport.Boards([]results.Result{r}); len(b) == 1 && b[0].Name == boards[0].Name {
			want[r.Model+", size="+r.Tags["size"]]++
		}
	}
	require.NotEmpty(t, want)
	points := regexp.MustCompile(`<title>([^<]+, size=[0-9]+): [0-9.]+ \(n=([0-9]+)\)</title>`).FindAllStringSubmatch(chart, -1)
	require.NotEmpty(t, points)
	for _, m := range points {
		if strings.HasPrefix(m[1], "human/") {
			continue
		}
		assert.Equal(t, fmt.Sprint(want[m[1]]), m[2], "%s: the headline condition's cases only", m[1])
	}
}
