package loopback

import (
	"encoding/json"
	"errors"
	"net/http"
	"unicode/utf8"
)

// streamChunks is how many pieces a streamed text is cut into at most.
const streamChunks = 4

// split cuts text into at most n pieces of about the same length, each
// ending on a rune boundary and none empty; their concatenation is text.
// An empty text has no pieces.
func split(text string, n int) []string {
	if text == "" {
		return nil
	}
	n = max(1, min(n, utf8.RuneCountInString(text)))
	size := (len(text) + n - 1) / n
	pieces := make([]string, 0, n)
	for text != "" {
		cut := min(size, len(text))
		for cut < len(text) && !utf8.RuneStart(text[cut]) {
			cut++
		}
		pieces = append(pieces, text[:cut])
		text = text[cut:]
	}
	return pieces
}

// events writes a stream's events, flushing each so that the client sees
// it at once. Once a write fails (the client went away) the rest are
// dropped: the status line is sent and nothing can be reported any more.
type events struct {
	w   http.ResponseWriter
	rc  *http.ResponseController
	err error
}

// newEvents starts a 200 answer of the content type.
func newEvents(w http.ResponseWriter, contentType string) *events {
	h := w.Header()
	h.Set("Content-Type", contentType)
	h.Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusOK)
	return &events{w: w, rc: http.NewResponseController(w)}
}

// newSSE starts a stream of server-sent events.
func newSSE(w http.ResponseWriter) *events { return newEvents(w, "text/event-stream") }

// send writes one server-sent event: an "event:" line when name is set,
// then v as JSON on one "data:" line.
func (e *events) send(name string, v any) {
	data, err := json.Marshal(v)
	if err != nil {
		e.fail(err)
		return
	}
	var b []byte
	if name != "" {
		b = append(append(append(b, "event: "...), name...), '\n')
	}
	b = append(append(append(b, "data: "...), data...), "\n\n"...)
	e.write(b)
}

// write writes raw bytes and flushes them.
func (e *events) write(b []byte) {
	if e.err != nil {
		return
	}
	if _, err := e.w.Write(b); err != nil {
		e.fail(err)
		return
	}
	// A writer that cannot flush still gets every byte, at the end.
	if err := e.rc.Flush(); err != nil && !errors.Is(err, http.ErrNotSupported) {
		e.fail(err)
	}
}

func (e *events) fail(err error) {
	if e.err == nil {
		e.err = err
	}
}
