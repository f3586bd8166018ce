package mazes

import (
	"testing"

	"github.com/hallumaze/hallumaze/internal/hostile"

	"github.com/stretchr/testify/assert"
)

// The reply parser must cost time linear in the reply whatever the reply
// holds. The replies below are the worst shapes found for it: labels and
// cells that start a match and fail late, list marks and decoration that
// the line cleaner strips one at a time, and lines that each add an entry.
// TestParseReplyLinear bounds what the parser allocates, which no load on
// the machine changes; BenchmarkParseAdversarial shows the speed (MB/s
// about flat from 64 KiB to 1 MiB).

// hostileReply is one hostile reply shape: a unit repeated to the size
// asked, after an optional head.
type hostileReply struct {
	name, head, unit string
}

// build returns the reply of at most size bytes.
func (h hostileReply) build(size int) string { return hostile.Build(h.head, h.unit, "", size) }

var hostileReplies = []hostileReply{
	{name: "confidence labels without a value", head: "STEP 1: (0,0) → E | ", unit: "confidence: x "},
	{name: "korean labels without a value", head: "STEP 1: (0,0) → E | ", unit: "확신도 "},
	{name: "open parentheses on a path line", head: "FINAL_PATH: ", unit: "( "},
	{name: "cells on a path line", head: "FINAL_PATH: ", unit: "(1,2)→"},
	{name: "wrapped path lines", head: "FINAL_PATH:\n", unit: "(1,2) → (3,4)\n"},
	{name: "cells almost", head: "FINAL_PATH: ", unit: "(1,2 "},
	{name: "step lines", unit: "STEP 1: (0,0) → E | confidence: 90%\n"},
	{name: "failing step lines", unit: "STEP 1: (0,0) → \n"},
	{name: "list marks", unit: "1. - > * "},
	{name: "decoration", unit: "**`_a_ "},
	{name: "confidence log entries", head: "CONFIDENCE_LOG: ", unit: "step1:90%, "},
	{name: "blank lines", unit: "\n"},
	{name: "keyword lines", unit: "DEAD_END\nLOOP\n"},
	{name: "long number", head: "STEP 1: (0,0) → E | confidence: ", unit: "9"},
}

// TestParseReplyLinear bounds the bytes the parser allocates on each
// hostile reply of 256 KiB to a small multiple of its size: a parser that
// copied or re-read the rest of the reply at each line, cell or label would
// allocate many times more.
func TestParseReplyLinear(t *testing.T) {
	for _, h := range hostileReplies {
		t.Run(h.name, func(t *testing.T) {
			reply := h.build(256 << 10)
			var tr Transcript
			bytes := hostile.Allocated(func() { tr = ParseReply(reply) })
			assert.False(t, tr.Truncated)
			t.Logf("%d bytes allocated on %d (%.1f×)", bytes, len(reply), float64(bytes)/float64(len(reply)))
			assert.LessOrEqual(t, bytes, uint64(32*len(reply)+64<<10), "bytes allocated on %d bytes", len(reply))
		})
	}
}
