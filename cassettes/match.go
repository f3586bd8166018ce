package cassettes

import (
	"bytes"
	"encoding/json"
	"hash/maphash"
	"net/http"
	"net/url"
	"strings"
	"sync"

	"gopkg.in/dnaeon/go-vcr.v4/pkg/cassette"
)

// isKeyParam reports whether a query parameter carries an API key. Such
// parameters are removed from recorded URLs and ignored when matching.
func isKeyParam(name string) bool {
	switch strings.ToLower(name) {
	case "key", "api_key", "api-key":
		return true
	}
	return false
}

// matchHeaders returns the only request headers that take part in matching:
// they select the shape of the API's answer. Every other header (user agent,
// content length, keys) is ignored.
func matchHeaders() [2]string {
	return [2]string{"Anthropic-Beta", "Anthropic-Version"}
}

// requestKey is the part of a request that matching compares. Two requests
// match when their keys are equal.
type requestKey struct {
	method  string
	url     string
	headers string
	body    string
}

// liveKey returns the key of a request made through [Recorder.Client].
func liveKey(method string, u *url.URL, h http.Header, body []byte) requestKey {
	return requestKey{
		method:  strings.ToUpper(method),
		url:     normalizeURL(u),
		headers: matchHeaderText(h),
		body:    canonicalBody(body),
	}
}

// normalizeURL keeps what of a URL names the call: its path and its query,
// sorted by parameter name, without key parameters. The scheme, host and
// port are dropped, so a cassette replays whatever server recorded it (the
// provider's API, a gateway, a local OpenAI-compatible server, hallumaze
// serve) and whatever base URL the replaying run is configured with; user
// information and the fragment are dropped too.
func normalizeURL(u *url.URL) string {
	if u == nil {
		return ""
	}
	n := *u
	n.User = nil
	n.Fragment, n.RawFragment = "", ""
	n.Scheme, n.Host, n.Opaque = "", "", ""
	q := n.Query()
	for k := range q {
		if isKeyParam(k) {
			delete(q, k)
		}
	}
	n.RawQuery = q.Encode() // Encode sorts by name.
	n.ForceQuery = false
	return n.String()
}

// normalizeRawURL is normalizeURL for a recorded URL string. A URL that does
// not parse is compared as it is.
func normalizeRawURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return raw
	}
	return normalizeURL(u)
}

// matchHeaderText renders the matched headers as one string.
func matchHeaderText(h http.Header) string {
	var b strings.Builder
	for _, name := range matchHeaders() {
		if v := h.Values(name); len(v) > 0 {
			b.WriteString(name)
			b.WriteByte('=')
			b.WriteString(strings.Join(v, ","))
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// canonicalBody returns a body in a form where equal meaning gives equal
// text: a JSON body is decoded and re-encoded (object keys sorted, no
// insignificant space, numbers as float64); anything else is kept byte for
// byte. The two forms carry different prefixes so they never compare equal.
func canonicalBody(body []byte) string {
	trimmed := bytes.TrimSpace(body)
	if len(trimmed) == 0 {
		return ""
	}
	if c := trimmed[0]; c == '{' || c == '[' {
		var v any
		if err := json.Unmarshal(trimmed, &v); err == nil {
			if out, err := json.Marshal(v); err == nil {
				return "json:" + string(out)
			}
		}
	}
	return "raw:" + string(body)
}

// recordedKey returns the key of a recorded request.
func recordedKey(rec cassette.Request) requestKey {
	return requestKey{
		method:  strings.ToUpper(rec.Method),
		url:     normalizeRawURL(rec.URL),
		headers: matchHeaderText(rec.Headers),
		body:    canonicalBody([]byte(rec.Body)),
	}
}

// replayer answers requests from a loaded cassette. A request takes the
// first interaction, in recorded order, that has not answered yet and
// whose request matches it: the same method, path and query (keys left
// out), matched headers and body, the body by meaning when it is JSON.
// Every interaction is indexed by those parts with its body's bytes hashed,
// so the usual request, which is byte for byte the one recorded, is found
// and checked in time linear in its body; a request whose body differs in
// bytes alone (key order, spacing) is looked up by the bodies' meaning,
// indexed on first need. This is go-vcr's matching with replayable
// interactions off (each interaction answers once, in recorded order),
// done by index instead of by a scan of the whole cassette, so a long
// episode replays in time linear in what it sends.
type replayer struct {
	mu       sync.Mutex
	entries  []*entry
	byBytes  map[rawKey][]*entry
	byMean   map[requestKey][]*entry // made on first need
	total    int
	replayed int
}

// entry is one recorded interaction and whether it has answered.
type entry struct {
	i    *cassette.Interaction
	key  rawKey
	used bool
}

// rawKey is the part of a request matched exactly: method, URL and headers
// as matching compares them, and a hash of the body's bytes.
type rawKey struct {
	method, url, headers string
	body                 uint64
}

// bodySeed seeds the body hashes of the process (they are never kept).
var bodySeed = maphash.MakeSeed()

func bodyHash(b []byte) uint64 { return maphash.Bytes(bodySeed, b) }

func newReplayer(c *cassette.Cassette) *replayer {
	p := &replayer{byBytes: make(map[rawKey][]*entry), total: len(c.Interactions)}
	for _, i := range c.Interactions {
		e := &entry{i: i, key: rawKey{method: strings.ToUpper(i.Request.Method), url: normalizeRawURL(i.Request.URL),
			headers: matchHeaderText(i.Request.Headers), body: maphash.String(bodySeed, i.Request.Body)}}
		p.entries = append(p.entries, e)
		p.byBytes[e.key] = append(p.byBytes[e.key], e)
	}
	return p
}

// take returns the next unreplayed interaction recorded for the request,
// and how many interactions have been replayed and are recorded in all.
func (p *replayer) take(method string, u *url.URL, h http.Header, body []byte) (i *cassette.Interaction, replayed, total int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	k := rawKey{method: strings.ToUpper(method), url: normalizeURL(u), headers: matchHeaderText(h), body: bodyHash(body)}
	for _, e := range p.byBytes[k] {
		if !e.used && e.i.Request.Body == string(body) {
			return p.use(e)
		}
	}
	if p.byMean == nil {
		p.byMean = make(map[requestKey][]*entry)
		for _, e := range p.entries {
			mk := recordedKey(e.i.Request)
			p.byMean[mk] = append(p.byMean[mk], e)
		}
	}
	for _, e := range p.byMean[liveKey(method, u, h, body)] {
		if !e.used {
			return p.use(e)
		}
	}
	return nil, p.replayed, p.total
}

func (p *replayer) use(e *entry) (*cassette.Interaction, int, int) {
	e.used = true
	p.replayed++
	return e.i, p.replayed, p.total
}
