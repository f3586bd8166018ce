package terminal

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/worlds"
)

func TestParseCommand(t *testing.T) {
	good := map[string]Command{
		"pwd":                   {Name: Pwd},
		"cd ..":                 {Name: Cd, Paths: []string{".."}},
		"ls":                    {Name: Ls},
		"ls -l":                 {Name: Ls, Long: true},
		"ls -l data":            {Name: Ls, Long: true, Paths: []string{"data"}},
		"ls /home/user":         {Name: Ls, Paths: []string{"/home/user"}},
		"cat ../secret.txt":     {Name: Cat, Paths: []string{"../secret.txt"}},
		"echo fig >> alpha.txt": {Name: Echo, Word: "fig", Append: true, Paths: []string{"alpha.txt"}},
		"echo PORT=1 > a":       {Name: Echo, Word: "PORT=1", Paths: []string{"a"}},
		"sed -i 's/PORT=8080/PORT=9090/' config.ini": {Name: Sed, From: "PORT=8080", To: "PORT=9090", Paths: []string{"config.ini"}},
		"sed -i 's/a b//' f":                         {Name: Sed, From: "a b", To: "", Paths: []string{"f"}},
		"grep -q apple alpha.txt":                    {Name: Grep, Quiet: true, Word: "apple", Paths: []string{"alpha.txt"}},
		"grep apple alpha.txt":                       {Name: Grep, Word: "apple", Paths: []string{"alpha.txt"}},
		"grep -q 'a b' f":                            {Name: Grep, Quiet: true, Word: "a b", Paths: []string{"f"}},
		"sed -i 's/a/b/g' f":                         {Name: Sed, From: "a", To: "b", Global: true, Paths: []string{"f"}},
		"echo 'x y.z' > f":                           {Name: Echo, Word: "x y.z", Paths: []string{"f"}},
		"touch d/new.txt":                            {Name: Touch, Paths: []string{"d/new.txt"}},
		"head -n 3 f":                                {Name: Head, N: 3, Paths: []string{"f"}},
		"tail -n 10 f":                               {Name: Tail, N: 10, Paths: []string{"f"}},
		"wc -l f":                                    {Name: Wc, Paths: []string{"f"}},
		"chmod 600 f":                                {Name: Chmod, Mode: "600", Paths: []string{"f"}},
		"mkdir done":                                 {Name: Mkdir, Paths: []string{"done"}},
		"cp inbox/a.txt archive/":                    {Name: Cp, Paths: []string{"inbox/a.txt", "archive/"}},
		"mv a b":                                     {Name: Mv, Paths: []string{"a", "b"}},
		"rm inbox/c.txt":                             {Name: Rm, Paths: []string{"inbox/c.txt"}},
	}
	for line, want := range good {
		t.Run(line, func(t *testing.T) {
			got, err := ParseCommand(line)
			require.NoError(t, err)
			assert.True(t, want.equal(got), "%+v", got)
			assert.Equal(t, line, got.String(), "canonical spelling")
		})
	}
	assert.Equal(t, "ls -l data", mustParse(t, "  ls\t-l   data ").String(), "spaces and tabs separate words")

	bad := map[string]string{
		"":                    "empty command",
		"   ":                 "empty command",
		"rmdir x":             "unknown command",
		"cd":                  "cd takes 1 path",
		"cd a b":              "cd takes 1 path",
		"ls -la":              "not a path",
		"ls a b":              "at most one path",
		"cat *.txt":           "not a path",
		"cat $HOME":           "not a path",
		"cat -n f":            "cat takes 1 path",
		"echo -n x > f":       "echo takes",
		"echo x":              "echo takes",
		"echo x >f":           "echo takes",
		"echo '-n' > f":       "quoted text",
		"echo \"$HOME\" > f":  "quoted word with",
		"head -n 0 f":         "not a count",
		"head f g":            "head takes",
		"wc f":                "wc takes -l",
		"echo x | f":          "echo takes",
		"sed 's/a/b/' f":      "sed takes",
		"sed -i s/a/b/ f":     "sed takes",
		"sed -i 's/a.b/c/' f": "plain words",
		"sed -i 's/a/&/' f":   "plain words",
		"sed -i 's//b/' f":    "plain words",
		"sed -i 's/a/b/x' f":  "is not s/A/B/",
		"sed -i 's/a/b' f":    "is not s/A/B/",
		"sed -i 's/a/b/' f g": "sed takes",
		"grep -n apple f":     "grep takes",
		"grep -q a.b f":       "grep takes",
		"chmod u+x f":         "three octal digits",
		"chmod 0644 f":        "three octal digits",
		"chmod 648 f":         "three octal digits",
		"cp a":                "cp takes 2 path",
		"mv a b c":            "mv takes 2 path",
		"rm -r d":             "rm takes 1 path",
		"cat 'f":              "unterminated quote",
		"cat f'x'":            "a quote must be a whole word",
		"sed -i 's/a/b/'x f":  "a quote must be a whole word",
		"'pwd'":               "quoted command name",
		"cat a;b":             "not a path",
		"cat ~/f":             "not a path",
	}
	for line, want := range bad {
		t.Run("bad "+line, func(t *testing.T) {
			_, err := ParseCommand(line)
			require.Error(t, err)
			assert.Contains(t, err.Error(), want)
			assert.True(t, strings.HasPrefix(err.Error(), "terminal: command "), err.Error())
		})
	}
}

