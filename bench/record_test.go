package bench_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/cassettes"
	"github.com/hallumaze/hallumaze/mazes"
	"github.com/hallumaze/hallumaze/pricing"
	"github.com/hallumaze/hallumaze/providers"
	"github.com/hallumaze/hallumaze/providers/loopback"
	"github.com/hallumaze/hallumaze/report"
	"github.com/hallumaze/hallumaze/results"
	"github.com/hallumaze/hallumaze/suites"
	"github.com/hallumaze/hallumaze/suites/maze"
)

// loopbackServer serves every reference agent over the three wire
// protocols on a loopback port.
func loopbackServer(t testing.TB) *httptest.Server {
	t.Helper()
	served := map[string]providers.Model{}
	lookup := suites.Agents(suites.All())
	for _, name := range suites.AgentNames(suites.All()) {
		a, _ := lookup(name)
		served[name] = a
	}
	srv := httptest.NewServer(loopback.New(served))
	t.Cleanup(srv.Close)
	return srv
}

// failingTransport fails every request: replay must never reach it.
type failingTransport struct{ calls int }

func (f *failingTransport) RoundTrip(*http.Request) (*http.Response, error) {
	f.calls++
	return nil, errors.New("network unreachable")
}

// TestRecordReplayEachProtocol records a one-shot and an interactive case
// of the explorer through each wire protocol against the loopback server,
// then replays them with the network unreachable: the conversations and
// the usage are identical, and equal to the in-process agent's.
func TestRecordReplayEachProtocol(t *testing.T) {
	srv := loopbackServer(t)
	tr, err := bench.LoopbackTransport(srv.URL)
	require.NoError(t, err)
	cases := maze.MustCases([]maze.Spec{{Size: 5, Seed: 2}, {Size: 5, Seed: 2, Protocol: mazes.Interactive, Group: "C"}})
	local := bench.Env{Agents: suites.Agents(suites.All())}
	agent, err := local.Open("agent/explorer")
	require.NoError(t, err)
	for _, provider := range []string{"openai", "anthropic", "google"} {
		t.Run(provider, func(t *testing.T) {
			root := t.TempDir()
			recEnv := bench.Env{CassetteRoot: root, Record: ".", Transport: tr, Agents: suites.Agents(suites.All())}
			recorded, err := recEnv.Open(provider + "/explorer")
			require.NoError(t, err)
			net := &failingTransport{}
			replayEnv := bench.Env{CassetteRoot: root, Transport: net, Agents: suites.Agents(suites.All())}
			replayed, err := replayEnv.Open(provider + "/explorer")
			require.NoError(t, err)
			for _, c := range cases {
				want := bench.Play(t.Context(), agent, c)
				rec := bench.Play(t.Context(), recorded, c)
				require.Empty(t, rec.Error)
				rep := bench.Play(t.Context(), replayed, c)
				require.Empty(t, rep.Error)
				assert.Equal(t, contents(want.Turns), contents(rec.Turns), "the wire changes nothing")
				assert.Equal(t, withoutLatency(rec.Turns), withoutLatency(rep.Turns), "replay gives the recorded conversation")
				assert.Equal(t, rec.Usage, rep.Usage)
				assert.Equal(t, rec.Metrics, rep.Metrics)
				assert.Equal(t, want.Metrics, rep.Metrics)
			}
			assert.Zero(t, net.calls, "replay reached the network")
		})
	}
}

func withoutLatency(turns []results.Turn) []results.Turn {
	out := append([]results.Turn(nil), turns...)
	for i := range out {
		out[i].LatencyMS = 0
	}
	return out
}

func contents(turns []results.Turn) []string {
	out := make([]string, len(turns))
	for i, t := range turns {
		out[i] = string(t.Role) + ": " + t.Content
	}
	return out
}

