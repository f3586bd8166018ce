package cli

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"

	"github.com/hallumaze/hallumaze/internal/files"
)

// CheckOutput makes sure path can be written without harm, touching
// nothing: it must be a new path or an existing regular file (never a
// folder, a symbolic link, a named pipe, a socket or a device, which a
// write would replace or block on), and its nearest existing folder must
// take a new file. "-" (standard output) is allowed when allowStdout.
func CheckOutput(path string, allowStdout bool) error {
	if path == "" {
		return nil
	}
	if path == "-" {
		if allowStdout {
			return nil
		}
		return errors.New("- (standard output) is not allowed here")
	}
	st, err := os.Lstat(path)
	switch {
	case err == nil && st.Mode().IsRegular():
	case err == nil:
		return fmt.Errorf("%s is %s, not a regular file: write to a new path or a regular file", path, files.Kind(st.Mode()))
	case !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, syscall.ENOTDIR):
		return err
	}
	dir := filepath.Dir(path)
	for {
		st, err := os.Stat(dir)
		if err == nil {
			if !st.IsDir() {
				return fmt.Errorf("%s is not a folder", dir)
			}
			break
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return err
		}
		dir = parent
	}
	f, err := os.CreateTemp(dir, ".hallumaze-check-*")
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return fmt.Errorf("cannot write in %s: %v", dir, err)
	}
	f.Close()
	os.Remove(f.Name())
	return nil
}

// ReadInput reads a regular file, or standard input for "-", refusing more
// than limit bytes: what a parser would cut anyway is never read into
// memory. A named pipe, a device or a link to one is refused before it
// is opened for reading ([files.Open]).
func ReadInput(path string, stdin io.Reader, limit int64) ([]byte, error) {
	if path == "-" {
		return files.ReadAll(stdin, "standard input", limit)
	}
	return files.ReadFile(path, limit)
}

// ReadPrefix reads at most n bytes of a regular file, or of standard input
// for "-": a reply longer than its parser reads is cut, not read whole.
func ReadPrefix(path string, stdin io.Reader, n int64) ([]byte, error) {
	var r io.Reader = stdin
	if path != "-" {
		f, err := files.Open(path)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r = f
	}
	return io.ReadAll(io.LimitReader(r, n))
}
