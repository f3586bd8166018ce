package loopback_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/providers"
	"github.com/hallumaze/hallumaze/providers/loopback"
)

// sseEvent is one server-sent event: its name ("" when the stream gives
// none) and its data lines joined by newlines.
type sseEvent struct {
	name, data string
}

// readSSE parses a stream of server-sent events as the HTML living
// standard says: "field: value" lines (one optional space after the
// colon), comments starting with a colon, an event dispatched at a blank
// line, and no event for a block without data. A stream that does not end
// in a blank line has its last block dropped, as a browser drops it.
func readSSE(r io.Reader) ([]sseEvent, error) {
	var out []sseEvent
	var name string
	var data []string
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := strings.TrimSuffix(sc.Text(), "\r")
		if line == "" {
			if data != nil {
				out = append(out, sseEvent{name: name, data: strings.Join(data, "\n")})
			}
			name, data = "", nil
			continue
		}
		if strings.HasPrefix(line, ":") {
			continue
		}
		field, value, _ := strings.Cut(line, ":")
		value = strings.TrimPrefix(value, " ")
		switch field {
		case "event":
			name = value
		case "data":
			data = append(data, value)
		case "id", "retry":
		default:
			return nil, fmt.Errorf("sse: unknown field %q", field)
		}
	}
	return out, sc.Err()
}

// assembled is what a client puts together from an answer, plain or
// streamed, in the protocol's own words.
type assembled struct {
	Text, Reasoning, Stop string
	In, Out               int
	// Chunks counts the events that carried a piece of the answer's text.
	Chunks int
}

// streamProtocol is one protocol's plain and streamed call, and how a
// client reads each.
type streamProtocol struct {
	name string
	// path and body of the plain call; streamPath and streamBody of the
	// streamed one.
	path, streamPath string
	body, streamBody string
	contentType      string
	// thinks marks a call that asks the model to think.
	thinks bool
	plain  func(t *testing.T, body map[string]any) assembled
	stream func(t *testing.T, events []sseEvent) assembled
}

const conversation = `"messages":[{"role":"user","content":"Where are you?"}]`

