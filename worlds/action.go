package worlds

import (
	"regexp"
	"strings"
)

// An episode (grid navigation, a terminal task) asks the model for one
// action per turn. The action contract is the answer contract's: the reply
// ends with one line key=value, where the key is the world's (action,
// command) and the value an action. [ReadAction] reads a reply in two
// tiers, as the maze's interactive protocol does: the strict form (that
// line) and, beside it, a lenient reading of an action stated otherwise.
// A reply neither tier reads gets the world's fixed reply and is counted;
// the world never guesses an action.

// ActionForm says how a reply stated its action.
type ActionForm string

// The forms of an action reading.
const (
	// ActionStrict: the reply holds the contract's line key=action.
	ActionStrict ActionForm = "strict"
	// ActionLenient: no such line, but the lenient tier read an action
	// stated otherwise ("I turn left.", a command in a code block).
	ActionLenient ActionForm = "lenient"
	// ActionNone: neither tier read an action. The world steps not, and
	// answers with its fixed reply.
	ActionNone ActionForm = "none"
)

// Done is the action that ends an episode, in every world.
const Done = "done"

// ActionSpec is a world's action contract: the key of the line that names
// the action, the actions allowed, and the phrases the lenient tier reads
// as each. Options nil means the action is free text: a command line.
type ActionSpec struct {
	Key string
	// Options are the canonical actions, Done among them.
	Options []string
	// Phrases map a lower-case phrase to the option it states ("turn
	// left" → left); each option's own name is one of them.
	Phrases map[string]string
	// Verbs are the lenient tier's patterns for an action stated inside a
	// sentence.
	Verbs []ActionVerb
	// Commands, for a free-text action, are the command names a reply of
	// a single bare line may start with to be read as a command.
	Commands []string
}

// ActionVerb is a pattern of the lenient tier for an action stated inside
// a sentence ("I will turn left now"), matched against the lower-cased
// line: it states Option, or with Option empty the option its first
// submatch is the phrase of.
type ActionVerb struct {
	Re     *regexp.Regexp
	Option string
}

// ActionReading is what the action contract read from one reply.
type ActionReading struct {
	Form ActionForm `json:"form"`
	// Action is the canonical option, or the command line; empty when the
	// form is none.
	Action string `json:"action,omitempty"`
	// Reason says why the strict tier did not read the reply, or why
	// neither did; empty when the strict tier read it.
	Reason string `json:"reason,omitempty"`
}

// Read reports that an action was read, by either tier.
func (r ActionReading) Read() bool { return r.Form != ActionNone }

// ReplyTally counts an episode's replies by the tier that read them.
type ReplyTally struct {
	// Replies is how many replies the episode took; Strict and Lenient how
	// many each tier read; Unread how many neither read.
	Replies, Strict, Lenient, Unread int
}

// Count counts one reply, read in form f.
func (t *ReplyTally) Count(f ActionForm) {
	t.Replies++
	switch f {
	case ActionStrict:
		t.Strict++
	case ActionLenient:
		t.Lenient++
	default:
		t.Unread++
	}
}

// ReadAction reads one reply of an episode under the action contract.
//
// Strict: the reply is trimmed and taken out of one code fence; the last
// line that starts with the key (any ASCII case; * and ` before it are
// decoration), optional spaces and = holds the action. An option action is
// normalised as an answer's value is ([Normalize]) and must be one of the
// options; a command is the rest of the line, trimmed, without a pair of
// backticks around it. A line with the key whose value does not read
// leaves the strict tier without an action.
//
// Lenient, only where the strict tier read nothing: for options, the last
// line of the reply that states an action ("action: left", "Turn right.",
// "I will move forward", a line that is just an option's phrase) gives it,
// if that line states exactly one; for commands, the last fenced code
// block holding exactly one command line, else the last line starting
// with "$ ", else a "command:" line, else a reply of one bare line whose
// first word is a command name.
func ReadAction(spec ActionSpec, reply string) ActionReading {
	if len(reply) > MaxReplyBytes {
		return ActionReading{Form: ActionNone, Reason: "reply exceeds the size limit"}
	}
	text := unfence(strings.TrimSpace(reply))
	action, reason := spec.strict(text)
	if reason == "" {
		return ActionReading{Form: ActionStrict, Action: action}
	}
	var lenient string
	if spec.Options != nil {
		lenient = spec.lenientOption(strings.TrimSpace(reply))
	} else {
		lenient = spec.lenientCommand(strings.TrimSpace(reply))
	}
	if lenient == "" {
		return ActionReading{Form: ActionNone, Reason: reason}
	}
	return ActionReading{Form: ActionLenient, Action: lenient, Reason: reason}
}

