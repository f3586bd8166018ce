// Package files opens the files hallumaze reads on a user's behalf (config,
// prices, results, cassettes, item and reply files) and creates the files
// it writes, the same way everywhere.
//
// Reading: an input must be a regular file, after symbolic links. A named
// pipe, a socket or a device (a link to /dev/stdin, a FIFO committed to a
// cassette folder) is refused with an error that says what it is, and is
// never opened in a way that can block: the path is checked first, and
// then opened non-blocking, so a pipe swapped in between the two is still
// refused rather than waited on.
//
// Writing: every output file is created with [Mode] less the process's
// umask (as a shell's redirection or os.Create would), whichever command
// writes it.
package files

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// Mode is the permission every output file is created with, before the
// umask takes its bits away: 0666, as os.Create and a shell's ">" use, so
// that a umask of 022 gives 0644 and one of 077 gives 0600.
const Mode fs.FileMode = 0o666

// NotRegularError is the error of an input path that is not a regular
// file.
type NotRegularError struct {
	Path string
	Mode fs.FileMode
}

func (e *NotRegularError) Error() string {
	return fmt.Sprintf("%s is %s, not a regular file", e.Path, Kind(e.Mode))
}

// ErrNotRegular is matched by every [NotRegularError] (errors.Is).
var ErrNotRegular = errors.New("not a regular file")

// Is makes errors.Is(err, ErrNotRegular) hold.
func (e *NotRegularError) Is(target error) bool { return target == ErrNotRegular }

// Kind names a file mode in words: "a folder", "a named pipe", …
func Kind(m fs.FileMode) string {
	switch {
	case m.IsRegular():
		return "a regular file"
	case m.IsDir():
		return "a folder"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "not a regular file"
}

// Open opens a regular file for reading. A path that is not one (after
// symbolic links) is a [*NotRegularError]; the open itself never blocks.
func Open(path string) (*os.File, error) {
	st, err := os.Stat(path)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			pe.Op = "open" // what the caller asked for
		}
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, &NotRegularError{Path: path, Mode: st.Mode()}
	}
	// Non-blocking, in case the path became a pipe since the Stat: the
	// open returns at once and the check below refuses it. A regular
	// file ignores the flag.
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	st, err = f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if !st.Mode().IsRegular() {
		f.Close()
		return nil, &NotRegularError{Path: path, Mode: st.Mode()}
	}
	return f, nil
}

// Check reports, without opening it, whether path is a regular file
// (after symbolic links): nil, or the error [Open] would return.
func Check(path string) error {
	st, err := os.Stat(path)
	if err != nil {
		return err
	}
	if !st.Mode().IsRegular() {
		return &NotRegularError{Path: path, Mode: st.Mode()}
	}
	return nil
}

// TooLargeError is the error of an input larger than its bound.
type TooLargeError struct {
	Path  string
	Size  int64 // -1 when unknown (a stream)
	Limit int64
}

func (e *TooLargeError) Error() string {
	if e.Size < 0 {
		return fmt.Sprintf("%s holds more than the %d bytes this input may hold", e.Path, e.Limit)
	}
	return fmt.Sprintf("%s is %d bytes, more than the %d this input may hold", e.Path, e.Size, e.Limit)
}

// ReadFile reads a whole regular file of at most limit bytes: a larger one
// is a [*TooLargeError], read no further than its size.
func ReadFile(path string, limit int64) ([]byte, error) {
	f, err := Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if st.Size() > limit {
		return nil, &TooLargeError{Path: path, Size: st.Size(), Limit: limit}
	}
	return ReadAll(f, path, limit)
}

// ReadAll reads r to its end, refusing more than limit bytes (name names
// the input in the error).
func ReadAll(r io.Reader, name string, limit int64) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, &TooLargeError{Path: name, Size: -1, Limit: limit}
	}
	return data, nil
}

// CreateTemp creates a new file in dir named by pattern, whose last "*"
// is replaced by a random string (as os.CreateTemp does), with [Mode] less
// the umask (os.CreateTemp would make it 0600 whatever the umask), for a
// write that is renamed into place.
func CreateTemp(dir, pattern string) (*os.File, error) {
	prefix, suffix := pattern, ""
	if i := strings.LastIndex(pattern, "*"); i >= 0 {
		prefix, suffix = pattern[:i], pattern[i+1:]
	}
	for try := 0; ; try++ {
		name := prefix + strconv.FormatUint(rand.Uint64(), 36) + suffix
		f, err := os.OpenFile(filepath.Join(dir, name), os.O_RDWR|os.O_CREATE|os.O_EXCL, Mode)
		if errors.Is(err, fs.ErrExist) && try < 100 {
			continue
		}
		return f, err
	}
}