var streamProtocols = []streamProtocol{
	{
		name:        "openai",
		path:        "/v1/chat/completions",
		body:        `{"model":"m",` + conversation + `}`,
		streamPath:  "/v1/chat/completions",
		streamBody:  `{"model":"m","stream":true,"stream_options":{"include_usage":true},` + conversation + `}`,
		contentType: "text/event-stream",
		plain: func(t *testing.T, body map[string]any) assembled {
			var r struct {
				Choices []struct {
					Message struct {
						Content          string `json:"content"`
						ReasoningContent string `json:"reasoning_content"`
					} `json:"message"`
					FinishReason string `json:"finish_reason"`
				} `json:"choices"`
				Usage openAIUsage `json:"usage"`
			}
			remarshal(t, body, &r)
			require.Len(t, r.Choices, 1)
			c := r.Choices[0]
			return assembled{Text: c.Message.Content, Reasoning: c.Message.ReasoningContent, Stop: c.FinishReason,
				In: r.Usage.PromptTokens, Out: r.Usage.CompletionTokens}
		},
		stream: func(t *testing.T, events []sseEvent) assembled {
			var a assembled
			require.NotEmpty(t, events)
			assert.Equal(t, "[DONE]", events[len(events)-1].data, "the stream ends with data: [DONE]")
			var id string
			for i, e := range events[:len(events)-1] {
				var c struct {
					ID      string `json:"id"`
					Object  string `json:"object"`
					Choices []struct {
						Delta struct {
							Role             string  `json:"role"`
							Content          *string `json:"content"`
							ReasoningContent string  `json:"reasoning_content"`
						} `json:"delta"`
						FinishReason *string `json:"finish_reason"`
					} `json:"choices"`
					Usage *openAIUsage `json:"usage"`
				}
				require.NoError(t, json.Unmarshal([]byte(e.data), &c), "event %d", i)
				assert.Equal(t, "chat.completion.chunk", c.Object)
				assert.Contains(t, e.data, `"usage":`, "with include_usage every chunk has a usage member")
				if i == 0 {
					id = c.ID
					require.Len(t, c.Choices, 1)
					assert.Equal(t, "assistant", c.Choices[0].Delta.Role, "the first chunk gives the role")
				}
				assert.Equal(t, id, c.ID, "every chunk has the same id")
				if c.Usage != nil {
					assert.Empty(t, c.Choices, "the usage chunk has no choice")
					assert.Equal(t, len(events)-2, i, "the usage chunk is the last before [DONE]")
					a.In, a.Out = c.Usage.PromptTokens, c.Usage.CompletionTokens
				}
				for _, ch := range c.Choices {
					if d := ch.Delta.Content; d != nil && *d != "" {
						a.Text += *d
						a.Chunks++
					}
					a.Reasoning += ch.Delta.ReasoningContent
					if ch.FinishReason != nil {
						assert.Empty(t, a.Stop, "one finish reason")
						a.Stop = *ch.FinishReason
					}
				}
			}
			return a
		},
	},
	{
		name:        "anthropic",
		path:        "/v1/messages",
		body:        `{"model":"m","max_tokens":2000,"thinking":{"type":"enabled","budget_tokens":1024},` + conversation + `}`,
		streamPath:  "/v1/messages",
		streamBody:  `{"model":"m","max_tokens":2000,"thinking":{"type":"enabled","budget_tokens":1024},"stream":true,` + conversation + `}`,
		contentType: "text/event-stream",
		thinks:      true,
		plain: func(t *testing.T, body map[string]any) assembled {
			var r struct {
				Content    []struct{ Type, Text, Thinking string } `json:"content"`
				StopReason string                                  `json:"stop_reason"`
				Usage      struct {
					InputTokens  int `json:"input_tokens"`
					OutputTokens int `json:"output_tokens"`
				} `json:"usage"`
			}
			remarshal(t, body, &r)
			a := assembled{Stop: r.StopReason, In: r.Usage.InputTokens, Out: r.Usage.OutputTokens}
			for _, b := range r.Content {
				a.Text += b.Text
				a.Reasoning += b.Thinking
			}
			return a
		},
		stream: func(t *testing.T, events []sseEvent) assembled {
			var a assembled
			var names []string
			open := -1 // the index of the open content block
			kinds := map[int]string{}
			for i, e := range events {
				var ev struct {
					Type    string `json:"type"`
					Index   int    `json:"index"`
					Message *struct {
						Content    []any   `json:"content"`
						StopReason *string `json:"stop_reason"`
						Usage      struct {
							InputTokens int `json:"input_tokens"`
						} `json:"usage"`
					} `json:"message"`
					ContentBlock struct{ Type string } `json:"content_block"`
					Delta        struct {
						Type, Text, Thinking, Signature string
						StopReason                      string `json:"stop_reason"`
					} `json:"delta"`
					Usage struct {
						OutputTokens int `json:"output_tokens"`
					} `json:"usage"`
				}
				require.NoError(t, json.Unmarshal([]byte(e.data), &ev), "event %d", i)
				require.Equal(t, e.name, ev.Type, "event %d: the event's name is its data's type", i)
				names = append(names, e.name)
				switch ev.Type {
				case "message_start":
					require.NotNil(t, ev.Message)
					assert.Empty(t, ev.Message.Content)
					assert.Nil(t, ev.Message.StopReason)
					a.In = ev.Message.Usage.InputTokens
				case "content_block_start":
					require.Equal(t, -1, open, "a block starts while block %d is open", open)
					open = ev.Index
					kinds[open] = ev.ContentBlock.Type
				case "content_block_delta":
					require.Equal(t, open, ev.Index, "a delta of a block that is not open")
					switch want := kinds[open] + "_delta"; ev.Delta.Type {
					case "text_delta":
						require.Equal(t, want, ev.Delta.Type)
						a.Text += ev.Delta.Text
						a.Chunks++
					case "thinking_delta":
						require.Equal(t, want, ev.Delta.Type)
						a.Reasoning += ev.Delta.Thinking
					case "signature_delta":
						require.Equal(t, "thinking", kinds[open], "a signature of a block that is not thinking")
						assert.NotEmpty(t, ev.Delta.Signature)
					default:
						t.Fatalf("event %d: delta type %q", i, ev.Delta.Type)
					}
				case "content_block_stop":
					require.Equal(t, open, ev.Index)
					open = -1
				case "message_delta":
					a.Stop, a.Out = ev.Delta.StopReason, ev.Usage.OutputTokens
				}
			}
			require.NotEmpty(t, names)
			assert.Equal(t, "message_start", names[0])
			assert.Equal(t, "message_stop", names[len(names)-1])
			return a
		},
	},
	{
		name:        "gemini sse",
		path:        "/v1beta/models/m:generateContent",
		body:        `{"contents":[{"parts":[{"text":"Where are you?"}]}],"generationConfig":{"thinkingConfig":{"includeThoughts":true}}}`,
		streamPath:  "/v1beta/models/m:streamGenerateContent?alt=sse",
		streamBody:  `{"contents":[{"parts":[{"text":"Where are you?"}]}],"generationConfig":{"thinkingConfig":{"includeThoughts":true}}}`,
		contentType: "text/event-stream",
		plain:       func(t *testing.T, body map[string]any) assembled { return geminiAssemble(t, []map[string]any{body}) },
		stream: func(t *testing.T, events []sseEvent) assembled {
			var chunks []map[string]any
			for i, e := range events {
				assert.Empty(t, e.name, "Gemini's events have no name")
				var c map[string]any
				require.NoError(t, json.Unmarshal([]byte(e.data), &c), "event %d", i)
				chunks = append(chunks, c)
			}
			return geminiAssemble(t, chunks)
		},
	},
}

