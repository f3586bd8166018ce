package terminal

import (
	"fmt"
	"slices"
	"strconv"
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
	Touch = "touch"
	Head  = "head"
	Tail  = "tail"
	Wc    = "wc"
)

// Names are the commands the simulated shell knows, in order.
var Names = []string{Pwd, Cd, Ls, Cat, Echo, Sed, Grep, Chmod, Mkdir, Cp, Mv, Rm, Touch, Head, Tail, Wc}

// Command is one parsed command line. Which fields are used depends on the
// command; String writes it back in its one canonical spelling, and
// ParseCommand reads that spelling (and only the forms listed there).
type Command struct {
	Name string
	// Long is ls -l.
	Long bool
	// Append is echo W >> F (else echo W > F).
	Append bool
	// Word is echo's text or grep's pattern: a word, or text that was
	// quoted (echo's several words are its text joined by one space).
	Word string
	// Quiet is grep -q (grep without it prints the matching lines).
	Quiet bool
	// From and To are sed's s/From/To/; Global is its g flag.
	From, To string
	Global   bool
	// N is how many lines head -n N and tail -n N print (10 without -n).
	N int
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
		return "echo " + quoteText(c.Word) + " " + op + " " + c.path(0)
	case Sed:
		g := ""
		if c.Global {
			g = "g"
		}
		return "sed -i 's/" + c.From + "/" + c.To + "/" + g + "' " + c.path(0)
	case Grep:
		if c.Quiet {
			return "grep -q " + quoteText(c.Word) + " " + c.path(0)
		}
		return "grep " + quoteText(c.Word) + " " + c.path(0)
	case Head, Tail:
		return c.Name + " -n " + strconv.Itoa(c.N) + " " + c.path(0)
	case Wc:
		return "wc -l " + c.path(0)
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
	case Cd, Cat, Echo, Sed, Grep, Chmod, Mkdir, Rm, Touch, Head, Tail, Wc:
	default:
		ok = false
	}
	if !ok || len(c.Paths) != n || (c.Long && c.Name != Ls) || (c.Append && c.Name != Echo) ||
		(c.Quiet && c.Name != Grep) || (c.Global && c.Name != Sed) || ((c.Name == Head || c.Name == Tail) != (c.N > 0)) {
		return false
	}
	for _, p := range c.Paths {
		if !isPath(p) {
			return false
		}
	}
	if (c.Name == Echo || c.Name == Grep) != (c.Word != "") || (c.Word != "" && !isWord(c.Word) && !isText(c.Word)) {
		return false
	}
	if c.Name == Grep && c.Word != "" && !isWord(c.Word) && !isLiteral(c.Word) {
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
		c.Quiet == d.Quiet && c.Global == d.Global && c.N == d.N &&
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
//	cat P                  echo T > P          echo T >> P
//	sed -i 's/A/B/[g]' P   grep [-q] W P       chmod NNN P
//	mkdir P                cp P Q              mv P Q          rm P
//	touch P                head [-n N] P       tail [-n N] P   wc -l P
//
// Words are separated by spaces or tabs. A path P is made of letters,
// digits and . _ - / and does not start with -; a word W of letters,
// digits and _ = : , + - and does not start with -, or the same with
// spaces inside one pair of quotes; sed's A (not empty) and B are such
// words with spaces allowed, inside the one quoted script. echo's text T
// is one or more words, or one quoted text of printable characters other
// than quotes, $, `, \ and !, not starting with -. Single and double
// quotes read alike (the characters that differ between them are not
// allowed). N is 1 to 9999, written after -n or joined to it (-n3).
// Anything else (globs, variables, pipes, other options) is an error: the
// simulation would not know what bash does with it.
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
		case ch == '\'' || ch == '"':
			end := strings.IndexByte(line[i+1:], ch)
			if end < 0 {
				return nil, fmt.Errorf("unterminated quote")
			}
			text := line[i+1 : i+1+end]
			if strings.ContainsAny(text, "$`\\!\"'") {
				return nil, fmt.Errorf("a quoted word with $, `, \\, ! or a quote in it")
			}
			toks = append(toks, token{text: text, quoted: true})
			i += end + 2
			if i < len(line) && line[i] != ' ' && line[i] != '\t' {
				return nil, fmt.Errorf("a quote must be a whole word")
			}
		default:
			j := i
			for j < len(line) && line[j] != ' ' && line[j] != '\t' {
				if line[j] == '\'' || line[j] == '"' {
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
	case Cd, Cat, Mkdir, Rm, Touch:
		err = paths(1)
	case Head, Tail:
		c.N = 10
		if len(args) > 0 && plain(args[0]) && strings.HasPrefix(args[0].text, "-n") {
			num := strings.TrimPrefix(args[0].text, "-n")
			args = args[1:]
			if num == "" && len(args) > 0 && plain(args[0]) {
				num, args = args[0].text, args[1:]
			}
			if c.N, err = lineCount(num); err != nil {
				return Command{}, fmt.Errorf("%s: %w", name, err)
			}
		}
		if len(args) != 1 {
			return Command{}, fmt.Errorf("%s takes [-n N] and 1 path", name)
		}
		err = paths(1)
	case Wc:
		if len(args) != 2 || !plain(args[0]) || args[0].text != "-l" {
			return Command{}, fmt.Errorf("wc takes -l and a path")
		}
		args = args[1:]
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
		op := slices.IndexFunc(args, func(t token) bool { return plain(t) && (t.text == ">" || t.text == ">>") })
		if op < 1 || len(args) != op+2 {
			return Command{}, fmt.Errorf("echo takes a text, > or >>, and a path")
		}
		if c.Word, err = echoText(args[:op]); err != nil {
			return Command{}, err
		}
		c.Append = args[op].text == ">>"
		args = args[op+1:]
		err = paths(1)
	case Sed:
		if len(args) != 3 || !plain(args[0]) || args[0].text != "-i" || !args[1].quoted {
			return Command{}, fmt.Errorf("sed takes -i, a quoted s/A/B/ script and a path")
		}
		if c.From, c.To, c.Global, err = parseSubst(args[1].text); err != nil {
			return Command{}, err
		}
		args = args[2:]
		err = paths(1)
	case Grep:
		if len(args) > 0 && plain(args[0]) && args[0].text == "-q" {
			c.Quiet, args = true, args[1:]
		}
		if len(args) != 2 || !(plain(args[0]) && isWord(args[0].text) || args[0].quoted && isPattern(args[0].text)) {
			return Command{}, fmt.Errorf("grep takes [-q], a word and a path")
		}
		c.Word = args[0].text
		args = args[1:]
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

// parseSubst reads s/A/B/ or s/A/B/g with A a non-empty literal and B a
// literal.
func parseSubst(script string) (from, to string, global bool, err error) {
	parts := strings.Split(script, "/")
	if len(parts) != 4 || parts[0] != "s" || (parts[3] != "" && parts[3] != "g") {
		return "", "", false, fmt.Errorf("sed script %q is not s/A/B/ or s/A/B/g", script)
	}
	if parts[1] == "" || !isLiteral(parts[1]) || (parts[2] != "" && !isLiteral(parts[2])) {
		return "", "", false, fmt.Errorf("sed script %q: A and B must be plain words", script)
	}
	return parts[1], parts[2], parts[3] == "g", nil
}

// echoText is echo's text: one quoted text, or plain words joined by one
// space.
func echoText(toks []token) (string, error) {
	if len(toks) == 1 && toks[0].quoted {
		if !isText(toks[0].text) {
			return "", fmt.Errorf("echo: the quoted text %q has characters the simulation does not take", toks[0].text)
		}
		return toks[0].text, nil
	}
	words := make([]string, len(toks))
	for i, t := range toks {
		if t.quoted || !isWord(t.text) {
			return "", fmt.Errorf("echo takes plain words or one quoted text")
		}
		words[i] = t.text
	}
	return strings.Join(words, " "), nil
}

// lineCount is head's and tail's N: 1 to 9999.
func lineCount(s string) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > 9999 || s[0] == '+' || s[0] == '0' {
		return 0, fmt.Errorf("-n %q is not a count of 1 to 9999", s)
	}
	return n, nil
}

// quoteText is a word as written, or text in single quotes.
func quoteText(s string) string {
	if isWord(s) {
		return s
	}
	return "'" + s + "'"
}

// isText is echo's quoted text: printable ASCII but quotes, $, `, \ and
// !, not empty and not starting with -.
func isText(s string) bool {
	if s == "" || s[0] == '-' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] > 0x7e || strings.IndexByte("'\"$`\\![", s[i]) >= 0 {
			return false
		}
	}
	return true
}

// isPattern is grep's quoted pattern: a literal, not empty, not starting
// with -.
func isPattern(s string) bool { return s != "" && s[0] != '-' && isLiteral(s) }

// isPath: letters, digits, . _ - /, not starting with -.
func isPath(s string) bool { return s != "" && s[0] != '-' && allOf(s, "._-/") }

// isWord: letters, digits, _ = : , + -, not starting with -.
func isWord(s string) bool { return s != "" && s[0] != '-' && allOf(s, "_=:,+-") }

// isLiteral is a sed operand: word characters and spaces, none of them
// special in a basic regular expression or a replacement.
func isLiteral(s string) bool { return allOf(s, "_=:,+- ") }

// allOf reports whether every byte of s is a letter, a digit or one of
// extra.
func allOf(s, extra string) bool {
	for i := 0; i < len(s); i++ {
		if !isAlnum(s[i]) && !strings.ContainsRune(extra, rune(s[i])) {
			return false
		}
	}
	return true
}

func isAlnum(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}
