package terminal

import (
	"fmt"
	"path"
	"regexp"
	"strconv"
	"strings"
)

// sessionReader is a task's session as its text reads: the steps the
// shell ran (each "$ line", its output and its [exit status N]), the lines
// it did not run, and the careful reader's view of the files at the end
// (view.go), told that the session starts in the home directory.
type sessionReader struct {
	steps []readStep
	final *view
}

// readStep is one step read back from the text.
type readStep struct {
	line    string
	output  []string
	status  int
	refused bool
}

var (
	statusLine = regexp.MustCompile(`^\[exit status ([0-9]+)\]$`)
	typedLine  = regexp.MustCompile(`^\[You typed: (.*)\]$`)
)

// readSession reads a session's text: the lines after "## Session" of a
// static arm's message, or the world's messages of an interactive one
// joined by newlines. A line starting with "$ " opens a step that ran;
// "[You typed: …]" one that did not; [exit status N] sets the status of
// the step above; the world's other bracketed lines and fixed reply say
// nothing of the files; every other line is output of the step above.
func readSession(text string) (*sessionReader, error) {
	r := &sessionReader{}
	for i, line := range strings.Split(text, "\n") {
		if cmd, ok := strings.CutPrefix(line, Prompt); ok {
			r.steps = append(r.steps, readStep{line: cmd})
			continue
		}
		if m := typedLine.FindStringSubmatch(line); m != nil {
			r.steps = append(r.steps, readStep{line: m[1], refused: true})
			continue
		}
		if m := statusLine.FindStringSubmatch(line); m != nil && len(r.steps) > 0 {
			r.steps[len(r.steps)-1].status, _ = strconv.Atoi(m[1])
			continue
		}
		if strings.HasPrefix(line, "[") || line == noCommand {
			continue
		}
		if len(r.steps) == 0 || r.steps[len(r.steps)-1].refused {
			return nil, fmt.Errorf("terminal: session line %d: output before a command: %q", i+1, line)
		}
		st := &r.steps[len(r.steps)-1]
		st.output = append(st.output, line)
	}
	var t Transcript
	for _, st := range r.steps {
		if !st.refused {
			t = append(t, Step{Command: st.line, Output: st.output})
		}
	}
	views := replayFrom(t, true, Home)
	r.final = views[len(views)-1]
	return r, nil
}

// The questions of a task's session, as the reader understands them.
var (
	qHas      = regexp.MustCompile(`^Does (\S+) contain a file named (\S+) now\?$`)
	qHolds    = regexp.MustCompile(`^Does (\S+) hold the line (\S+) now\?$`)
	qHasLines = regexp.MustCompile(`^How many lines does (\S+) have now\?$`)
)

// answer is what the session's text settles for a question, "" when it
// settles nothing.
func (r *sessionReader) answer(q string) string {
	v := r.final
	switch {
	case q == "How many commands did the shell run for you during the session?":
		n := 0
		for _, st := range r.steps {
			n += b2i(!st.refused)
		}
		return strconv.Itoa(n)
	case q == "How many of the commands the shell ran for you exited with a status other than 0?":
		n := 0
		for _, st := range r.steps {
			n += b2i(!st.refused && st.status != 0)
		}
		return strconv.Itoa(n)
	case q == "Did a command you ran remove a file?":
		for _, st := range r.steps {
			if c, err := ParseCommand(st.line); err == nil && !st.refused && c.Name == Rm && st.status == 0 {
				return "yes"
			}
		}
		return "no"
	}
	if g := qHas.FindStringSubmatch(q); g != nil {
		return v.exists(concat(g[1], g[2]))
	}
	if g := qHolds.FindStringSubmatch(q); g != nil {
		if e, ok := v.entries[g[1]]; ok && e.content {
			for _, l := range e.lines {
				if l == g[2] {
					return "yes"
				}
			}
			return "no"
		}
		if _, ok := v.entries[g[1]]; !ok && v.listed[path.Dir(g[1])] {
			return "no"
		}
		return ""
	}
	if g := qHasLines.FindStringSubmatch(q); g != nil {
		if e, ok := v.entries[g[1]]; ok {
			if n, ok := e.lineCount(); ok {
				return strconv.Itoa(n)
			}
		}
	}
	return ""
}
