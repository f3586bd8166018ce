package cli

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
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
		return fmt.Errorf("%s is %s, not a regular file: write to a new path or a regular file", path, kind(st.Mode()))
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

// kind names a file mode that is not a regular file's.
func kind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a folder"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "not a regular file"
}

// ReadInput reads a regular file, or standard input for "-", refusing more
// than limit bytes: what a parser would cut anyway is never read into
// memory.
func ReadInput(path string, stdin io.Reader, limit int64) ([]byte, error) {
	var r io.Reader
	if path == "-" {
		r = stdin
	} else {
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		st, err := f.Stat()
		if err != nil {
			return nil, err
		}
		if !st.Mode().IsRegular() {
			return nil, fmt.Errorf("%s is %s, not a regular file", path, kind(st.Mode()))
		}
		if st.Size() > limit {
			return nil, fmt.Errorf("%s is %d bytes, more than the %d this input may hold", path, st.Size(), limit)
		}
		r = f
	}
	data, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("%s holds more than the %d bytes this input may hold", path, limit)
	}
	return data, nil
}

// ReadPrefix reads at most n bytes of a regular file, or of standard input
// for "-": a reply longer than its parser reads is cut, not read whole.
func ReadPrefix(path string, stdin io.Reader, n int64) ([]byte, error) {
	var r io.Reader = stdin
	if path != "-" {
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		st, err := f.Stat()
		if err != nil {
			return nil, err
		}
		if !st.Mode().IsRegular() {
			return nil, fmt.Errorf("%s is %s, not a regular file", path, kind(st.Mode()))
		}
		r = f
	}
	return io.ReadAll(io.LimitReader(r, n))
}
