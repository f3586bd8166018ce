package chess

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// show writes the positions of a unit for a person: how each was reached,
// its FEN, what was drawn for the views, the board in each view (and the
// masked board of hidden_square), and the probes with their golds.
func show(w io.Writer, level string, seed uint64, ps []*position) error {
	bw := bufio.NewWriter(w)
	for i, p := range ps {
		if i > 0 {
			bw.WriteString("\n")
		}
		from := "the starting position"
		if p.base != "" {
			from = "built-in position " + p.base + " (" + p.game.start + ")"
		}
		fmt.Fprintf(bw, "%s seed %d: %s after %d plies\n", level, seed, from, len(p.game.plies))
		fmt.Fprintf(bw, "plies: %s\n", strings.Join(p.game.plies, " "))
		fmt.Fprintf(bw, "FEN: %s\n", p.fen)
		if p.swap != nil {
			fmt.Fprintf(bw, "fen-transposed swaps %s and %s; ", p.swap[0], p.swap[1])
		} else {
			bw.WriteString("no fen-transposed view (no two different non-king pieces); ")
		}
		if len(p.masked) == 2 {
			fmt.Fprintf(bw, "hidden_square masks %s and %s\n", p.masked[0], p.masked[1])
		}
		for _, v := range views {
			if !p.hasView(v) {
				continue
			}
			sc := scene{sq: p.node.sq, turn: p.node.turn(), fen: p.viewFEN(v)}
			fmt.Fprintf(bw, "\n[%s]\n%s\n", v, sc.text())
		}
		sc := scene{sq: p.node.sq, turn: p.node.turn(), masked: p.masked}
		fmt.Fprintf(bw, "\n[hidden_square, fen-off]\n%s\n\nprobes (gold from the world; a masked square's gold depends on the view):\n", sc.text())
		for _, sp := range p.specs {
			fmt.Fprintf(bw, "- %s.%s: %s -> %s\n", sp.cat, sp.typ, sp.question, sp.truth.Canonical())
		}
	}
	return bw.Flush()
}
