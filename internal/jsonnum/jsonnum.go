// Package jsonnum writes numbers as encoding/json writes them, for the
// encoders written by hand that must give its bytes.
package jsonnum

import (
	"math"
	"strconv"
)

// AppendFloat appends f as encoding/json writes a float64: the shortest
// form that reads back exactly, in exponent form below 1e-6 and from 1e21
// on, a one-digit negative exponent without its zero ("1e-7"). ok is
// false, with b as it was, for NaN and the infinities, which JSON cannot
// hold.
func AppendFloat(b []byte, f float64) (out []byte, ok bool) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return b, false
	}
	abs := math.Abs(f)
	format := byte('f')
	if abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if format == 'e' {
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b, true
}
