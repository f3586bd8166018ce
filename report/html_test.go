package report

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/hallumaze/hallumaze/results"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// renderFixture writes the page of the fixture results, the human groups
// and the abstain fixture.
func renderFixture(t testing.TB) (string, []results.Result) {
	t.Helper()
	rs := append(append(fixtureResults(t), humanFixture(t)...), abstainFixture(t)...)
	var b bytes.Buffer
	require.NoError(t, WriteHTML(&b, rs, HTMLOptions{Generated: time.Date(2026, 3, 22, 14, 30, 22, 0, time.UTC)}))
	return b.String(), rs
}

func TestHTMLStructure(t *testing.T) {
	page, rs := renderFixture(t)
	var played, mazes, failed int
	for _, r := range rs {
		switch {
		case IsHuman(r):
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
			if IsHuman(r) || r.Error != "" {
				continue
			}
			assert.Contains(t, page, `<details class="case `, r.Case)
			assert.Contains(t, page, `id="`+CaseID(r)+`"`, "%s of %s", r.Case, r.Model)
		}
		assert.Equal(t, played, strings.Count(page, `<details class="case `))
		assert.Equal(t, mazes, strings.Count(page, `class="maze"`))
	})
	t.Run("walk overlays", func(t *testing.T) {
		for _, class := range []string{ClassValid, ClassWall, ClassTeleport, ClassOffGrid, ClassLure} {
			assert.Regexp(t, `<polyline class="`+class+`" fill="none" points="[-0-9, ]+"><title>`, page, class)
		}
		assert.Contains(t, page, `class="solution"`, "the solution, faint")
		assert.Contains(t, page, `class="trap"`, "the lures")
	})
	t.Run("charts", func(t *testing.T) {
		for _, id := range []string{"chart-mei-size", "chart-sr-size", "chart-reliability", "chart-mirage", "chart-ariadne"} {
			assert.Regexp(t, `<svg class="chart [a-z-]+" id="`+id+`"`, page, id)
		}
		assert.NotContains(t, page, "chart-empty", "every chart has data")
	})
	t.Run("leaderboard, humans and errors", func(t *testing.T) {
		assert.Equal(t, 4, strings.Count(page, `<tr class="row`), "one row per model and human group")
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
		assert.Equal(t, 1, strings.Count(page, "<script>"), "the page's own script only")
	})
	t.Run("ready flag", func(t *testing.T) {
		assert.Contains(t, page, `<body data-ready="0">`)
		assert.Contains(t, page, `document.body.setAttribute("data-ready", "1")`)
	})
}

func TestHTMLEdgeCases(t *testing.T) {
	for _, tc := range []struct {
		name    string
		rs []results.Result
		want    []string
	}{
		{"no results", nil, []string{"chart-empty", "0 results"}},
		{"other suite", []results.Result{{Suite: "abstain", Model: "a/b", Case: "q1", Metrics: map[string]float64{"correct": 1},
			Turns: []results.Turn{{Role: "user", Content: "2+2?"}, {Role: "assistant", Content: "<b>4</b>"}}}},
			[]string{`data-case="abstain/q1"`, "&lt;b&gt;4&lt;/b&gt;"}},
		{"bad maze tags", []results.Result{{Suite: "maze", Model: "a/b", Case: "x", Tags: map[string]string{"size": "seven"}}},
			[]string{"maze not drawn: maze tags: size &#34;seven&#34; is not a number"}},
		{"huge maze", []results.Result{{Suite: "maze", Model: "a/b", Case: "x", Tags: map[string]string{"size": "65", "seed": "1"}}},
			[]string{"maze not drawn: 65×65 is larger than 64×64"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			require.NoError(t, WriteHTML(&b, tc.results, HTMLOptions{}))
			for _, w := range tc.want {
				assert.Contains(t, b.String(), w)
			}
			assert.True(t, strings.HasSuffix(b.String(), "</html>\n"))
		})
	}
}

func TestCaseIDUnique(t *testing.T) {
	a := results.Result{Suite: "maze", Model: "a/b", Case: "x/y"}
	b := results.Result{Suite: "maze", Model: "a-b", Case: "x-y"}
	assert.NotEqual(t, CaseID(a), CaseID(b))
	assert.Regexp(t, `^case-[a-z0-9-]+-[0-9a-f]{8}$`, CaseID(a))
}

func TestReplayedWalkMatchesScores(t *testing.T) {
	mc := mazeCache{}
	for _, r := range fixtureResults(t) {
		if r.Error != "" {
			continue
		}
		t.Run(r.Model+"/"+r.Case, func(t *testing.T) {
			w, err := replayWalk(r, mc)
			require.NoError(t, err)
			c := w.counts()
			invalid := 0
			for _, s := range w.segments {
				if s.class != ClassValid && s.class != ClassLure {
					invalid++
				}
			}
			// Each invalid step draws one fault segment (a teleport that
			// also hits a wall draws two), so faults ≥ HC and the valid
			// moves and faults cover every step.
			assert.GreaterOrEqual(t, invalid, int(r.Metrics["HC"]))
			assert.Equal(t, int(r.Metrics["steps"]), c[ClassValid]+c[ClassWall]+c[ClassOffGrid])
			assert.Equal(t, len(w.conf), len(w.correct))
		})
	}
}