// TestMissingCassette says which case is missing and how to record it: a
// set-up error, whose make record command selects exactly that case (the
// command is run, against a loopback server, in internal/workflow's tests).
func TestMissingCassette(t *testing.T) {
	all := suites.All()
	env := bench.Env{CassetteRoot: t.TempDir(), Agents: suites.Agents(all), RecordHint: suites.RecordHint(all)}
	m, err := env.Open("openai/gpt-4o")
	require.NoError(t, err)
	c := maze.MustCases([]maze.Spec{{Size: 7, Seed: 1}})[0]
	res, err := bench.PlayCase(t.Context(), m, c)
	assert.ErrorIs(t, err, bench.ErrSetup)
	assert.Contains(t, res.Error, "size=7")
	assert.Contains(t, res.Error, `make record MODEL=openai/gpt-4o SUITE=maze CASES='^(?:maze/size=7/seed=1/base)$'`)
	assert.ErrorIs(t, env.CheckReplay(m, c), bench.ErrSetup)
}

// BenchmarkOverhead compares one maze turn through the harness (Chat, the
// OpenAI client, JSON both ways) with the same POST made by a bare
// http.Client, both against the loopback server of the agents.
func BenchmarkOverhead(b *testing.B) {
	srv := loopbackServer(b)
	m, err := mazes.Generate(7, 1, mazes.DFS)
	require.NoError(b, err)
	p := mazes.BuildPrompt(m, mazes.PromptOptions{Lang: mazes.English, Mirage: true, Confidence: true})
	b.Run("harness", func(b *testing.B) {
		model, err := providers.Open("openai-compatible/oracle", providers.Config{BaseURLs: map[string]string{"openai-compatible": srv.URL}}, srv.Client())
		require.NoError(b, err)
		for b.Loop() {
			chat := bench.NewChat(model, p.System)
			if _, err := chat.Say(b.Context(), p.User); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("raw-http", func(b *testing.B) {
		body, err := json.Marshal(map[string]any{
			"model": "oracle", "max_tokens": 2500, "temperature": 0,
			"messages": []map[string]string{{"role": "system", "content": p.System}, {"role": "user", "content": p.User}},
		})
		require.NoError(b, err)
		hc := srv.Client()
		for b.Loop() {
			resp, err := hc.Post(srv.URL+"/v1/chat/completions", "application/json", bytes.NewReader(body))
			if err != nil {
				b.Fatal(err)
			}
			data, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			var out struct {
				Choices []struct {
					Message struct{ Content string } `json:"message"`
				} `json:"choices"`
			}
			if err := json.Unmarshal(data, &out); err != nil || len(out.Choices) == 0 {
				b.Fatalf("decode: %v", err)
			}
		}
	})
}

// BenchmarkReplayCase plays one committed cassette-backed maze case end to
// end: open the cassette, replay the call through the OpenAI client, parse,
// verify, score, close.
func BenchmarkReplayCase(b *testing.B) {
	env := bench.Env{CassetteRoot: cassetteRoot, Agents: suites.Agents(suites.All())}
	m, err := env.Open("openai/explorer")
	require.NoError(b, err)
	for _, spec := range []maze.Spec{{Size: 7, Seed: 1}, {Size: 11, Seed: 1}, {Size: 7, Seed: 1, Protocol: mazes.Interactive}} {
		c := maze.MustCases([]maze.Spec{spec})[0]
		b.Run(strings.ReplaceAll(c.Name, "/", "-"), func(b *testing.B) {
			for b.Loop() {
				if r := bench.Play(b.Context(), m, c); r.Error != "" {
					b.Fatal(r.Error)
				}
			}
		})
	}
}

// TestRecordingKeepsOnlyPlayedCases: a case that fails while recording (here
// a 404 for a model the server does not have) saves no cassette, so a later
// replay names the command that records it instead of replaying a failure.
func TestRecordingKeepsOnlyPlayedCases(t *testing.T) {
	srv := loopbackServer(t)
	tr, err := bench.LoopbackTransport(srv.URL)
	require.NoError(t, err)
	root := t.TempDir()
	env := bench.Env{CassetteRoot: root, Record: ".", Transport: tr, Agents: suites.Agents(suites.All())}
	m, err := env.Open("openai/no-such-model")
	require.NoError(t, err)
	c := maze.MustCases([]maze.Spec{{Size: 5, Seed: 1}})[0]
	res := bench.Play(t.Context(), m, c)
	require.Contains(t, res.Error, "404")
	_, err = os.Stat(cassettes.Path(root, c.Suite, "openai", "no-such-model", c.Name))
	assert.True(t, os.IsNotExist(err), "a failed case saved a cassette")
}

// TestSettingsAreIdentity: a model with settings is recorded into a folder
// of its own, named by its canonical name, its settings on the wire as its
// provider's fields; replayed, it gives the recorded conversation, its
// reasoning kept apart from the answer and counted apart, and what it ran
// with recorded in the result.
func TestSettingsAreIdentity(t *testing.T) {
	srv := loopbackServer(t)
	tr, err := bench.LoopbackTransport(srv.URL)
	require.NoError(t, err)
	root := t.TempDir()
	all := suites.All()
	cs, err := all[1].Standard()
	require.NoError(t, err)
	c := cs[1] // a modified item
	for _, name := range []string{"anthropic/checker@thinking=16000", "anthropic/checker"} {
		recEnv := bench.Env{CassetteRoot: root, Record: ".", Transport: tr, Agents: suites.Agents(all)}
		m, err := recEnv.Open(name)
		require.NoError(t, err)
		require.Empty(t, bench.Play(t.Context(), m, c).Error)
	}
	withPath := cassettes.Path(root, c.Suite, "anthropic", "checker@thinking=16000", c.Name)
	bodies, err := cassettes.RequestBodies(withPath)
	require.NoError(t, err, "the model with settings has a folder of its own")
	body := strings.Join(bodies, "\n")
	assert.Contains(t, body, `"thinking":{"type":"enabled","budget_tokens":16000}`)
	assert.Contains(t, body, `"max_tokens":18500`)
	plain, err := cassettes.RequestBodies(cassettes.Path(root, c.Suite, "anthropic", "checker", c.Name))
	require.NoError(t, err)
	assert.NotContains(t, strings.Join(plain, "\n"), `"thinking"`)

	recorded, err := bench.RecordedModels(root, c.Suite)
	require.NoError(t, err)
	assert.Equal(t, []string{"anthropic/checker", "anthropic/checker@thinking=16000"}, recorded)

	net := &failingTransport{}
	env := bench.Env{CassetteRoot: root, Transport: net, Agents: suites.Agents(all)}
	m, err := env.Open("anthropic/checker@thinking=16000")
	require.NoError(t, err)
	r := bench.Play(t.Context(), m, c)
	require.Empty(t, r.Error)
	assert.Equal(t, "anthropic/checker@thinking=16000", r.Model)
	require.NotNil(t, r.Settings)
	assert.Equal(t, "thinking=16000,max_tokens=18500", r.Settings.String(), "what it ran with, the defaults included")
	require.Len(t, r.Turns, 2)
	assert.Contains(t, r.Turns[1].Reasoning, "Effort high")
	assert.NotContains(t, r.Turns[1].Content, "Effort", "the reasoning is never the answer")
	assert.Equal(t, 1.0, r.Metrics["right"])
	assert.Positive(t, r.Usage.ReasoningTokens)
	assert.Equal(t, r.Turns[1].Usage.ReasoningTokens, r.Usage.ReasoningTokens)
	assert.Less(t, r.Usage.ReasoningTokens, r.Usage.OutputTokens)
	assert.Zero(t, net.calls)

	m, err = env.Open("anthropic/checker")
	require.NoError(t, err)
	r = bench.Play(t.Context(), m, c)
	require.Empty(t, r.Error)
	require.NotNil(t, r.Settings)
	assert.Equal(t, "temperature=0,max_tokens=2500", r.Settings.String(), "defaults are recorded too")
	assert.Empty(t, r.Turns[1].Reasoning)
	assert.Zero(t, r.Usage.ReasoningTokens)
}

// TestCassettesReplayAnywhere records each protocol through a server at
// another address and under a path prefix (a gateway), then replays with no
// base URL and no key: the cassette holds the canonical API root, not the
// server's address, and replays offline. Asked to, it notes the base URL
// it was recorded through, without its key parameters.
func TestCassettesReplayAnywhere(t *testing.T) {
	srv := loopbackServer(t)
	gateway := httptest.NewServer(http.StripPrefix("/gateway", srv.Config.Handler))
	t.Cleanup(gateway.Close)
	c := maze.MustCases([]maze.Spec{{Size: 5, Seed: 3}})[0]
	for _, tc := range []struct {
		model, base string
	}{
		{"openai/explorer", srv.URL + "/v1"},
		{"openai/explorer", gateway.URL + "/gateway/v1"},
		{"anthropic/explorer", gateway.URL + "/gateway"},
		{"google/explorer", gateway.URL + "/gateway/"},
		{"openai-compatible/explorer", gateway.URL + "/gateway/v1"},
		{"ollama/explorer", srv.URL},
	} {
		t.Run(tc.model+" via "+tc.base, func(t *testing.T) {
			ref, err := providers.ParseName(tc.model)
			require.NoError(t, err)
			root := t.TempDir()
			cfg := providers.Config{BaseURLs: map[string]string{ref.Provider: tc.base}}.WithPlaceholderKeys()
			for _, keep := range []bool{false, true} {
				rec := bench.Env{CassetteRoot: root, Record: ".", Config: cfg, KeepBaseURL: keep, Agents: suites.Agents(suites.All())}
				m, err := rec.Open(tc.model)
				require.NoError(t, err)
				recorded := bench.Play(t.Context(), m, c)
				require.Empty(t, recorded.Error)
				data, err := os.ReadFile(cassettes.Path(root, c.Suite, ref.Provider, ref.ID, c.Name))
				require.NoError(t, err)
				host := strings.TrimPrefix(srv.URL, "http://")
				if keep {
					assert.Contains(t, string(data), cassettes.RecordedBaseURLHeader)
					assert.Contains(t, string(data), strings.TrimRight(tc.base, "/"))
				} else {
					assert.NotContains(t, string(data), host, "the server's address was saved")
					assert.NotContains(t, string(data), strings.TrimPrefix(gateway.URL, "http://"), "the gateway's address was saved")
					assert.NotContains(t, string(data), "/gateway")
				}
				net := &failingTransport{}
				replayEnv := bench.Env{CassetteRoot: root, Transport: net, Agents: suites.Agents(suites.All())}
				replayed, err := replayEnv.Open(tc.model)
				require.NoError(t, err)
				require.NoError(t, replayEnv.CheckReplay(replayed, c))
				got := bench.Play(t.Context(), replayed, c)
				require.Empty(t, got.Error, "replay with no base URL")
				assert.Equal(t, recorded.Metrics, got.Metrics)
				assert.Zero(t, net.calls)
				// a base URL set where it replays changes nothing
				elsewhere := bench.Env{CassetteRoot: root, Config: providers.Config{BaseURLs: map[string]string{ref.Provider: "https://elsewhere.example/prefix/v1"}}, Agents: suites.Agents(suites.All())}
				replayed, err = elsewhere.Open(tc.model)
				require.NoError(t, err)
				assert.Empty(t, bench.Play(t.Context(), replayed, c).Error, "replay under another base URL")
			}
		})
	}
}

// TestCommittedCassettesCoverTheGateSet: every model with committed
// cassettes of a suite has one for each case of the suite's gate set, and
// none for another case but those of an experiment that picks it among the
// recorded models (TestEffort's cases, for a model recorded at two or more
// levels): the recordings cover exactly what the gate compares, make
// record records and the experiments play.
func TestCommittedCassettesCoverTheGateSet(t *testing.T) {
	env := bench.Env{CassetteRoot: cassetteRoot}
	for _, s := range suites.All() {
		gate, err := bench.GateSet(s)
		require.NoError(t, err)
		models, err := bench.RecordedModels(cassetteRoot, s.Name)
		require.NoError(t, err)
		for _, model := range models {
			covered, err := bench.CoveredSet(s, model, models)
			require.NoError(t, err)
			m, err := env.Open(model)
			require.NoError(t, err)
			want := map[string]bool{}
			for _, c := range covered {
				want[env.CassettePath(m, c)] = true
			}
			dir := filepath.Dir(env.CassettePath(m, bench.Case{Suite: s.Name, Name: "x"}))
			entries, err := os.ReadDir(dir)
			require.NoError(t, err)
			got := map[string]bool{}
			for _, e := range entries {
				got[filepath.Join(dir, e.Name())] = true
			}
			for p := range want {
				assert.True(t, got[p], "%s: no cassette %s of the cases it covers (%d, the gate set's %d among them)", model, p, len(covered), len(gate))
			}
			for p := range got {
				assert.True(t, want[p], "%s: cassette %s is of no case of the gate set or of an experiment that plays it", model, p)
			}
		}
	}
}

// TestInteractiveCachesPrompts plays a 7×7 interactive case and a one-shot
// one through each wire protocol against the loopback server, which
// reports cached input as each provider does: the interactive case's
// prompts are read from the cache from the turn its conversation grows
// past 1,024 tokens (and, at Anthropic, which caches what is marked,
// written to it), and the result keeps the counts, in its JSON line too,
// and its cost is the lower for them. The one-shot case caches nothing.
func TestInteractiveCachesPrompts(t *testing.T) {
	srv := loopbackServer(t)
	tr, err := bench.LoopbackTransport(srv.URL)
	require.NoError(t, err)
	cases := maze.MustCases([]maze.Spec{{Size: 7, Seed: 1, Protocol: mazes.Interactive}, {Size: 7, Seed: 1}})
	for _, provider := range []string{"openai", "anthropic", "google"} {
		t.Run(provider, func(t *testing.T) {
			env := bench.Env{CassetteRoot: t.TempDir(), Record: ".", Transport: tr, Agents: suites.Agents(suites.All())}
			m, err := env.Open(provider + "/explorer")
			require.NoError(t, err)
			r := bench.Play(t.Context(), m, cases[0])
			require.Empty(t, r.Error)
			u := r.Usage
			assert.Positive(t, u.CachedInputTokens, "the interactive case reads its prompts from the cache")
			assert.Less(t, u.CachedInputTokens+u.CacheWriteTokens, u.InputTokens+1)
			sum := results.Usage{}
			for _, turn := range r.Turns {
				sum.CachedInputTokens += turn.Usage.CachedInputTokens
				sum.CacheWriteTokens += turn.Usage.CacheWriteTokens
			}
			assert.Equal(t, u.CachedInputTokens, sum.CachedInputTokens, "the case's count is its turns'")
			assert.Equal(t, u.CacheWriteTokens, sum.CacheWriteTokens)
			if provider == "anthropic" {
				assert.Positive(t, u.CacheWriteTokens, "Anthropic writes what the request marks")
			} else {
				assert.Zero(t, u.CacheWriteTokens)
			}
			line, err := results.Marshal(r)
			require.NoError(t, err)
			assert.Contains(t, string(line), fmt.Sprintf(`"cached_input_tokens":%d`, u.CachedInputTokens))
			var back results.Result
			require.NoError(t, json.Unmarshal(line, &back))
			assert.Equal(t, u, back.Usage)

			price := pricing.Price{Input: 1, Output: 1, CachedInput: ptr(0.1), CacheWrite: ptr(1.25)}
			name := provider + "/explorer"
			cost, ok := report.CaseCost(r, pricing.Table{name: price})
			require.True(t, ok)
			uncached := r
			uncached.Usage.CachedInputTokens, uncached.Usage.CacheWriteTokens = 0, 0
			full, _ := report.CaseCost(uncached, pricing.Table{name: price})
			assert.Less(t, cost, full, "cached input costs less")

			one := bench.Play(t.Context(), m, cases[1])
			require.Empty(t, one.Error)
			assert.Zero(t, one.Usage.CachedInputTokens, "a one-shot case asks for no caching")
			assert.Zero(t, one.Usage.CacheWriteTokens)
		})
	}
}

func ptr(v float64) *float64 { return &v }
