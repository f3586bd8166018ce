package terminal

import (
	"encoding/json"
	"fmt"
	"html"
	"regexp"
	"slices"
	"strings"

	"github.com/hallumaze/hallumaze/worlds"
)

// Session is a task's episode: the model's commands, one per reply, run
// in the simulated shell, which answers with what bash prints. A command
// line the simulation takes runs; a plain word that names no command
// installed here gets bash's "command not found" (status 127), as a shell
// whose PATH holds only the commands of the task's list would; any other
// line (a listed command in a form the simulation does not take, a pipe,
// a glob, a builtin) is not run, and the world says so in a fixed line.
type Session struct {
	task  *Task
	state *State
	steps []SessionStep
	end   string
	// endsOnStep: the message that ended the session showed a step
	// before the closing line (the last command of the budget, or a line
	// not run that used up the idle replies).
	endsOnStep bool
	idle       int
	tally      worlds.ReplyTally
}

// SessionStep is one command line the session read: what it printed and
// its status, or that it was not run.
type SessionStep struct {
	Line    string            `json:"line"`
	Output  []string          `json:"output,omitempty"`
	Status  int               `json:"status"`
	Refused bool              `json:"refused,omitempty"`
	Form    worlds.ActionForm `json:"form,omitempty"`
}

// The ways a session ends (as the grid's walks do).
const (
	EndDone   = "done"
	EndBudget = "budget"
	EndIdle   = "idle"
)

// TaskRules is the rules paragraph of a task's system prompt.
const TaskRules = `The episode is a Linux shell session of user "user" (not root), who owns every file. A command
shows what it printed, and nothing else; only what the session shows, and what the commands that ran
must have done, is known.`

// MaxIdle is how many replies in a row that run nothing (unread, or not
// run) end the session.
const MaxIdle = 3

// CommandSpec is the terminal's action contract: command=<command line>
// or command=done; the lenient tier reads a command in a code block, after
// "$ ", after "Command:", or as a bare line starting with a command name.
var CommandSpec = worlds.ActionSpec{Key: "command", Commands: Names}

// NewSession starts the task's session.
func NewSession(t *Task) *Session { return &Session{task: t, state: t.Initial.Clone()} }

// Task is the session's task.
func (s *Session) Task() *Task { return s.task }

// Done reports whether the session has ended.
func (s *Session) Done() bool { return s.end != "" }

// ran is how many command lines the shell ran.
func (s *Session) ran() int {
	n := 0
	for _, st := range s.steps {
		if !st.Refused {
			n++
		}
	}
	return n
}

// bashWords are bash's builtins and reserved words: a line starting with
// one is bash's own business, not a program to look up.
var bashWords = strings.Fields(`alias bg bind break builtin caller cd command compgen complete compopt continue
declare dirs disown echo enable eval exec exit export false fc fg getopts hash help history jobs kill let local
logout mapfile popd printf pushd pwd read readarray readonly return set shift shopt source suspend test times
trap true type typeset ulimit umask unalias unset wait if then else elif fi case esac for select while until do
done in function time coproc`)

// plainLine is a line bash runs as a program with plain arguments.
var plainLine = regexp.MustCompile(`^[a-z][a-z0-9_-]*(?:[ \t]+[A-Za-z0-9_.,:=+/-]+)*[ \t]*$`)

// RunLine runs one command line in s, as the session's shell does: ran is
// false for a line it does not run.
func (s *State) RunLine(line string) (r Result, ran bool) {
	c, err := ParseCommand(line)
	if err == nil {
		r, err := s.Exec(c)
		return r, err == nil
	}
	first, _, _ := strings.Cut(strings.TrimSpace(line), " ")
	first, _, _ = strings.Cut(first, "\t")
	if !plainLine.MatchString(line) || slices.Contains(Names, first) || slices.Contains(bashWords, first) {
		return Result{}, false
	}
	s.Status = 127
	return Result{Output: []string{"bash: " + first + ": command not found"}, Status: 127}, true
}

