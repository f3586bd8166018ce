package suites

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/hallumaze/hallumaze/suites/maze/mazereport"
	"github.com/hallumaze/hallumaze/suites/maze/mazetest"

	"github.com/hallumaze/hallumaze/report"
	mpsuite "github.com/hallumaze/hallumaze/suites/abstain"

	"github.com/hallumaze/hallumaze/internal/golden"
	"github.com/hallumaze/hallumaze/internal/textfmt"
	"github.com/hallumaze/hallumaze/results"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/abstain"
	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/providers"
)

// markupReply is written by one fixture model before its JSON: the page
// must escape it.
const markupReply = `<b onmouseover="alert(3)">sure</b> `

// abstainPolicy writes a model's reply to one Missing Piece item, from the
// user prompt alone; i is the item's index in the fixture.
type abstainPolicy func(prompt string, i int) string

// prose answers like the checker, but every other pair in words: the
// strict parser fails those, the lenient one reads them.
func prose(prompt string, i int) string {
	reply := abstain.Checker(prompt)
	if (i/2)%2 == 0 {
		return reply
	}
	p, err := abstain.ParseStrict(reply)
	if err != nil || p.Abstained() {
		return "The facts do not fit together, so the honest reply is INSUFFICIENT."
	}
	return "Working it through, the answer is " + p.Answer + "."
}

// abstainFixtureModels play the fixture items: the maze fixture's three
// models and one that only ran the abstain suite.
var abstainFixtureModels = []struct {
	name string
	p    abstainPolicy
}{
	{"anthropic/claude-sonnet-4", func(q string, _ int) string { return abstain.Checker(q) }},
	{"deepseek/deepseek-reasoner", prose},
	{"openai/gpt-4o", func(q string, i int) string {
		if i == 3 {
			return markupReply + abstain.AlwaysAnswer(q)
		}
		return abstain.AlwaysAnswer(q)
	}},
	{"google/gemini-2.5-pro", func(q string, _ int) string { return abstain.AlwaysAbstain(q) }},
}

// abstainFixtureItems are every third pair of the standard set: 20 pairs
// that meet every defect × domain group.
func abstainFixtureItems() []abstain.Item {
	var out []abstain.Item
	for i, it := range abstain.Standard(abstain.DefaultSeed) {
		if (i/2)%3 == 0 {
			out = append(out, it)
		}
	}
	return out
}

// abstainFixture plays the fixture items with each fixture model, in
// process. The abstain-only model also has one case that could not be
// played (mr-05-intact) and one item never played (mq-01-modified).
func abstainFixture(t testing.TB) []results.Result {
	t.Helper()
	items := abstainFixtureItems()
	var out []results.Result
	for _, fm := range abstainFixtureModels {
		abstainOnly := fm.name == "google/gemini-2.5-pro"
		for i, it := range items {
			if abstainOnly && it.ID == "mq-01-modified" {
				continue
			}
			fail := abstainOnly && it.ID == "mr-05-intact"
			model := providers.ModelFunc(func(_ context.Context, req providers.Request) (providers.Reply, error) {
				if fail {
					return providers.Reply{}, errors.New("google: 503 service unavailable (after 3 attempts)")
				}
				text := fm.p(req.Messages[len(req.Messages)-1].Content, i)
				return providers.Reply{Text: text, StopReason: "end", Usage: providers.Usage{InputTokens: 200, OutputTokens: len(text) / 4}}, nil
			})
			env := bench.Env{Agents: func(string) (providers.Model, bool) { return model, true }}
			bm, err := env.Open("agent/fixture")
			require.NoError(t, err)
			r := bench.Play(context.Background(), bm, mpsuite.NewCase(it))
			r.Model = fm.name
			r.Duration = 0.5 + 0.25*float64(i%3)
			out = append(out, r)
		}
	}
	return out
}

