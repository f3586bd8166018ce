package terminal

import (
	"fmt"
	"slices"
	"strings"
)

// The commands the simulated shell knows.
const (
	Pwd   = "pwd"
	Cd    = "cd"
	Ls    = "ls"
	Cat   = "cat"
	Echo  = "echo"
	Sed   = "sed"
	Grep  = "grep"
	Chmod = "chmod"
	Mkdir = "mkdir"
	Cp    = "cp"
	Mv    = "mv"
	Rm    = "rm"
)

// Command is one parsed command line. Which fields are used depends on the
// command; String writes it back in its one canonical spelling, and
// ParseCommand reads that spelling (and only the forms listed there).
type Command struct {
	Name string
	// Long is ls -l.
	Long bool
	// Append is echo W >> F (else echo W > F).
	Append bool
	// Word is echo's word or grep's pattern.
	Word string
	// From and To are sed's s/From/To/.
	From, To string
	// Mode is chmod's three octal digits.
	Mode string
	// Paths are the path operands as typed: ls and cd take zero or one
	// (cd exactly one), cp and mv two, the others one.
	Paths []string
}

// String is the command line as the transcript shows it.
func (c Command) String() string {
	switch c.Name {
	case Pwd:
		return "pwd"
	case Ls:
		parts := []string{"ls"}
		if c.Long {
			parts = append(parts, "-l")
		}
		return strings.Join(append(parts, c.Paths...), " ")
	case Echo:
		op := ">"
		if c.Append {
			op = ">>"
		}
		return "echo " + c.Word + " " + op + " " + c.path(0)
	case Sed:
		return "sed -i 's/" + c.From + "/" + c.To + "/' " + c.path(0)
	case Grep:
		return "grep -q " + c.Word + " " + c.path(0)
	case Chmod:
		return "chmod " + c.Mode + " " + c.path(0)
	}
	return strings.Join(append([]string{c.Name}, c.Paths...), " ")
}

// valid reports whether c is a command ParseCommand could have returned:
// its fields are those of its command and hold what the parser accepts.
func (c Command) valid() bool {
	n, ok := 1, true
	switch c.Name {
	case Pwd:
		n = 0
	case Cp, Mv:
		n = 2
	case Ls:
		n, ok = len(c.Paths), len(c.Paths) <= 1
	case Cd, Cat, Echo, Sed, Grep, Chmod, Mkdir, Rm:
	default:
		ok = false
	}
	if !ok || len(c.Paths) != n || (c.Long && c.Name != Ls) || (c.Append && c.Name != Echo) {
		return false
	}
	for _, p := range c.Paths {
		if !isPath(p) {
			return false
		}
	}
	if (c.Name == Echo || c.Name == Grep) != (c.Word != "") || (c.Word != "" && !isWord(c.Word)) {
		return false
	}
	if c.Name == Sed {
		if c.From == "" || !isLiteral(c.From) || !isLiteral(c.To) {
			return false
		}
	} else if c.From != "" || c.To != "" {
		return false
	}
	if c.Name == Chmod {
		_, err := ParseMode(c.Mode)
		return err == nil
	}
	return c.Mode == ""
}

// equal reports whether c and d are the same command.
func (c Command) equal(d Command) bool {
	return c.Name == d.Name && c.Long == d.Long && c.Append == d.Append && c.Word == d.Word &&
		c.From == d.From && c.To == d.To && c.Mode == d.Mode && slices.Equal(c.Paths, d.Paths)
}

func (c Command) path(i int) string {
	if i < len(c.Paths) {
		return c.Paths[i]
	}
	return ""
}

// ParseCommand reads one command line in the forms the simulation runs:
//
//	pwd                    cd P                ls [-l] [P]
//	cat P                  echo W > P          echo W >> P
//	sed -i 's/A/B/' P      grep -q W P         chmod NNN P
//	mkdir P                cp P Q              mv P Q          rm P
//
// Words are separated by spaces or tabs. A path P is made of letters,
// digits and . _ - / and does not start with -; a word W of letters,
// digits and _ = : , + - and does not start with -; sed's A (not empty) and
// B are such words with spaces allowed, inside the one single-quoted
// script. Anything else (globs, variables, quotes elsewhere, other options)
// is an error: the simulation would not know what bash does with it.
func ParseCommand(line string) (Command, error) {
	toks, err := tokenize(line)
	if err != nil {
		return Command{}, fmt.Errorf("terminal: command %q: %w", line, err)
	}
	c, err := parseTokens(toks)
	if err != nil {
		return Command{}, fmt.Errorf("terminal: command %q: %w", line, err)
	}
	return c, nil
}

// token is a word of the line; quoted marks a single-quoted word.
type token struct {
	text   string
	quoted bool
}