// Turn takes one reply and answers it.
func (s *Session) Turn(reply string) (string, bool) {
	if s.Done() {
		return "", true
	}
	r := worlds.ReadAction(CommandSpec, reply)
	s.tally.Count(r.Form)
	if !r.Read() {
		if s.idle++; s.idle >= MaxIdle {
			s.end = EndIdle
			return s.closing(), true
		}
		return noCommand, false
	}
	if r.Action == worlds.Done {
		s.end = EndDone
		return s.closing(), true
	}
	st := s.run(r.Action, r.Form)
	text := stepText(st)
	if st.Refused {
		if s.idle++; s.idle >= MaxIdle {
			s.end, s.endsOnStep = EndIdle, true
			return s.last(), true
		}
		return text, false
	}
	s.idle = 0
	if s.ran() >= MaxCommands {
		s.end, s.endsOnStep = EndBudget, true
		return s.last(), true
	}
	return text, false
}

// run runs one line and records it.
func (s *Session) run(line string, form worlds.ActionForm) SessionStep {
	r, ran := s.state.RunLine(line)
	st := SessionStep{Line: line, Output: r.Output, Status: r.Status, Refused: !ran, Form: form}
	s.steps = append(s.steps, st)
	return st
}

// Finish ends a scripted session with done.
func (s *Session) Finish() {
	if !s.Done() {
		s.end = EndDone
	}
}

// MaxReplies bounds the replies a session takes.
func (s *Session) MaxReplies() int { return (MaxCommands + 1) * MaxIdle }

// The world's fixed replies and lines.
const (
	noCommand = "No command read. End your reply with one line command=<command line>, or command=done."
	notRun    = "[Not run: this shell runs only the commands and forms the task lists.]"
	statusFmt = "[exit status %d]"
)

// stepText is one step as the session shows it: "$ line", its output, and
// [exit status N] when N is not 0; a line not run shows as the fixed line
// after it.
func stepText(st SessionStep) string {
	if st.Refused {
		return "[You typed: " + st.Line + "]\n" + notRun
	}
	var b strings.Builder
	b.WriteString(Prompt + st.Line)
	for _, l := range st.Output {
		b.WriteString("\n" + l)
	}
	if st.Status != 0 {
		fmt.Fprintf(&b, "\n"+statusFmt, st.Status)
	}
	return b.String()
}

// last is the message that ended the session: the closing line, after
// the last step when that step ended it. The first question's message
// opens with it.
func (s *Session) last() string {
	if s.endsOnStep && len(s.steps) > 0 {
		return stepText(s.steps[len(s.steps)-1]) + "\n" + s.closing()
	}
	return s.closing()
}

// closing is the line that ends the session.
func (s *Session) closing() string {
	switch s.end {
	case EndBudget:
		return fmt.Sprintf("[You have run all %d commands; the session is over.]", MaxCommands)
	case EndIdle:
		return fmt.Sprintf("[No command ran in %d replies in a row; the session is over.]", MaxIdle)
	}
	return "[You ended the session.]"
}

// forms is the list of forms the task states.
const forms = `pwd; cd P; ls [-l] [P]; cat P; head [-n N] P; tail [-n N] P; wc -l P; grep [-q] WORD P;
echo TEXT > P; echo TEXT >> P; sed -i 's/OLD/NEW/' P (or s/OLD/NEW/g); touch P; mkdir P; cp P Q; mv P Q; rm P;
chmod NNN P. P and Q are paths of letters, digits and . _ - /; WORD, OLD and NEW are words of letters, digits
and _ = : , + - (quoted when they hold spaces). No pipes, globs, variables, other options or other programs.`

