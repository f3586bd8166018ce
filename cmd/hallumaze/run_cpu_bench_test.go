package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

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
// at most 2. Run it with -cpu 1 -benchtime 1x (a round is a few seconds).
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
	var runCPU, bareCPU, outputs time.Duration
	for b.Loop() {
		dir := b.TempDir()
		c0 := cputime.Now()
		code, _, stderr, stats := (runCall{env: env, forget: true}).run(b, context.Background(), args(dir)...)
		c1 := cputime.Now()
		if code != 0 {
			b.Fatal(stderr)
		}
		bare()
		c2 := cputime.Now()
		runCPU += c1 - c0
		bareCPU += c2 - c1
		outputs += stats.Outputs
		if !strings.Contains(stderr, "results:") && stderr != "" {
			b.Logf("%s", stderr)
		}
	}
	n := float64(b.N) * 1000
	b.ReportMetric(float64(runCPU.Microseconds())/n, "run-cpu-µs/case")
	b.ReportMetric(float64(bareCPU.Microseconds())/n, "bare-cpu-µs/case")
	b.ReportMetric(float64(runCPU)/float64(bareCPU), "run/bare")
	b.ReportMetric(0, "ns/op")
}
