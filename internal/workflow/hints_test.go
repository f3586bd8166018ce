package workflow

import (
	"bytes"
	"encoding/json"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/cassettes"
	"github.com/hallumaze/hallumaze/providers"
	"github.com/hallumaze/hallumaze/suites"
)

// Every command hallumaze prints for a user to record missing cassettes is
// pasted here into sh -c, in a scratch clone, against a loopback server of
// the reference agents (through make where the command is make record),
// and must record exactly the cassettes it promised: the make record
// commands of go test ./bench and of a case's replay error, the hallumaze
// record commands of gate, make gate, run and record itself, and the
// hallumaze run --record command of a run whose cases no set holds.

// hintAfter is the command a message ends with: what follows the last
// "record them with: " (or "record it with: ") on its line.
func hintAfter(t *testing.T, text string) string {
	t.Helper()
	i := strings.LastIndex(text, "record them with: ")
	n := len("record them with: ")
	if j := strings.LastIndex(text, "record it with: "); j > i {
		i, n = j, len("record it with: ")
	}
	require.GreaterOrEqual(t, i, 0, "no command in %q", text)
	line, _, _ := strings.Cut(text[i+n:], "\n")
	return line
}

// cassetteSet lists the cassettes under root, relative to it.
func cassetteSet(t *testing.T, root string) map[string]bool {
	t.Helper()
	out := map[string]bool{}
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(root, p)
			out[rel] = true
		}
		return nil
	})
	return out
}

// paths are the cassettes of cases of a model, relative to the root: in
// the folder of its settings when it has any.
func paths(t *testing.T, model string, cases ...bench.Case) []string {
	t.Helper()
	var out []string
	for _, c := range cases {
		p, err := bench.CassettePath("", model, c)
		require.NoError(t, err)
		out = append(out, p)
	}
	return out
}

// pasteHint runs a printed command in the checkout and checks that it
// recorded exactly the cassettes promised: those, and no other.
func pasteHint(t *testing.T, dir string, env []string, hint string, promised []string) (stdout, stderr string) {
	t.Helper()
	root := filepath.Join(dir, "cassettes")
	before := cassetteSet(t, root)
	code, stdout, stderr := sh(t, dir, env, hint)
	require.Equal(t, 0, code, "%s\n%s%s", hint, stdout, stderr)
	after := cassetteSet(t, root)
	for _, p := range promised {
		assert.True(t, after[p], "%s: no cassette %s", hint, p)
		delete(after, p)
	}
	for p := range after {
		if !before[p] {
			t.Errorf("%s: recorded %s, which it did not promise", hint, p)
		}
	}
	return stdout, stderr
}

func gateSetOf(t *testing.T, suite string) []bench.Case {
	t.Helper()
	s, ok := bench.FindSuite(suites.All(), suite)
	require.True(t, ok)
	cases, err := bench.GateSet(s)
	require.NoError(t, err)
	return cases
}

// hintServer serves the agents on loopback; down makes every call fail
// with 500, inflate multiplies the usage the OpenAI protocol reports.
type hintServer struct {
	*httptest.Server
	down    atomic.Bool
	inflate atomic.Int64
}

func newHintServer(t *testing.T) *hintServer {
	t.Helper()
	inner := loopbackServer(t, nil).Config.Handler
	s := &hintServer{}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if s.down.Load() {
			http.Error(w, `{"error":{"message":"overloaded"}}`, http.StatusServiceUnavailable)
			return
		}
		k := s.inflate.Load()
		if k == 0 {
			inner.ServeHTTP(w, r)
			return
		}
		rec := httptest.NewRecorder()
		inner.ServeHTTP(rec, r)
		var body map[string]any
		if json.Unmarshal(rec.Body.Bytes(), &body) == nil {
			if u, ok := body["usage"].(map[string]any); ok {
				for key, v := range u {
					if n, ok := v.(float64); ok {
						u[key] = n * float64(k)
					}
				}
			}
		}
		data, _ := json.Marshal(body)
		maps.Copy(w.Header(), rec.Header())
		w.Header().Del("Content-Length")
		w.WriteHeader(rec.Code)
		w.Write(data)
	}))
	t.Cleanup(s.Close)
	return s
}

