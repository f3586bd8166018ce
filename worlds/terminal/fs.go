package terminal

import (
	"fmt"
	"slices"
	"strings"
)

// Home is the user's home directory and the working directory an episode
// starts in.
const Home = "/home/user"

// node is a directory or a regular file. A file has lines and a mode (the
// nine permission bits); a directory has children and is always 755.
type node struct {
	dir      bool
	mode     uint16
	lines    []string
	children map[string]*node
}

func newDir() *node { return &node{dir: true, mode: 0o755, children: map[string]*node{}} }

// size is the file's byte count: each line followed by a newline. A
// directory's size is 4096, as ls -l shows it on ext4.
func (n *node) size() int {
	if n.dir {
		return 4096
	}
	s := 0
	for _, l := range n.lines {
		s += len(l) + 1
	}
	return s
}

// names are the node's children in byte order.
func (n *node) names() []string {
	out := make([]string, 0, len(n.children))
	for name := range n.children {
		out = append(out, name)
	}
	slices.Sort(out)
	return out
}

func (n *node) clone() *node {
	c := &node{dir: n.dir, mode: n.mode, lines: slices.Clone(n.lines)}
	if n.dir {
		c.children = make(map[string]*node, len(n.children))
		for name, ch := range n.children {
			c.children[name] = ch.clone()
		}
	}
	return c
}

// canRead and canWrite check the owner digit of the mode: the user owns
// every file and is not root.
func (n *node) canRead() bool  { return n.mode&0o400 != 0 }
func (n *node) canWrite() bool { return n.mode&0o200 != 0 }

// State is the simulated shell: a tree of directories and regular files, the
// working directory and the last exit status.
type State struct {
	root *node
	cwd  []string // path components of the working directory
	// Status is the exit status of the last command run.
	Status int
}

// File is one regular file of a state: its absolute path, lines and mode.
type File struct {
	Path  string   `json:"path"`
	Lines []string `json:"lines"`
	Mode  string   `json:"mode"` // three octal digits, as chmod takes them
}

// NewState makes a state with the directories dirs (absolute; parents are
// made too) and the files, the working directory cwd (which must be one of
// the directories). A path that is not absolute, a file inside a file, a
// mode that is not three octal digits or a name given twice is an error.
func NewState(cwd string, dirs []string, files []File) (*State, error) {
	s := &State{root: newDir()}
	for _, d := range dirs {
		if _, err := s.mkdirAll(d); err != nil {
			return nil, fmt.Errorf("terminal: directory %s: %w", d, err)
		}
	}
	for _, f := range files {
		mode, err := ParseMode(f.Mode)
		if err != nil {
			return nil, fmt.Errorf("terminal: file %s: %w", f.Path, err)
		}
		dir, base := splitAbs(f.Path)
		if base == "" {
			return nil, fmt.Errorf("terminal: file %q: not an absolute file path", f.Path)
		}
		parent, err := s.mkdirAll(dir)
		if err != nil {
			return nil, fmt.Errorf("terminal: file %s: %w", f.Path, err)
		}
		if _, dup := parent.children[base]; dup {
			return nil, fmt.Errorf("terminal: file %s: given twice", f.Path)
		}
		parent.children[base] = &node{mode: mode, lines: slices.Clone(f.Lines)}
	}
	wd, err := s.mkdirAll(cwd)
	if err != nil || wd == nil {
		return nil, fmt.Errorf("terminal: working directory %s: %w", cwd, err)
	}
	s.cwd = components(cwd)
	return s, nil
}

// mkdirAll makes the absolute directory path p and its parents.
func (s *State) mkdirAll(p string) (*node, error) {
	if !strings.HasPrefix(p, "/") {
		return nil, fmt.Errorf("%q is not absolute", p)
	}
	cur := s.root
	for _, c := range components(p) {
		if c == "." || c == ".." {
			return nil, fmt.Errorf("%q has a . or .. component", p)
		}
		next, ok := cur.children[c]
		if !ok {
			next = newDir()
			cur.children[c] = next
		}
		if !next.dir {
			return nil, fmt.Errorf("%s is a file", c)
		}
		cur = next
	}
	return cur, nil
}

// components splits an absolute path into its names.
func components(p string) []string {
	var out []string
	for _, c := range strings.Split(p, "/") {
		if c != "" {
			out = append(out, c)
		}
	}
	return out
}

// splitAbs splits an absolute file path into its directory and base name.
func splitAbs(p string) (dir, base string) {
	if !strings.HasPrefix(p, "/") || strings.HasSuffix(p, "/") {
		return "", ""
	}
	i := strings.LastIndex(p, "/")
	dir = p[:i]
	if dir == "" {
		dir = "/"
	}
	return dir, p[i+1:]
}

// joinAbs is the absolute path of components.
func joinAbs(comps []string) string { return "/" + strings.Join(comps, "/") }

// Clone is a deep copy of the state.
func (s *State) Clone() *State {
	return &State{root: s.root.clone(), cwd: slices.Clone(s.cwd), Status: s.Status}
}

// Cwd is the working directory.
func (s *State) Cwd() string { return joinAbs(s.cwd) }

// Files are the state's regular files in path order.
func (s *State) Files() []File {
	var out []File
	s.walk(func(path string, n *node) {
		if !n.dir {
			out = append(out, File{Path: path, Lines: append([]string{}, n.lines...), Mode: FormatMode(n.mode)})
		}
	})
	return out
}

// Dirs are the state's directories other than / in path order.
func (s *State) Dirs() []string {
	var out []string
	s.walk(func(path string, n *node) {
		if n.dir && path != "/" {
			out = append(out, path)
		}
	})
	return out
}

// walk visits every node in path order (a directory before its children,
// children in byte order).
func (s *State) walk(visit func(path string, n *node)) {
	var rec func(path string, n *node)
	rec = func(path string, n *node) {
		visit(rootIfEmpty(path), n)
		if n.dir {
			for _, name := range n.names() {
				rec(path+"/"+name, n.children[name])
			}
		}
	}
	rec("", s.root)
}

// rootIfEmpty is p, or / for the root's empty path.
func rootIfEmpty(p string) string {
	if p == "" {
		return "/"
	}
	return p
}

// File returns the file at the absolute path p, or false if p is not a
// regular file.
func (s *State) File(p string) (File, bool) {
	n, _, err := s.lookupFrom(nil, p, false)
	if err != "" || n.dir {
		return File{}, false
	}
	return File{Path: p, Lines: slices.Clone(n.lines), Mode: FormatMode(n.mode)}, true
}

// ParseMode reads three octal digits.
func ParseMode(m string) (uint16, error) {
	if len(m) != 3 {
		return 0, fmt.Errorf("mode %q is not three octal digits", m)
	}
	var v uint16
	for i := 0; i < 3; i++ {
		if m[i] < '0' || m[i] > '7' {
			return 0, fmt.Errorf("mode %q is not three octal digits", m)
		}
		v = v<<3 | uint16(m[i]-'0')
	}
	return v, nil
}

// FormatMode writes the nine permission bits as three octal digits.
func FormatMode(m uint16) string {
	return string([]byte{'0' + byte(m>>6&7), '0' + byte(m>>3&7), '0' + byte(m&7)})
}

// ModeString is ls -l's first column: the type (- or d), then rwx or - for
// each bit of the owner, group and other digits.
func ModeString(dir bool, m uint16) string {
	b := []byte("----------")
	if dir {
		b[0] = 'd'
	}
	for i, c := range "rwxrwxrwx" {
		if m&(1<<(8-i)) != 0 {
			b[i+1] = byte(c)
		}
	}
	return string(b)
}
