package worlds

import (
	"fmt"

	"github.com/hallumaze/hallumaze/bench"
)

// gateSet names the probes of HalluWorld's gate set: what TestWorldsReplay
// plays, what the committed cassettes of a recorded model cover, what
// make record records and what hallumaze gate compares. Five probes of each
// category of each world (in the order P, M, C, U, X), spread evenly over
// that category's probes in the world's standard set, every other pick one
// further on so that probes that come in pairs (a yes and its no, a U twin
// and its UNKNOWN) give both. They are named by identity
// (world/level/seed/view/probe), not chosen by their content, so that a
// change to the prompts or golds keeps the same probes: their cassettes are
// recorded again, and the set stays what it was.
var gateSet = []string{
	// grid: five of each category
	"grid/P1_dense_array/s0/symbolic/q00",
	"grid/proc-8/s8/ascii/q04",
	"grid/proc-10/s2/ascii/q02",
	"grid/proc-10/s14/symbolic/q01",
	"grid/proc-12/s9/symbolic/q00",
	"grid/M1_river_3/s0/memory/q00",
	"grid/proc-8/s9/memory/q07",
	"grid/proc-10/s1/ascii/q07",
	"grid/proc-10/s15/memory/q06",
	"grid/proc-12/s7/memory/q07",
	"grid/C1a_persistent_chain/s0/memory/q00",
	"grid/C5a_adversarial_board/s0/memory/q02",
	"grid/proc-8/s14/memory/q09",
	"grid/proc-10/s11/symbolic/q09",
	"grid/proc-12/s8/ascii/q03",
	"grid/U1_fog_of_war/s0/symbolic/q00",
	"grid/proc-8/s11/symbolic/q09",
	"grid/proc-10/s4/ascii/q08",
	"grid/proc-10/s14/memory/q13",
	"grid/proc-12/s8/ascii/q04",
	"grid/M4_narrator/s0/memory/q03",
	"grid/proc-8/s5/symbolic/q18",
	"grid/proc-8/s19/ascii/q17",
	"grid/proc-10/s12/ascii/q11",
	"grid/proc-12/s7/ascii/q15",
	// chess: five of each category
	"chess/chess-random/s1/fen-off/q00",
	"chess/chess-random/s11/fen-off/q05",
	"chess/chess-random/s21/fen-truth/q03",
	"chess/chess-random/s31/fen-transposed/q03",
	"chess/chess-random/s41/fen-truth/q05",
	"chess/chess-random/s1/fen-off/q09",
	"chess/chess-random/s12/fen-off/q07",
	"chess/chess-random/s21/fen-off/q09",
	"chess/chess-random/s32/fen-off/q09",
	"chess/chess-random/s41/fen-off/q09",
	"chess/chess-random/s1/fen-off/q06",
	"chess/chess-random/s12/fen-flip-turn/q04",
	"chess/chess-random/s21/fen-flip-turn/q06",
	"chess/chess-random/s32/fen-truth/q06",
	"chess/chess-random/s41/fen-truth/q06",
	"chess/chess-random/s1/fen-off/q11",
	"chess/chess-random/s11/fen-off/q12",
	"chess/chess-random/s21/fen-off/q11",
	"chess/chess-random/s31/fen-off/q10",
	"chess/chess-random/s41/fen-off/q11",
	"chess/chess-random/s1/fen-off/q10",
	"chess/chess-random/s11/fen-off/q13",
	"chess/chess-random/s21/fen-off/q10",
	"chess/chess-random/s31/fen-off/q11",
	"chess/chess-random/s41/fen-off/q10",
	// terminal: five of each category
	"terminal/terminal/s1/transcript/q00",
	"terminal/terminal/s21/transcript/q01",
	"terminal/terminal/s41/transcript/q00",
	"terminal/terminal-files/s11/transcript/q01",
	"terminal/terminal-files/s31/transcript/q00",
	"terminal/terminal/s1/transcript/q03",
	"terminal/terminal/s21/transcript/q04",
	"terminal/terminal/s41/transcript/q03",
	"terminal/terminal-files/s11/transcript/q04",
	"terminal/terminal-files/s31/transcript/q03",
	"terminal/terminal/s1/transcript/q05",
	"terminal/terminal/s26/transcript/q06",
	"terminal/terminal-files/s1/transcript/q05",
	"terminal/terminal-files/s18/transcript/q05",
	"terminal/terminal-files/s34/transcript/q06",
	"terminal/terminal/s1/transcript/q07",
	"terminal/terminal/s21/transcript/q08",
	"terminal/terminal/s41/transcript/q07",
	"terminal/terminal-files/s11/transcript/q09",
	"terminal/terminal-files/s31/transcript/q08",
	"terminal/terminal/s1/transcript/q09",
	"terminal/terminal/s21/transcript/q10",
	"terminal/terminal/s41/transcript/q09",
	"terminal/terminal-files/s11/transcript/q11",
	"terminal/terminal-files/s31/transcript/q10",
}

// gateCases are the gate set's probes as cases, in the order of gateSet.
// A name the standard sets no longer hold is an error that says so.
func gateCases() ([]bench.Case, error) {
	ws, err := Worlds()
	if err != nil {
		return nil, err
	}
	byID := map[string]bench.Case{}
	for _, w := range ws {
		probes, err := standard(w)
		if err != nil {
			return nil, err
		}
		for _, p := range probes {
			byID[p.ID] = NewCase(w, p)
		}
	}
	out := make([]bench.Case, 0, len(gateSet))
	for _, id := range gateSet {
		c, ok := byID[id]
		if !ok {
			return nil, fmt.Errorf("worlds: the gate set names probe %s, which no world's standard set holds", id)
		}
		out = append(out, c)
	}
	return out, nil
}
