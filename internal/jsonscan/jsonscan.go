// Package jsonscan finds where a JSON value ends by its brackets and
// strings alone, for the readers that take one part of a document (the
// leading members of a detail, the members of an object json.Marshal
// wrote) without decoding the rest. It does not check the value: a
// reader that needs it valid checks the part it took.
package jsonscan

// StringEnd is the index just past the string whose opening quote is at
// b[i], or -1 when the string does not close.
func StringEnd(b []byte, i int) int {
	for j := i + 1; j < len(b); j++ {
		switch b[j] {
		case '"':
			return j + 1
		case '\\':
			j++
		}
	}
	return -1
}

// End is where the value at b[i:] ends: just past its closing quote or
// bracket, or, for a number or a literal, at the comma or the closing
// brace or bracket after it (or at the end of b). It is -1 when a string
// or a container does not close.
func End(b []byte, i int) int {
	depth := 0
	for j := i; j < len(b); j++ {
		switch b[j] {
		case '"':
			k := StringEnd(b, j)
			if k < 0 {
				return -1
			}
			if depth == 0 {
				return k
			}
			j = k - 1
		case '{', '[':
			depth++
		case '}', ']':
			if depth == 0 {
				return j
			}
			if depth--; depth == 0 {
				return j + 1
			}
		case ',':
			if depth == 0 {
				return j
			}
		}
	}
	if depth > 0 {
		return -1
	}
	return len(b)
}
