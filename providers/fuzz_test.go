package providers

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/hallumaze/hallumaze/providers/internal/wire"
)

// The fuzz tests cover every parser of what a model or server sends back.
// Their seed corpora are under testdata/fuzz/.

func FuzzOpenAIReply(f *testing.F) {
	f.Add([]byte(`{"model":"m","choices":[{"message":{"content":"<think>x</think>E","reasoning_content":"r"},"finish_reason":"stop"}],"usage":{"prompt_tokens":1}}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		var resp wire.OpenAIChatResponse
		if (response{body: body}).decode("openai", "", &resp) != nil {
			return
		}
		reply, err := openAIReply(resp)
		if err != nil {
			return
		}
		if !strings.Contains(string(resp.Choices[0].Message.Content), reply.Text) {
			t.Fatalf("answer %q is not part of the content", reply.Text)
		}
	})
}

func FuzzAnthropicReply(f *testing.F) {
	f.Add([]byte(`{"type":"message","content":[{"type":"thinking","thinking":"t"},{"type":"text","text":"a"}],"stop_reason":"end_turn"}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		var resp wire.AnthropicResponse
		if (response{body: body}).decode("anthropic", "", &resp) != nil {
			return
		}
		reply, err := anthropicReply(resp)
		if err != nil {
			return
		}
		n := 0
		for _, b := range resp.Content {
			if b.Type == "text" {
				n += len(b.Text)
			}
		}
		if len(reply.Text) != n {
			t.Fatalf("answer has %d bytes, text blocks %d", len(reply.Text), n)
		}
	})
}

func FuzzGeminiReply(f *testing.F) {
	f.Add([]byte(`{"candidates":[{"content":{"parts":[{"text":"t","thought":true},{"text":"a"}]},"finishReason":"STOP"}],"usageMetadata":{"promptTokenCount":1}}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		var resp wire.GeminiResponse
		if (response{body: body}).decode("gemini", "", &resp) != nil {
			return
		}
		reply, blocked, err := geminiReply(resp)
		if err == nil && blocked {
			t.Fatal("blocked without an error")
		}
		if err == nil && reply.Text == "" && geminiBlocking(resp.Candidates[0].FinishReason) {
			t.Fatalf("empty answer with finish reason %s was not an error", resp.Candidates[0].FinishReason)
		}
	})
}

func FuzzSplitThink(f *testing.F) {
	f.Add("<think>a</think>b")
	f.Fuzz(func(t *testing.T, text string) {
		answer, reasoning := splitThink(text)
		if !strings.Contains(text, answer) || !strings.Contains(text, reasoning) {
			t.Fatalf("splitThink(%q) = %q, %q: not parts of the input", text, answer, reasoning)
		}
		if !strings.HasPrefix(strings.TrimLeft(text, " \t\r\n"), "<think>") && (answer != text || reasoning != "") {
			t.Fatalf("splitThink(%q) changed a text without a think block", text)
		}
	})
}

func FuzzParseName(f *testing.F) {
	f.Add("openai/gpt-4o")
	f.Fuzz(func(t *testing.T, s string) {
		n, err := ParseName(s)
		if err == nil && n.String() != s {
			t.Fatalf("ParseName(%q) = %+v", s, n)
		}
	})
}

func FuzzErrorMessage(f *testing.F) {
	f.Add([]byte(`{"error":{"message":"m","type":"t"}}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		if msg := errorMessage(body); !utf8.ValidString(msg) {
			t.Fatalf("errorMessage(%q) = %q is not UTF-8", body, msg)
		}
	})
}

func FuzzParseRetryAfter(f *testing.F) {
	f.Add("120")
	f.Fuzz(func(t *testing.T, v string) {
		if d, ok := parseRetryAfter(v, time.Unix(1e9, 0)); d < 0 || (!ok && d != 0) {
			t.Fatalf("parseRetryAfter(%q) = %s, %v", v, d, ok)
		}
	})
}

// FuzzReadConfig: any config file is read or refused, never a panic; what
// is read is valid, and written back reads back the same.
func FuzzReadConfig(f *testing.F) {
	f.Add([]byte(`{"openai_api_key":" sk-x ","base_urls":{"ollama":"http://user:pw@gpu-box:11434"},"models":["openai/gpt-4o"],"max_tokens":2500,"temperature":0.5,"seed":42,"timeout":"90s","timeouts":{"ollama":"30m"},"prices":{"openai/gpt-4o":{"input":2.5,"output":10}}}`))
	f.Add([]byte(`{"max_tokens":1000000000}`))
	f.Add([]byte(`{} trailing`))
	f.Add([]byte(`{"prices":{"a/b":{"input":1.7e308,"output":1}}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := ReadConfig(bytes.NewReader(data))
		if err != nil {
			return
		}
		if err := c.Validate(); err != nil {
			t.Fatalf("a config read is not valid: %v", err)
		}
		again, err := json.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		c2, err := ReadConfig(bytes.NewReader(again))
		if err != nil {
			t.Fatalf("written back, refused: %v\n%s", err, again)
		}
		if again2, _ := json.Marshal(c2); !bytes.Equal(again, again2) {
			t.Fatalf("written back: %s, want %s", again2, again)
		}
		c.Secrets() // never panics on any base URL
	})
}