// taskLines are the task's statement after its first sentence.
func (s *Session) taskLines(acting bool) []string {
	out := []string{"The shell runs these commands, in these forms only (any other line is not run):", forms,
		"After each command you see what it printed, then [exit status N] when its status was not 0."}
	if acting {
		out = append(out, fmt.Sprintf("You may run up to %d commands; done ends the session. After it you will be asked questions about the files and about what your commands did.", MaxCommands))
	} else {
		out = append(out, "After the session you will be asked questions about it: read it as your own session, what you saw and what your commands did.")
	}
	return out
}

// Opening is the first message: the task, the forms, the contract.
func (s *Session) Opening() string {
	head := "You work in a Linux shell as user \"user\" (not root, owner of every file), starting in " + Home +
		", one command per reply. Your task: " + s.task.Goal
	lines := append([]string{"## Task", head}, s.taskLines(true)...)
	return strings.Join(lines, "\n") + "\n\nEnd each reply with one line command=<command line>, or command=done.\n\n## Session\n[No command run yet.]"
}

// Text is the static arm's message before its first question: the task
// as a reader of someone's session has it, and the whole session.
func (s *Session) Text() string {
	head := "The session below was run in a Linux shell as user \"user\" (not root, owner of every file), starting in " + Home +
		", one command at a time. Its task: " + s.task.Goal
	lines := append([]string{"## Task", head}, s.taskLines(false)...)
	return strings.Join(lines, "\n") + "\n\n## Session\n" + s.History()
}

// History is the session as text: each step, one line after another (an
// output line may be empty, so no blank line separates steps), and once
// it has ended, its closing line.
func (s *Session) History() string {
	parts := make([]string, 0, len(s.steps)+1)
	for _, st := range s.steps {
		parts = append(parts, stepText(st))
	}
	if s.Done() {
		parts = append(parts, s.closing())
	}
	if len(parts) == 0 {
		return "[No command run yet.]"
	}
	return strings.Join(parts, "\n")
}

// Steps are the steps so far.
func (s *Session) Steps() []SessionStep { return slices.Clone(s.steps) }

// Final is the file system now.
func (s *Session) Final() *State { return s.state }

// SessionRecord is a session as a results file keeps it: the task, every
// step, how it ended and whether the final file system holds the goal.
type SessionRecord struct {
	Level string        `json:"level"`
	Seed  uint64        `json:"seed"`
	Task  string        `json:"task"`
	Steps []SessionStep `json:"steps"`
	End   string        `json:"end"`
	// EndsOnStep: the message that ended the session showed its last
	// step before the closing line.
	EndsOnStep bool `json:"ends_on_step,omitempty"`
	Success    bool `json:"success"`
	// Files are the final file system's regular files.
	Files []File `json:"files"`
}

// Record is the session as a results file keeps it.
func (s *Session) Record() SessionRecord {
	return SessionRecord{Level: s.task.Level, Seed: s.task.Seed, Task: s.task.Goal, Steps: s.Steps(), End: s.end,
		EndsOnStep: s.endsOnStep, Success: s.task.Success(s.state), Files: s.state.Files()}
}