func tokenize(line string) ([]token, error) {
	var toks []token
	i := 0
	for i < len(line) {
		switch ch := line[i]; {
		case ch == ' ' || ch == '\t':
			i++
		case ch == '\'':
			end := strings.IndexByte(line[i+1:], '\'')
			if end < 0 {
				return nil, fmt.Errorf("unterminated quote")
			}
			toks = append(toks, token{text: line[i+1 : i+1+end], quoted: true})
			i += end + 2
			if i < len(line) && line[i] != ' ' && line[i] != '\t' {
				return nil, fmt.Errorf("a quote must be a whole word")
			}
		default:
			j := i
			for j < len(line) && line[j] != ' ' && line[j] != '\t' {
				if line[j] == '\'' {
					return nil, fmt.Errorf("a quote must be a whole word")
				}
				j++
			}
			toks = append(toks, token{text: line[i:j]})
			i = j
		}
	}
	if len(toks) == 0 {
		return nil, fmt.Errorf("empty command")
	}
	return toks, nil
}

func parseTokens(toks []token) (Command, error) {
	if toks[0].quoted {
		return Command{}, fmt.Errorf("quoted command name")
	}
	name := toks[0].text
	args := toks[1:]
	c := Command{Name: name}
	plain := func(t token) bool { return !t.quoted }
	paths := func(n int) error {
		if len(args) != n {
			return fmt.Errorf("%s takes %d path(s)", name, n)
		}
		for _, a := range args {
			if !plain(a) || !isPath(a.text) {
				return fmt.Errorf("%s: %q is not a path the simulation takes", name, a.text)
			}
			c.Paths = append(c.Paths, a.text)
		}
		return nil
	}
	var err error
	switch name {
	case Pwd:
		err = paths(0)
	case Cd, Cat, Mkdir, Rm:
		err = paths(1)
	case Cp, Mv:
		err = paths(2)
	case Ls:
		if len(args) > 0 && plain(args[0]) && args[0].text == "-l" {
			c.Long = true
			args = args[1:]
		}
		if len(args) > 1 {
			return Command{}, fmt.Errorf("ls takes at most one path")
		}
		err = paths(len(args))
	case Echo:
		if len(args) != 3 || !plain(args[0]) || !isWord(args[0].text) || !plain(args[1]) ||
			(args[1].text != ">" && args[1].text != ">>") {
			return Command{}, fmt.Errorf("echo takes a word, > or >>, and a path")
		}
		c.Word, c.Append = args[0].text, args[1].text == ">>"
		args = args[2:]
		err = paths(1)
	case Sed:
		if len(args) != 3 || !plain(args[0]) || args[0].text != "-i" || !args[1].quoted {
			return Command{}, fmt.Errorf("sed takes -i, a quoted s/A/B/ script and a path")
		}
		if c.From, c.To, err = parseSubst(args[1].text); err != nil {
			return Command{}, err
		}
		args = args[2:]
		err = paths(1)
	case Grep:
		if len(args) != 3 || !plain(args[0]) || args[0].text != "-q" || !plain(args[1]) || !isWord(args[1].text) {
			return Command{}, fmt.Errorf("grep takes -q, a word and a path")
		}
		c.Word = args[1].text
		args = args[2:]
		err = paths(1)
	case Chmod:
		if len(args) != 2 || !plain(args[0]) {
			return Command{}, fmt.Errorf("chmod takes a mode and a path")
		}
		if _, merr := ParseMode(args[0].text); merr != nil {
			return Command{}, fmt.Errorf("chmod: %w", merr)
		}
		c.Mode = args[0].text
		args = args[1:]
		err = paths(1)
	default:
		return Command{}, fmt.Errorf("unknown command %q", name)
	}
	if err != nil {
		return Command{}, err
	}
	return c, nil
}

// parseSubst reads s/A/B/ with A a non-empty literal and B a literal.
func parseSubst(script string) (from, to string, err error) {
	parts := strings.Split(script, "/")
	if len(parts) != 4 || parts[0] != "s" || parts[3] != "" {
		return "", "", fmt.Errorf("sed script %q is not s/A/B/", script)
	}
	if parts[1] == "" || !isLiteral(parts[1]) || (parts[2] != "" && !isLiteral(parts[2])) {
		return "", "", fmt.Errorf("sed script %q: A and B must be plain words", script)
	}
	return parts[1], parts[2], nil
}

// isPath: letters, digits, . _ - /, not starting with -.
func isPath(s string) bool {
	if s == "" || s[0] == '-' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isAlnum(s[i]) && !strings.ContainsRune("._-/", rune(s[i])) {
			return false
		}
	}
	return true
}

// isWord: letters, digits, _ = : , + -, not starting with -.
func isWord(s string) bool {
	if s == "" || s[0] == '-' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isAlnum(s[i]) && !strings.ContainsRune("_=:,+-", rune(s[i])) {
			return false
		}
	}
	return true
}

// isLiteral is a sed operand: word characters and spaces, none of them
// special in a basic regular expression or a replacement.
func isLiteral(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isAlnum(s[i]) && !strings.ContainsRune("_=:,+- ", rune(s[i])) {
			return false
		}
	}
	return true
}

func isAlnum(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}
