package providers

import (
	"testing"

	"github.com/hallumaze/hallumaze/internal/hostile"

	"github.com/hallumaze/hallumaze/providers/internal/wire"
	"github.com/stretchr/testify/assert"
)

// The reply decoders read what a server sends back, and a server (or a
// proxy, or a model stuck in a loop) can send anything up to
// maxResponseBytes. They must cost time linear in the body whatever it
// holds. The bodies below are the worst shapes found for each: text split
// into a part per byte or two, strings made of escapes, a think block that
// never closes, nested arrays the decoder must skip. (Nesting past the
// decoder's depth limit is cheap: it stops there.) The test bounds
// what the decoders allocate, which no load on the machine changes;
// BenchmarkParseAdversarial shows the speed (MB/s about flat from 64 KiB to
// 1 MiB).

// hostileBody is one hostile body shape: head, a unit repeated to the size
// asked, and tail.
type hostileBody struct {
	name             string
	head, unit, tail string
}

// build returns the body of about size bytes.
func (h hostileBody) build(size int) []byte {
	return []byte(hostile.Build(h.head, h.unit, h.tail, size))
}

// decoder is one reply decoder: the body as exchange reads it, then the
// protocol's reading of the answer.
type decoder struct {
	name   string
	decode func(body []byte) (Reply, error)
	bodies []hostileBody
}

func decodeOpenAI(body []byte) (Reply, error) {
	var resp wire.OpenAIChatResponse
	if err := (response{body: body}).decode("openai", "", &resp); err != nil {
		return Reply{}, err
	}
	return openAIReply(resp)
}

func decodeAnthropic(body []byte) (Reply, error) {
	var resp wire.AnthropicResponse
	if err := (response{body: body}).decode("anthropic", "", &resp); err != nil {
		return Reply{}, err
	}
	return anthropicReply(resp)
}

func decodeGemini(body []byte) (Reply, error) {
	var resp wire.GeminiResponse
	if err := (response{body: body}).decode("gemini", "", &resp); err != nil {
		return Reply{}, err
	}
	reply, _, err := geminiReply(resp)
	return reply, err
}

// decodeErrorBody is the reading of a non-2xx body.
func decodeErrorBody(body []byte) (Reply, error) {
	return Reply{Text: errorMessage(body)}, nil
}

const (
	openAIHead = `{"model":"m","choices":[{"message":{"role":"assistant","content":`
	openAITail = `},"finish_reason":"stop"}]}`
)

var decoders = []decoder{
	{name: "openai", decode: decodeOpenAI, bodies: []hostileBody{
		{name: "plain text", head: openAIHead + `"`, unit: "STEP 1: (0,0) → E\\n", tail: `"` + openAITail},
		{name: "escapes", head: openAIHead + `"`, unit: `\u00e9\"\\\ud83d\ude00`, tail: `"` + openAITail},
		{name: "invalid utf-8", head: openAIHead + `"`, unit: "\xff", tail: `"` + openAITail},
		{name: "a part per byte", head: openAIHead + `[`, unit: `{"type":"text","text":"a"},`, tail: `{"text":"a"}]` + openAITail},
		{name: "unclosed think", head: openAIHead + `"<think>`, unit: `</thin`, tail: `"` + openAITail},
		{name: "many choices", head: `{"choices":[`, unit: `{"message":{"content":"a"}},`, tail: `{"message":{"content":"a"}}]}`},
		{name: "nested unknown field", head: `{"choices":[{"message":{"content":"a"}}],"x":[`, unit: `[[[[[[[[[[[[{"a":[1]}]]]]]]]]]]]],`, tail: `0]}`},
	}},
	{name: "anthropic", decode: decodeAnthropic, bodies: []hostileBody{
		{name: "a block per byte", head: `{"type":"message","content":[`, unit: `{"type":"text","text":"a"},`, tail: `{"type":"text","text":"a"}]}`},
		{name: "thinking blocks", head: `{"type":"message","content":[`, unit: `{"type":"thinking","thinking":"t"},`, tail: `{"type":"text","text":"a"}]}`},
		{name: "escapes", head: `{"type":"message","content":[{"type":"text","text":"`, unit: `\u00e9\"\\\n`, tail: `"}]}`},
		{name: "unknown blocks", head: `{"type":"message","content":[`, unit: `{"type":"image","data":"x"},`, tail: `{"type":"text","text":"a"}]}`},
	}},
	{name: "gemini", decode: decodeGemini, bodies: []hostileBody{
		{name: "a part per byte", head: `{"candidates":[{"content":{"parts":[`, unit: `{"text":"a"},`, tail: `{"text":"a"}]}}]}`},
		{name: "thought parts", head: `{"candidates":[{"content":{"parts":[`, unit: `{"text":"a","thought":true},`, tail: `{"text":"a"}]}}]}`},
		{name: "escapes", head: `{"candidates":[{"content":{"parts":[{"text":"`, unit: `\u00e9\"\\\n`, tail: `"}]}}]}`},
		{name: "many candidates", head: `{"candidates":[`, unit: `{"content":{"parts":[{"text":"a"}]}},`, tail: `{}]}`},
	}},
	{name: "error body", decode: decodeErrorBody, bodies: []hostileBody{
		{name: "invalid utf-8", unit: "\xff"},
		{name: "long message", head: `{"error":{"message":"`, unit: `\u00e9 `, tail: `","type":"t"}}`},
		{name: "nested detail", head: `{"detail":[`, unit: `[[[[[[[[[["x"]]]]]]]]]],`, tail: `0]}`},
	}},
}

// TestDecodersLinear bounds the bytes each decoder allocates on each
// hostile body of 256 KiB to a small multiple of its size (a struct and a
// string for each part of a few bytes); a decoder that joined parts by
// repeated concatenation, or copied the rest of the body at each part,
// would allocate many times more.
func TestDecodersLinear(t *testing.T) {
	for _, d := range decoders {
		for _, h := range d.bodies {
			t.Run(d.name+"/"+h.name, func(t *testing.T) {
				body := h.build(256 << 10)
				bytes := hostile.Allocated(func() { _, _ = d.decode(body) })
				t.Logf("%d bytes allocated on %d (%.1f×)", bytes, len(body), float64(bytes)/float64(len(body)))
				assert.LessOrEqual(t, bytes, uint64(32*len(body)+64<<10), "bytes allocated on %d bytes", len(body))
			})
		}
	}
}

// TestHostileBodiesDecode checks that the hostile bodies are what they
// claim: each well-formed one decodes to an answer.
func TestHostileBodiesDecode(t *testing.T) {
	for _, d := range decoders {
		for _, h := range d.bodies {
			if d.name == "error body" {
				continue // not an answer
			}
			t.Run(d.name+"/"+h.name, func(t *testing.T) {
				reply, err := d.decode(h.build(4 << 10))
				assert.NoError(t, err)
				assert.NotEmpty(t, reply.Text+reply.Reasoning)
			})
		}
	}
}
