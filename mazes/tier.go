package mazes

// Tier names a way of reading a reply. The strict tier reads the output
// contract (STEP lines, FINAL_PATH) and nothing else; the lenient tier
// (package lenient) also reads a move or a path stated the way models
// state them when they ignore the contract. The strict tier's scores are
// the benchmark's; the lenient tier's are shown beside them, never
// instead.
type Tier string

// The two tiers.
const (
	Strict  Tier = "strict"
	Lenient Tier = "lenient"
)

// ParseTier reads "strict" or "lenient".
func ParseTier(s string) (Tier, error) { return parseName("tier", s, Strict, Lenient) }

// Format measures how well replies kept the output contract: how many the
// strict tier reads, how many only the lenient tier reads, how many
// neither. The strict tier's share is the format-compliance rate.
type Format struct {
	// Replies counts the replies read (every reply of an interactive
	// episode, re-asked ones included).
	Replies int `json:"replies"`
	// Compliant counts the replies the strict tier reads: a STEP line or a
	// FINAL_PATH anywhere in the reply.
	Compliant int `json:"compliant"`
	// Compliance is Compliant/Replies, 0 without replies.
	Compliance float64 `json:"compliance"`
	// LenientOnly counts the replies whose move or path only the lenient
	// tier reads.
	LenientOnly int `json:"lenient_only"`
	// Reasks counts the format errors of an interactive episode: replies
	// with no readable move, answered by asking once more for one move.
	Reasks int `json:"reasks"`
	// ParseFailures counts what neither tier could read: a one-shot reply,
	// or an interactive turn whose re-ask also failed.
	ParseFailures int `json:"parse_failures"`
}

// Count adds one reply: compliant when the strict tier reads it,
// lenientOnly when only the lenient tier reads a move or a path in it.
func (f *Format) Count(compliant, lenientOnly bool) {
	f.Replies++
	if compliant {
		f.Compliant++
	}
	if lenientOnly {
		f.LenientOnly++
	}
	f.Compliance = float64(f.Compliant) / float64(f.Replies)
}
