package suites

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/hallumaze/hallumaze/results"
	"github.com/hallumaze/hallumaze/suites/maze/mazereport"

	"github.com/hallumaze/hallumaze/report"
	mpsuite "github.com/hallumaze/hallumaze/suites/abstain"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var screenshot = flag.String("screenshot", "", "also save a screenshot of the fixture page to this PNG file")

// chromium returns the headless browser, or skips the test saying how to
// install it (scripts/ensure-chromium.sh looks for the same names).
func chromium(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("starts a browser")
	}
	for _, name := range []string{"/usr/bin/chromium", "chromium", "chromium-browser"} {
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	t.Skip("chromium is not installed, so the report is not checked in a browser: " +
		"run make browser (as root, it installs Debian's chromium) or apt-get install -y chromium")
	return ""
}

// runChromium runs headless Chromium on a page with extra arguments and
// returns its standard output.
func runChromium(t *testing.T, bin, page string, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	base := []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--user-data-dir=" + t.TempDir()}
	cmd := exec.CommandContext(ctx, bin, append(append(base, args...), "file://"+page)...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	require.NoError(t, cmd.Run(), "chromium: %s", lastLines(stderr.String(), 10))
	return stdout.String()
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
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
	assert.Contains(t, dom, `<table class="abstain-summary">`)
	assert.Equal(t, len(models), strings.Count(dom, `<table class="abstain-grid">`), "a defect × domain table per model")
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
