package terminal

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// This file runs sessions in a real bash with the system's coreutils, so the
// simulation can be compared with it command by command.

// nobody is the unprivileged user bash runs as when the test runs as root:
// root reads a file of mode 400 or 000 and the simulated user does not.
const nobody = 65534

// session is one episode to replay: its initial state and its commands,
// parsed (a scripted episode's) or as lines the shell ran (a task
// session's, where a line may name a command not installed).
type session struct {
	name     string
	initial  *State
	commands []Command
	lines    []string
}

// script is the session's command lines.
func (s session) script() []string {
	if s.lines != nil {
		return s.lines
	}
	out := make([]string, len(s.commands))
	for i, c := range s.commands {
		out[i] = c.String()
	}
	return out
}

// installed are the programs the simulated shell has (the rest of its
// commands are bash builtins): bash runs with a PATH of only these, so
// that any other name is "command not found" there too.
var installed = []string{Ls, Cat, Sed, Grep, Chmod, Mkdir, Cp, Mv, Rm, Touch, Head, Tail, Wc}

// binDir makes a directory of links to the installed programs.
func binDir(t *testing.T, base string) string {
	t.Helper()
	bin := filepath.Join(base, "bin")
	if err := os.Mkdir(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range installed {
		p, err := exec.LookPath(name)
		if err != nil {
			t.Skipf("%s is not installed: the differential test needs coreutils, grep and sed", name)
		}
		if err := os.Symlink(p, filepath.Join(bin, name)); err != nil {
			t.Fatal(err)
		}
	}
	return bin
}

// realRun is what bash did in one session: each command's output lines and
// status, and the tree at the end.
type realRun struct {
	// dirs4096: a new directory on the test's filesystem is 4096 bytes, as
	// the simulation's ls -l says (ext4, xfs); on others (tmpfs, btrfs) the
	// sizes of directories in a listing are not compared.
	dirs4096 bool
	results  []Result
	files    []File
	dirs     []string
}

// runBash lays out every session's initial tree under its own root in one
// temporary directory, runs all sessions' commands in one bash process (a
// marker and $? after each command), and reads back the outputs and trees.
// The simulated /home/user becomes <root>/home/user: commands use relative
// paths, and the root prefix is cut from everything bash prints.
func runBash(t *testing.T, sessions []session) []realRun {
	t.Helper()
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash is not installed: the differential test needs a real shell")
	}
	base := tempDirFor(t)
	var script strings.Builder
	script.WriteString("exec 2>&1\numask 022\n")
	roots := make([]string, len(sessions))
	for i, s := range sessions {
		roots[i] = filepath.Join(base, fmt.Sprintf("e%d", i))
		layOut(t, roots[i], s.initial)
		fmt.Fprintf(&script, "echo '@@@session %d'\ncd %s%s || exit 99\n", i, roots[i], s.initial.Cwd())
		for _, line := range s.script() {
			fmt.Fprintf(&script, "%s\necho \"@@@status $?\"\n", line)
		}
	}
	scriptPath := filepath.Join(base, "script.sh")
	if err := os.WriteFile(scriptPath, []byte(script.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	bin := binDir(t, base)
	chownTree(t, base)
	cmd := exec.Command(bash, scriptPath)
	cmd.Env = []string{"PATH=" + bin, "LC_ALL=C", "HOME=/nonexistent"}
	cmd.Dir = base
	if os.Geteuid() == 0 {
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: nobody, Gid: nobody}}
	}
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("bash: %v\n%s", err, tail(out))
	}
	runs := parseBashOutput(t, string(out), scriptPath, sessions, roots)
	dirs4096 := emptyDirSize(t, base) == 4096
	for i := range sessions {
		runs[i].files, runs[i].dirs = readTree(t, roots[i])
		runs[i].dirs4096 = dirs4096
	}
	return runs
}

// tempDirFor makes a directory every user can traverse: t.TempDir may sit
// inside a directory only root can enter, so it is made directly under the
// first of the temporary directories whose every parent lets others pass.
func tempDirFor(t *testing.T) string {
	t.Helper()
	var tried []string
	for _, parent := range []string{os.TempDir(), "/tmp", "/var/tmp"} {
		parent, err := filepath.EvalSymlinks(parent)
		if err != nil || (os.Geteuid() == 0 && !traversable(parent)) {
			tried = append(tried, parent)
			continue
		}
		dir, err := os.MkdirTemp(parent, "terminal-diff-")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { os.RemoveAll(dir) })
		if err := os.Chmod(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		return dir
	}
	t.Fatalf("no temporary directory that user nobody can reach (tried %v): bash must run as a user who is not root", tried)
	return ""
}

