package results

import (
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
	var line []byte
	if s.file != nil {
		var err error
		if line, err = Encode(r, s.Redact); err != nil {
			return err
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.count++
	if s.file == nil {
		return nil
	}
	s.buf = append(append(s.buf[:0], line...), '\n')
	if _, err := s.file.Write(s.buf); err != nil {
		return fmt.Errorf("results: write %s of %s: %w", r.Key(), r.Model, err)
	}
	if cap(s.buf) > 1<<20 {
		s.buf = nil // do not keep one huge transcript's buffer for the rest of the run
	}
	return nil
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
