package cassettes

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"

	"gopkg.in/dnaeon/go-vcr.v4/pkg/cassette"
)

// The cassettes this package writes are in its own form, version 2: JSON
// (which is also YAML, so the files keep their .yaml names and every tool
// that scans them), one interaction per line. A conversation's requests
// repeat the whole conversation so far, so a cassette that kept each
// request whole would grow with the square of its turns; instead each
// request's body is kept as what is new: the length of the part it shares
// with the start of the previous request's body (prefix), of the part it
// shares with its end (suffix), and the bytes between (body). Replay
// rebuilds every body whole and matches it whole, as before.
//
//	{"hallumaze_cassette":2,"interactions":[
//	{"request":{"method":"POST","url":"…","headers":{…},"body":"{\"model\":…"},"response":{…}},
//	{"request":{"method":"POST","url":"…","headers":{…},"prefix":1812,"suffix":39,"body":",{\"role\":\"assistant\",…"},"response":{…}}
//	]}
//
// A cassette whose interactions are byte for byte those of another cassette
// of the same folder is saved as a pointer to it, with the SHA-256 of the
// file it points to (samePointer): the conversation a model holds in an
// Ariadne group where no hint was ever given is the one it holds in group
// A. Version 1, go-vcr's YAML, still replays.

// formatVersion is the version of the form this package writes.
const formatVersion = 2

// compactHeader begins every cassette of this form (after go-vcr's "---").
const compactHeader = `{"hallumaze_cassette":`

// compactFile is a cassette of this form as JSON.
type compactFile struct {
	Version      int                  `json:"hallumaze_cassette"`
	SameAs       string               `json:"same_as,omitempty"`
	SHA256       string               `json:"sha256,omitempty"`
	Interactions []compactInteraction `json:"interactions,omitempty"`
}

type compactInteraction struct {
	Request  compactRequest  `json:"request"`
	Response compactResponse `json:"response"`
}

type compactRequest struct {
	Method  string      `json:"method"`
	URL     string      `json:"url"`
	Headers http.Header `json:"headers,omitempty"`
	Form    url.Values  `json:"form,omitempty"`
	// Prefix and Suffix are the lengths of the previous request's body
	// that begin and end this one; Body is what lies between them, or the
	// whole body when both are 0.
	Prefix int    `json:"prefix,omitempty"`
	Suffix int    `json:"suffix,omitempty"`
	Body   string `json:"body"`
}

type compactResponse struct {
	Status           string      `json:"status"`
	Code             int         `json:"code"`
	Proto            string      `json:"proto,omitempty"`
	Headers          http.Header `json:"headers,omitempty"`
	ContentLength    int64       `json:"content_length,omitempty"`
	TransferEncoding []string    `json:"transfer_encoding,omitempty"`
	Uncompressed     bool        `json:"uncompressed,omitempty"`
	Body             string      `json:"body"`
}

// minShared is the fewest bytes a request must share with the one before
// it to be kept as a difference: below it the whole body is clearer.
const minShared = 64

