package worlds

import (
	"regexp"
	"slices"
	"testing"
)

var fuzzMoves = ActionSpec{
	Key:     "action",
	Options: []string{"left", "right", "forward", Done},
	Phrases: map[string]string{"left": "left", "turn left": "left", "right": "right", "forward": "forward", "done": Done},
	Verbs:   []ActionVerb{{Re: regexp.MustCompile(`\bturn\s+(left|right)\b`)}},
}

var fuzzCommands = ActionSpec{Key: "command", Commands: []string{"ls", "cat", "mv"}}

// FuzzReadAction: no reply makes ReadAction panic; a reading is an
// action exactly when some tier read one, an option action is one of the
// options, and a command is one line.
func FuzzReadAction(f *testing.F) {
	for _, s := range []string{"action=left", "I turn right.\naction=sideways", "```\naction=forward\n```", "Action: done",
		"command=ls -l", "```sh\n$ cat a.txt\n```", "$ mv a b", "ls", "", "action=", "command=`echo hi`**"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, reply string) {
		for _, spec := range []ActionSpec{fuzzMoves, fuzzCommands} {
			r := ReadAction(spec, reply)
			switch r.Form {
			case ActionStrict, ActionLenient:
				if r.Action == "" {
					t.Fatalf("%q: %s reading without an action", reply, r.Form)
				}
				if spec.Options != nil && !slices.Contains(spec.Options, r.Action) {
					t.Fatalf("%q: action %q is not an option", reply, r.Action)
				}
				if spec.Options == nil && (slices.Contains([]byte(r.Action), '\n') || slices.Contains([]byte(r.Action), '\r')) {
					t.Fatalf("%q: command %q spans lines", reply, r.Action)
				}
			case ActionNone:
				if r.Action != "" || r.Reason == "" {
					t.Fatalf("%q: no reading, yet action %q reason %q", reply, r.Action, r.Reason)
				}
			default:
				t.Fatalf("%q: form %q", reply, r.Form)
			}
		}
	})
}