// traversable reports whether every directory from / down to dir lets
// other users pass (the x bit for others).
func traversable(dir string) bool {
	for p := dir; ; p = filepath.Dir(p) {
		st, err := os.Stat(p)
		if err != nil || st.Mode().Perm()&0o001 == 0 {
			return false
		}
		if p == filepath.Dir(p) {
			return true
		}
	}
}

// emptyDirSize is the size ls -l shows for a new directory under base.
func emptyDirSize(t *testing.T, base string) int64 {
	t.Helper()
	d, err := os.MkdirTemp(base, "size-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.Remove(d)
	st, err := os.Stat(d)
	if err != nil {
		t.Fatal(err)
	}
	return st.Size()
}

// layOut writes the state's directories and files under root.
func layOut(t *testing.T, root string, s *State) {
	t.Helper()
	for _, d := range s.Dirs() {
		if err := os.MkdirAll(root+d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range s.Files() {
		var b strings.Builder
		for _, l := range f.Lines {
			b.WriteString(l + "\n")
		}
		p := root + f.Path
		if err := os.WriteFile(p, []byte(b.String()), 0o600); err != nil {
			t.Fatal(err)
		}
		m, _ := ParseMode(f.Mode)
		if err := os.Chmod(p, os.FileMode(m)); err != nil {
			t.Fatal(err)
		}
	}
}

// chownTree gives everything under base to nobody when the test is root.
func chownTree(t *testing.T, base string) {
	t.Helper()
	if os.Geteuid() != 0 {
		return
	}
	err := filepath.Walk(base, func(p string, _ os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		return os.Lchown(p, nobody, nobody)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// parseBashOutput splits bash's output at the markers into each command's
// lines and status. bash names the script and line in its own messages
// ("<script>: line 7: cd: x: ..."), an interactive shell says "bash: ";
// paths under a session's root lose the root.
func parseBashOutput(t *testing.T, out, scriptPath string, sessions []session, roots []string) []realRun {
	t.Helper()
	prefix := regexp.MustCompile("^" + regexp.QuoteMeta(scriptPath) + `: line [0-9]+: `)
	runs := make([]realRun, len(sessions))
	cur := -1
	var lines []string
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if rest, ok := strings.CutPrefix(line, "@@@session "); ok {
			cur, _ = strconv.Atoi(rest)
			lines = nil
			continue
		}
		if rest, ok := strings.CutPrefix(line, "@@@status "); ok {
			st, _ := strconv.Atoi(rest)
			runs[cur].results = append(runs[cur].results, Result{Output: lines, Status: st})
			lines = nil
			continue
		}
		if cur < 0 {
			t.Fatalf("bash printed %q before the first session", line)
		}
		line = prefix.ReplaceAllString(line, "bash: ")
		if rel, ok := strings.CutPrefix(line, roots[cur]); ok && (rel == "" || rel[0] == '/') {
			line = orRoot(rel)
		}
		line = strings.ReplaceAll(line, roots[cur], "")
		lines = append(lines, line)
	}
	for i, r := range runs {
		if n := len(sessions[i].script()); len(r.results) != n {
			t.Fatalf("session %s: bash reported %d statuses for %d commands", sessions[i].name, len(r.results), n)
		}
	}
	return runs
}

func orRoot(s string) string {
	if s == "" {
		return "/"
	}
	return s
}

// readTree reads the files and directories under root back as a state's.
func readTree(t *testing.T, root string) ([]File, []string) {
	t.Helper()
	var files []File
	var dirs []string
	err := filepath.Walk(root, func(p string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel := strings.TrimPrefix(p, root)
		if rel == "" {
			return nil
		}
		if info.IsDir() {
			dirs = append(dirs, rel)
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		lines := strings.SplitAfter(string(data), "\n")
		if lines[len(lines)-1] == "" {
			lines = lines[:len(lines)-1]
		}
		for i, l := range lines {
			if !strings.HasSuffix(l, "\n") {
				t.Errorf("%s: last line has no newline", p)
			}
			lines[i] = strings.TrimSuffix(l, "\n")
		}
		if lines == nil {
			lines = []string{}
		}
		files = append(files, File{Path: rel, Lines: lines, Mode: FormatMode(uint16(info.Mode().Perm()))})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(dirs)
	slices.SortFunc(files, func(a, b File) int { return strings.Compare(a.Path, b.Path) })
	return files, dirs
}

// longRe takes ls -l's line apart: mode, links, owner, group, size (with the
// padding that right-aligns it), date, name. bash and the simulation print
// different owners and dates; the mode, the padded size and the name must
// agree.
var longRe = regexp.MustCompile(`^([-d][-rwxsStT]{9}[.+]?) +[0-9]+ +\S+ +\S+ ( *[0-9]+) \S+ +[0-9]+ +\S+ (.+)$`)

// comparable rewrites a command's output for comparison: for ls -l, bash's
// "total" line is dropped (the simulation leaves it out by design) and each
// line is cut to its mode, padded size and name. Without dirs4096, a
// listing with a directory in it is cut to modes and names.
func comparable(line string, out []string, dirs4096 bool) []string {
	c, err := ParseCommand(line)
	if err != nil || c.Name != Ls || !c.Long {
		return out
	}
	var res []string
	sizes := dirs4096 || !slices.ContainsFunc(out, func(l string) bool { return strings.HasPrefix(l, "d") })
	for _, l := range out {
		if strings.HasPrefix(l, "total ") {
			continue
		}
		if m := longRe.FindStringSubmatch(l); m != nil {
			if !sizes {
				m[2] = "?"
			}
			l = m[1] + " |" + m[2] + "| " + m[3]
		}
		res = append(res, l)
	}
	return res
}

// simulate plays a session in the simulation.
func simulate(t *testing.T, s session) ([]Result, *State) {
	t.Helper()
	st := s.initial.Clone()
	var out []Result
	for _, line := range s.script() {
		r, ran := st.RunLine(line)
		if !ran {
			t.Fatalf("session %s: the shell does not run %q", s.name, line)
		}
		out = append(out, r)
	}
	return out, st
}

// compareWithBash runs the sessions in bash and in the simulation and
// reports every difference: a command's output or status, or the final
// tree's files (contents, modes) and directories.
func compareWithBash(t *testing.T, sessions []session) {
	t.Helper()
	runs := runBash(t, sessions)
	for i, s := range sessions {
		sim, final := simulate(t, s)
		var diffs []string
		for j, c := range s.script() {
			want, got := runs[i].results[j], sim[j]
			wo, go_ := comparable(c, want.Output, runs[i].dirs4096), comparable(c, got.Output, runs[i].dirs4096)
			if !slices.Equal(wo, go_) || want.Status != got.Status {
				diffs = append(diffs, fmt.Sprintf("command %d %q:\n  bash: %q status %d\n  sim:  %q status %d",
					j+1, c, wo, want.Status, go_, got.Status))
			}
		}
		if files := final.Files(); !equalFiles(runs[i].files, files) {
			diffs = append(diffs, fmt.Sprintf("final files:\n  bash: %v\n  sim:  %v", runs[i].files, files))
		}
		if dirs := final.Dirs(); !slices.Equal(runs[i].dirs, dirs) {
			diffs = append(diffs, fmt.Sprintf("final directories:\n  bash: %v\n  sim:  %v", runs[i].dirs, dirs))
		}
		if len(diffs) > 0 {
			t.Errorf("session %s differs from bash:\n%s\ncommands:\n%s", s.name, strings.Join(diffs, "\n"), commandList(s.script()))
		}
	}
}

func equalFiles(a, b []File) bool {
	return slices.EqualFunc(a, b, func(x, y File) bool {
		return x.Path == y.Path && x.Mode == y.Mode && slices.Equal(x.Lines, y.Lines)
	})
}

func commandList(cs []string) string {
	var b bytes.Buffer
	for _, c := range cs {
		fmt.Fprintf(&b, "  $ %s\n", c)
	}
	return b.String()
}

func tail(b []byte) string {
	if len(b) > 2000 {
		b = b[len(b)-2000:]
	}
	return string(b)
}