// marshalCompact writes a cassette (go-vcr's, its failed attempts already
// dropped) in this form: the go-vcr recorder's MarshalFunc.
func marshalCompact(v any) ([]byte, error) {
	c, ok := v.(*cassette.Cassette)
	if !ok {
		return nil, fmt.Errorf("cassettes: marshal %T, not a cassette", v)
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	fmt.Fprintf(&b, "%s%d,\"interactions\":[\n", compactHeader, formatVersion)
	prev := ""
	for n, i := range c.Interactions {
		if n > 0 {
			b.WriteString(",\n")
		}
		ci := compactInteraction{
			Request: compactRequest{Method: i.Request.Method, URL: i.Request.URL, Headers: nonEmpty(i.Request.Headers), Body: i.Request.Body},
			Response: compactResponse{Status: i.Response.Status, Code: i.Response.Code, Headers: nonEmpty(i.Response.Headers),
				ContentLength: i.Response.ContentLength, TransferEncoding: i.Response.TransferEncoding,
				Uncompressed: i.Response.Uncompressed, Body: i.Response.Body},
		}
		if i.Response.Proto != "HTTP/1.1" {
			ci.Response.Proto = i.Response.Proto
		}
		if len(i.Request.Form) > 0 {
			ci.Request.Form = i.Request.Form
		}
		if p, s := shared(prev, i.Request.Body); p+s >= minShared {
			ci.Request.Prefix, ci.Request.Suffix, ci.Request.Body = p, s, i.Request.Body[p:len(i.Request.Body)-s]
		}
		prev = i.Request.Body
		if err := enc.Encode(ci); err != nil {
			return nil, fmt.Errorf("cassettes: marshal interaction %d: %w", n, err)
		}
		b.Truncate(b.Len() - 1) // the encoder's newline
	}
	b.WriteString("\n]}\n")
	return b.Bytes(), nil
}

func nonEmpty(h http.Header) http.Header {
	if len(h) == 0 {
		return nil
	}
	return h
}

// shared returns how many bytes body shares with the start of prev and,
// apart from those, with its end.
func shared(prev, body string) (prefix, suffix int) {
	n := min(len(prev), len(body))
	for prefix < n && prev[prefix] == body[prefix] {
		prefix++
	}
	for suffix < n-prefix && prev[len(prev)-1-suffix] == body[len(body)-1-suffix] {
		suffix++
	}
	return prefix, suffix
}

// isCompact reports whether a cassette file is in this form.
func isCompact(data []byte) bool {
	return bytes.HasPrefix(trimDocStart(data), []byte(compactHeader))
}

// trimDocStart drops leading space and YAML's document marker "---".
func trimDocStart(data []byte) []byte {
	data = bytes.TrimLeft(data, " \t\r\n")
	if rest, ok := bytes.CutPrefix(data, []byte("---")); ok {
		data = bytes.TrimLeft(rest, " \t\r\n")
	}
	return data
}

// errCorrupt reports a cassette of this form that does not read.
func errCorrupt(path, what string) error {
	return fmt.Errorf("cassettes: load cassette %s: %w: %s (the file is corrupt or cut short: record it again)", path, ErrBadCassette, what)
}

// loadCompact reads a cassette of this form into go-vcr's interactions,
// each request's body whole. A pointer (same_as) reads the cassette it
// points to, which must have the SHA-256 it names; read gives a file of the
// same folder.
func loadCompact(path string, data []byte, read func(name string) ([]byte, error)) (*cassette.Cassette, error) {
	var f compactFile
	dec := json.NewDecoder(bytes.NewReader(trimDocStart(data)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return nil, errCorrupt(path, err.Error())
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errCorrupt(path, "data after the cassette")
	}
	if f.Version != formatVersion {
		return nil, fmt.Errorf("cassettes: load cassette %s: %w: version %d of this package's form (this version reads %d)", path, ErrBadCassette, f.Version, formatVersion)
	}
	if f.SameAs != "" {
		return loadPointer(path, f, read)
	}
	if len(f.Interactions) == 0 {
		return nil, errCorrupt(path, "no interaction")
	}
	c := &cassette.Cassette{Name: strings.TrimSuffix(path, ".yaml"), File: path, Version: cassette.CassetteFormatVersion}
	prev := ""
	for n, ci := range f.Interactions {
		body := ci.Request.Body
		if p, s := ci.Request.Prefix, ci.Request.Suffix; p != 0 || s != 0 {
			if p < 0 || s < 0 || p+s > len(prev) {
				return nil, errCorrupt(path, fmt.Sprintf("interaction %d: its request shares %d+%d bytes with a request of %d", n, p, s, len(prev)))
			}
			body = prev[:p] + body + prev[len(prev)-s:]
		}
		if ci.Request.Method == "" || ci.Request.URL == "" || ci.Response.Code == 0 {
			return nil, errCorrupt(path, fmt.Sprintf("interaction %d: no method, URL or status", n))
		}
		if _, err := url.Parse(ci.Request.URL); err != nil {
			return nil, fmt.Errorf("cassettes: load cassette %s: %w: interaction %d: %w", path, ErrBadCassette, n, err)
		}
		proto := ci.Response.Proto
		if proto == "" {
			proto = "HTTP/1.1"
		}
		major, minor, _ := http.ParseHTTPVersion(proto)
		c.Interactions = append(c.Interactions, &cassette.Interaction{ID: n,
			Request: cassette.Request{Method: ci.Request.Method, URL: ci.Request.URL, Headers: ci.Request.Headers, Form: ci.Request.Form, Body: body},
			Response: cassette.Response{Status: ci.Response.Status, Code: ci.Response.Code, Proto: proto, ProtoMajor: major, ProtoMinor: minor,
				Headers: ci.Response.Headers, ContentLength: ci.Response.ContentLength, TransferEncoding: ci.Response.TransferEncoding,
				Uncompressed: ci.Response.Uncompressed, Body: ci.Response.Body},
		})
		prev = body
	}
	return c, nil
}

// loadPointer reads the cassette a pointer names.
func loadPointer(path string, f compactFile, read func(string) ([]byte, error)) (*cassette.Cassette, error) {
	if len(f.Interactions) > 0 || strings.ContainsAny(f.SameAs, `/\`) || !strings.HasSuffix(f.SameAs, ".yaml") {
		return nil, errCorrupt(path, "a pointer names a cassette of its own folder and holds nothing else")
	}
	target, err := read(f.SameAs)
	if err != nil {
		return nil, fmt.Errorf("cassettes: load cassette %s: %w: it is the same as %s, which does not read: %w", path, ErrBadCassette, f.SameAs, err)
	}
	if sum := sha256Hex(target); sum != f.SHA256 {
		return nil, fmt.Errorf("cassettes: load cassette %s: %w: it is the same as %s, which has changed since (sha256 %s, not %s): record it again", path, ErrBadCassette, f.SameAs, short(sum), short(f.SHA256))
	}
	if !isCompact(target) {
		return nil, errCorrupt(path, "it points to "+f.SameAs+", which is not of this form")
	}
	var t compactFile
	if json.Unmarshal(trimDocStart(target), &t) == nil && t.SameAs != "" {
		return nil, errCorrupt(path, "it points to "+f.SameAs+", which is itself a pointer")
	}
	return loadCompact(path, target, read)
}

func short(s string) string {
	if len(s) > 12 {
		return s[:12]
	}
	return s
}

func sha256Hex(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// samePointer is the cassette that stands for another of its folder whose
// bytes it would repeat.
func samePointer(target string, data []byte) []byte {
	b, _ := json.Marshal(compactFile{Version: formatVersion, SameAs: target, SHA256: sha256Hex(data)})
	return append(b, '\n')
}

// pointerTarget is the cassette a file points to, or "" when it is not a
// pointer.
func pointerTarget(data []byte) string {
	if !isCompact(data) || len(data) > 1024 {
		return ""
	}
	var f compactFile
	if json.Unmarshal(trimDocStart(data), &f) != nil {
		return ""
	}
	return f.SameAs
}
