package report

import (
	"errors"
	"fmt"
	"os"
	"runtime"
)

// spillMemory is how many bytes a Spill keeps in memory before it moves
// what it holds to a temporary file.
const spillMemory = 32 << 20

// Spill keeps pieces of bytes (each case's part of an output, made as the
// case is read) until the output is written, in memory while they are few
// and in a temporary file beyond spillMemory, so that a report's memory
// does not grow with its cases. The file is removed once closed (on Unix as
// soon as it is made: only the open file reaches it). A Spill is not safe
// for concurrent use.
type Spill struct {
	mem  []byte
	file *os.File
	size int64
	err  error
}

// SpillRef names a piece kept in a Spill.
type SpillRef struct {
	off int64
	n   int32
}

// Put keeps a piece and returns where it is.
func (s *Spill) Put(p []byte) SpillRef {
	ref := SpillRef{off: s.size, n: int32(len(p))}
	s.size += int64(len(p))
	if s.err != nil {
		return ref
	}
	if s.file == nil && len(s.mem)+len(p) > spillMemory {
		s.toFile()
	}
	if s.file == nil {
		s.mem = append(s.mem, p...)
		return ref
	}
	if _, err := s.file.WriteAt(p, ref.off); err != nil {
		s.err = fmt.Errorf("spill: %w", err)
	}
	return ref
}

// toFile moves what is kept to a temporary file.
func (s *Spill) toFile() {
	f, err := os.CreateTemp("", "hallumaze-spill-*")
	if err != nil {
		s.err = fmt.Errorf("spill: %w", err)
		return
	}
	if runtime.GOOS != "windows" {
		os.Remove(f.Name()) // the open file keeps the data
	}
	if _, err := f.WriteAt(s.mem, 0); err != nil {
		f.Close()
		os.Remove(f.Name())
		s.err = fmt.Errorf("spill: %w", err)
		return
	}
	s.file, s.mem = f, nil
	runtime.AddCleanup(s, func(f *os.File) { f.Close(); os.Remove(f.Name()) }, f)
}

// Get reads a piece back, into buf when it has room.
func (s *Spill) Get(ref SpillRef, buf []byte) ([]byte, error) {
	if s.err != nil {
		return nil, s.err
	}
	if ref.off < 0 || int64(ref.n) < 0 || ref.off+int64(ref.n) > s.size {
		return nil, errors.New("spill: a reference past the end")
	}
	if s.file == nil {
		return s.mem[ref.off : ref.off+int64(ref.n)], nil
	}
	if cap(buf) < int(ref.n) {
		buf = make([]byte, ref.n)
	}
	buf = buf[:ref.n]
	if _, err := s.file.ReadAt(buf, ref.off); err != nil {
		return nil, fmt.Errorf("spill: %w", err)
	}
	return buf, nil
}

// Close lets go of what is kept, removing the file.
func (s *Spill) Close() error {
	s.mem = nil
	if s.file == nil {
		return nil
	}
	f := s.file
	s.file = nil
	err := f.Close()
	os.Remove(f.Name())
	return err
}
