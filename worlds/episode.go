package worlds

import "encoding/json"

// Episode is an episode a model acts in (HalluWorld's InNav, extended to
// the terminal): a walk through a grid level, a task in the simulated
// shell. The world opens it, answers each reply, and once it has ended
// asks its questions in the same conversation. The golds of the questions
// follow the episode actually played: what the model saw, and what its own
// actions did.
type Episode interface {
	// Opening is the first user message: the task, the action contract
	// and the first observation.
	Opening() string
	// Turn takes one reply and returns the world's answer. When the
	// episode ends, done is true and text is what closes it: the closing
	// line, after what the last action showed when that action ended it
	// (the last of the budget). It is not sent on its own; the first
	// question's message of ArmInNav begins with it, followed by a blank
	// line, so that the model reads everything the golds count.
	Turn(reply string) (text string, done bool)
	// MaxReplies bounds the replies an episode takes, for a caller's loop
	// guard.
	MaxReplies() int
	// Questions are the probes asked after the episode has ended, as
	// records of the arm (ArmInNav, or ArmStatic for a scripted episode
	// read whole). Each one's context is its user message.
	Questions(arm string) ([]Probe, error)
	// Summary is what the episode did, for the result's detail.
	Summary() EpisodeSummary
}

// Arms of the innav_paired design: the same questions after the model's
// own episode and after a scripted one it reads whole.
const (
	ArmInNav  = "innav"
	ArmStatic = "static"
)

// FirstQuestion is the message of the first question after an episode:
// what ended the episode (closing, in ArmInNav) or the scripted episode
// whole (in ArmStatic), a blank line, then the question's message.
func FirstQuestion(arm, closing, whole, question string) string {
	lead := closing
	if arm == ArmStatic {
		lead = whole
	}
	return lead + "\n\n" + question
}

// EpisodeSummary is what an episode did: how far the model got with its
// task, how its replies kept the action contract, and the trajectory in
// the world's own form.
type EpisodeSummary struct {
	// Goals is how many goals the task sets (the walk's places; a terminal
	// task's 1), Reached how many were met.
	Goals   int `json:"goals"`
	Reached int `json:"reached"`
	// Success: every goal was met (a walk without places has none).
	Success bool `json:"success"`
	// Actions is how many actions the world played.
	Actions int `json:"actions"`
	// End says why the episode ended: done, budget or idle.
	End string `json:"end"`
	// Replies is how many replies the episode took; Strict and Lenient
	// how many each tier read; Unread how many neither read; Refused the
	// done refused before the episode's least actions.
	Replies int `json:"replies"`
	Strict  int `json:"strict"`
	Lenient int `json:"lenient"`
	Unread  int `json:"unread"`
	Refused int `json:"refused"`
	// Trajectory is the world's record of the episode (a walk's cells, a
	// session's commands), for a report to draw.
	Trajectory json.RawMessage `json:"trajectory"`
}
