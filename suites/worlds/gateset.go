package worlds

import (
	"fmt"

	"github.com/hallumaze/hallumaze/bench"
)

// gateSet names the probes of HalluWorld's gate set: what TestWorldsReplay
// plays, what the committed cassettes of a recorded model cover, what
// make record records and what hallumaze gate compares. Five probes of each
// category of each world, spread over the standard sets. They are named by
// identity (world/level/seed/view/probe), not chosen by their content, so
// that a change to the prompts or golds keeps the same probes: their
// cassettes are recorded again, and the set stays what it was.
var gateSet = []string{
	// grid: five of each category
	"grid/P1_dense_array/s0/symbolic/q00",
	"grid/M2_witness_stand/s0/symbolic/q04",
	"grid/U2_oracle_mid/s0/memory/q04",
	"grid/proc-8/s1/symbolic/q04",
	"grid/proc-10/s2/memory/q04",
	"grid/P4_delta_perception/s0/symbolic/q05",
	"grid/U2_oracle_low/s0/memory/q05",
	"grid/proc-8/s3/ascii/q05",
	"grid/proc-10/s2/ascii/q06",
	"grid/proc-12/s1/memory/q05",
	"grid/P1_dense_array/s0/symbolic/q05",
	"grid/M1_river_6/s0/memory/q07",
	"grid/C3_flood_room/s0/memory/q06",
	"grid/X3_facility_tour/s0/ascii/q05",
	"grid/proc-8/s3/memory/q07",
	"grid/P1_dense_array/s0/symbolic/q06",
	"grid/M2_witness_stand/s0/symbolic/q08",
	"grid/X1_facility_tour/s0/ascii/q06",
	"grid/proc-8/s2/ascii/q04",
	"grid/proc-10/s4/symbolic/q08",
	"grid/P1_dense_array/s0/symbolic/q10",
	"grid/M2_witness_stand/s0/ascii/q09",
	"grid/U2_oracle_low/s0/memory/q11",
	"grid/proc-8/s1/memory/q10",
	"grid/proc-10/s3/symbolic/q10",
	// chess: five of each category
	"chess/chess-random/s1/fen-off/q00",
	"chess/chess-random/s11/fen-off/q00",
	"chess/chess-random/s21/fen-off/q00",
	"chess/chess-random/s31/fen-off/q00",
	"chess/chess-random/s41/fen-off/q00",
	"chess/chess-random/s1/fen-off/q05",
	"chess/chess-random/s11/fen-off/q05",
	"chess/chess-random/s21/fen-off/q05",
	"chess/chess-random/s31/fen-off/q05",
	"chess/chess-random/s41/fen-off/q05",
	"chess/chess-random/s1/fen-off/q03",
	"chess/chess-random/s11/fen-off/q03",
	"chess/chess-random/s21/fen-off/q03",
	"chess/chess-random/s31/fen-off/q03",
	"chess/chess-random/s41/fen-off/q03",
	"chess/chess-random/s1/fen-off/q07",
	"chess/chess-random/s11/fen-off/q07",
	"chess/chess-random/s21/fen-off/q07",
	"chess/chess-random/s31/fen-off/q07",
	"chess/chess-random/s41/fen-off/q07",
	"chess/chess-random/s1/fen-off/q06",
	"chess/chess-random/s11/fen-off/q06",
	"chess/chess-random/s21/fen-off/q06",
	"chess/chess-random/s31/fen-off/q06",
	"chess/chess-random/s41/fen-off/q06",
	// terminal: five of each category
	"terminal/terminal/s1/transcript/q00",
	"terminal/terminal/s21/transcript/q00",
	"terminal/terminal/s41/transcript/q00",
	"terminal/terminal-files/s11/transcript/q00",
	"terminal/terminal-files/s31/transcript/q00",
	"terminal/terminal/s1/transcript/q02",
	"terminal/terminal/s21/transcript/q02",
	"terminal/terminal/s41/transcript/q02",
	"terminal/terminal-files/s11/transcript/q02",
	"terminal/terminal-files/s31/transcript/q02",
	"terminal/terminal/s1/transcript/q04",
	"terminal/terminal/s21/transcript/q04",
	"terminal/terminal/s41/transcript/q04",
	"terminal/terminal-files/s11/transcript/q04",
	"terminal/terminal-files/s31/transcript/q04",
	"terminal/terminal/s1/transcript/q06",
	"terminal/terminal/s21/transcript/q06",
	"terminal/terminal/s41/transcript/q06",
	"terminal/terminal-files/s11/transcript/q06",
	"terminal/terminal-files/s31/transcript/q06",
	"terminal/terminal/s1/transcript/q08",
	"terminal/terminal/s21/transcript/q08",
	"terminal/terminal/s41/transcript/q08",
	"terminal/terminal-files/s11/transcript/q08",
	"terminal/terminal-files/s31/transcript/q08",
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
