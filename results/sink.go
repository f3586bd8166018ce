package results

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sync"

	"github.com/hallumaze/hallumaze/internal/files"
	"github.com/hallumaze/hallumaze/internal/redact"
)

// Sink streams results, one JSON line each, to a results file as each
// case ends. It holds no result once written: a run of any length costs
// the same memory, and what is finished survives a crash of the process
// (each line is one write to the file, made before Add returns). A reader
// of the file after a kill may find the last line torn; [Read]
// reports it. A Sink is safe for concurrent use.
type Sink struct {
	// Redact, when set, is applied to each line before it is written.
	Redact *redact.Secrets

	mu    sync.Mutex
	file  *os.File
	buf   []byte
	count int
}

// NewSink returns a sink that appends to path, creating the file and its
// folder as needed, or a sink that only counts when path is empty.
func NewSink(path string) (*Sink, error) {
	s := &Sink{}
	if path == "" {
		return s, nil
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
		return nil, fmt.Errorf("results: %w", err)
	}
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, files.Mode)
	if err != nil {
		return nil, fmt.Errorf("results: %w", err)
	}
	s.file = f
	return s, nil
}

// Add writes a result's line at once, whole, in a single write, within
// [MaxLine] ([Encode]: a text too long for the line is kept cut, with its
// true length).
func (s *Sink) Add(r Result) error {
	_, err := s.Written(r)
	return err
}

// Written writes a result's line as Add does and returns the result as the
// file holds it: r itself, or, when the line says other than r (a text
// cut, a secret replaced), the line read back.
func (s *Sink) Written(r Result) (Result, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.file == nil {
		s.count++
		return r, nil
	}
	line, altered, err := appendEncode(s.buf[:0], r, s.Redact)
	if err != nil {
		return r, err
	}
	s.count++
	if altered {
		var back Result
		if err := json.Unmarshal(line, &back); err != nil {
			return r, fmt.Errorf("results: read back %s of %s: %w", r.Key(), r.Model, err)
		}
		r = back
	}
	s.buf = append(line, '\n')
	if _, err := s.file.Write(s.buf); err != nil {
		return r, fmt.Errorf("results: write %s of %s: %w", r.Key(), r.Model, err)
	}
	if cap(s.buf) > 1<<20 {
		s.buf = nil // do not keep one huge transcript's buffer for the rest of the run
	}
	return r, nil
}

// Count is the number of results added so far.
func (s *Sink) Count() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.count
}

// Close closes the file.
func (s *Sink) Close() error {
	if s.file == nil {
		return nil
	}
	return s.file.Close()
}