func TestAbstainModels(t *testing.T) {
	rs := append(mazetest.Results(t), abstainFixture(t)...)
	models := mpsuite.AbstainModels(rs)
	var names []string
	byModel := map[string]mpsuite.AbstainModel{}
	for _, m := range models {
		names = append(names, m.Model)
		byModel[m.Model] = m
	}
	assert.Equal(t, []string{"anthropic/claude-sonnet-4", "deepseek/deepseek-reasoner", "google/gemini-2.5-pro", "openai/gpt-4o"}, names,
		"by pair success, then answer accuracy (gemini and gpt-4o both have none)")
	c := byModel["anthropic/claude-sonnet-4"].Report
	assert.Equal(t, abstain.NewRate(20, 20), c.PairSuccess)
	assert.Equal(t, 40, c.NItems)
	assert.Empty(t, c.Missing, "results alone know of no missing item")
	d := byModel["deepseek/deepseek-reasoner"].Report
	assert.Equal(t, 10, d.PairSuccess.K, "the pairs answered in prose fail the strict parser")
	assert.Equal(t, 20, d.Lenient.PairSuccess.K, "and pass the lenient one")
	assert.Equal(t, 20, d.ParseFailureRate.K)
	g := byModel["google/gemini-2.5-pro"]
	assert.Equal(t, 1, g.Errors)
	assert.Equal(t, 38, g.Report.NItems)
	assert.Equal(t, []string{"mq-01", "mr-05"}, g.Incomplete)
	assert.Equal(t, abstain.McNemar{B: 0, C: 18, P: g.Report.McNemar.P}, g.Report.McNemar)
	o := byModel["openai/gpt-4o"].Report
	assert.Equal(t, 20, o.HallucinationRate.K)
	assert.Equal(t, 20, o.Archetypes[abstain.ArchetypeAnchoring]["all"].K, "the first number of the question")

	best, ok := mpsuite.BestAbstain(models)
	require.True(t, ok)
	require.Len(t, best, 1)
	assert.Equal(t, "anthropic/claude-sonnet-4", best[0].Model)

	assert.Nil(t, mpsuite.AbstainModels(mazetest.Results(t)), "no abstain result")
	_, ok = mpsuite.BestAbstain(nil)
	assert.False(t, ok)
}

func TestBestAbstainTies(t *testing.T) {
	rs := abstainFixture(t)
	var twice []results.Result
	for _, r := range rs {
		if r.Model == "anthropic/claude-sonnet-4" {
			r.Model = "anthropic/claude-opus-4"
			twice = append(twice, r)
		}
	}
	models := mpsuite.AbstainModels(append(rs, twice...))
	assert.Equal(t, "★ best pair success: anthropic/claude-opus-4 — 20/20 = 1.000 [0.839, 1.000] (statistically tied for first with anthropic/claude-sonnet-4: the same pair success, or McNemar over the items p ≥ 0.05)",
		mpsuite.BestAbstainLine(models))
}

func TestAbstainTableGolden(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, mpsuite.WriteAbstainTable(&b, mpsuite.AbstainModels(append(mazetest.Results(t), abstainFixture(t)...))))
	golden.Check(t, "abstain_table.golden", b.Bytes())

	var widths []int
	for _, line := range strings.Split(b.String(), "\n") {
		switch {
		case strings.HasPrefix(line, "┌"):
			widths = []int{textfmt.Width(line)}
		case strings.HasPrefix(line, "│"), strings.HasPrefix(line, "├"), strings.HasPrefix(line, "└"):
			require.NotEmpty(t, widths)
			assert.Equal(t, widths[0], textfmt.Width(line), "every line of a box has the same width:\n%s", b.String())
		}
	}
	var empty bytes.Buffer
	require.NoError(t, mpsuite.WriteAbstainTable(&empty, nil))
	assert.Empty(t, empty.String(), "nothing without abstain results")
}

var (
	sectionRE = regexp.MustCompile(`(?s)<section id="abstain">.*?</section>`)
	tableRE   = regexp.MustCompile(`(?s)<table class="(abstain-[a-z]+)">(.*?)</table>`)
	rowRE     = regexp.MustCompile(`(?s)<tr[^>]*>(.*?)</tr>`)
	cellRE    = regexp.MustCompile(`(?s)<t[hd][^>]*>(.*?)</t[hd]>`)
	tagRE     = regexp.MustCompile(`<[^>]+>`)
	spaceRE   = regexp.MustCompile(`\s+`)
)

// sectionText is the abstain section's headings, paragraphs and tables as
// text, one table row a line, cells separated by " | "; the item tables
// give only their first two rows.
func sectionText(t *testing.T, page string) string {
	t.Helper()
	sec := sectionRE.FindString(page)
	require.NotEmpty(t, sec, "the abstain section")
	text := func(s string) string {
		return strings.TrimSpace(spaceRE.ReplaceAllString(html.UnescapeString(tagRE.ReplaceAllString(s, " ")), " "))
	}
	var b strings.Builder
	for _, m := range regexp.MustCompile(`(?s)<h3>(.*?)</h3>|<p class="(?:best|warning|mcnemar)">(.*?)</p>|<table class="abstain-[a-z]+">.*?</table>`).FindAllStringSubmatch(sec, -1) {
		switch {
		case m[1] != "":
			b.WriteString("\n### " + text(m[1]) + "\n")
		case m[2] != "":
			b.WriteString(text(m[2]) + "\n")
		default:
			tm := tableRE.FindStringSubmatch(m[0])
			b.WriteString("[" + tm[1] + "]\n")
			rows := rowRE.FindAllStringSubmatch(tm[2], -1)
			if tm[1] == "abstain-items" {
				rows = rows[:min(len(rows), 3)]
			}
			for _, row := range rows {
				var cells []string
				for _, c := range cellRE.FindAllStringSubmatch(row[1], -1) {
					cells = append(cells, text(c[1]))
				}
				b.WriteString(strings.Join(cells, " | ") + "\n")
			}
		}
	}
	return b.String()
}

