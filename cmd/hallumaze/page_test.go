package main

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/internal/pagecheck"
	"github.com/hallumaze/hallumaze/report"
	"github.com/hallumaze/hallumaze/results"
	"github.com/hallumaze/hallumaze/suites"
)

// maxPageBytes bounds the page of any run: the full standard run of every
// suite with the reference agents (some 33,500 cases) must open in a
// browser in seconds.
const maxPageBytes = 5_000_000

// fullRun plays the standard run of every suite with the reference agents
// once per test binary and returns its results file (the page beside it);
// TestMain removes its folder (removeFullRun).
var fullRun = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "hallumaze-full-*")
	if err != nil {
		return "", err
	}
	fullRunDir.Store(dir)
	a := runCall{forget: true}.app()
	o, err := a.parseRun([]string{"--suite", "all", "--html", "auto", "--quiet", "--output", filepath.Join(dir, "full.json")}, discard{})
	if err != nil {
		return "", err
	}
	if _, err := a.execRun(context.Background(), o, discard{}, discard{}); err != nil {
		return "", err
	}
	return filepath.Join(dir, "full.jsonl"), nil
})

var fullRunDir atomic.Value

// removeFullRun removes the full run's folder, if it was played.
func removeFullRun() {
	if dir, ok := fullRunDir.Load().(string); ok {
		os.RemoveAll(dir)
	}
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }

// TestFullRunPageBounded plays the full standard run of every suite and
// holds its page to maxPageBytes: the leaderboards, the figures, the index
// of every case and the first cases in the page, the rest in the folder
// beside it, each case once.
func TestFullRunPageBounded(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("plays every suite's standard set (33,500 cases): make large runs it")
	}
	jsonl, err := fullRun()
	require.NoError(t, err)
	page := strings.TrimSuffix(jsonl, ".jsonl") + ".html"
	info, err := os.Stat(page)
	require.NoError(t, err)
	t.Logf("page %.2f MB", float64(info.Size())/1e6)
	assert.LessOrEqual(t, info.Size(), int64(maxPageBytes), "the page of the full standard run")

	rs, _, err := results.ReadFile(jsonl)
	require.NoError(t, err)
	html, err := os.ReadFile(page)
	require.NoError(t, err)
	aside, err := report.ReadCaseFiles(page)
	require.NoError(t, err)
	inPage := map[string]bool{}
	for _, m := range regexp.MustCompile(`<details class="case[^"]*" id="([^"]+)"`).FindAllSubmatch(html, -1) {
		inPage[string(m[1])] = true
	}
	played := 0
	for _, r := range rs {
		if r.Error != "" {
			continue
		}
		played++
		id := report.CaseID(r)
		_, beside := aside[id]
		assert.True(t, inPage[id] != beside, "%s is in the page or beside it, once", id)
	}
	assert.Equal(t, played, len(inPage)+len(aside))
	for _, s := range suites.All() {
		assert.Contains(t, string(html), `data-case="`+s.Name+`/`, "the page shows first cases of %s", s.Name)
	}

	// A reader can read it at a desktop's and a phone's width, with a case
	// of each suite open.
	bin := pagecheck.Chromium(t)
	shown := string(html)
	for _, s := range suites.All() {
		re := regexp.MustCompile(`<details class="case[^"]*" id="[^"]+" data-model="[^"]+" data-case="` + s.Name + `/`)
		if loc := re.FindStringIndex(shown); loc != nil {
			shown = shown[:loc[0]] + strings.Replace(shown[loc[0]:loc[1]], "<details ", "<details open ", 1) + shown[loc[1]:]
		}
	}
	faults := pagecheck.Layout(t, bin, filepath.Dir(page), shown, []string{"1400", "420"})
	for _, width := range []string{"1400", "420"} {
		assert.Empty(t, faults[width], "layout faults of the full run's page at %s px", width)
	}
}

// BenchmarkFullRunPage writes the page of the full standard run of every
// suite with the reference agents: page-MB is the page, cases-MB the folder
// beside it.
func BenchmarkFullRunPage(b *testing.B) {
	jsonl, err := fullRun()
	if err != nil {
		b.Fatal(err)
	}
	rs, _, err := results.ReadFile(jsonl)
	if err != nil {
		b.Fatal(err)
	}
	sections, err := report.Summarize(rs, suites.Summarizers(suites.All()), report.Options{})
	if err != nil {
		b.Fatal(err)
	}
	page := filepath.Join(b.TempDir(), "page.html")
	for b.Loop() {
		if err := report.WritePage(page, nil, report.Results(rs), sections, report.Options{}); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	info, err := os.Stat(page)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(info.Size())/1e6, "page-MB")
	b.ReportMetric(dirMB(report.CasesDir(page)), "cases-MB")
	b.ReportMetric(float64(len(rs)), "cases")
}

func dirMB(dir string) float64 {
	entries, _ := os.ReadDir(dir)
	var n int64
	for _, e := range entries {
		if info, err := e.Info(); err == nil {
			n += info.Size()
		}
	}
	return float64(n) / 1e6
}

// BenchmarkFullRunPageOpen opens the page of the full standard run in
// headless Chromium until its case list is ready: ns/op is the browser's
// whole run (start-up included: compare with the empty page's), ready-ms
// the page's own count from navigation to the case list ready.
func BenchmarkFullRunPageOpen(b *testing.B) {
	bin := pagecheck.Chromium(b)
	jsonl, err := fullRun()
	if err != nil {
		b.Fatal(err)
	}
	page := strings.TrimSuffix(jsonl, ".jsonl") + ".html"
	empty := filepath.Join(b.TempDir(), "empty.html")
	if err := os.WriteFile(empty, []byte(`<!DOCTYPE html><html><body data-ready="1"></body></html>`), 0o644); err != nil {
		b.Fatal(err)
	}
	ready := regexp.MustCompile(`data-ready-ms="([0-9]+)"`)
	for _, tc := range []struct{ name, page string }{{"empty", empty}, {"full", page}} {
		b.Run(tc.name, func(b *testing.B) {
			var ms float64
			for b.Loop() {
				dom := pagecheck.Run(b, bin, tc.page, 5*time.Minute, "--dump-dom", "--virtual-time-budget=5000")
				if m := ready.FindStringSubmatch(dom); m != nil {
					v, _ := strconv.ParseFloat(m[1], 64)
					ms += v
				} else if tc.name == "full" {
					b.Fatal("the page's case list did not get ready")
				}
			}
			b.ReportMetric(ms/float64(b.N), "ready-ms")
		})
	}
}