// geminiAssemble reads GenerateContentResponse chunks as the client
// libraries do: parts appended in order, the finish reason and the usage
// of the last chunk that has them.
func geminiAssemble(t *testing.T, chunks []map[string]any) assembled {
	var a assembled
	for i, raw := range chunks {
		var c struct {
			Candidates []struct {
				Content struct {
					Role  string `json:"role"`
					Parts []struct {
						Text    string `json:"text"`
						Thought bool   `json:"thought"`
					} `json:"parts"`
				} `json:"content"`
				FinishReason string `json:"finishReason"`
			} `json:"candidates"`
			UsageMetadata *struct {
				PromptTokenCount, CandidatesTokenCount, ThoughtsTokenCount int
			} `json:"usageMetadata"`
		}
		remarshal(t, raw, &c)
		require.Len(t, c.Candidates, 1, "chunk %d", i)
		cand := c.Candidates[0]
		assert.Equal(t, "model", cand.Content.Role)
		for _, p := range cand.Content.Parts {
			if p.Thought {
				a.Reasoning += p.Text
			} else if p.Text != "" {
				a.Text += p.Text
				a.Chunks++
			}
		}
		if cand.FinishReason != "" {
			assert.Equal(t, len(chunks)-1, i, "only the last chunk has the finish reason")
			a.Stop = cand.FinishReason
		}
		if u := c.UsageMetadata; u != nil {
			a.In, a.Out = u.PromptTokenCount, u.CandidatesTokenCount+u.ThoughtsTokenCount
		}
	}
	return a
}

// openAIUsage is the usage member of OpenAI's answers.
type openAIUsage struct {
	PromptTokens     int `json:"prompt_tokens"`
	CompletionTokens int `json:"completion_tokens"`
}

// remarshal decodes a generic JSON value into v.
func remarshal(t *testing.T, in, v any) {
	t.Helper()
	data, err := json.Marshal(in)
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(data, v))
}

// streamReplies are the replies the streaming tests send: short, long,
// multi-byte, with reasoning, cut short, and empty.
var streamReplies = []struct {
	name  string
	reply providers.Reply
}{
	{"one letter", providers.Reply{Text: "E", StopReason: providers.StopEnd}},
	{"long", providers.Reply{Text: strings.Repeat("STEP 1: (0,1) east\n", 20) + "FINAL_PATH: (0,0) (0,1)", StopReason: providers.StopEnd}},
	{"multi-byte", providers.Reply{Text: "미로의 출구는 동쪽입니다 — (3,4)", StopReason: providers.StopEnd}},
	{"reasoning cut short", providers.Reply{Text: "STEP 1: (1,0)", Reasoning: "west is a wall; north is open; so north", StopReason: providers.StopMaxTokens}},
	{"empty", providers.Reply{Text: "", StopReason: providers.StopEnd}},
}