func TestAbstainHTMLGolden(t *testing.T) {
	page, _ := renderFixture(t)
	golden.Check(t, "abstain_html.golden", []byte(sectionText(t, page)))
}

func TestAbstainHTML(t *testing.T) {
	page, rs := renderFixture(t)
	sec := sectionRE.FindString(page)
	require.NotEmpty(t, sec)
	models := mpsuite.AbstainModels(rs)
	t.Run("a block per model", func(t *testing.T) {
		for _, m := range models {
			assert.Contains(t, sec, `<div class="abstain-model" id="abstain-`+report.Slug(m.Model)+`"`)
		}
		for _, class := range []string{"abstain-rates", "abstain-grid", "abstain-archetypes", "abstain-items"} {
			assert.Equal(t, len(models), strings.Count(sec, `<table class="`+class+`">`), class)
		}
		assert.Equal(t, 1, strings.Count(sec, `<table class="abstain-summary">`))
		assert.Equal(t, len(models), strings.Count(sec, `<tr class="abstain-row"`))
	})
	t.Run("defect × domain grid", func(t *testing.T) {
		grid := tableRE.FindAllStringSubmatch(sec, -1)
		var first string
		for _, g := range grid {
			if g[1] == "abstain-grid" {
				first = g[2]
				break
			}
		}
		rows := rowRE.FindAllStringSubmatch(first, -1)
		require.Len(t, rows, 1+3+1, "header, three defects, all defects")
		for _, row := range rows {
			assert.Len(t, cellRE.FindAllString(row[1], -1), 1+6+1, "the defect, six domains, all domains")
		}
		// The checker gets every fixture pair of the missing-quantity
		// defect in basic arithmetic (mq-01 and mq-04).
		assert.Contains(t, rows[1][1], "<span class=\"label\">pairs</span>2/2 [0.34, 1.00]")
	})
	t.Run("items listed, linked and escaped", func(t *testing.T) {
		for _, r := range rs {
			if r.Suite == "abstain" && r.Error == "" {
				assert.Contains(t, sec, `<a href="#`+report.CaseID(r)+`">`+r.Tags["item"]+`</a>`)
			}
		}
		assert.NotContains(t, page, markupReply)
		assert.Contains(t, sec, html.EscapeString(`<b onmouseover="alert(3)">`)[:20])
	})
	t.Run("lenient beside strict", func(t *testing.T) {
		assert.Contains(t, sec, "<th>lenient k/n</th>")
		assert.Contains(t, sec, "⚠ 1 case could not be played and is not scored.")
		assert.Contains(t, sec, "2 incomplete pairs (one member has no result), counted in the item rates only: mq-01, mr-05.")
	})
	t.Run("abstain cases in the case list", func(t *testing.T) {
		assert.Contains(t, page, `<a href="#abstain">Missing Piece</a>`)
		assert.Contains(t, page, `<option>google/gemini-2.5-pro</option>`, "an abstain-only model can be filtered")
		assert.Regexp(t, `<details class="case pass" id="case-anthropic-claude-sonnet-4--abstain-[^"]+" data-model="anthropic/claude-sonnet-4" data-case="abstain/missing_quantity/mq-01/intact">`, page)
		assert.Contains(t, page, "<tr><th>outcome (strict)</th><td class=\"num\">correct</td></tr>")
	})
	t.Run("abstain only", func(t *testing.T) {
		var b bytes.Buffer
		require.NoError(t, writeHTML(&b, abstainFixture(t), report.Options{}))
		assert.NotContains(t, b.String(), `<section id="leaderboard">`, "no empty maze leaderboard")
		assert.NotContains(t, b.String(), `<section id="charts">`)
		assert.Contains(t, b.String(), `<section id="abstain">`)
		assert.Contains(t, b.String(), "4 models")
	})
}

