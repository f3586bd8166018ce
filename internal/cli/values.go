package cli

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// List splits a comma-separated flag value into its items, trimmed,
// dropping blanks and repeats: "a, b,,a" is [a b].
func List(value string) []string {
	var out []string
	for _, v := range strings.Split(value, ",") {
		if v = strings.TrimSpace(v); v != "" && !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	return out
}

// Seed reads the value of the seed flag --name: a number in 0..2^64-1.
func Seed(name, value string) (uint64, error) {
	s, err := strconv.ParseUint(value, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("--%s %q is not a number in 0..2^64-1", name, value)
	}
	return s, nil
}

// Seeds reads the value of the flag --name, seeds separated by commas (as
// [List] splits them), in order; nil for an empty value.
func Seeds(name, value string) ([]uint64, error) {
	var out []uint64
	for _, v := range List(value) {
		s, err := Seed(name, v)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}
