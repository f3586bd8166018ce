package report

import (
	"bytes"
	"fmt"
	"math"
	"strings"
	"sync"
)

// Round6 rounds a score to six decimals for the seed file: the formulas'
// last-bit noise (0.8999999999999999) goes, every real difference stays.
func Round6(v float64) float64 { return math.Round(v*1e6) / 1e6 }

func Round6p(p *float64) *float64 {
	if p == nil {
		return nil
	}
	v := Round6(*p)
	return &v
}

// IndentFlat indents compact JSON (as json.Marshal writes it) two spaces
// a level, but writes each array that holds no object, and each short object
// of scalars, on one line, so that a path reads [[0,0],[0,1],...] and a
// confidence-log entry {"step":1,"conf":90} as in the seed.
func IndentFlat(src []byte) ([]byte, error) {
	var b bytes.Buffer
	b.Grow(len(src) * 2)
	end, err := writeValue(&b, src, 0, 0)
	if err != nil {
		return nil, err
	}
	if end != len(src) {
		return nil, fmt.Errorf("indent json: data after the value at byte %d", end)
	}
	b.WriteByte('\n')
	return b.Bytes(), nil
}

// writeValue writes the value starting at src[i] and returns where it
// ends. Where the value is an object or an array, one pass over it first
// finds where each object and array inside it ends and whether it holds an
// object, so that each byte is scanned once whatever the depth.
func writeValue(b *bytes.Buffer, src []byte, i, depth int) (int, error) {
	if i >= len(src) {
		return 0, fmt.Errorf("indent json: unexpected end")
	}
	if src[i] != '{' && src[i] != '[' {
		return scalar(b, src, i)
	}
	in := indenters.Get().(*indenter)
	defer func() {
		*in = indenter{boxes: in.boxes[:0]}
		indenters.Put(in)
	}()
	in.b, in.src = b, src
	if err := in.scan(i); err != nil {
		return 0, err
	}
	return in.value(i, depth)
}

// indenters keep their boxes' room from value to value.
var indenters = sync.Pool{New: func() any { return new(indenter) }}

// indenter writes one object or array, its containers found beforehand.
type indenter struct {
	b   *bytes.Buffer
	src []byte
	// boxes are the value's objects and arrays in the order they open;
	// next is the first not yet written.
	boxes []box
	next  int
}

// box is an object or an array: where it opens and ends (after its
// closing byte), whether it holds an object (its own opening brace
// counts), and the index of the first box after it.
type box struct {
	start, end int
	object     bool
	after      int
}

// scan finds the boxes of the container at src[i], as skipValue would
// find each one's end.
func (in *indenter) scan(i int) error {
	src := in.src
	var open []int // indices into boxes of the boxes not yet closed
	for j := i; j < len(src); j++ {
		switch c := src[j]; c {
		case '"':
			j = stringEnd(src, j)
		case '{', '[':
			if c == '{' {
				for _, k := range open {
					in.boxes[k].object = true
				}
			}
			open = append(open, len(in.boxes))
			in.boxes = append(in.boxes, box{start: j, object: c == '{'})
		case '}', ']':
			k := open[len(open)-1]
			open = open[:len(open)-1]
			in.boxes[k].end, in.boxes[k].after = j+1, len(in.boxes)
			if len(open) == 0 {
				return nil
			}
		}
	}
	return fmt.Errorf("indent json: unterminated value")
}

// value writes the value at src[i] at depth and returns where it ends.
func (in *indenter) value(i, depth int) (int, error) {
	src, b := in.src, in.b
	if src[i] != '{' && src[i] != '[' {
		return scalar(b, src, i)
	}
	if in.next >= len(in.boxes) || in.boxes[in.next].start != i {
		return 0, fmt.Errorf("indent json: malformed value at byte %d", i)
	}
	bx := in.boxes[in.next]
	end := bx.end
	flat := !bx.object
	leaf := src[i] == '{' && end-i <= 72 && bytes.IndexByte(src[i+1:end-1], '{') < 0 && bytes.IndexByte(src[i+1:end-1], '[') < 0
	if flat || leaf || end-i == 2 {
		b.Write(src[i:end])
		in.next = bx.after
		return end, nil
	}
	in.next++
	closing := byte('}')
	if src[i] == '[' {
		closing = ']'
	}
	b.WriteByte(src[i])
	j := i + 1
	for first := true; src[j] != closing; first = false {
		if !first {
			if src[j] != ',' {
				return 0, fmt.Errorf("indent json: want a comma at byte %d", j)
			}
			j++ // the comma
			b.WriteByte(',')
		}
		newline(b, depth+1)
		if src[i] == '{' {
			k, err := scalar(b, src, j) // the key
			if err != nil {
				return 0, err
			}
			b.WriteString(": ")
			j = k + 1 // the colon
		}
		var err error
		if j, err = in.value(j, depth+1); err != nil {
			return 0, err
		}
		if j >= len(src) {
			return 0, fmt.Errorf("indent json: unexpected end")
		}
	}
	newline(b, depth)
	b.WriteByte(closing)
	return j + 1, nil
}

// scalar writes the string, number or literal at src[i] as it stands and
// returns where it ends.
func scalar(b *bytes.Buffer, src []byte, i int) (int, error) {
	end, _, err := skipValue(src, i)
	if err != nil {
		return 0, err
	}
	b.Write(src[i:end])
	return end, nil
}

func newline(b *bytes.Buffer, depth int) {
	if n := 1 + 2*depth; n <= len(indents) {
		b.WriteString(indents[:n])
		return
	}
	b.WriteByte('\n')
	for range depth {
		b.WriteString("  ")
	}
}

// indents is a newline and the spaces of the first sixteen depths.
var indents = "\n" + strings.Repeat("  ", 16)

// skipValue finds the end of the compact JSON value at src[i], and whether
// it holds no object.
func skipValue(src []byte, i int) (end int, flat bool, err error) {
	depth, flat := 0, true
	for j := i; j < len(src); j++ {
		switch c := src[j]; c {
		case '"':
			j = stringEnd(src, j)
			if depth == 0 {
				return j + 1, flat, nil
			}
		case '{', '[':
			if c == '{' {
				flat = false
			}
			depth++
		case '}', ']':
			if depth == 0 { // the end of the container holding a scalar
				return j, flat, nil
			}
			depth--
			if depth == 0 {
				return j + 1, flat, nil
			}
		case ',', ':':
			if depth == 0 {
				return j, flat, nil
			}
		}
	}
	if depth == 0 {
		return len(src), flat, nil
	}
	return 0, false, fmt.Errorf("indent json: unterminated value")
}

// stringEnd is the index of the quote that closes the string opened at
// src[j], or len(src) when none does: the next quote not escaped. Most of
// a file's strings are short keys and words, so it steps a byte at a time
// for the first bytes and leaves a long string to bytes.IndexByte.
func stringEnd(src []byte, j int) int {
	i := j + 1
	for stop := min(len(src), i+32); i < stop; i++ {
		switch src[i] {
		case '"':
			return i
		case '\\':
			i++
		}
	}
	for i < len(src) {
		k := bytes.IndexByte(src[i:], '"')
		if k < 0 {
			break
		}
		q := i + k
		escapes := 0
		for p := q - 1; p > j && src[p] == '\\'; p-- {
			escapes++
		}
		if escapes%2 == 0 {
			return q
		}
		i = q + 1
	}
	return len(src)
}
