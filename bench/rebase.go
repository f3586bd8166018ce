package bench

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/hallumaze/hallumaze/providers"
)

// Cassettes hold a model's requests as its client makes them to the
// provider's canonical API root ([providers.CanonicalBaseURL]), whatever
// server recorded them: a model reached through a gateway, a local
// OpenAI-compatible server or hallumaze serve is recorded with a client
// built for the canonical root, and the transport below it carries each
// request to the configured server. Replay builds the same client, so a
// cassette replays offline with no base URL set, and two models of one
// provider recorded through different servers compare case by case.

// canonicalConfig is cfg with the provider's base URL set to its canonical
// root.
func canonicalConfig(cfg providers.Config, provider string) providers.Config {
	urls := map[string]string{}
	for k, v := range cfg.BaseURLs {
		urls[k] = v
	}
	urls[provider] = providers.CanonicalBaseURL(provider)
	cfg.BaseURLs = urls
	return cfg
}

// rebaseTransport returns the transport that carries the requests a client
// of model built for the canonical root makes to the server cfg configures
// for it, through next; nil when the two are the same server. The two
// endpoints differ only in a leading part (scheme, host, port and a path
// prefix: "https://api.openai.com" against "https://gateway.example/openai"),
// which is replaced in every request.
func rebaseTransport(model string, cfg providers.Config, next http.RoundTripper) (http.RoundTripper, error) {
	ref, err := providers.ParseName(model)
	if err != nil {
		return nil, err
	}
	canonical, err := providers.Endpoint(model, canonicalConfig(cfg, ref.Provider))
	if err != nil {
		return nil, err
	}
	actual, err := providers.Endpoint(model, cfg)
	if err != nil {
		return nil, err
	}
	from, to := differingPrefixes(canonical, actual)
	if from == to {
		return nil, nil
	}
	if _, err := url.Parse(to); err != nil {
		return nil, fmt.Errorf("base URL of %s: %w", model, err)
	}
	return roundTripFunc(func(req *http.Request) (*http.Response, error) {
		s := req.URL.String()
		if !strings.HasPrefix(s, from) {
			return nil, fmt.Errorf("rebase %s: the request is not under the API root %s", s, from)
		}
		u, err := url.Parse(to + s[len(from):])
		if err != nil {
			return nil, fmt.Errorf("rebase %s: %w", s, err)
		}
		out := req.Clone(req.Context())
		out.URL, out.Host = u, u.Host
		return next.RoundTrip(out)
	}), nil
}

// differingPrefixes splits two URLs into a shared tail that starts at a
// "/" and the two parts before it. URLs with no shared tail of that kind
// are returned whole.
func differingPrefixes(a, b string) (string, string) {
	n := 0
	for n < len(a) && n < len(b) && a[len(a)-1-n] == b[len(b)-1-n] {
		n++
	}
	tail := a[len(a)-n:]
	// The shared tail begins at its first "/" past the host.
	for len(tail) > 0 && (tail[0] != '/' || strings.HasPrefix(tail, "//")) {
		i := strings.IndexByte(tail[1:], '/')
		if i < 0 {
			return a, b
		}
		tail = tail[i+1:]
	}
	return a[:len(a)-len(tail)], b[:len(b)-len(tail)]
}