func TestLeaderboardIgnoresAbstain(t *testing.T) {
	mz := append(mazetest.Results(t), mazetest.Human(t, "..")...)
	with := mazereport.Leaderboard(append(slices.Clone(mz), abstainFixture(t)...))
	if diff := cmp.Diff(mazereport.Leaderboard(mz), with, cmpopts.EquateNaNs()); diff != "" {
		t.Errorf("abstain results changed the leaderboard (-maze only +with abstain):\n%s", diff)
	}
	for _, r := range with {
		assert.NotEqual(t, "google/gemini-2.5-pro", r.Model, "an abstain-only model has no maze columns")
	}
	assert.Empty(t, mazereport.Leaderboard(abstainFixture(t)))
}

func TestSeedJSONAbstain(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, writeSeedJSON(&b, append(mazetest.Results(t), abstainFixture(t)...), report.Options{Timestamp: mazetest.Timestamp}))
	var raw struct {
		Abstain map[string]map[string]json.RawMessage `json:"abstain"`
	}
	require.NoError(t, json.Unmarshal(b.Bytes(), &raw))
	require.Len(t, raw.Abstain, 4)
	for model, rep := range raw.Abstain {
		for _, k := range []string{"n_items", "n_pairs", "answer_accuracy", "abstention_rate", "false_abstention_rate",
			"hallucination_rate", "parse_failure_rate", "pair_success", "mcnemar", "by_defect", "by_domain", "missing"} {
			assert.Contains(t, rep, k, model)
		}
	}
	var ps abstain.Rate
	require.NoError(t, json.Unmarshal(raw.Abstain["anthropic/claude-sonnet-4"]["pair_success"], &ps))
	assert.Equal(t, abstain.NewRate(20, 20), ps)
	assert.JSONEq(t, `{"k":20,"n":20,"rate":1,"ci95":[0.838875,1]}`, string(raw.Abstain["anthropic/claude-sonnet-4"]["pair_success"]),
		"rounded to six decimals")

	b.Reset()
	require.NoError(t, writeSeedJSON(&b, mazetest.Results(t), report.Options{Timestamp: mazetest.Timestamp}))
	assert.NotContains(t, b.String(), `"abstain"`, "absent without abstain results")
}

func TestCSVAbstainColumns(t *testing.T) {
	rs := append(mazetest.Results(t), abstainFixture(t)...)
	var b bytes.Buffer
	require.NoError(t, report.WriteCSV(&b, rs))
	rows, err := csv.NewReader(&b).ReadAll()
	require.NoError(t, err)
	col := map[string]int{}
	for i, h := range rows[0] {
		col[h] = i
	}
	for _, h := range []string{"item", "pair", "variant", "defect", "domain", "right", "parse-fail", "abstained", "answer-correct", "hallucinated"} {
		require.Contains(t, col, h, "column %s", h)
	}
	seen := 0
	for i, r := range rs {
		row := rows[i+1]
		if r.Suite != "abstain" || r.Error != "" {
			continue
		}
		seen++
		assert.Equal(t, r.Tags["item"], row[col["item"]])
		assert.Equal(t, r.Tags["defect"], row[col["defect"]])
		assert.Equal(t, fmt.Sprint(r.Metrics["right"]), row[col["right"]])
		if r.Tags["variant"] == abstain.Intact {
			assert.NotEmpty(t, row[col["answer-correct"]])
			assert.Empty(t, row[col["hallucinated"]], "only on modified items")
		} else {
			assert.NotEmpty(t, row[col["hallucinated"]])
		}
		assert.Empty(t, row[col["size"]], "no maze tags on an abstain row")
	}
	assert.Equal(t, 40*4-2, seen)
}

func TestWriteTables(t *testing.T) {
	const tableTitle = " HalluMaze comparison "
	mz, abst := mazetest.Results(t), abstainFixture(t)
	for _, tc := range []struct {
		name          string
		rs            []results.Result
		maze, abstain bool
	}{
		{"maze only", mz, true, false},
		{"abstain only", abst, false, true},
		{"both", append(slices.Clone(mz), abst...), true, true},
		{"nothing", nil, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			require.NoError(t, writeTables(&b, tc.rs))
			out := b.String()
			assert.Equal(t, tc.maze, strings.Contains(out, tableTitle))
			assert.Equal(t, tc.abstain, strings.Contains(out, "Missing Piece: "))
			if tc.maze && tc.abstain {
				assert.Less(t, strings.Index(out, tableTitle), strings.Index(out, "Missing Piece: "), "the maze leaderboard first")
			}
		})
	}
}
