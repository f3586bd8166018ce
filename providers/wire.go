package providers

// The normalised stop reasons of [Reply.StopReason]. A provider's other
// reasons ("content_filter", "refusal", "SAFETY", …) are kept as it sent them.
const (
	// StopEnd is a reply that ended where the model chose to end it.
	StopEnd = "end"
	// StopMaxTokens is a reply cut off by the token budget.
	StopMaxTokens = "max_tokens"
)
