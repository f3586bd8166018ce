package terminal

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/hallumaze/hallumaze/worlds"
)

// randomSession draws a session that goes where the episodes do not:
// missing files, files where directories are expected, trailing slashes,
// unreadable and unwritable files, copies onto themselves, moves into
// directories, removals of directories. Every path stays inside the
// session's tree.
func randomSession(seed uint64) session {
	st := worlds.NewStream(seed, 0x7465726d72616e64) // "termrand"
	modes := []string{"000", "200", "400", "600", "644", "755"}
	words := []string{"apple", "birch", "PORT=1", "x", "apple pie", "fig"}
	line := func() string { return worlds.Pick(st, words) }
	file := func(p string) File {
		n := st.Intn(3)
		lines := make([]string, n)
		for i := range lines {
			lines[i] = line()
		}
		return File{Path: p, Lines: lines, Mode: worlds.Pick(st, modes)}
	}
	dirs := []string{Home, Home + "/d1", Home + "/d2"}
	if st.Coin() {
		dirs = append(dirs, Home+"/d1/sub")
	}
	files := []File{file(Home + "/a.txt"), file(Home + "/b.txt"), file(Home + "/d1/c.txt")}
	if st.Coin() {
		files = append(files, file(Home+"/d2/a.txt"))
	}
	cwd := Home
	if st.Intn(4) == 0 {
		cwd = Home + "/d1"
	}
	init, err := NewState(cwd, dirs, files)
	if err != nil {
		panic(err)
	}
	paths := []string{"a.txt", "b.txt", "c.txt", "d1", "d2", "d1/", "d2/", "d1/c.txt", "d2/a.txt",
		"new.txt", "nope", "nope/x", "nope/", "a.txt/", "a.txt/x", "../user/a.txt", "d1/..", ".",
		"..", "./a.txt", "d1/sub", "d1/sub/", "x", "d1/nope/", "./"}
	sim := init.Clone()
	var cmds []Command
	for len(cmds) < 25 {
		p := func() string { return worlds.Pick(st, paths) }
		var c Command
		switch st.Intn(14) {
		case 0:
			c = Command{Name: Pwd}
		case 1:
			c = Command{Name: Cd, Paths: []string{p()}}
		case 2, 3:
			c = Command{Name: Ls, Long: st.Coin()}
			if st.Coin() {
				c.Paths = []string{p()}
			}
		case 4:
			c = Command{Name: Cat, Paths: []string{p()}}
		case 5:
			c = Command{Name: Echo, Word: worlds.Pick(st, []string{"apple", "kelp", "PORT=2"}), Append: st.Coin(), Paths: []string{p()}}
		case 6:
			c = Command{Name: Sed, From: worlds.Pick(st, []string{"apple", "PORT=1", "p", "x"}),
				To: worlds.Pick(st, []string{"pear", "", "PORT=3"}), Paths: []string{p()}}
		case 7:
			c = Command{Name: Grep, Word: worlds.Pick(st, []string{"apple", "fig", "PORT=1", "p"}), Paths: []string{p()}}
		case 8:
			c = Command{Name: Chmod, Mode: worlds.Pick(st, modes), Paths: []string{p()}}
		case 9:
			c = Command{Name: Mkdir, Paths: []string{p()}}
		case 10, 11:
			c = Command{Name: worlds.Pick(st, []string{Cp, Mv}), Paths: []string{p(), p()}}
		default:
			c = Command{Name: Rm, Paths: []string{p()}}
		}
		if escapes(sim.Cwd(), c.Paths) {
			continue
		}
		before := sim.Clone()
		if _, err := sim.Exec(c); err != nil {
			if !errors.Is(err, ErrUnsupported) {
				panic(err)
			}
			sim = before
			continue
		}
		cmds = append(cmds, c)
	}
	return session{name: fmt.Sprintf("random-%d", seed), initial: init, commands: cmds}
}

// escapes reports whether a relative path, read from cwd, climbs above /:
// there the simulation stays at / and a real shell leaves the session's tree.
func escapes(cwd string, paths []string) bool {
	for _, p := range paths {
		depth := len(components(cwd))
		for _, c := range strings.Split(p, "/") {
			switch c {
			case "", ".":
			case "..":
				depth--
			default:
				depth++
			}
			if depth < 0 {
				return true
			}
		}
	}
	return false
}

func TestRandomSessionsMatchBash(t *testing.T) {
	if raceEnabled {
		t.Skip("forks thousands of coreutils processes: run without -race (make test's bash step)")
	}
	t.Parallel()
	n := 60
	if testing.Short() {
		n = 20
	}
	sessions := make([]session, n)
	for i := range sessions {
		sessions[i] = randomSession(uint64(i))
	}
	compareWithBash(t, sessions)
}
