// Package loopback serves in-process models over the three wire protocols
// that package providers speaks, so that a client, a cassette recorder or
// any third-party tool (the providers' official client libraries among
// them) can talk to a reference agent exactly as it would talk to a hosted
// model.
//
// [New] answers at the standard paths with the standard JSON shapes:
//
//	POST /v1/chat/completions                           OpenAI chat completions
//	POST /v1/messages                                   Anthropic messages
//	POST /v1beta/models/{model}:generateContent         Gemini generateContent
//	POST /v1beta/models/{model}:streamGenerateContent   Gemini, streamed
//	GET  /v1/models, /v1/models/{model}                 OpenAI or Anthropic model list
//	GET  /v1beta/models, /v1beta/models/{model}         Gemini model list
//
// Each request is turned into a [providers.Request] (system prompt,
// messages, max tokens, temperature, seed), given to the model named in the
// request, and the [providers.Reply] is written back in the protocol's
// response shape, with its stop reason and token usage.
//
// A streamed call ("stream": true for OpenAI and Anthropic, the
// streamGenerateContent action for Gemini) gets the same reply in the
// protocol's own event format: the model answers in full first, then the
// reply is sent as a few chunks (the reasoning's, then the answer's) whose
// concatenation is the answer of the plain call, with the stop reason and
// the usage where the protocol puts them: OpenAI's chat.completion.chunk
// events ending in "data: [DONE]", with a usage chunk when
// stream_options.include_usage is set; Anthropic's message_start,
// content_block_start/delta/stop, message_delta (stop reason and output
// tokens) and message_stop events; Gemini's GenerateContentResponse chunks,
// as server-sent events with alt=sse or as one JSON array without, the last
// chunk with the finish reason and the usage. A failure found before the
// reply is written (an unknown model, a bad request, a model error) is an
// ordinary error answer, as the hosted APIs give it.
//
// OpenAI and Anthropic list models at the same path, GET /v1/models; a
// request with an anthropic-version header (which Anthropic's clients send
// on every call) gets Anthropic's shape ({"data": [...], "has_more",
// "first_id", "last_id"}, paged by limit, after_id and before_id), any
// other OpenAI's ({"object": "list", "data": [...]}). Gemini's list
// ({"models": [...], "nextPageToken"}) is paged by pageSize and pageToken.
// Models are listed by name in byte order.
//
// The server behaves like the providers where a client would notice. The
// request's settings reach the model (reasoning_effort, Anthropic's
// thinking and output_config.effort, Gemini's thinkingConfig, top_p), as
// the providers check them. The reply is cut to the call's token limit,
// with each protocol's length stop. The model's reasoning is returned and
// counted as each provider returns it (see present.go). Several choices
// and tools are refused with a 400. Every path the server does not serve
// (OpenAI's /v1/responses, Anthropic's count_tokens, …) is a JSON 404 in
// its protocol's shape. With [RequireKey], a request without the key gets
// each provider's own answer to a bad key; without it, any key is taken:
// the server is meant for loopback use. Token counts are approximate: a
// text of n bytes counts ceil(n/4) tokens ([ApproxTokens]); input is the
// system prompt plus every message, output the answer plus the reasoning,
// which is also counted apart.
//
// Prompt caching is reported as each provider reports it, as if the
// conversation's previous request had just been served: the system prompt
// and every message but the last two count as cached once they come to
// 1,024 tokens. OpenAI's usage gives them in
// prompt_tokens_details.cached_tokens (in steps of 128 tokens past the
// first 1,024) and Gemini's in usageMetadata.cachedContentTokenCount, both
// within the prompt count. Anthropic caches only what a request marks: a
// request with a cache_control mark on its content reads that prefix
// (cache_read_input_tokens) and writes the rest of its input
// (cache_creation_input_tokens), its input_tokens being what is left; an
// unmarked request reads and writes nothing.
//
// Answers are a pure function of the request bytes and the model's reply
// (ids are derived from a hash of the request, timestamps are 0), so
// recordings made against the server are stable byte for byte.
//
// Failures use each protocol's own error shape: an unknown model is a 404,
// malformed JSON or an invalid conversation a 400, a method the path does
// not take a 405, a body over 8 MiB a 413, a prompt the model cannot read
// (an error wrapping [providers.ErrUnreadablePrompt]) a 422, which clients
// do not retry, and any other model error a 500 (or the status of a
// *providers.Error with a 4xx or 5xx status).
package loopback

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"net/http"
	"slices"
	"strings"

	"github.com/hallumaze/hallumaze/providers"
)

// MaxRequestBytes bounds a request body: a larger one is answered 413.
// A request costs the server a few times its size while it is answered
// (the body, the decoded messages, the model's reading of the prompt).
const MaxRequestBytes = 8 << 20

