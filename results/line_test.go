package results

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/hallumaze/hallumaze/internal/files"
	"github.com/hallumaze/hallumaze/internal/redact"
)

// smallBounds lowers the bounds of a results line for one test (64 KiB
// a line, 4 KiB a text), so that cutting is tried on results of kilobytes
// rather than of hundreds of megabytes; the command's tests hold the real
// bounds (TestRunReadsBackALongReply, TestLargestMazeReadsBack).
func smallBounds(t *testing.T) {
	lineBound, textBound = 64<<10, 4<<10
	t.Cleanup(func() { lineBound, textBound = MaxLine, MaxText })
}

// TestEncodeCutsLongTexts: a reply longer than MaxText is kept cut, with
// its true length and a flag; the rest of the result is whole, and the
// line reads back.
func TestEncodeCutsLongTexts(t *testing.T) {
	smallBounds(t)
	long := strings.Repeat("<", textBound+1000) // JSON escaping makes each 6 bytes
	r := Result{Suite: "maze", Model: "m/x", Case: "c", System: "sys",
		Turns:   []Turn{{Role: User, Content: "go"}, {Role: Assistant, Content: long, Reasoning: "é" + long}},
		Metrics: map[string]float64{"SR": 1}}
	line, err := Encode(r, nil)
	require.NoError(t, err)
	assert.LessOrEqual(t, len(line), lineBound)
	got, torn, err := Read(bytes.NewReader(append(line, '\n')))
	require.NoError(t, err)
	require.False(t, torn)
	require.Len(t, got, 1)
	g := got[0]
	assert.Equal(t, "go", g.Turns[0].Content)
	assert.False(t, g.Turns[0].Truncated)
	a := g.Turns[1]
	assert.True(t, a.Truncated)
	assert.Equal(t, long[:textBound], a.Content)
	assert.Equal(t, len(long), a.ContentBytes)
	assert.Equal(t, len(long)+2, a.ReasoningBytes)
	assert.True(t, utf8.ValidString(a.Reasoning))
	assert.True(t, strings.HasPrefix(long, a.Content))
	assert.Equal(t, r.Metrics, g.Metrics)
	assert.Len(t, r.Turns[1].Content, textBound+1000, "the caller's result is not changed")

	// Encoding what was read keeps the true lengths.
	again, err := Encode(g, nil)
	require.NoError(t, err)
	assert.Equal(t, line, again)
}

// TestEncodeManyLongTurns: a conversation whose texts, each within
// MaxText, make a line too long has them all cut shorter until it fits;
// one too long even then loses its turns, counted.
func TestEncodeManyLongTurns(t *testing.T) {
	smallBounds(t)
	text := strings.Repeat("<", textBound) // six times as long encoded
	r := Result{Suite: "maze", Model: "m/x", Case: "c"}
	for range 12 {
		r.Turns = append(r.Turns, Turn{Role: Assistant, Content: text})
	}
	line, err := Encode(r, nil)
	require.NoError(t, err)
	assert.LessOrEqual(t, len(line), lineBound)
	var g Result
	require.NoError(t, json.Unmarshal(line, &g))
	require.Len(t, g.Turns, 12)
	for _, tr := range g.Turns {
		assert.True(t, tr.Truncated)
		assert.Equal(t, textBound, tr.ContentBytes)
		assert.Less(t, len(tr.Content), textBound)
	}

	// Turns that do not fit however short their texts (a provider's
	// stop reason of megabytes) are left out, and counted.
	stop := strings.Repeat("x", textBound)
	r.Turns = make([]Turn, 40)
	for i := range r.Turns {
		r.Turns[i] = Turn{Role: Assistant, Content: "ok", StopReason: stop}
	}
	line, err = Encode(r, nil)
	require.NoError(t, err)
	g = Result{}
	require.NoError(t, json.Unmarshal(line, &g))
	assert.Empty(t, g.Turns)
	assert.Equal(t, 40, g.TurnsOmitted)

	// A result too long even without its conversation is an error.
	r.Turns = nil
	r.Detail = json.RawMessage(`"` + strings.Repeat("x", lineBound) + `"`)
	_, err = Encode(r, nil)
	assert.ErrorContains(t, err, "without its conversation")
}

