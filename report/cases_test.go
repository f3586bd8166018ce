package report

import (
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/internal/redact"
	"github.com/hallumaze/hallumaze/results"
)

const testSecret = "sk-test-0123456789abcdef"

// manyResults are n results of the toy suite over two models, each with a
// reply of its own (one in ten echoing the secret).
func manyResults(n int) []results.Result {
	var rs []results.Result
	for i := range n {
		reply := fmt.Sprintf("answer=%d %s", i, strings.Repeat("lorem ipsum ", 40))
		if i%10 == 0 {
			reply += " key " + testSecret
		}
		rs = append(rs, results.Result{Suite: "a", Model: fmt.Sprintf("m/%d", i%2), Case: fmt.Sprintf("c%03d", i),
			Tags:    map[string]string{"size": fmt.Sprint(5 + 2*(i%3))},
			Metrics: map[string]float64{"right": float64(i % 2)},
			Turns:   []results.Turn{{Role: results.User, Content: "question"}, {Role: results.Assistant, Content: reply}}})
	}
	return rs
}

var indexRE = regexp.MustCompile(`(?s)<script type="application/json" id="case-index" data-dir="([^"]*)"( data-encoding="gzip-base64")?>(.*?)</script>`)

func readIndex(t *testing.T, page string) (pageIndex, string) {
	t.Helper()
	m := indexRE.FindStringSubmatch(page)
	require.NotNil(t, m, "the page holds its case index")
	raw := []byte(m[3])
	if m[2] != "" {
		var b64 string
		require.NoError(t, json.Unmarshal(raw, &b64))
		raw = gunzip64(t, b64)
	}
	var idx pageIndex
	require.NoError(t, json.Unmarshal(raw, &idx))
	return idx, m[1]
}

func gunzip64(t *testing.T, s string) []byte {
	t.Helper()
	z, err := base64.StdEncoding.DecodeString(s)
	require.NoError(t, err)
	zr, err := gzip.NewReader(bytes.NewReader(z))
	require.NoError(t, err)
	out, err := io.ReadAll(zr)
	require.NoError(t, err)
	return out
}

var chunkRE = regexp.MustCompile(`^hallumazeCases\("([0-9a-f]+)",([0-9]+),"([A-Za-z0-9+/=]*)"\);\n$`)

func TestWritePageSplitsCases(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "run.html")
	rs := manyResults(400)
	red := redact.New(testSecret)
	secs, err := Summarize(rs, []Summarizer{toy{"a"}}, Options{})
	require.NoError(t, err)
	budget := 40_000
	write := func(rs []results.Result) string {
		t.Helper()
		opts := Options{CaseFiles: &CaseFiles{Budget: budget}}
		require.NoError(t, WritePage(path, red, Results(rs), secs, opts))
		page, err := os.ReadFile(path)
		require.NoError(t, err)
		return string(page)
	}
	page := write(rs)
	assert.Less(t, len(page), 200_000)
	assert.False(t, strings.Contains(page, testSecret))
	idx, casesDir := readIndex(t, page)
	assert.Equal(t, "run_cases", casesDir)
	require.Len(t, idx.Cases, len(rs), "every case is in the index")
	inPage := strings.Count(page, `<details class="case`)
	assert.Positive(t, inPage)
	assert.Less(t, inPage, 100, "the budget bounds the cases in the page")
	models := map[string]int{}
	wantChunk := map[string]int{}
	for _, e := range idx.Cases {
		if e.Chunk < 0 {
			assert.True(t, strings.Contains(page, `id="`+e.ID+`"`), e.ID)
			models[e.Model]++
			continue
		}
		assert.False(t, strings.Contains(page, `id="`+e.ID+`"`), e.ID)
		wantChunk[e.ID] = e.Chunk
	}
	assert.Len(t, models, 2, "the first cases of each model are in the page")
	assert.True(t, strings.Contains(page, fmt.Sprintf("%d of the %d cases are in this page", inPage, len(rs))))

	entries, err := os.ReadDir(filepath.Join(dir, "run_cases"))
	require.NoError(t, err)
	require.Greater(t, len(entries), 1, "several chunks")
	got := map[string]int{}
	for _, f := range entries {
		b, err := os.ReadFile(filepath.Join(dir, "run_cases", f.Name()))
		require.NoError(t, err)
		m := chunkRE.FindStringSubmatch(string(b))
		require.NotNil(t, m, "%s is a chunk script", f.Name())
		assert.Equal(t, idx.Token, m[1])
		var k int
		fmt.Sscan(m[2], &k)
		assert.Equal(t, chunkName(k), f.Name())
		raw := gunzip64(t, m[3])
		assert.NotContains(t, string(raw), testSecret, "secrets are replaced before compression")
		var bodies map[string]string
		require.NoError(t, json.Unmarshal(raw, &bodies))
		for id, body := range bodies {
			got[id] = k
			assert.Contains(t, body, `<div class="transcript">`)
		}
	}
	assert.Equal(t, wantChunk, got, "each case beside the page is in the chunk its index entry names")

	// A page whose cases all fit leaves no folder; a folder holding other
	// files is kept, without the chunks.
	write(rs[:3])
	_, err = os.Stat(filepath.Join(dir, "run_cases"))
	assert.True(t, os.IsNotExist(err), "the old chunks are gone with their folder")
	write(rs)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "run_cases", "notes.txt"), []byte("mine"), 0o644))
	write(rs[:3])
	left, err := os.ReadDir(filepath.Join(dir, "run_cases"))
	require.NoError(t, err)
	require.Len(t, left, 1)
	assert.Equal(t, "notes.txt", left[0].Name())
}

