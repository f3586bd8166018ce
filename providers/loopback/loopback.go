// Package loopback serves in-process models over the three wire protocols
// that package providers speaks, so that a client, a cassette recorder or
// any third-party tool can talk to a reference agent exactly as it would
// talk to a hosted model.
//
// [New] answers at the standard paths with the standard JSON shapes:
//
//	POST /v1/chat/completions                     OpenAI chat completions
//	POST /v1/messages                             Anthropic messages
//	POST /v1beta/models/{model}:generateContent   Gemini generateContent
//
// Each request is turned into a [providers.Request] (system prompt,
// messages, max tokens, temperature, seed), given to the model named in the
// request, and the [providers.Reply] is written back in the protocol's
// response shape, with its stop reason and token usage.
//
// The server is meant for loopback use only: it checks no key and accepts
// any Authorization, x-api-key or x-goog-api-key header. Token counts are
// approximate: a text of n bytes counts ceil(n/4) tokens ([ApproxTokens]);
// input is the system prompt plus every message, output the answer plus the
// reasoning.
//
// Answers are a pure function of the request bytes and the model's reply
// (ids are derived from a hash of the request, timestamps are 0), so
// recordings made against the server are stable byte for byte.
//
// Failures use each protocol's own error shape: an unknown model is a 404,
// malformed JSON or an invalid conversation a 400, a method other than POST
// a 405, a body over 8 MiB a 413, a prompt the model cannot read (an error
// wrapping [providers.ErrUnreadablePrompt]) a 422, which clients do not
// retry, and any other model error a 500 (or the status of a
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

	"github.com/hallumaze/hallumaze/providers"
)

// maxRequestBytes bounds a request body.
const maxRequestBytes = 8 << 20

// New returns a handler that serves models, keyed by the model id that
// requests name (the "model" field, or the {model} path segment of Gemini).
// The map is copied; later changes to it are not seen.
func New(models map[string]providers.Model) http.Handler {
	s := &server{models: maps.Clone(models)}
	mux := http.NewServeMux()
	mux.HandleFunc("/v1/chat/completions", func(w http.ResponseWriter, r *http.Request) { s.serve(w, r, openAIProtocol{}) })
	mux.HandleFunc("/v1/messages", func(w http.ResponseWriter, r *http.Request) { s.serve(w, r, anthropicProtocol{}) })
	// A wildcard must be a whole path segment, so "{model}:generateContent"
	// is matched as one segment and split at its last colon.
	mux.HandleFunc("/v1beta/models/{action}", func(w http.ResponseWriter, r *http.Request) { s.serve(w, r, geminiProtocol{}) })
	return mux
}

// server holds the models.
type server struct {
	models map[string]providers.Model
}

// protocol is one wire protocol's side of the server.
type protocol interface {
	// decode reads the model id and the request. An error is a 400 unless
	// it is a *statusError.
	decode(r *http.Request, body []byte) (model string, req providers.Request, err error)
	// encode builds the response body.
	encode(id, model string, req providers.Request, reply providers.Reply) any
	// errorBody builds the protocol's error body.
	errorBody(status int, msg string) any
	// notFound is the message for an unknown model.
	notFound(model string) string
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
		w.Header().Set("Allow", http.MethodPost)
		writeJSON(w, http.StatusMethodNotAllowed, p.errorBody(http.StatusMethodNotAllowed,
			fmt.Sprintf("method %s is not allowed; use POST", r.Method)))
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxRequestBytes))
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
	model, req, err := p.decode(r, body)
	if err != nil {
		status := http.StatusBadRequest
		var se *statusError
		if errors.As(err, &se) {
			status = se.status
		}
		writeJSON(w, status, p.errorBody(status, err.Error()))
		return
	}
	m, ok := s.models[model]
	if !ok || m == nil {
		writeJSON(w, http.StatusNotFound, p.errorBody(http.StatusNotFound, p.notFound(model)))
		return
	}
	req.Model = model
	reply, err := m.Chat(r.Context(), req)
	if err != nil {
		status := http.StatusInternalServerError
		var pe *providers.Error
		switch {
		case errors.Is(err, providers.ErrUnreadablePrompt):
			status = http.StatusUnprocessableEntity
		case errors.As(err, &pe) && pe.Status >= 400 && pe.Status <= 599:
			status = pe.Status
		}
		writeJSON(w, status, p.errorBody(status, "model "+model+": "+err.Error()))
		return
	}
	if reply.Model == "" {
		reply.Model = model
	}
	writeJSON(w, http.StatusOK, p.encode(requestID(r.URL.Path, body), reply.Model, req, reply))
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

// usage counts a request's input and a reply's output tokens.
func usage(req providers.Request, reply providers.Reply) providers.Usage {
	in := ApproxTokens(req.System)
	for _, m := range req.Messages {
		in += ApproxTokens(m.Content)
	}
	return providers.Usage{
		InputTokens:  in,
		OutputTokens: ApproxTokens(reply.Text) + ApproxTokens(reply.Reasoning),
	}
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

// decodeBody decodes a request body into v and refuses streaming, which
// the loopback server does not speak.
func decodeBody(body []byte, v any) error {
	if err := json.Unmarshal(body, v); err != nil {
		return fmt.Errorf("parse request body: %w", err)
	}
	var extra struct {
		Stream bool `json:"stream"`
	}
	_ = json.Unmarshal(body, &extra) // the body is valid JSON: decoded above
	if extra.Stream {
		return fmt.Errorf("stream: streaming is not supported by the loopback server")
	}
	return nil
}
