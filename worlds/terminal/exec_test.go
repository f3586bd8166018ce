package terminal

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fixture is a small home: two files, an unreadable and a read-only file,
// and a directory with one file.
func fixture(t *testing.T) *State {
	t.Helper()
	s, err := NewState(Home, []string{Home + "/empty"}, []File{
		{Path: Home + "/f.txt", Lines: []string{"apple", "birch"}, Mode: "644"},
		{Path: Home + "/ro.txt", Lines: []string{"x"}, Mode: "400"},
		{Path: Home + "/no.txt", Lines: []string{"z"}, Mode: "000"},
		{Path: Home + "/data/a.txt", Lines: []string{"PORT=1 PORT=1"}, Mode: "600"},
	})
	require.NoError(t, err)
	return s
}

// Outputs and statuses as bash 5.2 and GNU coreutils 9.1 print them for a
// non-root user in the C locale (the differential tests check the same
// against the real tools).
func TestExec(t *testing.T) {
	tests := []struct {
		name   string
		setup  []string
		cmd    string
		out    []string
		status int
	}{
		{"pwd", nil, "pwd", []string{"/home/user"}, 0},
		{"cd and pwd", []string{"cd data"}, "pwd", []string{"/home/user/data"}, 0},
		{"cd ..", []string{"cd data", "cd .."}, "pwd", []string{"/home/user"}, 0},
		{"cd .. at the root", []string{"cd /", "cd .."}, "pwd", []string{"/"}, 0},
		{"cd missing", nil, "cd nope", []string{"bash: cd: nope: No such file or directory"}, 1},
		{"cd a file", nil, "cd f.txt", []string{"bash: cd: f.txt: Not a directory"}, 1},
		{"cd through a missing dir", nil, "cd nope/..", []string{"bash: cd: nope/..: No such file or directory"}, 1},
		{"ls", nil, "ls", []string{"data", "empty", "f.txt", "no.txt", "ro.txt"}, 0},
		{"ls a dir", nil, "ls data", []string{"a.txt"}, 0},
		{"ls an empty dir", nil, "ls empty", nil, 0},
		{"ls a file", nil, "ls f.txt", []string{"f.txt"}, 0},
		{"ls missing", nil, "ls nope", []string{"ls: cannot access 'nope': No such file or directory"}, 2},
		{"ls file/", nil, "ls f.txt/", []string{"ls: cannot access 'f.txt/': Not a directory"}, 2},
		{"ls -l", nil, "ls -l", []string{
			"drwxr-xr-x 1 user user 4096 Jan  1 00:00 data",
			"drwxr-xr-x 1 user user 4096 Jan  1 00:00 empty",
			"-rw-r--r-- 1 user user   12 Jan  1 00:00 f.txt",
			"---------- 1 user user    2 Jan  1 00:00 no.txt",
			"-r-------- 1 user user    2 Jan  1 00:00 ro.txt"}, 0},
		{"ls -l a file", nil, "ls -l ro.txt", []string{"-r-------- 1 user user 2 Jan  1 00:00 ro.txt"}, 0},
		{"cat", nil, "cat f.txt", []string{"apple", "birch"}, 0},
		{"cat relative", []string{"cd data"}, "cat ../f.txt", []string{"apple", "birch"}, 0},
		{"cat missing", nil, "cat nope", []string{"cat: nope: No such file or directory"}, 1},
		{"cat unreadable", nil, "cat no.txt", []string{"cat: no.txt: Permission denied"}, 1},
		{"cat a dir", nil, "cat data", []string{"cat: data: Is a directory"}, 1},
		{"cat file/", nil, "cat f.txt/", []string{"cat: f.txt/: Not a directory"}, 1},
		{"cat file/x", nil, "cat f.txt/x", []string{"cat: f.txt/x: Not a directory"}, 1},
		{"echo >>", []string{"echo fig >> f.txt"}, "cat f.txt", []string{"apple", "birch", "fig"}, 0},
		{"echo >", []string{"echo fig > f.txt"}, "cat f.txt", []string{"fig"}, 0},
		{"echo > new is 644", []string{"echo fig > new.txt"}, "ls -l new.txt", []string{"-rw-r--r-- 1 user user 4 Jan  1 00:00 new.txt"}, 0},
		{"echo >> read-only", nil, "echo w >> ro.txt", []string{"bash: ro.txt: Permission denied"}, 1},
		{"echo > read-only", nil, "echo w > ro.txt", []string{"bash: ro.txt: Permission denied"}, 1},
		{"echo > a dir", nil, "echo w > data", []string{"bash: data: Is a directory"}, 1},
		{"echo > missing dir", nil, "echo w > nodir/x", []string{"bash: nodir/x: No such file or directory"}, 1},
		{"echo > file/x", nil, "echo w > f.txt/x", []string{"bash: f.txt/x: Not a directory"}, 1},
		{"echo > file/", nil, "echo w >> f.txt/", []string{"bash: f.txt/: Is a directory"}, 1},
		{"sed first occurrence per line", []string{"sed -i 's/PORT=1/PORT=2/' data/a.txt"}, "cat data/a.txt", []string{"PORT=2 PORT=1"}, 0},
		{"sed on read-only keeps it", []string{"sed -i 's/x/y/' ro.txt"}, "ls -l ro.txt", []string{"-r-------- 1 user user 2 Jan  1 00:00 ro.txt"}, 0},
		{"sed unreadable", nil, "sed -i 's/x/y/' no.txt", []string{"sed: can't read no.txt: Permission denied"}, 2},
		{"sed missing", nil, "sed -i 's/x/y/' nope", []string{"sed: can't read nope: No such file or directory"}, 2},
		{"sed a dir", nil, "sed -i 's/x/y/' data", []string{"sed: couldn't edit data: not a regular file"}, 4},
		{"grep found", nil, "grep -q birch f.txt", nil, 0},
		{"grep substring", nil, "grep -q irc f.txt", nil, 0},
		{"grep not found", nil, "grep -q fig f.txt", nil, 1},
		{"grep unreadable", nil, "grep -q z no.txt", []string{"grep: no.txt: Permission denied"}, 2},
		{"grep missing", nil, "grep -q z nope", []string{"grep: nope: No such file or directory"}, 2},
		{"grep a dir", nil, "grep -q z data", []string{"grep: data: Is a directory"}, 2},
		{"chmod", []string{"chmod 755 f.txt"}, "ls -l f.txt", []string{"-rwxr-xr-x 1 user user 12 Jan  1 00:00 f.txt"}, 0},
		{"chmod lets cat read", []string{"chmod 600 no.txt"}, "cat no.txt", []string{"z"}, 0},
		{"chmod missing", nil, "chmod 644 nope", []string{"chmod: cannot access 'nope': No such file or directory"}, 1},
		{"mkdir", []string{"mkdir d"}, "ls -l d", nil, 0},
		{"mkdir exists", nil, "mkdir data", []string{"mkdir: cannot create directory 'data': File exists"}, 1},
		{"mkdir over a file", nil, "mkdir f.txt", []string{"mkdir: cannot create directory 'f.txt': File exists"}, 1},
		{"mkdir over a file/", nil, "mkdir f.txt/", []string{"mkdir: cannot create directory 'f.txt/': File exists"}, 1},
		{"mkdir missing parent", nil, "mkdir nope/x", []string{"mkdir: cannot create directory 'nope/x': No such file or directory"}, 1},
		{"mkdir in a file", nil, "mkdir f.txt/x", []string{"mkdir: cannot create directory 'f.txt/x': Not a directory"}, 1},
		{"cp new keeps mode less umask", []string{"cp ro.txt c.txt"}, "ls -l c.txt", []string{"-r-------- 1 user user 2 Jan  1 00:00 c.txt"}, 0},
		{"cp into a dir", []string{"cp f.txt data/"}, "ls data", []string{"a.txt", "f.txt"}, 0},
		{"cp onto a file keeps its mode", []string{"cp f.txt data/a.txt"}, "ls -l data/a.txt", []string{"-rw------- 1 user user 12 Jan  1 00:00 data/a.txt"}, 0},
		{"cp missing", nil, "cp nope x", []string{"cp: cannot stat 'nope': No such file or directory"}, 1},
		{"cp a dir", nil, "cp data x", []string{"cp: -r not specified; omitting directory 'data'"}, 1},
		{"cp unreadable", nil, "cp no.txt x", []string{"cp: cannot open 'no.txt' for reading: Permission denied"}, 1},
		{"cp onto read-only", nil, "cp f.txt ro.txt", []string{"cp: cannot create regular file 'ro.txt': Permission denied"}, 1},
		{"cp onto itself", nil, "cp f.txt f.txt", []string{"cp: 'f.txt' and 'f.txt' are the same file"}, 1},
		{"cp into its own dir", nil, "cp f.txt ./", []string{"cp: 'f.txt' and './f.txt' are the same file"}, 1},
		{"cp missing parent", nil, "cp f.txt nope/x", []string{"cp: cannot create regular file 'nope/x': No such file or directory"}, 1},
		{"cp to file/", nil, "cp f.txt f.txt/", []string{"cp: cannot stat 'f.txt/': Not a directory"}, 1},
		{"mv into a dir", []string{"mv f.txt data/"}, "ls data", []string{"a.txt", "f.txt"}, 0},
		{"mv keeps the mode", []string{"mv ro.txt r2.txt"}, "ls -l r2.txt", []string{"-r-------- 1 user user 2 Jan  1 00:00 r2.txt"}, 0},
		{"mv replaces a read-only file", []string{"mv f.txt ro.txt"}, "cat ro.txt", []string{"apple", "birch"}, 0},
		{"mv missing", nil, "mv nope x", []string{"mv: cannot stat 'nope': No such file or directory"}, 1},
		{"mv onto itself", nil, "mv f.txt f.txt", []string{"mv: 'f.txt' and 'f.txt' are the same file"}, 1},
		{"mv to missing/", nil, "mv f.txt nope/", []string{"mv: cannot move 'f.txt' to 'nope/': Not a directory"}, 1},
		{"mv missing parent", nil, "mv f.txt nope/x", []string{"mv: cannot move 'f.txt' to 'nope/x': No such file or directory"}, 1},
		{"rm", []string{"rm f.txt"}, "ls", []string{"data", "empty", "no.txt", "ro.txt"}, 0},
		{"rm a read-only file", []string{"rm no.txt"}, "cat no.txt", []string{"cat: no.txt: No such file or directory"}, 1},
		{"rm missing", nil, "rm nope", []string{"rm: cannot remove 'nope': No such file or directory"}, 1},
		{"rm a dir", nil, "rm data", []string{"rm: cannot remove 'data': Is a directory"}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := fixture(t)
			for _, line := range tt.setup {
				r, err := s.Run(line)
				require.NoError(t, err, line)
				require.Zero(t, r.Status, "%s: %v", line, r.Output)
			}
			r, err := s.Run(tt.cmd)
			require.NoError(t, err)
			assert.Equal(t, tt.out, r.Output)
			assert.Equal(t, tt.status, r.Status)
			assert.Equal(t, tt.status, s.Status)
		})
	}
}

