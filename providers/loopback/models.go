package loopback

import (
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
)

// lister is a protocol's side of the model list.
type lister interface {
	protocol
	// page lists names, one page of them as q asks; an error is a 400.
	page(names []string, q url.Values) (any, error)
	// model describes one model.
	model(name string) any
}

// v1Lister picks the protocol that asks at GET /v1/models: Anthropic's
// clients send anthropic-version on every request, OpenAI's never do.
func v1Lister(r *http.Request) lister {
	if r.Header.Get("anthropic-version") != "" {
		return anthropicProtocol{}
	}
	return openAIProtocol{}
}

// list answers a model list.
func (s *server) list(w http.ResponseWriter, r *http.Request, p lister) {
	if r.Method != http.MethodGet {
		methodNotAllowed(w, r, p, http.MethodGet)
		return
	}
	body, err := p.page(s.names, r.URL.Query())
	if err != nil {
		writeJSON(w, http.StatusBadRequest, p.errorBody(http.StatusBadRequest, err.Error()))
		return
	}
	writeJSON(w, http.StatusOK, body)
}

// info answers one model's description, or a 404.
func (s *server) info(w http.ResponseWriter, r *http.Request, p lister, name string) {
	if r.Method != http.MethodGet {
		methodNotAllowed(w, r, p, http.MethodGet)
		return
	}
	if m, ok := s.models[name]; !ok || m == nil {
		writeJSON(w, http.StatusNotFound, p.errorBody(http.StatusNotFound, p.notFound(name)))
		return
	}
	writeJSON(w, http.StatusOK, p.model(name))
}

// openAIModel is a model of OpenAI's list.
type openAIModel struct {
	ID      string `json:"id"`
	Object  string `json:"object"`
	Created int64  `json:"created"`
	OwnedBy string `json:"owned_by"`
}

// openAIModelList is OpenAI's list: every model, unpaged.
type openAIModelList struct {
	Object string        `json:"object"`
	Data   []openAIModel `json:"data"`
}

func (openAIProtocol) page(names []string, _ url.Values) (any, error) {
	out := openAIModelList{Object: "list", Data: []openAIModel{}}
	for _, n := range names {
		out.Data = append(out.Data, openAIProtocol{}.model(n).(openAIModel))
	}
	return out, nil
}

func (openAIProtocol) model(name string) any {
	return openAIModel{ID: name, Object: "model", OwnedBy: "hallumaze"}
}

// anthropicModel is a model of Anthropic's list; CreatedAt is the Unix
// epoch, as the server's timestamps are 0.
type anthropicModel struct {
	Type        string `json:"type"`
	ID          string `json:"id"`
	DisplayName string `json:"display_name"`
	CreatedAt   string `json:"created_at"`
}

// anthropicModelList is one page of Anthropic's list. FirstID and LastID
// are null on an empty page.
type anthropicModelList struct {
	Data    []anthropicModel `json:"data"`
	HasMore bool             `json:"has_more"`
	FirstID *string          `json:"first_id"`
	LastID  *string          `json:"last_id"`
}

// page lists limit models (1 to 1000, default 20) after after_id, or the
// limit models just before before_id.
func (anthropicProtocol) page(names []string, q url.Values) (any, error) {
	limit := 20
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 1000 {
			return nil, fmt.Errorf("limit: %q is not a number from 1 to 1000", v)
		}
		limit = n
	}
	after, before := q.Get("after_id"), q.Get("before_id")
	if after != "" && before != "" {
		return nil, fmt.Errorf("after_id and before_id: give one or the other")
	}
	lo, hi := 0, len(names)
	for _, cursor := range []struct{ name, id string }{{"after_id", after}, {"before_id", before}} {
		if cursor.id == "" {
			continue
		}
		i := slices.Index(names, cursor.id)
		if i < 0 {
			return nil, fmt.Errorf("%s: no model %q", cursor.name, cursor.id)
		}
		if cursor.name == "after_id" {
			lo = i + 1
		} else {
			hi = i
		}
	}
	var more bool
	if before != "" {
		more = hi-lo > limit
		lo = max(lo, hi-limit)
	} else {
		more = hi-lo > limit
		hi = min(hi, lo+limit)
	}
	out := anthropicModelList{Data: []anthropicModel{}, HasMore: more}
	for _, n := range names[lo:hi] {
		out.Data = append(out.Data, anthropicProtocol{}.model(n).(anthropicModel))
	}
	if len(out.Data) > 0 {
		out.FirstID, out.LastID = &names[lo], &names[hi-1]
	}
	return out, nil
}

func (anthropicProtocol) model(name string) any {
	return anthropicModel{Type: "model", ID: name, DisplayName: name, CreatedAt: "1970-01-01T00:00:00Z"}
}

// geminiModel is a model of Gemini's list. The input limit is what a
// request body of the server's largest size would count.
type geminiModel struct {
	Name                       string   `json:"name"`
	BaseModelID                string   `json:"baseModelId"`
	Version                    string   `json:"version"`
	DisplayName                string   `json:"displayName"`
	Description                string   `json:"description"`
	InputTokenLimit            int      `json:"inputTokenLimit"`
	SupportedGenerationMethods []string `json:"supportedGenerationMethods"`
}

// geminiModelList is one page of Gemini's list; NextPageToken is left out
// on the last page.
type geminiModelList struct {
	Models        []geminiModel `json:"models"`
	NextPageToken string        `json:"nextPageToken,omitempty"`
}

// page lists pageSize models (default 50, at most 1000) from the one
// pageToken names (the token is the name of the next page's first model).
func (geminiProtocol) page(names []string, q url.Values) (any, error) {
	size := 50
	if v := q.Get("pageSize"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return nil, fmt.Errorf("pageSize: %q is not a number of models", v)
		}
		if n > 0 {
			size = min(n, 1000)
		}
	}
	lo := 0
	if tok := q.Get("pageToken"); tok != "" {
		lo = slices.Index(names, tok)
		if lo < 0 {
			return nil, fmt.Errorf("pageToken: %q is not a token this server gave", tok)
		}
	}
	hi := min(len(names), lo+size)
	out := geminiModelList{Models: []geminiModel{}}
	for _, n := range names[lo:hi] {
		out.Models = append(out.Models, geminiProtocol{}.model(n).(geminiModel))
	}
	if hi < len(names) {
		out.NextPageToken = names[hi]
	}
	return out, nil
}

func (geminiProtocol) model(name string) any {
	return geminiModel{
		Name:                       "models/" + name,
		BaseModelID:                name,
		Version:                    "loopback",
		DisplayName:                name,
		Description:                "a model served by the hallumaze loopback server",
		InputTokenLimit:            (MaxRequestBytes + 3) / 4,
		SupportedGenerationMethods: []string{"generateContent", "streamGenerateContent"},
	}
}
