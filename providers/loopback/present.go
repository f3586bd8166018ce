package loopback

import (
	"crypto/sha256"
	"encoding/hex"

	"github.com/hallumaze/hallumaze/internal/textfmt"
	"github.com/hallumaze/hallumaze/providers"
)

// reasoningMode is what becomes of a model's reasoning in an answer, as
// each provider does it.
type reasoningMode int

const (
	// shown: sent back and counted (OpenAI-style servers send it as
	// reasoning_content, DeepSeek's way; Anthropic with thinking on;
	// Gemini with includeThoughts).
	shown reasoningMode = iota
	// counted: billed as thoughts but not sent (Gemini without
	// includeThoughts).
	counted
	// dropped: the model was not asked to think, and the protocol has no
	// thinking it did not ask for (Anthropic without thinking).
	dropped
)

// NoReasoning is the thinking a model asked to think gives back when it
// wrote none of its own: the protocols always return some.
const NoReasoning = "(the model gave no reasoning of its own)"

// present makes a model's reply the answer a provider would give to the
// call: the reasoning shown, counted or dropped as the protocol does,
// something shown where thinking was asked for and the model gave none,
// and the whole cut to the call's token limit.
func present(c call, reply providers.Reply) providers.Reply {
	switch {
	case c.reasoning == dropped:
		reply.Reasoning = ""
	case reply.Reasoning == "" && c.req.Reasoning():
		reply.Reasoning = NoReasoning
	}
	return truncate(reply, c.req.MaxTokens)
}

// truncate cuts a reply to at most limit tokens ([ApproxTokens] of the
// reasoning plus the answer; 0 is no limit), the reasoning first, as a
// model writes it, and says so with the max_tokens stop reason.
func truncate(reply providers.Reply, limit int) providers.Reply {
	r := ApproxTokens(reply.Reasoning)
	if limit <= 0 || r+ApproxTokens(reply.Text) <= limit {
		return reply
	}
	if r >= limit {
		reply.Reasoning = textfmt.Cut(reply.Reasoning, 4*limit)
		reply.Text = ""
	} else {
		reply.Text = textfmt.Cut(reply.Text, 4*(limit-r))
	}
	reply.StopReason = providers.StopMaxTokens
	return reply
}

// signature is the signature of a thinking block: a hash of its text, so
// that the same thinking is signed the same way.
func signature(thinking string) string {
	sum := sha256.Sum256([]byte("thinking\x00" + thinking))
	return "sig_" + hex.EncodeToString(sum[:16])
}