func TestPastedHintsRecordWhatTheyPromise(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command in a scratch clone and records through it")
	}
	dir := repo(t, "hints")
	srv := newHintServer(t)
	env := withEnv(baseEnv(t), map[string]string{
		providers.EnvOpenAIKey:     "sk-test-0123456789abcdefghij",
		providers.EnvOpenAIBaseURL: srv.URL + "/v1",
	})
	rc := suites.RecordCommand{Suites: suites.All(), Look: filepath.Join(dir, "cassettes")}
	abstain := gateSetOf(t, "abstain")

	t.Run("go test ./bench: a whole set", func(t *testing.T) {
		hint := rc.For(map[string][]bench.Case{"openai/checker": abstain})
		require.Equal(t, "make record MODEL=openai/checker SUITE=abstain", hint)
		stdout, stderr := pasteHint(t, dir, env, hint, paths(t, "openai/checker", abstain...))
		assert.Contains(t, stdout+stderr, "120 to record (120 missing")
		data, err := os.ReadFile(filepath.Join(dir, "cassettes", paths(t, "openai/checker", abstain[0])[0]))
		require.NoError(t, err)
		assert.NotContains(t, string(data), strings.TrimPrefix(srv.URL, "http://"), "the server's address is not kept")
	})

	t.Run("go test ./bench: part of what is missing", func(t *testing.T) {
		gone := []bench.Case{abstain[3], abstain[40], abstain[77]}
		for _, p := range paths(t, "openai/checker", gone...) {
			require.NoError(t, os.Remove(filepath.Join(dir, "cassettes", p)))
		}
		hint := rc.For(map[string][]bench.Case{"openai/checker": gone[:2]})
		require.Contains(t, hint, "CASES=")
		pasteHint(t, dir, env, hint, paths(t, "openai/checker", gone[:2]...))
		// the rest, in full: the command needs no filter
		hint = rc.For(map[string][]bench.Case{"openai/checker": gone[2:]})
		require.Equal(t, "make record MODEL=openai/checker SUITE=abstain", hint)
		pasteHint(t, dir, env, hint, paths(t, "openai/checker", gone[2:]...))
	})

	t.Run("a case's replay error", func(t *testing.T) {
		maze := gateSetOf(t, "maze")
		var odd bench.Case // a name with + and = in it
		for _, c := range maze {
			if strings.Contains(c.Name, "+") {
				odd = c
				break
			}
		}
		require.NotEmpty(t, odd.Name)
		pasteHint(t, dir, env, rc.Hint("openai/explorer", odd), paths(t, "openai/explorer", odd))
		s, _ := bench.FindSuite(suites.All(), "worlds")
		std, err := s.Standard()
		require.NoError(t, err)
		probe := std[len(std)-1] // not in the gate set: --set all
		hint := rc.Hint("openai/oracle", probe)
		require.Contains(t, hint, "SET=all")
		pasteHint(t, dir, env, hint, paths(t, "openai/oracle", probe))
	})

	t.Run("gate and make gate", func(t *testing.T) {
		code, _, stderr := sh(t, dir, env, "bin/hallumaze gate --base openai/checker --cand openai/always-answer --suite abstain")
		require.Equal(t, 2, code, stderr)
		hint := hintAfter(t, stderr)
		require.Equal(t, "bin/hallumaze record --models openai/always-answer --suite abstain", hint)
		// without the key, the same message names the variable
		code, _, stderr = sh(t, dir, baseEnv(t), "make gate BASE=openai/checker CAND=openai/always-answer SUITE=abstain")
		require.Equal(t, 2, code, stderr)
		assert.Contains(t, stderr, "with OPENAI_API_KEY set, record them with: "+hint)
		// and the command itself, without the key: at once, one line naming
		// it (then make's own line), exit 2
		code, stdout, stderr := sh(t, dir, baseEnv(t), "make record MODEL=openai/always-answer SUITE=abstain")
		require.Equal(t, 2, code, stderr)
		assert.Empty(t, stdout)
		lines := strings.Split(strings.TrimSpace(stderr), "\n")
		require.Len(t, lines, 2, stderr)
		assert.Contains(t, lines[0], "no API key: set OPENAI_API_KEY")
		assert.Contains(t, lines[1], "hallumaze record exited 2")
		pasteHint(t, dir, env, hint, paths(t, "openai/always-answer", abstain...))
		code, stdout, stderr = sh(t, dir, env, "make gate BASE=openai/checker CAND=openai/always-answer SUITE=abstain")
		assert.Equal(t, 1, code, stderr)
		assert.Contains(t, stdout, "**regressed**")
	})

	t.Run("run, in a set", func(t *testing.T) {
		gone := []bench.Case{abstain[5], abstain[6]}
		for _, p := range paths(t, "openai/checker", gone...) {
			require.NoError(t, os.Remove(filepath.Join(dir, "cassettes", p)))
		}
		code, _, stderr := sh(t, dir, baseEnv(t), "bin/hallumaze run --suite abstain --models openai/checker --quiet --output "+t.TempDir()+"/r.json")
		require.Equal(t, 2, code, stderr)
		assert.Contains(t, stderr, "with OPENAI_API_KEY set, record them with: bin/hallumaze record ")
		pasteHint(t, dir, env, hintAfter(t, stderr), paths(t, "openai/checker", gone...))
	})

	t.Run("run, outside every set", func(t *testing.T) {
		run := func() string {
			return "bin/hallumaze run --suite maze --size 13 --runs 2 --models openai/explorer --quiet --output " + t.TempDir() + "/r.json"
		}
		code, _, stderr := sh(t, dir, baseEnv(t), run())
		require.Equal(t, 2, code, stderr)
		hint := hintAfter(t, stderr)
		require.True(t, strings.HasPrefix(hint, "bin/hallumaze run "), hint)
		cases := []bench.Case{{Suite: "maze", Name: "size=13/seed=1/base"}, {Suite: "maze", Name: "size=13/seed=2/base"}}
		pasteHint(t, dir, env, hint, paths(t, "openai/explorer", cases...))

		// a cassette that no longer matches its requests: the run's set-up
		// error names the command that records it again
		p := filepath.Join(dir, "cassettes", paths(t, "openai/explorer", cases[1])[0])
		data, err := os.ReadFile(p)
		require.NoError(t, err)
		require.Contains(t, string(data), "metacognition benchmark")
		require.NoError(t, os.WriteFile(p, bytes.Replace(data, []byte("metacognition benchmark"), []byte("metacognition benchmarks"), 1), 0o644))
		code, _, stderr = sh(t, dir, baseEnv(t), run())
		require.Equal(t, 2, code, stderr)
		assert.Contains(t, stderr, "could not be set up")
		pasteHint(t, dir, env, hintAfter(t, stderr), nil)
		code, _, stderr = sh(t, dir, baseEnv(t), run())
		assert.Equal(t, 0, code, "recorded again, it replays: %s", stderr)
	})

	t.Run("record: cases that failed", func(t *testing.T) {
		srv.down.Store(true)
		code, stdout, stderr := sh(t, dir, env, "bin/hallumaze record --models openai/always-abstain --suite abstain --filter 'cf-0[12]/'")
		srv.down.Store(false)
		require.Equal(t, 3, code, "%s%s", stdout, stderr)
		hint := hintAfter(t, stderr)
		var want []bench.Case
		for _, c := range abstain {
			if strings.Contains(c.Name, "cf-01/") || strings.Contains(c.Name, "cf-02/") {
				want = append(want, c)
			}
		}
		pasteHint(t, dir, env, hint, paths(t, "openai/always-abstain", want...))
	})

	t.Run("record: stopped at --max-cost", func(t *testing.T) {
		prices := filepath.Join(t.TempDir(), "prices.json")
		require.NoError(t, os.WriteFile(prices, []byte(`{"openai/always-abstain": {"input": 1, "output": 1}}`), 0o644))
		srv.inflate.Store(1000) // the server reports far more tokens than estimated
		code, stdout, stderr := sh(t, dir, env, "bin/hallumaze record --models openai/always-abstain --suite abstain --concurrency 1 --max-cost 0.2 --prices "+prices)
		srv.inflate.Store(0)
		require.Equal(t, 1, code, "%s%s", stdout, stderr)
		assert.Contains(t, stderr, "left unrecorded to keep within --max-cost $0.20")
		hint := hintAfter(t, stderr)
		var left []bench.Case
		for _, c := range abstain {
			if _, err := os.Stat(filepath.Join(dir, "cassettes", paths(t, "openai/always-abstain", c)[0])); err != nil {
				left = append(left, c)
			}
		}
		require.NotEmpty(t, left)
		require.Less(t, len(left), len(abstain)-4, "it recorded some before it stopped")
		pasteHint(t, dir, env, hint, paths(t, "openai/always-abstain", left...))
	})

	t.Run("models with settings", func(t *testing.T) {
		env := withEnv(env, map[string]string{
			providers.EnvAnthropicKey:     "sk-ant-test-0123456789abcdefghij",
			providers.EnvAnthropicBaseURL: srv.URL,
		})
		const a, b = "anthropic/checker@thinking=16000", "anthropic/checker@thinking=2048,temperature=1"
		var first, rest []bench.Case
		for _, c := range abstain {
			if strings.Contains(c.Name, "cf-01/") {
				first = append(first, c)
			} else {
				rest = append(rest, c)
			}
		}
		require.NotEmpty(t, first)
		code, stdout, stderr := sh(t, dir, env, "make build")
		require.Equal(t, 0, code, "%s%s", stdout, stderr)
		// the command as a user types it, quoted
		code, stdout, stderr = sh(t, dir, env, "bin/hallumaze record --models 'anthropic/checker@thinking=16000' --suite abstain --filter 'cf-01/'")
		require.Equal(t, 0, code, "%s%s", stdout, stderr)
		assert.Contains(t, stdout, "record "+a+": ")
		promised := paths(t, a, first...)
		for _, p := range promised {
			require.True(t, strings.Contains(p, "/checker@thinking=16000/"), p)
			bodies, err := cassettes.RequestBodies(filepath.Join(dir, "cassettes", p))
			require.NoError(t, err, "recorded into the folder of its settings")
			assert.Contains(t, strings.Join(bodies, "\n"), `"budget_tokens":16000`, "its settings on the wire")
		}
		// what it lacks of the set, in full: no filter
		hint := rc.For(map[string][]bench.Case{a: rest})
		require.Equal(t, "make record MODEL=anthropic/checker@thinking=16000 SUITE=abstain", hint)
		pasteHint(t, dir, env, hint, paths(t, a, rest...))
		// two models in one command, one of two settings: a list with
		// commas in a name, and a filter
		c1, c2 := abstain[7], abstain[8]
		require.NoError(t, os.Remove(filepath.Join(dir, "cassettes", paths(t, a, c1)[0])))
		hint = rc.For(map[string][]bench.Case{a: {c1}, b: {c1, c2}})
		require.Contains(t, hint, "MODEL="+a+","+b+" ")
		require.Contains(t, hint, "CASES=")
		pasteHint(t, dir, env, hint, append(paths(t, a, c1), paths(t, b, c1, c2)...))
		// two settings of one model gated against each other: the gate's
		// hint records the candidate, then the gate compares them
		code, _, stderr = sh(t, dir, env, "bin/hallumaze gate --base 'anthropic/checker@thinking=16000' --cand 'anthropic/checker@thinking=1024' --suite abstain")
		require.Equal(t, 2, code, stderr)
		hint = hintAfter(t, stderr)
		require.Equal(t, "bin/hallumaze record --models anthropic/checker@thinking=1024 --suite abstain", hint)
		pasteHint(t, dir, env, hint, paths(t, "anthropic/checker@thinking=1024", abstain...))
		code, stdout, stderr = sh(t, dir, baseEnv(t), "make gate BASE='anthropic/checker@thinking=16000' CAND='anthropic/checker@thinking=1024' SUITE=abstain")
		assert.Equal(t, 1, code, "a lower thinking budget checks less: %s%s", stdout, stderr)
		assert.Contains(t, stdout, "**regressed**")

		// a probe TestEffort plays beyond the gate set: --set effort
		worlds, _ := bench.FindSuite(suites.All(), "worlds")
		set, _, err := bench.ExperimentSet(worlds, "effort")
		require.NoError(t, err)
		probe := set[len(set)-1]
		hint = rc.Hint("google/credulous@effort=high", probe)
		require.Contains(t, hint, "SET=effort")
		pasteHint(t, dir, withEnv(env, map[string]string{
			providers.EnvGoogleKey:     "test-google-key-0123456789",
			providers.EnvGeminiBaseURL: srv.URL,
		}), hint, paths(t, "google/credulous@effort=high", probe))
	})
}
