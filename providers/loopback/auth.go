package loopback

import (
	"crypto/subtle"
	"fmt"
	"net/http"
	"strings"

	"github.com/hallumaze/hallumaze/providers/internal/wire"
)

// protocolOf guesses the protocol a request speaks, for the answers that
// come before its path is known to be served (a bad key, an unknown path):
// Gemini under /v1beta, Anthropic for /v1/messages… or a request with
// Anthropic's headers, OpenAI otherwise.
func protocolOf(r *http.Request) protocol {
	p := r.URL.Path
	switch {
	case p == "/v1beta" || strings.HasPrefix(p, "/v1beta/"):
		return geminiProtocol{}
	case strings.HasPrefix(p, "/v1/messages") || r.Header.Get("anthropic-version") != "" || r.Header.Get("x-api-key") != "":
		return anthropicProtocol{}
	}
	return openAIProtocol{}
}

// keyOf reads the key a request carries where its protocol puts it: OpenAI's
// "Authorization: Bearer", Anthropic's x-api-key (or a Bearer token),
// Gemini's x-goog-api-key or ?key=.
func keyOf(r *http.Request, p protocol) string {
	bearer, _ := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	switch p.(type) {
	case anthropicProtocol:
		if k := r.Header.Get("x-api-key"); k != "" {
			return k
		}
	case geminiProtocol:
		if k := r.Header.Get("x-goog-api-key"); k != "" {
			return k
		}
		return r.URL.Query().Get("key")
	}
	return strings.TrimSpace(bearer)
}

// authorized answers a request without the server's key as its protocol
// does, and reports whether the request may go on.
func (s *server) authorized(w http.ResponseWriter, r *http.Request) bool {
	p := protocolOf(r)
	got := keyOf(r, p)
	if subtle.ConstantTimeCompare([]byte(got), []byte(s.key)) == 1 {
		return true
	}
	status, body := p.unauthorized(got == "")
	writeJSON(w, status, body)
	return false
}

// notFound answers a path the server does not serve (OpenAI's
// /v1/responses, Anthropic's /v1/messages/count_tokens, …) with a 404 in
// the protocol's shape.
func (s *server) notFound(w http.ResponseWriter, r *http.Request) {
	p := protocolOf(r)
	writeJSON(w, http.StatusNotFound, p.pathNotFound(r.Method, r.URL.Path))
}

// served lists what the server serves, for the messages of unknown paths.
const served = "POST /v1/chat/completions, POST /v1/messages, POST /v1beta/models/{model}:generateContent or :streamGenerateContent, GET /v1/models, GET /v1beta/models"

func (openAIProtocol) unauthorized(missing bool) (int, any) {
	body := wire.OpenAIErrorBody{Type: "invalid_request_error", Message: "Incorrect API key provided. The key is the one the server was started with.", Code: "invalid_api_key"}
	if missing {
		body = wire.OpenAIErrorBody{Type: "invalid_request_error", Message: "You didn't provide an API key. Provide it in an Authorization header using Bearer auth (Authorization: Bearer YOUR_KEY)."}
	}
	return http.StatusUnauthorized, wire.OpenAIErrorResponse{Error: body}
}

func (openAIProtocol) pathNotFound(method, path string) any {
	return wire.OpenAIErrorResponse{Error: wire.OpenAIErrorBody{
		Type:    "invalid_request_error",
		Message: fmt.Sprintf("Invalid URL (%s %s): this server serves %s", method, path, served),
	}}
}

func (anthropicProtocol) unauthorized(missing bool) (int, any) {
	msg := "invalid x-api-key"
	if missing {
		msg = "x-api-key header is required"
	}
	return http.StatusUnauthorized, wire.AnthropicErrorResponse{Type: "error", Error: wire.AnthropicErrorBody{Type: "authentication_error", Message: msg}}
}

func (anthropicProtocol) pathNotFound(method, path string) any {
	return wire.AnthropicErrorResponse{Type: "error", Error: wire.AnthropicErrorBody{
		Type: "not_found_error", Message: fmt.Sprintf("Not Found: %s %s; this server serves %s", method, path, served),
	}}
}

// geminiKeyError is Google's answer to a bad API key: a 400
// INVALID_ARGUMENT whose details say API_KEY_INVALID (Google APIs do not
// answer 401 for API keys); a missing key is a 403 PERMISSION_DENIED.
type geminiKeyError struct {
	Error struct {
		wire.GeminiErrorBody
		Details []geminiErrorInfo `json:"details,omitempty"`
	} `json:"error"`
}

type geminiErrorInfo struct {
	Type     string            `json:"@type"`
	Reason   string            `json:"reason"`
	Domain   string            `json:"domain"`
	Metadata map[string]string `json:"metadata"`
}

func (geminiProtocol) unauthorized(missing bool) (int, any) {
	var out geminiKeyError
	if missing {
		out.Error.GeminiErrorBody = wire.GeminiErrorBody{
			Code: http.StatusForbidden, Status: grpcStatus(http.StatusForbidden),
			Message: "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
		}
		return http.StatusForbidden, out
	}
	out.Error.GeminiErrorBody = wire.GeminiErrorBody{
		Code: http.StatusBadRequest, Status: grpcStatus(http.StatusBadRequest),
		Message: "API key not valid. Please pass a valid API key.",
	}
	out.Error.Details = []geminiErrorInfo{{
		Type: "type.googleapis.com/google.rpc.ErrorInfo", Reason: "API_KEY_INVALID", Domain: "googleapis.com",
		Metadata: map[string]string{"service": "generativelanguage.googleapis.com"},
	}}
	return http.StatusBadRequest, out
}

func (geminiProtocol) pathNotFound(method, path string) any {
	return geminiProtocol{}.errorBody(http.StatusNotFound, fmt.Sprintf("%s %s is not found: this server serves %s", method, path, served))
}
