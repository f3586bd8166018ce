package report

import (
	"bytes"
	"testing"

	"pgregory.net/rapid"
)

// TestSpill: every piece put is got back as it was, in memory, across the
// chunks, and once the spill has moved to a file.
func TestSpill(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := Spill{limit: int64(rapid.SampledFrom([]int{0, 1, 5 * spillChunk}).Draw(t, "limit"))}
		defer s.Close()
		var pieces [][]byte
		var refs []SpillRef
		for i := range rapid.IntRange(0, 12).Draw(t, "n") {
			n := rapid.SampledFrom([]int{0, 1, 100, spillChunk - 1, spillChunk + 3, 2 * spillChunk}).Draw(t, "len")
			p := bytes.Repeat([]byte{byte(i)}, n)
			if n > 0 {
				p[0], p[n-1] = 'a', 'z'
			}
			pieces = append(pieces, p)
			refs = append(refs, s.Put(p))
		}
		var buf []byte
		for round := range 2 { // the second round reads with the buffers the first gave
			for i, ref := range refs {
				got, err := s.Get(ref, buf)
				if err != nil || !bytes.Equal(got, pieces[i]) {
					t.Fatalf("round %d, piece %d (%d bytes): %v", round, i, len(pieces[i]), err)
				}
				buf = got
			}
		}
	})
}
