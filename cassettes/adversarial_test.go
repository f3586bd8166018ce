package cassettes

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hallumaze/hallumaze/internal/hostile"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Opening a cassette for replay reads the file, decodes the YAML, checks
// every interaction and indexes it by request. A cassette is a file in the
// repository, and anyone can commit one: opening it must cost time linear
// in its size whatever it holds. The files below are the worst shapes found
// for it: many small interactions, one huge JSON body (canonicalised for
// matching), bodies of escapes, and anchors whose aliases repeat one large
// request many times (YAML's own guard only limits the share of aliases
// among the nodes, not how many bytes each one repeats). The test bounds
// what Open allocates, which no load on the machine changes;
// BenchmarkParseAdversarial shows the speed (MB/s about flat from 64 KiB to
// 1 MiB).

// hostileCassette is one hostile cassette shape: head, a unit repeated to
// the size asked, and tail.
type hostileCassette struct {
	name             string
	head, unit, tail string
	// fails says Open refuses the file; otherwise it must open.
	fails bool
}

// build returns the cassette of about size bytes.
func (h hostileCassette) build(size int) []byte {
	return []byte(hostile.Build(h.head, h.unit, h.tail, size))
}

const (
	cassetteHead = "version: 2\ninteractions:\n"
	// smallInteraction is one interaction as go-vcr writes it, in short.
	smallInteraction = "    - request:\n        url: https://api.openai.com/v1/chat/completions\n        method: POST\n" +
		"        body: '{\"model\":\"m\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}'\n" +
		"      response:\n        body: '{\"choices\":[{\"message\":{\"content\":\"E\"}}]}'\n        code: 200\n"
)

var hostileCassettes = []hostileCassette{
	{name: "many interactions", head: cassetteHead, unit: smallInteraction},
	{
		name: "one huge JSON body",
		head: cassetteHead + "    - request:\n        url: https://x/\n        method: POST\n        body: '{\"a\":[",
		unit: `{"k":"v","n":1},`, tail: "0]}'\n      response:\n        code: 200\n",
	},
	{
		name: "deep JSON body",
		head: cassetteHead + "    - request:\n        url: https://x/\n        method: POST\n        body: '",
		unit: "[", tail: "'\n      response:\n        code: 200\n",
	},
	{
		name: "escaped body",
		head: cassetteHead + "    - request:\n        url: https://x/\n        method: POST\n        body: \"",
		unit: `\u00e9\"\n`, tail: "\"\n      response:\n        code: 200\n",
	},
	{
		// Markdown in the bodies puts '*' in the file: the alias check
		// reads it as YAML too.
		name: "markdown bodies", head: cassetteHead,
		unit: strings.ReplaceAll(smallInteraction, `"E"`, `"**STEP 1:** (0,0) → *E*"`),
	},
	{
		name: "many headers",
		head: cassetteHead + "    - request:\n        url: https://x/\n        method: GET\n        headers:\n            Anthropic-Version:\n",
		unit: "                - \"2023-06-01\"\n", tail: "      response:\n        code: 200\n",
	},
	{
		// One request of 4 KiB behind an anchor, repeated by alias: each
		// alias costs a few bytes of the file and a full request of work.
		name: "aliases of a large request",
		head: cassetteHead + "    - &big\n      request:\n        url: https://x/\n        method: POST\n        body: '{\"a\":\"" +
			strings.Repeat("x", 4<<10) + "\"}'\n      response:\n        code: 200\n",
		unit: "    - *big\n", fails: true,
	},
	{
		name: "aliases of a body",
		head: cassetteHead + "    - request:\n        url: https://x/\n        method: POST\n        body: &b '{\"a\":\"" +
			strings.Repeat("x", 4<<10) + "\"}'\n      response:\n        code: 200\n",
		unit: "    - request: {url: 'https://x/', method: POST, body: *b}\n      response: {code: 200}\n", fails: true,
	},
}

// writeCassette writes data as a cassette file and returns its path.
func writeCassette(tb testing.TB, data []byte) string {
	tb.Helper()
	path := filepath.Join(tb.TempDir(), "case.yaml")
	require.NoError(tb, os.WriteFile(path, data, 0o644))
	return path
}

// TestOpenLinear bounds the bytes Open allocates on each hostile cassette
// of 256 KiB to a small multiple of its size (64·n), and checks that each
// opens or is refused as it should. Before aliases were refused, 256 KiB
// of aliases of a 4 KiB request cost 300 MB and two seconds.
func TestOpenLinear(t *testing.T) {
	const size = 256 << 10
	for _, h := range hostileCassettes {
		t.Run(h.name, func(t *testing.T) {
			path := writeCassette(t, h.build(size))
			var err error
			bytes := hostile.Allocated(func() {
				var r *Recorder
				if r, err = Open(path, Options{}); err == nil {
					r.Close()
				}
			})
			if h.fails {
				assert.Error(t, err)
			} else {
				assert.NoError(t, err)
			}
			t.Logf("%d bytes allocated on %d (%.1f×)", bytes, size, float64(bytes)/size)
			assert.LessOrEqual(t, bytes, uint64(64*size), "bytes allocated on %d bytes", size)
		})
	}
}