// New returns a handler that serves models, keyed by the model id that
// requests name (the "model" field, or the {model} path segment of Gemini).
// The map is copied; later changes to it are not seen.
func New(models map[string]providers.Model, opts ...Option) http.Handler {
	s := &server{models: maps.Clone(models), names: slices.Sorted(maps.Keys(models))}
	for _, o := range opts {
		o(s)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/v1/chat/completions", func(w http.ResponseWriter, r *http.Request) { s.serve(w, r, openAIProtocol{}) })
	mux.HandleFunc("/v1/messages", func(w http.ResponseWriter, r *http.Request) { s.serve(w, r, anthropicProtocol{}) })
	mux.HandleFunc("/v1/models", func(w http.ResponseWriter, r *http.Request) { s.list(w, r, v1Lister(r)) })
	mux.HandleFunc("/v1/models/{model...}", func(w http.ResponseWriter, r *http.Request) {
		s.info(w, r, v1Lister(r), r.PathValue("model"))
	})
	mux.HandleFunc("/v1beta/models", func(w http.ResponseWriter, r *http.Request) { s.list(w, r, geminiProtocol{}) })
	// A wildcard must be a whole path segment, so "{model}:generateContent"
	// is matched as one segment and split at its last colon; a GET of a
	// segment with no colon is Gemini's models.get.
	mux.HandleFunc("/v1beta/models/{action}", func(w http.ResponseWriter, r *http.Request) {
		if action := r.PathValue("action"); r.Method == http.MethodGet && !strings.Contains(action, ":") {
			s.info(w, r, geminiProtocol{}, action)
			return
		}
		s.serve(w, r, geminiProtocol{})
	})
	mux.HandleFunc("/", s.notFound)
	if s.key == "" {
		return mux
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if s.authorized(w, r) {
			mux.ServeHTTP(w, r)
		}
	})
}

// server holds the models, and their names in order.
type server struct {
	models map[string]providers.Model
	names  []string
	// key, when set, is the API key every request must carry.
	key string
}

// Option changes how [New] serves.
type Option func(*server)

// RequireKey makes the server answer only requests that carry key where
// each protocol puts it (Authorization: Bearer for OpenAI, x-api-key for
// Anthropic, x-goog-api-key or ?key= for Gemini); any other gets the
// protocol's own answer to a bad key. An empty key requires none.
func RequireKey(key string) Option { return func(s *server) { s.key = key } }

// protocol is one wire protocol's side of the server.
type protocol interface {
	// decode reads the call. An error is a 400 unless it is a
	// *statusError.
	decode(r *http.Request, body []byte) (call, error)
	// encode builds the response body of a plain call.
	encode(id string, c call, reply providers.Reply) any
	// stream writes the reply of a streamed call as the protocol's events.
	stream(w http.ResponseWriter, id string, c call, reply providers.Reply)
	// errorBody builds the protocol's error body.
	errorBody(status int, msg string) any
	// notFound is the message for an unknown model.
	notFound(model string) string
	// unauthorized is the status and body of a request without the
	// server's key (missing: with no key at all).
	unauthorized(missing bool) (int, any)
	// pathNotFound is the body of a 404 for a path the server does not
	// serve.
	pathNotFound(method, path string) any
}

// call is one decoded request: the model it names, what the model is
// asked, and how the answer is to be sent.
type call struct {
	model string
	req   providers.Request
	// reasoning says what becomes of the model's reasoning.
	reasoning reasoningMode
	// stream asks for the reply as events.
	stream bool
	// usage asks an OpenAI stream for its usage chunk
	// (stream_options.include_usage).
	usage bool
	// sse asks a Gemini stream for server-sent events (alt=sse) rather
	// than a JSON array.
	sse bool
}

// statusError is a request failure with a status other than 400.
type statusError struct {
	status int
	msg    string
}

func (e *statusError) Error() string { return e.msg }

