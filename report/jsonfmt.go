package report

import (
	"bytes"
	"fmt"
	"math"
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

// writeValue writes the value starting at src[i] and returns where it ends.
func writeValue(b *bytes.Buffer, src []byte, i, depth int) (int, error) {
	if i >= len(src) {
		return 0, fmt.Errorf("indent json: unexpected end")
	}
	switch src[i] {
	case '{', '[':
		end, flat, err := skipValue(src, i)
		if err != nil {
			return 0, err
		}
		leaf := src[i] == '{' && end-i <= 72 && !bytes.ContainsAny(src[i+1:end-1], "{[")
		if flat || leaf || end-i == 2 {
			b.Write(src[i:end])
			return end, nil
		}
		closing := byte('}')
		if src[i] == '[' {
			closing = ']'
		}
		b.WriteByte(src[i])
		j := i + 1
		for first := true; src[j] != closing; first = false {
			if !first {
				j++ // the comma
				b.WriteByte(',')
			}
			newline(b, depth+1)
			if src[i] == '{' {
				k, _, err := skipValue(src, j)
				if err != nil {
					return 0, err
				}
				b.Write(src[j:k])
				b.WriteString(": ")
				j = k + 1 // the colon
			}
			if j, err = writeValue(b, src, j, depth+1); err != nil {
				return 0, err
			}
		}
		newline(b, depth)
		b.WriteByte(closing)
		return j + 1, nil
	}
	end, _, err := skipValue(src, i)
	if err != nil {
		return 0, err
	}
	b.Write(src[i:end])
	return end, nil
}

func newline(b *bytes.Buffer, depth int) {
	b.WriteByte('\n')
	for range depth {
		b.WriteString("  ")
	}
}

// skipValue finds the end of the compact JSON value at src[i], and whether
// it holds no object.
func skipValue(src []byte, i int) (end int, flat bool, err error) {
	depth, flat := 0, true
	for j := i; j < len(src); j++ {
		switch c := src[j]; c {
		case '"':
			for j++; j < len(src) && src[j] != '"'; j++ {
				if src[j] == '\\' {
					j++
				}
			}
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
