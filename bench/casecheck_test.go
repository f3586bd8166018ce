package bench

import (
	"flag"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
)

// recorder is a testing.TB that keeps what it is told.
type recorder struct {
	testing.TB
	errors, logs []string
	failed       bool
}

func (r *recorder) Helper() {}
func (r *recorder) Errorf(f string, a ...any) {
	r.failed = true
	r.errors = append(r.errors, fmt.Sprintf(f, a...))
}
func (r *recorder) Logf(f string, a ...any) { r.logs = append(r.logs, fmt.Sprintf(f, a...)) }
func (r *recorder) Fail()                   { r.failed = true }
func (r *recorder) Failed() bool            { return r.failed }

func TestCheckCaseNamesTheCase(t *testing.T) {
	rec := &recorder{}
	after := 0
	checkCase(rec, "grid/s1/q01", func(t testing.TB) {
		t.Errorf("metric %s = %v", "right", 2)
		assert.True(t, t.Failed())
		t.Log("reply", "x")
		t.Fatalf("decode: %v", "bad")
		after++ // never reached
	})
	checkCase(rec, "grid/s1/q02", func(t testing.TB) {
		assert.False(t, t.Failed(), "a case's Failed is its own")
		t.Skip("no cassette")
		after++
	})
	checkCase(rec, "grid/s1/q03", func(t testing.TB) { t.FailNow(); after++ })
	assert.Zero(t, after, "a fatal failure or a skip ends that case's checks only")
	assert.Equal(t, []string{"grid/s1/q01: metric right = 2", "grid/s1/q01: decode: bad"}, rec.errors)
	assert.Equal(t, []string{"grid/s1/q01: reply x", "grid/s1/q02: skipped: no cassette"}, rec.logs)
	assert.True(t, rec.failed)
	assert.Panics(t, func() { checkCase(rec, "c", func(testing.TB) { panic("other") }) }, "other panics pass through")
}

func TestRunNamesCases(t *testing.T) {
	f := flagValue(t, "test.run")
	for _, tc := range []struct {
		run  string
		want bool
	}{{"", false}, {"Worlds", false}, {"TestWorlds$", false}, {"Maze/agent-lured", false}, {"Maze/agent-lured/size=7", true}} {
		assert.NoError(t, f.Set(tc.run))
		assert.Equal(t, tc.want, runNamesCases(), tc.run)
	}
}

// flagValue returns a test flag, restored after the test.
func flagValue(t *testing.T, name string) interface{ Set(string) error } {
	t.Helper()
	f := flag.Lookup(name)
	old := f.Value.String()
	t.Cleanup(func() { f.Value.Set(old) })
	return f.Value
}
