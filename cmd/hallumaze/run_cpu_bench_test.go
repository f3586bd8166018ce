package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"sync"
	"testing"

	"github.com/hallumaze/hallumaze/internal/cputime"
	"github.com/hallumaze/hallumaze/providers"
	"github.com/hallumaze/hallumaze/providers/loopback"
	"github.com/hallumaze/hallumaze/suites"
)

// recordingServer serves the reference agents over the loopback protocols
// and keeps the body of every chat request it answers, so that a bare
// client can send the same bodies afterwards.
type recordingServer struct {
	*httptest.Server
	mu     sync.Mutex
	keep   bool
	bodies [][]byte
}

func newRecordingServer(b *testing.B) *recordingServer {
	served := map[string]providers.Model{}
	lookup := suites.Agents(suites.All())
	for _, name := range suites.AgentNames(suites.All()) {
		served[name], _ = lookup(name)
	}
	h := loopback.New(served)
	s := &recordingServer{}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		keep := s.keep
		s.mu.Unlock()
		if keep && r.Method == http.MethodPost {
			body, err := io.ReadAll(r.Body)
			if err != nil {
				http.Error(w, err.Error(), http.StatusBadRequest)
				return
			}
			s.mu.Lock()
			s.bodies = append(s.bodies, body)
			s.mu.Unlock()
			r.Body = io.NopCloser(bytes.NewReader(body))
		}
		h.ServeHTTP(w, r)
	}))
	b.Cleanup(s.Close)
	return s
}

// BenchmarkRunVsBareClient holds the whole command to the cost of talking
// to a model: hallumaze run of 1,000 one-shot 7×7 cases (four reference
// agents served over the OpenAI protocol by providers/loopback, 250 mazes)
// against a bare net/http client posting the same 1,000 bodies to the
// same server and decoding the answers. Both sides pay the server and the
// agents; the difference is what run adds: making the cases, scoring,
// streaming the results and the outputs (the leaderboards, the analyses,
// the chance baseline, the JSON file). It reports the process CPU time of
// each per case and their ratio, "run/bare", which docs/run.md holds to
// at most 2. The chance baselines come from the cache folder, as on any
// run after the first over the same mazes (the round before the measured
// ones fills it). Run it with -cpu 1 -benchtime 15x (a round is about a
// second; the median of fifteen moves less with the machine's load than
// that of five).
func BenchmarkRunVsBareClient(b *testing.B) {
	srv := newRecordingServer(b)
	env := map[string]string{providers.EnvOpenAICompatibleBaseURL: srv.URL + "/v1", envCache: b.TempDir()}
	models := "openai-compatible/oracle,openai-compatible/explorer,openai-compatible/random,openai-compatible/lured"
	args := func(dir string) []string {
		return []string{"--models", models, "--size", "7", "--runs", "250", "--concurrency", "1", "--quiet", "--output", filepath.Join(dir, "r.json")}
	}
	// One run first, to learn the bodies the bare client sends.
	srv.keep = true
	if code, _, stderr, _ := (runCall{env: env, forget: true}).run(b, context.Background(), args(b.TempDir())...); code != 0 {
		b.Fatal(stderr)
	}
	srv.keep = false
	bodies := srv.bodies
	if len(bodies) != 1000 {
		b.Fatalf("the run sent %d requests, want 1000", len(bodies))
	}
	client := &http.Client{}
	bare := func() {
		for _, body := range bodies {
			resp, err := client.Post(srv.URL+"/v1/chat/completions", "application/json", bytes.NewReader(body))
			if err != nil {
				b.Fatal(err)
			}
			data, err := io.ReadAll(resp.Body)
			resp.Body.Close()
			if err != nil || resp.StatusCode != http.StatusOK {
				b.Fatalf("status %d: %v", resp.StatusCode, err)
			}
			var out struct {
				Choices []struct {
					Message struct{ Content string } `json:"message"`
				} `json:"choices"`
			}
			if err := json.Unmarshal(data, &out); err != nil || len(out.Choices) == 0 || out.Choices[0].Message.Content == "" {
				b.Fatalf("answer: %v", err)
			}
		}
	}
	// Each round runs the bare client before and after the command and
	// compares the command with the mean of the two, so that a change of
	// the machine's load during the round weighs on both sides; the
	// figures are the medians over the rounds.
	var runs, bares, ratios []float64
	for b.Loop() {
		dir := b.TempDir()
		c0 := cputime.Now()
		bare()
		c1 := cputime.Now()
		code, _, stderr, _ := (runCall{env: env, forget: true}).run(b, context.Background(), args(dir)...)
		c2 := cputime.Now()
		if code != 0 {
			b.Fatal(stderr)
		}
		bare()
		c3 := cputime.Now()
		run, bareMean := float64(c2-c1), float64((c1-c0)+(c3-c2))/2
		runs, bares, ratios = append(runs, run), append(bares, bareMean), append(ratios, run/bareMean)
	}
	b.ReportMetric(median(runs)/1e3/1000, "run-cpu-µs/case")
	b.ReportMetric(median(bares)/1e3/1000, "bare-cpu-µs/case")
	b.ReportMetric(median(ratios), "run/bare")
	b.ReportMetric(0, "ns/op")
}

// median is the middle value of xs (the mean of the two middle ones).
func median(xs []float64) float64 {
	s := slices.Sorted(slices.Values(xs))
	n := len(s)
	if n == 0 {
		return math.NaN()
	}
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}