// TestStreamEqualsPlain: for every protocol, a streamed call puts together
// the very answer of the plain call (text, reasoning, stop reason, usage),
// in a few chunks, in the protocol's event format.
func TestStreamEqualsPlain(t *testing.T) {
	for _, p := range streamProtocols {
		for _, r := range streamReplies {
			t.Run(p.name+"/"+r.name, func(t *testing.T) {
				reply := r.reply
				srv := newServer(t, map[string]providers.Model{"m": providers.ModelFunc(
					func(context.Context, providers.Request) (providers.Reply, error) { return reply, nil })})

				status, _, body := post(t, srv, "POST", p.path, p.body)
				require.Equal(t, http.StatusOK, status, "%v", body)
				plain := p.plain(t, body)
				assert.Equal(t, reply.Text, plain.Text)
				wantReasoning := reply.Reasoning
				if p.thinks && wantReasoning == "" {
					wantReasoning = loopback.NoReasoning
				}
				assert.Equal(t, wantReasoning, plain.Reasoning)

				resp, err := srv.Client().Post(srv.URL+p.streamPath, "application/json", strings.NewReader(p.streamBody))
				require.NoError(t, err)
				defer resp.Body.Close()
				require.Equal(t, http.StatusOK, resp.StatusCode)
				assert.Equal(t, p.contentType, resp.Header.Get("Content-Type"))
				events, err := readSSE(resp.Body)
				require.NoError(t, err)
				got := p.stream(t, events)

				assert.LessOrEqual(t, got.Chunks, 4, "a few chunks")
				if len(reply.Text) >= 8 {
					assert.Greater(t, got.Chunks, 1, "a reply of %d bytes comes in more than one chunk", len(reply.Text))
				}
				got.Chunks, plain.Chunks = 0, 0
				if diff := cmp.Diff(plain, got); diff != "" {
					t.Errorf("streamed answer differs from the plain one (-plain +streamed):\n%s", diff)
				}
			})
		}
	}
}

// Without alt=sse, streamGenerateContent answers one JSON array of the
// same chunks.
func TestGeminiStreamArray(t *testing.T) {
	reply := streamReplies[3].reply
	srv := newServer(t, map[string]providers.Model{"m": providers.ModelFunc(
		func(context.Context, providers.Request) (providers.Reply, error) { return reply, nil })})
	body := `{"contents":[{"parts":[{"text":"Where are you?"}]}],"generationConfig":{"thinkingConfig":{"includeThoughts":true}}}`
	resp, err := srv.Client().Post(srv.URL+"/v1beta/models/m:streamGenerateContent", "application/json", strings.NewReader(body))
	require.NoError(t, err)
	defer resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, "application/json", resp.Header.Get("Content-Type"))
	var chunks []map[string]any
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&chunks))
	require.Greater(t, len(chunks), 1)
	got := geminiAssemble(t, chunks)
	assert.Equal(t, reply.Text, got.Text)
	assert.Equal(t, reply.Reasoning, got.Reasoning)
	assert.Equal(t, "MAX_TOKENS", got.Stop)
}

// An OpenAI stream without include_usage has no usage member at all.
func TestOpenAIStreamWithoutUsage(t *testing.T) {
	srv := newServer(t, map[string]providers.Model{"echo": echo})
	resp, err := srv.Client().Post(srv.URL+"/v1/chat/completions", "application/json",
		strings.NewReader(`{"model":"echo","stream":true,"messages":[{"role":"user","content":"hello there"}]}`))
	require.NoError(t, err)
	defer resp.Body.Close()
	events, err := readSSE(resp.Body)
	require.NoError(t, err)
	require.NotEmpty(t, events)
	for _, e := range events {
		assert.NotContains(t, e.data, "usage")
	}
	assert.Equal(t, "[DONE]", events[len(events)-1].data)
}

func TestReadSSE(t *testing.T) {
	in := ": comment\r\nevent: a\r\ndata: {\"x\":1}\r\n\r\ndata:two\ndata: lines\n\nevent: empty\n\ndata: torn"
	got, err := readSSE(strings.NewReader(in))
	require.NoError(t, err)
	assert.Equal(t, []sseEvent{{"a", `{"x":1}`}, {"", "two\nlines"}}, got)
	_, err = readSSE(strings.NewReader("bogus: 1\n\n"))
	assert.ErrorContains(t, err, "unknown field")
}
