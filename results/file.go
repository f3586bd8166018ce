package results

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"os"

	"github.com/hallumaze/hallumaze/internal/files"
)

// File is a JSONL results file read one result at a time: Index reads it
// once, keeping where each line is and the names of its result (suite,
// model, case), and At decodes the i-th result when it is asked for. An
// output of any number of results made from a File holds one result at a
// time. A File keeps its file open until Close.
type File struct {
	path  string
	f     *os.File
	lines []Line
	buf   []byte
}

// Line is where a result is in its file, what it is called, and a hash of
// its line's bytes (equal lines, equal hashes).
type Line struct {
	Suite, Model, Case string
	off                int64
	n                  int
	Hash               uint64
}

// Index reads a JSONL results file as Read does (a regular file, blank
// lines skipped, a line that is not a result or is longer than [MaxLine]
// an error naming it, a torn last line skipped and reported through torn),
// keeping each line's place and names instead of the results. The numbers
// of a result are checked when At reads it.
func Index(path string) (f *File, torn bool, err error) {
	file, err := files.Open(path)
	if err != nil {
		return nil, false, fmt.Errorf("results: %w", err)
	}
	f = &File{path: path, f: file}
	defer func() {
		if err != nil {
			file.Close()
			f = nil
		}
	}()
	br := bufio.NewReaderSize(file, 256<<10)
	var off int64
	var pendingErr error
	var names struct {
		Suite string `json:"suite"`
		Model string `json:"model"`
		Case  string `json:"case"`
	}
	// The suites and models repeat: each is kept once, not once a line.
	seen := map[string]string{}
	shared := func(s string) string {
		if v, ok := seen[s]; ok {
			return v
		}
		seen[s] = s
		return s
	}
	for line := 1; ; line++ {
		text, readErr := readLine(br)
		start := off
		off += int64(len(text))
		if readErr == errLineTooLong {
			return nil, false, fmt.Errorf("%s: results line %d: longer than the %d bytes a results line holds: not a results file hallumaze writes", path, line, lineBound)
		}
		if readErr != nil && readErr != io.EOF {
			return nil, false, fmt.Errorf("%s: results: %w", path, readErr)
		}
		if len(text) == 0 && readErr == io.EOF {
			break
		}
		if pendingErr != nil {
			return nil, false, fmt.Errorf("%s: %w", path, pendingErr)
		}
		body := trimNewline(text)
		if len(body) == 0 {
			if readErr == io.EOF {
				break
			}
			continue
		}
		names.Suite, names.Model, names.Case = "", "", ""
		if err := json.Unmarshal(body, &names); err != nil {
			// Only the last line may be torn; decide when the next comes.
			pendingErr = fmt.Errorf("results line %d: %w", line, err)
		} else if names.Suite == "" || names.Model == "" || names.Case == "" {
			return nil, false, fmt.Errorf("%s: results line %d: not a hallumaze result (suite, model and case are required)", path, line)
		} else {
			h := fnv.New64a()
			h.Write(body)
			f.lines = append(f.lines, Line{Suite: shared(names.Suite), Model: shared(names.Model), Case: names.Case, off: start, n: len(body), Hash: h.Sum64()})
		}
		if readErr == io.EOF {
			break
		}
	}
	return f, pendingErr != nil, nil
}

// errLineTooLong is readLine's error for a line longer than a results
// line may be.
var errLineTooLong = errors.New("results line too long")

// readLine reads a line with its newline, up to [MaxLine] and its line
// end (\r\n); a longer line is errLineTooLong.
func readLine(br *bufio.Reader) ([]byte, error) {
	line, err := br.ReadSlice('\n')
	if err != bufio.ErrBufferFull {
		return line, err
	}
	out := append([]byte(nil), line...)
	for err == bufio.ErrBufferFull {
		if len(out) > lineBound+2 {
			return nil, errLineTooLong
		}
		line, err = br.ReadSlice('\n')
		out = append(out, line...)
	}
	if len(out) > lineBound+2 {
		return nil, errLineTooLong
	}
	return out, err
}

func trimNewline(b []byte) []byte {
	for len(b) > 0 && (b[len(b)-1] == '\n' || b[len(b)-1] == '\r') {
		b = b[:len(b)-1]
	}
	return b
}

// Len is the number of results.
func (f *File) Len() int { return len(f.lines) }

// Line is where the i-th result is and what it is called.
func (f *File) Line(i int) Line { return f.lines[i] }

// At reads the i-th result.
func (f *File) At(i int) (Result, error) {
	l := f.lines[i]
	if cap(f.buf) < l.n {
		f.buf = make([]byte, l.n)
	}
	buf := f.buf[:l.n]
	if _, err := f.f.ReadAt(buf, l.off); err != nil {
		return Result{}, fmt.Errorf("%s: results: %w", f.path, err)
	}
	var r Result
	if err := json.Unmarshal(buf, &r); err != nil {
		return Result{}, fmt.Errorf("%s: results: %w", f.path, err)
	}
	if err := r.check(); err != nil {
		return Result{}, fmt.Errorf("%s: results: %s of %s: %w", f.path, r.Key(), r.Model, err)
	}
	return r, nil
}

// Close closes the file.
func (f *File) Close() error { return f.f.Close() }
