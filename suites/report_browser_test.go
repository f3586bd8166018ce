package suites

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/hallumaze/hallumaze/internal/pagecheck"
	"github.com/hallumaze/hallumaze/results"
	"github.com/hallumaze/hallumaze/suites/maze/mazereport"
	"github.com/hallumaze/hallumaze/suites/maze/mazetest"

	"github.com/hallumaze/hallumaze/report"
	mpsuite "github.com/hallumaze/hallumaze/suites/abstain"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var screenshot = flag.String("screenshot", "", "also save a screenshot of the fixture page to this PNG file")

// chromium returns the headless browser, or skips the test saying how to
// install it.
func chromium(t *testing.T) string { return pagecheck.Chromium(t) }

// runChromium runs headless Chromium on a page with extra arguments and
// returns its standard output.
func runChromium(t *testing.T, bin, page string, args ...string) string {
	return pagecheck.Run(t, bin, page, 90*time.Second, args...)
}

// TestHTMLInBrowser loads the fixture page in headless Chromium and reads
// the DOM after its script ran: the script must have marked the body
// ready, and the leaderboard, the charts, one maze per maze case and the
// Missing Piece section must be there.
func TestHTMLInBrowser(t *testing.T) {
	bin := chromium(t)
	page, rs := renderFixture(t)
	path := filepath.Join(t.TempDir(), "report.html")
	require.NoError(t, os.WriteFile(path, []byte(page), 0o644))

	dom := runChromium(t, bin, path, "--dump-dom")
	require.NotEmpty(t, dom)
	assert.Regexp(t, `<body data-ready="1"`, dom, "the inline script ran")
	rows := 0
	for _, b := range mazereport.Boards(rs) {
		rows += len(b.Rows)
	}
	assert.Equal(t, rows, strings.Count(dom, `<tr class="row`), "leaderboard rows")
	for _, id := range []string{"chart-mei-size", "chart-sr-size", "chart-reliability", "chart-mirage", "chart-ariadne"} {
		assert.Contains(t, dom, `id="`+id+`"`)
	}
	played, mazeCases := 0, 0
	for _, r := range rs {
		if !results.IsHuman(r) && r.Error == "" {
			played++
			if r.Suite == "maze" {
				mazeCases++
			}
			assert.Contains(t, dom, `id="`+report.CaseID(r)+`"`)
		}
	}
	assert.Equal(t, mazeCases, len(regexp.MustCompile(`<svg [^>]*class="maze"`).FindAllString(dom, -1)), "one maze per maze case")
	models := mpsuite.AbstainModels(rs)
	require.NotEmpty(t, models)
	assert.Contains(t, dom, `<section id="abstain">`)
	assert.Contains(t, dom, `<table class="abstain-summary`)
	assert.Equal(t, len(models), strings.Count(dom, `<table class="abstain-grid`), "a defect × domain table per model")
	assert.Equal(t, len(models), strings.Count(dom, `<tr class="abstain-row"`))
	assert.Contains(t, dom, `<span class="label">pairs</span>20/20 [0.84, 1.00]`, "the checker's pair success, all defects and domains")
	assert.Contains(t, dom, played2(played), "the script counted the cases")
	assert.NotContains(t, dom, "<script>alert(1)</script>")

	if *screenshot != "" {
		out, err := filepath.Abs(*screenshot)
		require.NoError(t, err)
		// Headless screenshots of a scrolled page come out blank: open two
		// cases in the markup instead and shoot the whole page.
		shot := page
		for _, r := range []int{0, len(rs) - 5} {
			id := `id="` + report.CaseID(rs[r]) + `"`
			shot = strings.Replace(shot, id, id+" open", 1)
		}
		shotPath := filepath.Join(t.TempDir(), "shot.html")
		require.NoError(t, os.WriteFile(shotPath, []byte(shot), 0o644))
		runChromium(t, bin, shotPath, "--screenshot="+out, "--window-size=1300,6000", "--hide-scrollbars")
		info, err := os.Stat(out)
		require.NoError(t, err)
		assert.Positive(t, info.Size())
	}
}

func played2(n int) string { return fmt.Sprintf("%d of %d cases", n, n) }