// strict reads the contract's line; reason is empty when it read one.
func (spec ActionSpec) strict(text string) (action, reason string) {
	lines := strings.Split(text, "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		line := strings.TrimLeft(strings.TrimSpace(lines[i]), "*`")
		value, ok := afterKey(line, spec.Key)
		if !ok {
			continue
		}
		if spec.Options == nil {
			cmd := commandValue(value)
			if cmd == "" {
				return "", "the " + spec.Key + "= line is empty"
			}
			return cmd, ""
		}
		v := Normalize(value)
		for _, o := range spec.Options {
			if v == o {
				return o, ""
			}
		}
		return "", clip(spec.Key+"="+v, 80) + " is not one of " + strings.Join(spec.Options, ", ")
	}
	return "", "no " + spec.Key + "= line"
}

// afterKey returns what follows key, optional spaces and = at the start of
// line, the key matched without regard to ASCII case.
func afterKey(line, key string) (string, bool) {
	if len(line) < len(key) || !suffixFold(line[:len(key)], key) {
		return "", false
	}
	rest := strings.TrimLeft(line[len(key):], " \t")
	if !strings.HasPrefix(rest, "=") {
		return "", false
	}
	return rest[1:], true
}

// commandValue is a command line as written after command= or in a code
// line: trimmed, trailing ** dropped, a pair of backticks around it
// dropped.
func commandValue(s string) string {
	s = strings.TrimSpace(strings.TrimRight(strings.TrimSpace(s), "*"))
	for len(s) >= 2 && s[0] == '`' && s[len(s)-1] == '`' {
		s = strings.TrimSpace(s[1 : len(s)-1])
	}
	if strings.ContainsAny(s, "\r\n") {
		return ""
	}
	return s
}

// actionLabel is a line that labels its action: "Action: left", "Next
// move - forward", "My choice is: turn right".
var actionLabel = regexp.MustCompile(`^(?:next |my |final )?(?:action|move|choice|decision|answer|command)(?: is)?\s*[:=\-–]\s*(.+)$`)

// commandLabel is a line that labels its command: "Command: ls -l".
var commandLabel = regexp.MustCompile(`(?i)^(?:next |my )?command(?: is)?\s*[:\-–]\s*(.+)$`)

// lenientOption reads an option stated otherwise: the last line that
// states any gives it, if it states exactly one.
func (spec ActionSpec) lenientOption(text string) string {
	lines := strings.Split(text, "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		found := spec.statedIn(lines[i])
		switch len(found) {
		case 0:
			continue
		case 1:
			return found[0]
		}
		return ""
	}
	return ""
}

// statedIn lists the distinct options a line states.
func (spec ActionSpec) statedIn(line string) []string {
	l := strings.ToLower(strings.Trim(strings.TrimSpace(line), decoration+" .!;:-#"))
	if l == "" {
		return nil
	}
	if o, ok := spec.Phrases[l]; ok {
		return []string{o}
	}
	if m := actionLabel.FindStringSubmatch(l); m != nil {
		if o, ok := spec.Phrases[strings.Trim(m[1], decoration+" .!;")]; ok {
			return []string{o}
		}
	}
	var out []string
	for _, v := range spec.Verbs {
		for _, m := range v.Re.FindAllStringSubmatch(l, -1) {
			o, ok := v.Option, v.Option != ""
			if !ok && len(m) > 1 {
				o, ok = spec.Phrases[m[1]]
			}
			if ok && !containsString(out, o) {
				out = append(out, o)
			}
		}
	}
	return out
}

func containsString(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// lenientCommand reads a command stated otherwise.
func (spec ActionSpec) lenientCommand(text string) string {
	if cmd, ok := lastCodeBlock(text); ok {
		return cmd
	}
	lines := strings.Split(text, "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		l := strings.TrimSpace(lines[i])
		if rest, ok := strings.CutPrefix(l, "$ "); ok {
			return commandValue(rest)
		}
	}
	for i := len(lines) - 1; i >= 0; i-- {
		if m := commandLabel.FindStringSubmatch(strings.TrimSpace(lines[i])); m != nil {
			return commandValue(m[1])
		}
	}
	if !strings.Contains(text, "\n") {
		cmd := commandValue(text)
		first, _, _ := strings.Cut(cmd, " ")
		if cmd == Done || containsString(spec.Commands, first) {
			return cmd
		}
	}
	return ""
}

// lastCodeBlock returns the one command line of the last fenced code
// block of text: its non-empty lines, a "$ " prompt dropped, must be
// exactly one.
func lastCodeBlock(text string) (string, bool) {
	end := strings.LastIndex(text, "```")
	if end < 0 {
		return "", false
	}
	start := strings.LastIndex(text[:end], "```")
	if start < 0 {
		return "", false
	}
	inner := text[start+3 : end]
	if nl := strings.IndexByte(inner, '\n'); nl >= 0 && isInfoString(strings.TrimSpace(inner[:nl])) {
		inner = inner[nl+1:]
	}
	var cmds []string
	for _, l := range strings.Split(inner, "\n") {
		l = strings.TrimSpace(l)
		l = strings.TrimSpace(strings.TrimPrefix(l, "$ "))
		if l != "" {
			cmds = append(cmds, l)
		}
	}
	if len(cmds) != 1 {
		return "", false
	}
	cmd := commandValue(cmds[0])
	return cmd, cmd != ""
}
