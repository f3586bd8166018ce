package terminal

import (
	"fmt"
	"slices"

	"github.com/hallumaze/hallumaze/worlds"
)

// A task is a terminal episode the model acts in: a small job in the
// simulated shell, one command per reply. Three families, each drawn from
// its seed (worlds.StreamTask):
//
//   - task-move: inbox/ holds three files, archive/ one, keep/ two; move
//     one named file from inbox into archive.
//   - task-edit: config.ini holds four KEY=value lines, keep/ two files;
//     set one key to a new value, the rest of the file as it was.
//   - task-find: notes/ holds four files, exactly one with a line holding
//     a given word, keep/ two files; copy that file into found/ (which
//     does not exist yet).
//
// A task succeeds when the final file system holds its goal and every
// other file of the initial state is still there, unchanged (a task done
// by wrecking the rest does not count).
const (
	TaskMove = "task-move"
	TaskEdit = "task-edit"
	TaskFind = "task-find"
)

// TaskLevels are the task families in order.
var TaskLevels = []string{TaskMove, TaskEdit, TaskFind}

// TaskSeeds is how many seeds of each family the standard set plays.
const TaskSeeds = 10

// MaxCommands is how many commands a task's session may run.
const MaxCommands = 12

// The lists tasks draw from besides fileNames and fileWords.
var (
	taskNames  = []string{"alpha", "bravo", "cedar", "delta", "ember", "falcon", "garnet", "harbor", "indigo", "juniper"}
	configKeys = []string{"PORT", "HOST", "MODE", "LEVEL", "USER", "CACHE"}
	keyValues  = []string{"alpha", "beta", "blue", "green", "low", "high", "on", "off", "3000", "8080", "9090", "red"}
)

// Task is one drawn task: its initial state, the sentence that states it,
// and what its questions and its check need.
type Task struct {
	Level   string
	Seed    uint64
	Initial *State
	// Goal is the task as the opening states it.
	Goal string
	// File and Dir: the file the task is about (a path relative to the
	// home directory) and the directory it must end up in (move, find);
	// for edit, File is config.ini and Dir empty.
	File, Dir string
	// Key, Old and New: the edit's key and its values before and after.
	Key, Old, New string
	// Word is the word the find task's line holds.
	Word string
	// Side is a file of keep/ the task never needs, Foil a name no
	// directory of the task holds.
	Side, Foil string
	goal       func(*State) bool
}

// NewTask draws the task of a family at a seed.
func NewTask(level string, seed uint64) (*Task, error) {
	st := worlds.NewStream(seed, worlds.StreamTask)
	names := slices.Clone(taskNames)
	words := slices.Clone(fileWords)
	file := func(dir string) File {
		n := worlds.Take(st, &names)
		lines := []string{worlds.Pick(st, words)}
		if st.Coin() {
			lines = append(lines, worlds.Pick(st, words))
		}
		return File{Path: Home + "/" + dir + "/" + n + ".txt", Lines: lines, Mode: "644"}
	}
	t := &Task{Level: level, Seed: seed}
	if level == TaskFind {
		t.Word = worlds.Take(st, &words) // in no file's lines but the one
	}
	var files []File
	dirs := []string{Home + "/keep"}
	switch level {
	case TaskMove:
		in := []File{file("inbox"), file("inbox"), file("inbox")}
		files = append(in, file("archive"))
		pick := in[st.Intn(len(in))]
		t.File, t.Dir = rel(pick.Path), "archive"
		t.Goal = fmt.Sprintf("Move the file %s into the directory archive (it keeps its name and content).", t.File)
		t.goal = func(s *State) bool {
			f, ok := s.File(Home + "/archive/" + baseName(pick.Path))
			_, still := s.File(pick.Path)
			return ok && !still && slices.Equal(f.Lines, pick.Lines)
		}
	case TaskEdit:
		keys := slices.Clone(configKeys)
		vals := slices.Clone(keyValues)
		var lines []string
		for range 4 {
			lines = append(lines, worlds.Take(st, &keys)+"="+worlds.Take(st, &vals))
		}
		files = []File{{Path: Home + "/config.ini", Lines: lines, Mode: "644"}}
		i := st.Intn(len(lines))
		t.Key = keyOf(lines[i])
		t.Old, t.New = iniValue(lines, t.Key), worlds.Take(st, &vals)
		t.File = "config.ini"
		t.Goal = fmt.Sprintf("In config.ini, set %s to %s (the line %s=%s becomes %s=%s); leave the other lines as they are.",
			t.Key, t.New, t.Key, t.Old, t.Key, t.New)
		want := slices.Clone(lines)
		want[i] = t.Key + "=" + t.New
		t.goal = func(s *State) bool {
			f, ok := s.File(Home + "/config.ini")
			return ok && slices.Equal(f.Lines, want)
		}
	case TaskFind:
		var notes []File
		for range 4 {
			notes = append(notes, file("notes"))
		}
		hit := st.Intn(len(notes))
		notes[hit].Lines = append(notes[hit].Lines, "todo "+t.Word)
		files = notes
		t.File, t.Dir = rel(notes[hit].Path), "found"
		t.Goal = fmt.Sprintf("Exactly one file in the directory notes has a line holding the word %s. Make a directory found and copy that file into it (same name, same content); leave notes as it is.", t.Word)
		pick := notes[hit]
		t.goal = func(s *State) bool {
			f, ok := s.File(Home + "/found/" + baseName(pick.Path))
			return ok && slices.Equal(f.Lines, pick.Lines)
		}
	default:
		return nil, fmt.Errorf("terminal: unknown task %q (tasks: %s, %s, %s)", level, TaskMove, TaskEdit, TaskFind)
	}
	side := []File{file("keep"), file("keep")}
	files = append(files, side...)
	t.Side = rel(side[st.Intn(2)].Path)
	t.Foil = worlds.Take(st, &names) + ".txt"
	s, err := NewState(Home, dirs, files)
	if err != nil {
		return nil, err
	}
	t.Initial = s
	return t, nil
}

// keyOf is the key of a KEY=value line.
func keyOf(line string) string {
	for i := range len(line) {
		if line[i] == '=' {
			return line[:i]
		}
	}
	return line
}

// rel is a path under the home directory without it.
func rel(p string) string { return p[len(Home)+1:] }

// Success reports whether s holds the task's goal and every file of the
// initial state the goal does not name is still there, unchanged.
func (t *Task) Success(s *State) bool {
	if !t.goal(s) {
		return false
	}
	for _, f := range t.Initial.Files() {
		if t.Level != TaskFind && rel(f.Path) == t.File {
			continue
		}
		g, ok := s.File(f.Path)
		if !ok || !slices.Equal(f.Lines, g.Lines) {
			return false
		}
	}
	return true
}