// splitProbe works the case list of a page whose cases are partly in its
// folder, as a reader would, once the page is ready (its index read): it filters by verdict, searches, sorts, and
// opens a case that is not in the page, then writes what it saw into
// <pre id="probe">.
const splitProbe = `<script>
(function probe() {
  if (document.body.getAttribute("data-ready") !== "1") { setTimeout(probe, 50); return; }
  var out = [];
  function count() { return document.getElementById("case-count").textContent; }
  function set(sel, v) { sel.value = v; sel.dispatchEvent(new Event("change")); }
  out.push("ready " + document.body.getAttribute("data-ready"));
  out.push("all " + count());
  var verdict = document.querySelector('select[data-facet="v"]');
  set(verdict, "fail");
  out.push("fail " + count());
  set(verdict, "");
  var search = document.getElementById("case-filter");
  search.value = "abstain/";
  search.dispatchEvent(new Event("input"));
  out.push("search " + count());
  search.value = "";
  search.dispatchEvent(new Event("input"));
  out.push("facets " + Array.prototype.map.call(document.querySelectorAll("select[data-facet]"), function (s) { return s.getAttribute("data-facet"); }).join(","));
  out.push("sorts " + document.getElementById("case-sort").options.length);
  var lazy = Array.prototype.filter.call(document.querySelectorAll("details.case"), function (d) { return d.querySelector(".case-lazy"); });
  out.push("lazy " + lazy.length);
  var d = lazy[0];
  d.open = true;
  setTimeout(function () {
    out.push("opened " + (d.querySelector(".transcript") ? "yes" : "no: " + d.textContent.slice(0, 200)));
    var pre = document.createElement("pre");
    pre.id = "probe";
    pre.textContent = out.join("\n");
    document.body.appendChild(pre);
  }, 1500);
})();
</script>`

// TestSplitPageInBrowser writes the fixture page with a small budget, so
// that most cases go to the folder beside it, and works its case list in
// headless Chromium from file://: the filters, the search and the sorts
// act on every case, and a case not in the page opens from its chunk.
func TestSplitPageInBrowser(t *testing.T) {
	for _, tc := range []struct {
		name        string
		indexBudget int
	}{{"index in the page", 0}, {"index beside the page", -1}} {
		t.Run(tc.name, func(t *testing.T) { splitPageInBrowser(t, tc.indexBudget) })
	}
}

func splitPageInBrowser(t *testing.T, indexBudget int) {
	bin := chromium(t)
	rs := append(append(mazetest.Results(t), mazetest.Human(t, "..")...), abstainFixture(t)...)
	sections, err := report.Summarize(rs, Summarizers(All()), report.Options{})
	require.NoError(t, err)
	dir := t.TempDir()
	path := filepath.Join(dir, "report.html")
	require.NoError(t, report.WritePage(path, nil, report.Results(rs), sections, report.Options{CaseFiles: &report.CaseFiles{Budget: 30_000, IndexBudget: indexBudget}}))
	page, err := os.ReadFile(path)
	require.NoError(t, err)
	require.Contains(t, string(page), `cases are in this page`)
	probe := strings.Replace(string(page), "</body>", splitProbe+"</body>", 1)
	require.NoError(t, os.WriteFile(path, []byte(probe), 0o644))

	dom := runChromium(t, bin, path, "--dump-dom", "--virtual-time-budget=20000")
	m := regexp.MustCompile(`(?s)<pre id="probe">(.*?)</pre>`).FindStringSubmatch(dom)
	require.NotNil(t, m, "the probe ran")
	got := map[string]string{}
	for _, l := range strings.Split(m[1], "\n") {
		k, v, _ := strings.Cut(l, " ")
		got[k] = v
	}
	played := 0
	mp := 0
	for _, r := range rs {
		if results.IsHuman(r) || r.Error != "" {
			continue
		}
		played++
		if r.Suite == "abstain" {
			mp++
		}
	}
	t.Logf("probe: %v", got)
	require.Positive(t, mp, "the fixture holds Missing Piece cases to search for")
	assert.Equal(t, "1", got["ready"])
	assert.Equal(t, fmt.Sprintf("%d of %d cases", played, played), strings.Split(got["all"], ",")[0])
	var nFail, nAll int
	_, err = fmt.Sscanf(got["fail"], "%d of %d cases", &nFail, &nAll)
	require.NoError(t, err, got["fail"])
	assert.Positive(t, nFail)
	assert.Less(t, nFail, played)
	assert.Equal(t, fmt.Sprintf("%d of %d cases", mp, played), strings.Split(got["search"], ",")[0])
	assert.Contains(t, got["facets"], "m,s,")
	assert.Contains(t, got["facets"], "v")
	assert.NotEqual(t, "0", got["lazy"])
	assert.Equal(t, "yes", got["opened"], "a case beside the page opens from its chunk")
}