// Summary is what the session did.
func (s *Session) Summary() worlds.EpisodeSummary {
	traj, err := json.Marshal(s.Record())
	if err != nil {
		panic(err) // strings and numbers always encode
	}
	ok := s.task.Success(s.state)
	refused := 0
	for _, st := range s.steps {
		if st.Refused {
			refused++
		}
	}
	return worlds.EpisodeSummary{Goals: 1, Reached: b2i(ok), Success: ok, Actions: s.ran(), End: s.end,
		Replies: s.tally.Replies, Strict: s.tally.Strict, Lenient: s.tally.Lenient, Unread: s.tally.Unread, Refused: refused, Trajectory: traj}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// ReplaySession plays a recorded session again on its task: every step's
// line from the task's initial state, then the record's end. It is an
// error when a step prints or exits otherwise than recorded.
func ReplaySession(t *Task, rec SessionRecord) (*Session, error) {
	s := NewSession(t)
	for i, st := range rec.Steps {
		if s.Done() {
			return nil, fmt.Errorf("terminal: replay %s seed %d: the session ended before step %d", t.Level, t.Seed, i+1)
		}
		got := s.run(st.Line, st.Form)
		if got.Refused != st.Refused || got.Status != st.Status || !slices.Equal(got.Output, st.Output) {
			return nil, fmt.Errorf("terminal: replay %s seed %d: step %d %q does not print what the record says", t.Level, t.Seed, i+1, st.Line)
		}
		if !got.Refused && s.ran() >= MaxCommands {
			s.end, s.endsOnStep = EndBudget, true
		}
	}
	switch rec.End {
	case EndDone, EndIdle:
		if s.Done() {
			return nil, fmt.Errorf("terminal: replay %s seed %d: the session ended on its budget, the record says %q", t.Level, t.Seed, rec.End)
		}
		s.end, s.endsOnStep = rec.End, rec.EndsOnStep
	case EndBudget:
		if s.end != EndBudget {
			return nil, fmt.Errorf("terminal: replay %s seed %d: the record ends on the budget after %d commands", t.Level, t.Seed, s.ran())
		}
	default:
		return nil, fmt.Errorf("terminal: replay %s seed %d: the record's end %q", t.Level, t.Seed, rec.End)
	}
	return s, nil
}

// ScriptedSession is the task done as the reference plan does it, read
// whole by the static arm.
func ScriptedSession(t *Task) *Session {
	s := NewSession(t)
	var outs [][]string
	for {
		plan := t.Plan(outs)
		if len(plan) <= len(outs) {
			break
		}
		st := s.run(plan[len(outs)], "")
		outs = append(outs, st.Output)
	}
	s.Finish()
	return s
}

// Plan is the reference plan's command lines for the task, given what the
// session printed so far (outs: each step's output, in order); it is
// complete when the last line it returns has been run. The find task's
// plan greps the notes one at a time until one holds the word.
func (t *Task) Plan(outs [][]string) []string {
	switch t.Level {
	case TaskMove:
		return []string{"ls inbox", "mv " + t.File + " archive/", "ls archive", "ls inbox"}
	case TaskEdit:
		return []string{"cat config.ini", "sed -i 's/" + t.Key + "=" + t.Old + "/" + t.Key + "=" + t.New + "/' config.ini", "cat config.ini"}
	}
	// find: ls notes, then grep each listed file until one prints a line.
	plan := []string{"ls notes"}
	if len(outs) == 0 {
		return plan
	}
	for i, name := range outs[0] {
		plan = append(plan, "grep "+t.Word+" notes/"+name)
		if 1+i >= len(outs) || len(outs[1+i]) > 0 {
			if 1+i < len(outs) {
				return append(plan, "mkdir found", "cp notes/"+name+" found/", "ls found")
			}
			return plan
		}
	}
	return plan
}

// SessionHTML is a recorded session for a page: the task, then each step
// as the model saw it (its command in bold, a line not run marked), and
// how it ended, in a <pre>; every text is escaped.
func SessionHTML(rec SessionRecord) string {
	var b strings.Builder
	b.WriteString(`<pre class="session">`)
	b.WriteString(html.EscapeString("Task: "+rec.Task) + "\n\n")
	for _, st := range rec.Steps {
		if st.Refused {
			b.WriteString(`<span class="note">` + html.EscapeString("[You typed: "+st.Line+"] not run") + "</span>\n")
			continue
		}
		b.WriteString(`<span class="cmd">` + html.EscapeString(Prompt+st.Line) + "</span>\n")
		for _, l := range st.Output {
			b.WriteString(html.EscapeString(l) + "\n")
		}
		if st.Status != 0 {
			b.WriteString(`<span class="note">` + fmt.Sprintf(statusFmt, st.Status) + "</span>\n")
		}
	}
	fmt.Fprintf(&b, "\n[ended: %s; task done: %v]</pre>", html.EscapeString(rec.End), rec.Success)
	return b.String()
}