func mustParse(t *testing.T, line string) Command {
	t.Helper()
	c, err := ParseCommand(line)
	require.NoError(t, err)
	return c
}

func TestParseTranscript(t *testing.T) {
	text := "$ pwd\n/home/user\n$ ls -l\n$ cat f\n\nx\n"
	tr, err := ParseTranscript(text)
	require.NoError(t, err)
	assert.Equal(t, Transcript{
		{Command: "pwd", Output: []string{"/home/user"}},
		{Command: "ls -l"},
		{Command: "cat f", Output: []string{"", "x", ""}},
	}, tr)
	assert.Equal(t, text, tr.String())
	for name, bad := range map[string]string{
		"empty":         "",
		"output first":  "hello\n$ pwd",
		"empty command": "$ pwd\n$ ",
		"blank command": "$    \nx",
		"no prompt":     "pwd",
	} {
		_, err := ParseTranscript(bad)
		assert.Error(t, err, name)
	}
}

// FuzzParseCommand: any line either fails to parse or parses to a command
// whose canonical spelling parses back to the same command, and which the
// simulation runs without panicking.
func FuzzParseCommand(f *testing.F) {
	for _, seed := range []string{"pwd", "cd ..", "ls -l data", "cat ../secret.txt", "echo fig >> a.txt",
		"sed -i 's/PORT=8080/PORT=9090/' config.ini", "grep -q apple a.txt", "chmod 600 f",
		"mkdir d", "cp a d/", "mv a b", "rm x", "cat 'f", "sed -i 's/a b//' f", "ls\t-l", "echo x > f/"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, line string) {
		c, err := ParseCommand(line)
		if err != nil {
			return
		}
		back, err := ParseCommand(c.String())
		if err != nil {
			t.Fatalf("%q parsed to %+v whose spelling %q does not parse: %v", line, c, c.String(), err)
		}
		if !back.equal(c) {
			t.Fatalf("%q: %+v spelled %q reads back as %+v", line, c, c.String(), back)
		}
		s, err := NewState(Home, []string{Home + "/d"}, []File{{Path: Home + "/a", Lines: []string{"x"}, Mode: "644"}})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Exec(c); err != nil && !strings.Contains(err.Error(), ErrUnsupported.Error()) {
			t.Fatalf("%q: %v", line, err)
		}
	})
}

// FuzzParseTranscript: the reader never panics, and what it reads writes
// back to the same text; the agents answer any message built on it with
// one key=value line.
func FuzzParseTranscript(f *testing.F) {
	ep, err := Play(LevelFiles, 3)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(ep.Transcript.String(), "Which directory holds alpha.txt now?")
	f.Add("$ pwd\n/home/user\n$ cd data\n$ cat a\nx", "How many lines does /home/user/data/a have now?")
	f.Add("$ ls -l\n-rw-r--r-- 1 user user 2 Jan  1 00:00 f", "What are the permission bits of f, in octal?")
	f.Add("$ grep -q a f\n$ cat f\na", "What exit status did the command grep -q a f return?")
	f.Add("x\n$ ", "")
	w := New()
	f.Fuzz(func(t *testing.T, text, question string) {
		tr, err := ParseTranscript(text)
		if err == nil {
			if got := tr.String(); got != text {
				t.Fatalf("read back %q as %q", text, got)
			}
		}
		if strings.Contains(question, "\n\n## Question\n") || strings.Contains(question, "\n\nAnswer schema: ") ||
			strings.Contains(text, "\n\n## Question\n") || strings.Contains(text, "\n\nAnswer schema: ") {
			return
		}
		msg := worlds.UserMessage(text, question, worlds.EnumSchema("dir", []string{"/a", "/b", "/home/user"}))
		for _, p := range worlds.Policies {
			reply := w.Reply(p, msg)
			if !strings.HasPrefix(reply, "dir=") || strings.Contains(reply, "\n") {
				t.Fatalf("%s replied %q", p, reply)
			}
			if p == worlds.Guesser && reply == "dir=unknown" {
				t.Fatalf("the guesser abstained on %q", msg)
			}
		}
	})
}
