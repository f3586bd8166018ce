package cassettes

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"testing"

	"github.com/hallumaze/hallumaze/internal/cputime"
)

// benchCassette records a cassette of n interactions: the first is a ~6 KB
// chat request with a ~3 KB answer, the others are turns of one episode
// whose conversation grows by a ~1 KB turn each time. It returns the path
// and the requests in order.
func benchCassette(b *testing.B, n int) (string, [][]byte) {
	b.Helper()
	prompt := strings.Repeat("#S..#...#\n##.##.#.#\n#...#.#.#\n", 200)[:5800]
	answer := strings.Repeat("RIGHT DOWN LEFT UP ", 160)[:2900]
	respBody, _ := json.Marshal(map[string]any{
		"id": "chatcmpl-1", "object": "chat.completion", "model": "gpt-4o",
		"choices": []any{map[string]any{"index": 0, "message": map[string]any{"role": "assistant", "content": answer}, "finish_reason": "stop"}},
	})
	api := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "application/json")
		w.Write(respBody)
	})
	messages := []map[string]string{{"role": "user", "content": prompt}}
	var bodies [][]byte
	for i := range n {
		body, _ := json.Marshal(map[string]any{"model": "gpt-4o", "temperature": 0, "messages": messages})
		bodies = append(bodies, body)
		messages = append(messages,
			map[string]string{"role": "assistant", "content": answer[:500]},
			map[string]string{"role": "user", "content": fmt.Sprintf("turn %d: %s", i, prompt[:500])})
	}
	path := Path(b.TempDir(), "bench", "openai", "gpt-4o", fmt.Sprintf("n=%d", n))
	rec, err := Open(path, Options{Record: true, Transport: handlerTransport{api}})
	if err != nil {
		b.Fatal(err)
	}
	for _, body := range bodies {
		replay(b, rec.Client(), body)
	}
	if err := rec.Close(); err != nil {
		b.Fatal(err)
	}
	return path, bodies
}

const benchURL = "https://api.openai.com/v1/chat/completions"

func replay(b *testing.B, c *http.Client, body []byte) {
	req, err := http.NewRequest(http.MethodPost, benchURL, bytes.NewReader(body))
	if err != nil {
		b.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.Do(req)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := io.Copy(io.Discard, resp.Body); err != nil {
		b.Fatal(err)
	}
	resp.Body.Close()
}

// BenchmarkReplay measures replay through the returned *http.Client of a
// cassette with one interaction (~6 KB JSON request, ~3 KB answer):
// "call" times the call alone, "open+call+close" the whole life of a
// recorder, and "episode-50" one call of a 50-turn episode whose requests
// grow to ~30 KB.
func BenchmarkReplay(b *testing.B) {
	b.Run("call", func(b *testing.B) {
		path, bodies := benchCassette(b, 1)
		b.SetBytes(int64(len(bodies[0])))
		for b.Loop() {
			b.StopTimer()
			rec, err := Open(path, Options{})
			if err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
			replay(b, rec.Client(), bodies[0])
			b.StopTimer()
			rec.Close()
			b.StartTimer()
		}
	})
	b.Run("open+call+close", func(b *testing.B) {
		path, bodies := benchCassette(b, 1)
		for b.Loop() {
			rec, err := Open(path, Options{})
			if err != nil {
				b.Fatal(err)
			}
			replay(b, rec.Client(), bodies[0])
			rec.Close()
		}
	})
	b.Run("episode-50", func(b *testing.B) {
		path, bodies := benchCassette(b, 50)
		var rec *Recorder
		next := len(bodies)
		for b.Loop() {
			if next == len(bodies) {
				b.StopTimer()
				if rec != nil {
					rec.Close()
				}
				var err error
				if rec, err = Open(path, Options{}); err != nil {
					b.Fatal(err)
				}
				next = 0
				b.StartTimer()
			}
			replay(b, rec.Client(), bodies[next])
			next++
		}
	})
}

// BenchmarkReplayEpisode replays a whole conversation of n turns, its
// requests growing by a turn each (episodeCalls), from opening the
// cassette to its last answer: cpu-µs/turn is the process's CPU time per
// turn, which docs/cassettes.md holds under 200 µs, and file-B/turn the
// cassette's size per turn.
func BenchmarkReplayEpisode(b *testing.B) {
	for _, n := range []int{50, 200, 700} {
		b.Run(fmt.Sprintf("turns=%d", n), func(b *testing.B) {
			calls := episodeCalls(n)
			api := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				io.Copy(io.Discard, r.Body)
				w.Header().Set("Content-Type", "application/json")
				io.WriteString(w, `{"id":"chatcmpl-1","object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant","content":"STEP 12: (3,4) → S | confidence: 85% | the passage goes on"},"finish_reason":"stop"}],"usage":{"prompt_tokens":1200,"completion_tokens":20}}`)
			})
			path := Path(b.TempDir(), "bench", "openai", "gpt-4o", "episode")
			rec, err := Open(path, Options{Record: true, Transport: handlerTransport{api}})
			if err != nil {
				b.Fatal(err)
			}
			for _, cl := range calls {
				if _, err := do(rec.Client(), cl); err != nil {
					b.Fatal(err)
				}
			}
			if err := rec.Close(); err != nil {
				b.Fatal(err)
			}
			info, err := os.Stat(path)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			cpu := cputime.Now()
			for b.Loop() {
				r, err := Open(path, Options{})
				if err != nil {
					b.Fatal(err)
				}
				for _, cl := range calls {
					if _, err := do(r.Client(), cl); err != nil {
						b.Fatal(err)
					}
				}
				r.Close()
			}
			b.ReportMetric(float64((cputime.Now()-cpu).Microseconds())/float64(b.N*n), "cpu-µs/turn")
			b.ReportMetric(float64(info.Size())/float64(n), "file-B/turn")
		})
	}
}
