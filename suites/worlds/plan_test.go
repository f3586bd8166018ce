package worlds

import (
	"flag"
	"io"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/bench"
)

// TestPlanMakesWhatIsPlayed: ten thousand seeds of which a run plays the
// first five cases (--limit 5) cost the probes of those cases, not of ten
// thousand seeds, however many times the run goes over its cases; a
// second pass over all of them makes nothing again. Measured in bytes
// allocated, not in time.
func TestPlanMakesWhatIsPlayed(t *testing.T) {
	seeds := make([]string, 10_000)
	for i := range seeds {
		seeds[i] = strconv.Itoa(i + 1)
	}
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	plan := New().Flags(fs)
	require.NoError(t, fs.Parse([]string{"--level", "P1_dense_array", "--world-seed", strings.Join(seeds, ",")}))

	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	seq, err := plan()
	require.NoError(t, err)
	var names []string
	for range 6 { // the run's passes: filter, resume, cassettes, count, sweep
		names = names[:0]
		for c := range seq {
			names = append(names, c.Name)
			if len(names) == 5 {
				break
			}
		}
	}
	runtime.ReadMemStats(&after)
	allocated := after.TotalAlloc - before.TotalAlloc
	t.Logf("10,000 seeds, 5 cases played, 6 passes: %.1f MB allocated", float64(allocated)/1e6)
	assert.Len(t, names, 5)
	assert.Less(t, allocated, uint64(16<<20), "the plan made the probes of seeds it does not play")

	// The cases made once are kept for the passes after.
	few := flag.NewFlagSet("run", flag.ContinueOnError)
	plan = New().Flags(few)
	require.NoError(t, few.Parse([]string{"--level", "P1_dense_array", "--world-seed", "1,2,3"}))
	seq, err = plan()
	require.NoError(t, err)
	first := bench.Collect(seq)
	runtime.ReadMemStats(&before)
	second := bench.Collect(seq)
	runtime.ReadMemStats(&after)
	require.Equal(t, len(first), len(second))
	for i := range first {
		assert.Equal(t, first[i].Name, second[i].Name)
	}
	perCase := float64(after.TotalAlloc-before.TotalAlloc) / float64(len(second))
	assert.Less(t, perCase, 4096.0, "a second pass makes the probes again")
}