// serve runs one request through a protocol.
func (s *server) serve(w http.ResponseWriter, r *http.Request, p protocol) {
	if r.Method != http.MethodPost {
		methodNotAllowed(w, r, p, http.MethodPost)
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxRequestBytes))
	if err != nil {
		status := http.StatusBadRequest
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			status = http.StatusRequestEntityTooLarge
		}
		writeJSON(w, status, p.errorBody(status, "read request body: "+err.Error()))
		return
	}
	if !isJSONObject(body) {
		writeJSON(w, http.StatusBadRequest, p.errorBody(http.StatusBadRequest, "parse request body: not a JSON object"))
		return
	}
	c, err := p.decode(r, body)
	if err != nil {
		status := http.StatusBadRequest
		var se *statusError
		if errors.As(err, &se) {
			status = se.status
		}
		writeJSON(w, status, p.errorBody(status, err.Error()))
		return
	}
	m, ok := s.models[c.model]
	if !ok || m == nil {
		writeJSON(w, http.StatusNotFound, p.errorBody(http.StatusNotFound, p.notFound(c.model)))
		return
	}
	c.req.Model = c.model
	reply, err := m.Chat(r.Context(), c.req)
	if err != nil {
		status := http.StatusInternalServerError
		var pe *providers.Error
		switch {
		case errors.Is(err, providers.ErrUnreadablePrompt):
			status = http.StatusUnprocessableEntity
		case errors.As(err, &pe) && pe.Status >= 400 && pe.Status <= 599:
			status = pe.Status
		}
		writeJSON(w, status, p.errorBody(status, "model "+c.model+": "+err.Error()))
		return
	}
	if reply.Model == "" {
		reply.Model = c.model
	}
	reply = present(c, reply)
	id := requestID(r.URL.Path, body)
	if c.stream {
		p.stream(w, id, c, reply)
		return
	}
	writeJSON(w, http.StatusOK, p.encode(id, c, reply))
}

// methodNotAllowed answers a 405 in the protocol's shape.
func methodNotAllowed(w http.ResponseWriter, r *http.Request, p protocol, allow string) {
	w.Header().Set("Allow", allow)
	writeJSON(w, http.StatusMethodNotAllowed, p.errorBody(http.StatusMethodNotAllowed,
		fmt.Sprintf("method %s is not allowed; use %s", r.Method, allow)))
}

// writeJSON writes v with a status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	data, err := json.Marshal(v)
	if err != nil {
		status = http.StatusInternalServerError
		data = []byte(`{"error":{"message":"encode response","type":"server_error"}}`)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(append(data, '\n'))
}

// requestID derives a stable id from the request path and body.
func requestID(path string, body []byte) string {
	h := sha256.New()
	h.Write([]byte(path))
	h.Write([]byte{0})
	h.Write(body)
	return hex.EncodeToString(h.Sum(nil)[:12])
}

// ApproxTokens is the server's token count of a text: one token per four
// bytes, rounded up.
func ApproxTokens(text string) int {
	return (len(text) + 3) / 4
}

// usage counts a request's input and a reply's output tokens, the
// reasoning's apart.
func usage(req providers.Request, reply providers.Reply) providers.Usage {
	in := ApproxTokens(req.System)
	for _, m := range req.Messages {
		in += ApproxTokens(m.Content)
	}
	return providers.Usage{
		InputTokens:     in,
		OutputTokens:    ApproxTokens(reply.Text) + ApproxTokens(reply.Reasoning),
		ReasoningTokens: ApproxTokens(reply.Reasoning),
	}
}

// cacheMin is the fewest tokens a prompt prefix must have for the server
// to count it cached: the smallest prefix the hosted APIs cache (1,024
// tokens for most models).
const cacheMin = 1024

// cachedPrefix is the part of a request's input, in tokens, that the server
// reports as read from a prompt cache: the system prompt and every message
// but the last two, which is the whole of the conversation's previous
// request, when it comes to cacheMin tokens. The server keeps no state; it
// answers as a provider that had just served the previous request would.
func cachedPrefix(req providers.Request) int {
	if len(req.Messages) < 3 {
		return 0
	}
	p := ApproxTokens(req.System)
	for _, m := range req.Messages[:len(req.Messages)-2] {
		p += ApproxTokens(m.Content)
	}
	if p < cacheMin {
		return 0
	}
	return p
}

// stopReason picks the protocol's word for a normalised stop reason: end
// (also an empty reason), max_tokens, or the reason as the model gave it.
func stopReason(reason, end, maxTokens string) string {
	switch reason {
	case providers.StopEnd, "":
		return end
	case providers.StopMaxTokens:
		return maxTokens
	default:
		return reason
	}
}

// errMissingModel is the 400 for a request that names no model.
var errMissingModel = errors.New(`the request names no model: set "model"`)

// streamOptions are the members of a request body that ask for a stream.
type streamOptions struct {
	Stream        bool `json:"stream"`
	StreamOptions *struct {
		IncludeUsage bool `json:"include_usage"`
	} `json:"stream_options"`
}

// decodeBody decodes a request body into v and reads whether it asks for a
// stream, and (OpenAI) for the stream's usage chunk.
func decodeBody(body []byte, v any) (streamOptions, error) {
	var so streamOptions
	if err := json.Unmarshal(body, v); err != nil {
		return so, fmt.Errorf("parse request body: %w", err)
	}
	if err := json.Unmarshal(body, &so); err != nil {
		return so, fmt.Errorf("parse request body: %w", err)
	}
	return so, nil
}
