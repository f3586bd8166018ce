package report

import (
	"bytes"
	"html/template"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/internal/redact"
	"github.com/hallumaze/hallumaze/results"
)

// toy is a suite of the test's own: it counts its results.
type toy struct{ name string }

func (s toy) Name() string { return s.name }

func (s toy) Summarize(rs []results.Result, opts Options) (Section, error) {
	sec := Section{Title: "Toy " + s.name}
	sec.JSON = []Member{{Key: s.name, Value: map[string]int{"n": len(rs)}}}
	if len(rs) > 0 {
		sec.Text = s.name + ": " + strings.Repeat("x", len(rs)) + "\n"
		sec.HTML = template.HTML(`<section id="` + s.name + `"><h2>Toy</h2></section>`)
		sec.Nav = []Link{{ID: s.name, Text: "Toy"}}
		sec.Case = func(r results.Result) CaseView { return CaseView{Verdict: "pass", Badges: []KV{{K: "toy", V: "1"}}} }
	}
	return sec, nil
}

func TestSectionsInOrder(t *testing.T) {
	rs := []results.Result{{Suite: "b", Model: "m/1", Case: "c1"}, {Suite: "a", Model: "m/1", Case: "c1"}, {Suite: "a", Model: "m/2", Case: "c1"}, {Suite: "other", Model: "m/3", Case: "z"}}
	secs, err := Summarize(rs, []Summarizer{toy{"a"}, toy{"b"}, toy{"empty"}}, Options{})
	require.NoError(t, err)
	var text bytes.Buffer
	require.NoError(t, WriteText(&text, secs))
	require.Len(t, secs, 4, "the suites' sections, then the cost")
	assert.Equal(t, "", secs[3].Suite, "the Cost section belongs to no suite")
	assert.True(t, strings.HasPrefix(text.String(), "a: xx\n\nb: x\n\n┌"), "each section's tables, a blank line between two, none for an empty one, then the cost:\n%s", text.String())
	assert.Contains(t, text.String(), " Cost ")

	var js bytes.Buffer
	opts := Options{Timestamp: time.Date(2026, 3, 22, 14, 30, 22, 0, time.UTC)}
	require.NoError(t, WriteJSON(&js, secs, opts))
	assert.True(t, strings.HasPrefix(js.String(), "{\n  \"hallumaze_version\": \"1.1\",\n  \"timestamp\": \"2026-03-22T14:30:22\",\n  \"a\": {\"n\":2},\n  \"b\": {\"n\":1},\n  \"empty\": {\"n\":0},\n  \"cost\": {"), js.String())

	var page bytes.Buffer
	require.NoError(t, WriteHTML(&page, rs, secs, Options{}))
	html := page.String()
	assert.Contains(t, html, `<a href="#a">Toy</a><a href="#b">Toy</a><a href="#cost">Cost</a><a href="#cases">Cases</a>`)
	assert.Contains(t, html, `data-case="other/z"`, "a result of no suite still has its case")
	assert.Contains(t, html, `<span class="badge">toy=1</span>`)
	assert.Contains(t, html, "4 results · 3 models")
}

func TestWriteJSONDuplicateKey(t *testing.T) {
	secs := []Section{{Suite: "a", JSON: []Member{{Key: "runs", Value: 1}}}, {Suite: "b", JSON: []Member{{Key: "runs", Value: 2}}}}
	var b bytes.Buffer
	assert.ErrorContains(t, WriteJSON(&b, secs, Options{}), `"runs"`)
}

// Every file the report writes goes through the redaction of the keys.
func TestWriteFileAtomicRedacts(t *testing.T) {
	path := filepath.Join(t.TempDir(), "page.html")
	key := "sk-live-ABCDEFGHIJKLMNOP"
	err := WriteFileAtomic(path, redact.New(key), func(w io.Writer) error {
		for _, part := range []string{"<p>echo sk-live-ABCD", "EFGHIJKLMNOP</p>", strings.Repeat("x", 300<<10), key} {
			if _, err := w.Write([]byte(part)); err != nil {
				return err
			}
		}
		return nil
	})
	require.NoError(t, err)
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.NotContains(t, string(data), "ABCDEFGHIJKLMNOP")
	assert.Equal(t, 2, strings.Count(string(data), redact.Placeholder))
}