// TestEncodeRedacts: secrets are replaced in the line, and a line that
// redaction makes longer still fits.
func TestEncodeRedacts(t *testing.T) {
	smallBounds(t)
	const key = "sk-abcdefgh"
	r := Result{Suite: "s", Model: "m/x", Case: "c", Error: "echo " + key,
		Turns: []Turn{{Role: Assistant, Content: strings.Repeat(key, textBound/len(key))}}}
	line, err := Encode(r, redact.New(key))
	require.NoError(t, err)
	assert.NotContains(t, string(line), key)
	assert.LessOrEqual(t, len(line), lineBound)
}

// TestReadBounds: the reader refuses a line over MaxLine, and numbers a
// results file never holds; each is one error naming the line.
func TestReadBounds(t *testing.T) {
	smallBounds(t)
	ok := `{"suite":"s","model":"m/x","case":"c","usage":{"input_tokens":1,"output_tokens":2},"duration_s":1}`
	for name, line := range map[string]string{
		"negative tokens": `{"suite":"s","model":"m/x","case":"c","usage":{"input_tokens":-1,"output_tokens":2}}`,
		"huge tokens":     `{"suite":"s","model":"m/x","case":"c","usage":{"input_tokens":9000000000000000000,"output_tokens":2}}`,
		"huge metric":     `{"suite":"s","model":"m/x","case":"c","metrics":{"SR":1e300}}`,
		"negative time":   `{"suite":"s","model":"m/x","case":"c","duration_s":-5}`,
		"turn latency":    `{"suite":"s","model":"m/x","case":"c","turns":[{"role":"assistant","content":"x","latency_ms":1e300}]}`,
		"turn tokens":     `{"suite":"s","model":"m/x","case":"c","turns":[{"role":"assistant","content":"x","usage":{"input_tokens":-3}}]}`,
	} {
		t.Run(name, func(t *testing.T) {
			_, _, err := Read(strings.NewReader(ok + "\n" + line + "\n"))
			assert.ErrorContains(t, err, "results line 2")
			_, err = EachSummary(strings.NewReader(ok+"\n"+line+"\n"), func(Summary) error { return nil })
			if name != "turn latency" && name != "turn tokens" && name != "negative time" {
				assert.ErrorContains(t, err, "results line 2", "the summary reader checks what it decodes")
			}
		})
	}
	long := `{"suite":"s","model":"m/x","case":"c","error":"` + strings.Repeat("x", lineBound) + `"}`
	_, _, err := Read(strings.NewReader(ok + "\n" + long + "\n"))
	assert.ErrorContains(t, err, "results line 2: longer than")
}

// TestSinkWritesWhatReadReads: whatever the sink is given, the file reads
// back, result for result.
func TestSinkWritesWhatReadReads(t *testing.T) {
	smallBounds(t)
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(0, 3*textBound).Draw(t, "n")
		ch := rapid.SampledFrom([]string{"<", "a", "é", "\x00", "\u2028"}).Draw(t, "char")
		text := strings.Repeat(ch, n/len(ch))
		r := Result{Suite: "s", Model: "m/x", Case: "c", Turns: []Turn{{Role: Assistant, Content: text}}}
		line, err := Encode(r, nil)
		if err != nil {
			t.Fatal(err)
		}
		got, _, err := Read(bytes.NewReader(append(line, '\n')))
		if err != nil {
			t.Fatal(err)
		}
		c := got[0].Turns[0]
		if !strings.HasPrefix(text, c.Content) || (len(text) > textBound) != c.Truncated {
			t.Fatalf("read back %d bytes (truncated %v) of %d", len(c.Content), c.Truncated, len(text))
		}
	})
}

// TestReadFileRefusesPipes: a results path that is a named pipe (or a link
// to one) is refused at once rather than waited on.
func TestReadFileRefusesPipes(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "r.jsonl")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	link := filepath.Join(dir, "link.jsonl")
	require.NoError(t, os.Symlink(fifo, link))
	for _, p := range []string{fifo, link, os.DevNull} {
		_, _, err := ReadFile(p)
		assert.ErrorIs(t, err, files.ErrNotRegular, p)
	}
}