func TestWriteHTMLWithoutCaseFilesHoldsEveryCase(t *testing.T) {
	rs := manyResults(120)
	secs, err := Summarize(rs, []Summarizer{toy{"a"}}, Options{})
	require.NoError(t, err)
	var b bytes.Buffer
	require.NoError(t, WriteHTML(&b, rs, secs, Options{}))
	page := b.String()
	assert.Equal(t, len(rs), strings.Count(page, `<details class="case`))
	idx, dir := readIndex(t, page)
	assert.Empty(t, dir)
	require.Len(t, idx.Cases, len(rs))
	for _, e := range idx.Cases {
		assert.Equal(t, -1, e.Chunk)
	}
	assert.False(t, strings.Contains(page, "cases are in this page"))
}

func TestAnswerLine(t *testing.T) {
	r := results.Result{Turns: []results.Turn{{Role: results.User, Content: "q"}, {Role: results.Assistant, Content: "  a\n\nb  "}}}
	assert.Equal(t, "a b", answerLine(r, ""))
	assert.Equal(t, "read", answerLine(r, "read"))
	long := strings.Repeat("é", 100)
	got := answerLine(results.Result{}, long)
	assert.True(t, strings.HasSuffix(got, "…"))
	assert.LessOrEqual(t, len(got), answerMax+len("…"))
	assert.Equal(t, "", answerLine(results.Result{}, ""))
}

var indexFileRE = regexp.MustCompile(`^hallumazeIndex\("([0-9a-f]+)","([A-Za-z0-9+/=]*)"\);\n$`)

// TestWritePageIndexBeside: an index too large for the page goes beside
// it, index.js in the cases folder, which the page names; ReadCaseFiles
// reads the chunks only.
func TestWritePageIndexBeside(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "run.html")
	rs := manyResults(200)
	secs, err := Summarize(rs, []Summarizer{toy{"a"}}, Options{})
	require.NoError(t, err)
	require.NoError(t, WritePage(path, redact.New(testSecret), Results(rs), secs, Options{CaseFiles: &CaseFiles{Budget: 20_000, IndexBudget: -1}}))
	page, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.True(t, strings.Contains(string(page), `data-src="run_cases/index.js">null</script>`))
	b, err := os.ReadFile(filepath.Join(dir, "run_cases", "index.js"))
	require.NoError(t, err)
	m := indexFileRE.FindSubmatch(b)
	require.NotNil(t, m)
	raw := gunzip64(t, string(m[2]))
	assert.False(t, strings.Contains(string(raw), testSecret))
	var idx pageIndex
	require.NoError(t, json.Unmarshal(raw, &idx))
	assert.Len(t, idx.Cases, len(rs))
	assert.Equal(t, idx.Token, string(m[1]))
	aside, err := ReadCaseFiles(path)
	require.NoError(t, err)
	assert.Equal(t, len(rs), len(aside)+strings.Count(string(page), `<details class="case`))
	// Written again with the index in the page, the old index.js goes.
	require.NoError(t, WritePage(path, nil, Results(rs), secs, Options{CaseFiles: &CaseFiles{Budget: 20_000}}))
	_, err = os.Stat(filepath.Join(dir, "run_cases", "index.js"))
	assert.True(t, os.IsNotExist(err))
}
