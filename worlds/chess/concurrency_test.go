package chess

import (
	"sync"
	"testing"
)

// TestConcurrentFEN: positions parsed on many goroutines at once are each
// the position of their own FEN (the library's decoder shares a buffer, so
// this package serialises it).
func TestConcurrentFEN(t *testing.T) {
	fens := []string{
		"rn1qkbnr/ppp2p1p/3p2p1/4p3/2B1P1b1/2N2N2/PPPP1PPP/R1BQK2R w KQkq - 0 5",
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	}
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 200 {
				fen := fens[(g+i)%len(fens)]
				n, err := nodeFromFEN(fen)
				if err != nil {
					t.Error(err)
					return
				}
				if got := n.pos.String(); got != fen {
					t.Errorf("parsed %q, got %q", fen, got)
					return
				}
				_ = startNode()
			}
		}()
	}
	wg.Wait()
}
