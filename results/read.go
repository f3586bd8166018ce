package results

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/hallumaze/hallumaze/internal/files"
)

// Torn is the last line of a results file cut off by a kill mid-write: it
// is skipped, and reported.
type Torn struct {
	// Line is its line number, counting from 1.
	Line int
	// Start is its first bytes (at most 64), to tell a cut result from a
	// line of something else.
	Start string
}

// Summary is what the index of past runs needs of a result: decoding it
// skips the conversation and the detail, so that reading a file costs the
// memory of one line, not of its results.
type Summary struct {
	Suite   string             `json:"suite"`
	Model   string             `json:"model"`
	Case    string             `json:"case"`
	Metrics map[string]float64 `json:"metrics,omitempty"`
	Usage   Usage              `json:"usage"`
	Error   string             `json:"error,omitempty"`
}

// Key identifies the case a summary belongs to, across models.
func (s Summary) Key() string { return s.Suite + "/" + s.Case }

// Read reads a JSONL results file. A line that is not a result (or holds a
// number beyond the bounds hallumaze writes, or is longer than [MaxLine])
// is an error naming the line; a torn last line (a run killed mid-write)
// is skipped and reported through torn.
func Read(r io.Reader) (results []Result, torn bool, err error) {
	t, err := Each(r, func(res Result) error {
		results = append(results, res)
		return nil
	})
	if err != nil {
		return nil, false, err
	}
	return results, t != nil, nil
}

// Each reads a JSONL results file one line at a time, calling fn with each
// result in file order, and stops at fn's first error. It holds one line
// at a time. The torn last line, if any, is returned.
func Each(r io.Reader, fn func(Result) error) (*Torn, error) {
	return scan(r, func(res *Result) error {
		if res.Suite == "" || res.Model == "" || res.Case == "" {
			return errNotResult
		}
		return res.check()
	}, fn)
}

// EachSummary is [Each] that decodes only each result's [Summary].
func EachSummary(r io.Reader, fn func(Summary) error) (*Torn, error) {
	return scan(r, func(s *Summary) error {
		if s.Suite == "" || s.Model == "" || s.Case == "" {
			return errNotResult
		}
		if err := checkUsage(s.Usage); err != nil {
			return err
		}
		return Result{Metrics: s.Metrics}.check()
	}, fn)
}

var errNotResult = errors.New("not a hallumaze result (suite, model and case are required)")

// scan decodes each line of r as a T, checks it and hands it to fn. A
// line that does not decode is an error unless it is the last (torn).
func scan[T any](r io.Reader, check func(*T) error, fn func(T) error) (*Torn, error) {
	sc := bufio.NewScanner(r)
	// Room for the longest line and its line end (\r\n).
	sc.Buffer(make([]byte, 0, min(64<<10, lineBound+2)), lineBound+2)
	line := 0
	var pending error
	var torn *Torn
	for sc.Scan() {
		line++
		if pending != nil {
			return nil, pending
		}
		text := bytes.TrimSuffix(sc.Bytes(), []byte("\r"))
		if len(text) == 0 {
			continue
		}
		var v T
		if err := json.Unmarshal(text, &v); err != nil {
			// Only the last line may be torn; decide when the next comes.
			pending = fmt.Errorf("results line %d: %w", line, err)
			torn = &Torn{Line: line, Start: string(text[:min(len(text), 64)])}
			continue
		}
		if err := check(&v); err != nil {
			return nil, fmt.Errorf("results line %d: %w", line, err)
		}
		if err := fn(v); err != nil {
			return nil, err
		}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, fmt.Errorf("results line %d: longer than the %d bytes a results line holds: not a results file hallumaze writes", line+1, lineBound)
		}
		return nil, fmt.Errorf("results: %w", err)
	}
	return torn, nil
}

// ReadFile reads a JSONL results file from disk: a regular file (a named
// pipe or a device is refused, never waited on).
func ReadFile(path string) ([]Result, bool, error) {
	var rs []Result
	torn, err := EachFile(path, func(r Result) error {
		rs = append(rs, r)
		return nil
	})
	if err != nil {
		return nil, false, err
	}
	return rs, torn != nil, nil
}

// EachFile is [Each] of the results file at path.
func EachFile(path string, fn func(Result) error) (*Torn, error) {
	return eachFile(path, func(r io.Reader) (*Torn, error) { return Each(r, fn) })
}

// EachSummaryFile is [EachSummary] of the results file at path.
func EachSummaryFile(path string, fn func(Summary) error) (*Torn, error) {
	return eachFile(path, func(r io.Reader) (*Torn, error) { return EachSummary(r, fn) })
}

func eachFile(path string, read func(io.Reader) (*Torn, error)) (*Torn, error) {
	f, err := files.Open(path)
	if err != nil {
		return nil, fmt.Errorf("results: %w", err)
	}
	defer f.Close()
	torn, err := read(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return torn, nil
}
