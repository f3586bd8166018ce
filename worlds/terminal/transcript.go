package terminal

import (
	"fmt"
	"strings"
)

// Step is one command of a transcript and the lines it printed.
type Step struct {
	Command string
	Output  []string
}

// Transcript is a shell session as the transcript view shows it.
type Transcript []Step

// Prompt opens every command line of a transcript.
const Prompt = "$ "

// String is the view: each command as "$ <command>", then its output lines,
// lines joined by newlines with no newline at the end. The prompt never
// shows the working directory.
func (t Transcript) String() string {
	var b strings.Builder
	for i, st := range t {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(Prompt)
		b.WriteString(st.Command)
		for _, l := range st.Output {
			b.WriteByte('\n')
			b.WriteString(l)
		}
	}
	return b.String()
}

// ParseTranscript reads a transcript back from its text: a line that starts
// with "$ " is a command, every other line is output of the command above
// it. Text before the first command is an error, as is an empty command.
// It is the inverse of String for every transcript whose output lines do
// not start with "$ ".
func ParseTranscript(text string) (Transcript, error) {
	var t Transcript
	for i, line := range strings.Split(text, "\n") {
		if cmd, ok := strings.CutPrefix(line, Prompt); ok {
			if strings.TrimSpace(cmd) == "" {
				return nil, fmt.Errorf("terminal: transcript line %d: empty command", i+1)
			}
			t = append(t, Step{Command: cmd})
			continue
		}
		if len(t) == 0 {
			return nil, fmt.Errorf("terminal: transcript line %d: output before the first command", i+1)
		}
		t[len(t)-1].Output = append(t[len(t)-1].Output, line)
	}
	return t, nil
}
