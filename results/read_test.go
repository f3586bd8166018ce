package results

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/internal/redact"
)

func TestReadTornLine(t *testing.T) {
	in := `{"suite":"maze","model":"agent/oracle","case":"a","metrics":{"SR":1}}` + "\n" + `{"suite":"maze","mod`
	res, torn, err := Read(strings.NewReader(in))
	require.NoError(t, err)
	assert.True(t, torn)
	assert.Len(t, res, 1)
	_, _, err = Read(strings.NewReader("{bad}\n" + in))
	assert.ErrorContains(t, err, "results line 1")
	_, _, err = Read(strings.NewReader(`{"suite":"maze"}` + "\n"))
	assert.ErrorContains(t, err, "not a hallumaze result")
}

// A sink redacts each line before it writes it.
func TestSinkRedacts(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sub", "r.jsonl")
	s, err := NewSink(path)
	require.NoError(t, err)
	s.Redact = redact.New("sk-secret-123456")
	var wg sync.WaitGroup
	for i := range 50 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			assert.NoError(t, s.Add(Result{Suite: "s", Model: "m", Case: string(rune('a' + i%26)), Error: "echo sk-secret-123456"}))
		}()
	}
	wg.Wait()
	require.NoError(t, s.Close())
	assert.Equal(t, 50, s.Count())
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.NotContains(t, string(data), "sk-secret-123456")
	rs, torn, err := Read(strings.NewReader(string(data)))
	require.NoError(t, err)
	assert.False(t, torn)
	assert.Len(t, rs, 50)
}

func TestMetricsDeclarations(t *testing.T) {
	ms := Metrics{{Name: "HC", Unit: "HC/case", Better: Lower, Exact: true}, {Name: "SR", Better: Higher, Exact: true}}
	m, ok := ms.Lookup("HC/case")
	assert.True(t, ok)
	assert.Equal(t, "HC", m.Name)
	lines, err := ms.UnitLines("SR", "HC")
	require.NoError(t, err)
	assert.Equal(t, "Unit SR better=higher assume=exact\nUnit HC/case better=lower assume=exact\nUnit tokens/case better=lower assume=exact\n", lines)
	_, err = ms.UnitLines("CE")
	assert.ErrorContains(t, err, "undeclared")
	assert.ErrorContains(t, ms.Check("SR", "x"), "x")
}

// TestSink: results are streamed as whole lines, concurrently, and read
// back as written; the sink keeps none of them.
func TestSink(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "sub", "r.jsonl")
	s, err := NewSink(path)
	require.NoError(t, err)
	var wg sync.WaitGroup
	for i := range 40 {
		wg.Go(func() {
			r := Result{Suite: "test", Model: "agent/a", Case: fmt.Sprintf("c%02d", i), Metrics: map[string]float64{"x": float64(i)},
				Turns: []Turn{{Role: User, Content: "<maze> ┌─┐ \"quoted\"\n"}}, Detail: json.RawMessage(`{"k": [1, 2]}`)}
			assert.NoError(t, s.Add(r))
		})
	}
	wg.Wait()
	assert.Equal(t, 40, s.Count())
	require.NoError(t, s.Close())
	rs, torn, err := ReadFile(path)
	require.NoError(t, err)
	assert.False(t, torn)
	require.Len(t, rs, 40)
	for _, r := range rs {
		assert.Equal(t, "<maze> ┌─┐ \"quoted\"\n", r.Turns[0].Content)
		assert.JSONEq(t, `{"k":[1,2]}`, string(r.Detail))
	}

	counting, err := NewSink("")
	require.NoError(t, err)
	require.NoError(t, counting.Add(Result{Suite: "s", Model: "m", Case: "c"}))
	assert.Equal(t, 1, counting.Count())
	require.NoError(t, counting.Close())

	err = s.Add(Result{Suite: "s", Model: "m", Case: "c"})
	assert.Error(t, err, "a closed sink refuses")
	_, err = NewSink(filepath.Join(path, "under-a-file.jsonl"))
	assert.Error(t, err)
	_, statErr := os.Stat(path)
	assert.False(t, errors.Is(statErr, os.ErrNotExist))
}
