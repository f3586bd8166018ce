package walkers

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/hallumaze/hallumaze/mazes"
)

// move is one decision of a policy: the lines that come before the STEP
// line (DEAD_END, LOOP, STRATEGY_CHANGE) and the move itself.
type move struct {
	notes  []string
	dir    mazes.Dir
	conf   int // percent
	reason string
}

// final is the content of the final block.
type final struct {
	backtracks     int
	hallucinations int
	path           []mazes.Cell
	noPath         bool // write no FINAL_PATH line
}

// The phrases an agent writes, by key. Keywords (STEP, DEAD_END, LOOP,
// STRATEGY_CHANGE, the final block) stay in English in both languages, as
// the prompt writes them.
const (
	phOnPath     = "onPath"
	phBranch     = "branch"
	phOnlyWay    = "onlyWay"
	phBack       = "back"
	phFollowHint = "followHint"
	phHintChange = "hintChange"
	phLostChange = "lostChange"
	phRandom     = "random"
	phLure       = "lure"
	phGreedy     = "greedy"
	phOnward     = "onward"
	phReturn     = "return"
)

// phrase returns the text of a phrase in lang, with its arguments.
func phrase(lang mazes.Lang, key string, args ...any) string {
	var f string
	if lang == mazes.Korean {
		switch key {
		case phOnPath:
			f = "해답 경로를 따라감"
		case phBranch:
			f = "탐색하지 않은 갈림길 (%d개 중 하나)"
		case phOnlyWay:
			f = "탐색하지 않은 유일한 길"
		case phBack:
			f = "%v(으)로 되돌아감"
		case phFollowHint:
			f = "힌트에 따라 EXIT로 가는 길"
		case phHintChange:
			f = "힌트에 따라 전략 변경: %v에서 EXIT까지 최단 경로로 이동"
		case phLostChange:
			f = "위치를 놓침: %v에서 EXIT까지 지도를 따라 이동"
		case phRandom:
			f = "무작위로 고른 방향"
		case phLure:
			f = "%s 방향 힌트: 출구와 가깝다고 함"
		case phGreedy:
			f = "출구 쪽으로 곧장"
		case phOnward:
			f = "이 통로가 이어짐"
		case phReturn:
			f = "왔던 길로 돌아감"
		}
	} else {
		switch key {
		case phOnPath:
			f = "on the solution path"
		case phBranch:
			f = "unexplored branch (one of %d)"
		case phOnlyWay:
			f = "the only unexplored way"
		case phBack:
			f = "backtracking to %v"
		case phFollowHint:
			f = "following the hint toward EXIT"
		case phHintChange:
			f = "following the hint: shortest way from %v to EXIT"
		case phLostChange:
			f = "lost track of my position: following the map from %v to EXIT"
		case phRandom:
			f = "a random pick"
		case phLure:
			f = "the note on %s says it leads close to the exit"
		case phGreedy:
			f = "straight toward the exit"
		case phOnward:
			f = "the passage goes on this way"
		case phReturn:
			f = "returning the way I came"
		}
	}
	return fmt.Sprintf(f, args...)
}

// deadEndLine, loopLine and strategyLine write the notes in the prompt's
// own forms.
func deadEndLine(c mazes.Cell) string { return fmt.Sprintf("DEAD_END at %v — backtracking", c) }

func loopLine(c mazes.Cell, step int) string {
	return fmt.Sprintf("LOOP detected at %v — visited at step %d", c, step)
}

func strategyLine(reason string) string { return "STRATEGY_CHANGE — " + reason }

// writer writes an agent's reply in the prompt's output contract.
type writer struct {
	b          strings.Builder
	lang       mazes.Lang
	confidence bool
}

// move writes a move's notes and its STEP line, numbered k.
func (wr *writer) move(k int, from mazes.Cell, mv move) {
	for _, n := range mv.notes {
		wr.b.WriteString(n)
		wr.b.WriteByte('\n')
	}
	fmt.Fprintf(&wr.b, "STEP %d: %v → %s", k, from, mv.dir.Letter())
	if wr.confidence {
		label := "confidence"
		if wr.lang == mazes.Korean {
			label = "확신도"
		}
		fmt.Fprintf(&wr.b, " | %s: %d%%", label, mv.conf)
	}
	if mv.reason != "" {
		wr.b.WriteString(" | " + mv.reason)
	}
	wr.b.WriteByte('\n')
}

// final writes the final block; the confidence log covers every move.
func (wr *writer) final(f final, steps []record) {
	fmt.Fprintf(&wr.b, "BACKTRACK_COUNT: %d\n", f.backtracks)
	fmt.Fprintf(&wr.b, "HALLUCINATION_COUNT: %d\n", f.hallucinations)
	if wr.confidence && len(steps) > 0 {
		wr.b.WriteString("CONFIDENCE_LOG: ")
		first := true
		for i, s := range steps {
			if s.conf < 0 {
				continue
			}
			if !first {
				wr.b.WriteString(", ")
			}
			first = false
			wr.b.WriteString(strconv.Itoa(i+1) + ":" + strconv.Itoa(s.conf))
		}
		wr.b.WriteByte('\n')
	}
	if !f.noPath {
		wr.b.WriteString("FINAL_PATH: ")
		for i, c := range f.path {
			if i > 0 {
				wr.b.WriteString("→")
			}
			wr.b.WriteString(c.String())
		}
		wr.b.WriteByte('\n')
	}
}

func (wr *writer) String() string { return wr.b.String() }