func TestExecRefuses(t *testing.T) {
	s := fixture(t)
	for _, line := range []string{"chmod 700 data", "mv data empty"} {
		before := s.Clone()
		_, err := s.Run(line)
		assert.True(t, errors.Is(err, ErrUnsupported), "%s: %v", line, err)
		assert.Equal(t, before.Files(), s.Files(), line)
		assert.Equal(t, before.Dirs(), s.Dirs(), line)
	}
	_, err := s.Exec(Command{Name: Cat})
	assert.ErrorContains(t, err, "not a command the simulation takes")
	_, err = s.Exec(Command{Name: Echo, Word: "-n", Paths: []string{"x"}})
	assert.Error(t, err)
}

func TestNewStateErrors(t *testing.T) {
	tests := map[string]struct {
		cwd   string
		dirs  []string
		files []File
	}{
		"relative dir":     {Home, []string{"home"}, nil},
		"bad mode":         {Home, nil, []File{{Path: Home + "/a", Mode: "999"}}},
		"short mode":       {Home, nil, []File{{Path: Home + "/a", Mode: "64"}}},
		"file in a file":   {Home, nil, []File{{Path: Home + "/a", Mode: "644"}, {Path: Home + "/a/b", Mode: "644"}}},
		"file twice":       {Home, nil, []File{{Path: Home + "/a", Mode: "644"}, {Path: Home + "/a", Mode: "600"}}},
		"relative file":    {Home, nil, []File{{Path: "a", Mode: "644"}}},
		"cwd is a file":    {Home + "/a", nil, []File{{Path: Home + "/a", Mode: "644"}}},
		"dot in dir":       {Home, []string{Home + "/../x"}, nil},
		"trailing slash f": {Home, nil, []File{{Path: Home + "/a/", Mode: "644"}}},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			_, err := NewState(tt.cwd, tt.dirs, tt.files)
			assert.Error(t, err)
		})
	}
}

func TestModeStrings(t *testing.T) {
	for mode, want := range map[string]string{"644": "-rw-r--r--", "600": "-rw-------", "400": "-r--------",
		"755": "-rwxr-xr-x", "000": "----------", "777": "-rwxrwxrwx"} {
		m, err := ParseMode(mode)
		require.NoError(t, err)
		assert.Equal(t, want, ModeString(false, m), mode)
		assert.Equal(t, mode, FormatMode(m))
		assert.Equal(t, mode, modeDigits(want), "the agents read it back")
	}
	assert.Equal(t, "drwxr-xr-x", ModeString(true, 0o755))
}
