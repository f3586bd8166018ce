// Package cassettes records and replays the HTTP traffic of model providers,
// so that a benchmark run against a real API can be repeated offline, in CI,
// byte for byte.
//
// A cassette is one file holding the interactions of one case, in the
// package's own form (JSON, each request kept as what is new since the one
// before, an identical cassette kept as a pointer; see compact.go), or in
// go-vcr v4's YAML (gopkg.in/dnaeon/go-vcr.v4), which still replays, at
//
//	cassettes/<suite>/<provider>/<model>/<case>.yaml
//
// as built by [Path]. [Open] returns a [Recorder] whose [Recorder.Client] is
// given to a provider client; provider clients take an injected
// *http.Client and do not know whether they are talking to the network or
// to a cassette.
//
// # Modes
//
// Replay is the default: the cassette is loaded once, each request is
// answered from it, and the network is never used. A request with no
// recorded answer fails with an error wrapping [ErrNoInteraction] that
// names the request, the cassette and the command that records it
// ([Options.RecordHint]). With [Options.Record] set, requests go to the
// real server and [Recorder.Close] saves them, replacing the cassette.
// [MatchRecord] decides Record from a -record=<regexp> flag.
//
// # Matching
//
// A live request matches a recorded one when the method, the URL (without
// key, api_key and api-key parameters, query sorted by name), the
// Anthropic-Version and Anthropic-Beta headers, and the body agree. JSON
// bodies are compared by meaning (key order and spacing do not matter);
// other bodies byte for byte. Every recorded interaction answers once, in
// recorded order, so repeated samples of one prompt replay the answers they
// got, in turn.
//
// # Saving
//
// Before a cassette is written, attempts that failed with 429 or 5xx are
// dropped (a retrying caller's cassette holds only the answer that counted),
// credential headers and key parameters are removed, and only the
// Content-Type, Content-Encoding and Retry-After response headers are kept.
// The result is then scanned ([ScanForSecrets], plus the literal keys in
// [Options.Secrets]); if anything looks like a key, nothing is written and
// Close returns an error wrapping [ErrSecret]. [ScanTree] runs the same scan
// over a directory of committed cassettes.
package cassettes
