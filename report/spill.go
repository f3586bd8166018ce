package report

import (
	"cmp"
	"errors"
	"fmt"
	"os"
	"runtime"
)

// spillMemory is how many bytes a Spill keeps in memory before it moves
// what it holds to a temporary file.
const spillMemory = 8 << 20

// Spill keeps pieces of bytes (each case's part of an output, made as the
// case is read) until the output is written, in memory while they are few
// and in a temporary file beyond spillMemory, so that a report's memory
// does not grow with its cases. The file is removed once closed (on Unix as
// soon as it is made: only the open file reaches it). A Spill is not safe
// for concurrent use.
type Spill struct {
	mem  [][]byte // spillChunk bytes each, in order
	file *os.File
	size int64
	err  error
	// limit replaces spillMemory when set (tests).
	limit int64
}

// spillChunk is the size of the pieces of memory a Spill fills in turn, so
// that it never copies what it holds to grow.
const spillChunk = 1 << 20

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
	if limit := cmp.Or(s.limit, spillMemory); s.file == nil && s.size > limit {
		s.toFile()
	}
	if s.file == nil {
		for len(p) > 0 {
			if len(s.mem) == 0 || len(s.mem[len(s.mem)-1]) == spillChunk {
				s.mem = append(s.mem, make([]byte, 0, spillChunk))
			}
			last := &s.mem[len(s.mem)-1]
			n := min(len(p), spillChunk-len(*last))
			*last = append(*last, p[:n]...)
			p = p[n:]
		}
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
	var off int64
	for _, chunk := range s.mem {
		if _, err := f.WriteAt(chunk, off); err != nil {
			f.Close()
			os.Remove(f.Name())
			s.err = fmt.Errorf("spill: %w", err)
			return
		}
		off += int64(len(chunk))
	}
	s.file, s.mem = f, nil
	runtime.AddCleanup(s, func(f *os.File) { f.Close(); os.Remove(f.Name()) }, f)
}

// Get reads a piece back, into buf when it has room and the piece is in
// the file; a piece in memory is returned where it is, never to be
// changed.
func (s *Spill) Get(ref SpillRef, buf []byte) ([]byte, error) {
	if s.err != nil {
		return nil, s.err
	}
	if ref.off < 0 || int64(ref.n) < 0 || ref.off+int64(ref.n) > s.size {
		return nil, errors.New("spill: a reference past the end")
	}
	if ref.n == 0 {
		return buf[:0], nil
	}
	if s.file == nil {
		i, at := int(ref.off/spillChunk), int(ref.off%spillChunk)
		if at+int(ref.n) <= spillChunk {
			return s.mem[i][at : at+int(ref.n)], nil
		}
	}
	if s.file == nil {
		// across two chunks: a copy of its own (buf may be a piece of a
		// chunk, returned before)
		out := make([]byte, ref.n)
		for got, i, at := 0, int(ref.off/spillChunk), int(ref.off%spillChunk); got < len(out); i, at = i+1, 0 {
			got += copy(out[got:], s.mem[i][at:])
		}
		return out, nil
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

// Size is how many bytes are kept.
func (s *Spill) Size() int64 { return s.size }
