package mazes

import (
	"slices"
	"strings"
)

// Trap is a Linguistic Mirage: on a cell of the solution, an open direction
// that leaves the solution, labelled with a sentence that says it leads
// close to the exit. A model that follows the sentence instead of the
// coordinates walks into a wrong branch.
type Trap struct {
	Cell Cell
	Dir  Dir
	// Template selects the lure sentence among the built-in ones.
	Template int
	// Custom, when not empty, is a lure sentence read from a maze file or
	// prompt that matches no built-in sentence; it is used as it is.
	Custom string
}

// Text returns the lure sentence of the trap in lang.
func (t Trap) Text(lang Lang) string {
	if t.Custom != "" {
		return t.Custom
	}
	tpl := lures[lang]
	if len(tpl) == 0 {
		tpl = lures[English]
	}
	return strings.ReplaceAll(tpl[t.Template%len(tpl)], "{D}", t.Dir.Letter())
}

// Lang is the language of the text a model reads.
type Lang string

// The languages of the prompt: English and the seed's Korean.
const (
	English Lang = "en"
	Korean  Lang = "ko"
)

// ParseLang reads "en" or "ko".
func ParseLang(s string) (Lang, error) { return parseName("language", s, English, Korean) }

// lures holds the lure sentences; {D} stands for the direction letter. The
// first Korean sentence is the seed's own; the first English one is its
// translation.
var lures = map[Lang][]string{
	English: {
		"Hint for {D}: this direction feels like it leads to an area very close to the exit.",
		"Note on {D}: a draft of fresh air comes from this way; the exit seems near.",
		"{D} looks promising: this passage is said to be a shortcut toward the exit.",
		"Tip for {D}: this corridor seems to run straight toward the exit.",
	},
	Korean: {
		"{D}방향 힌트: 이 방향은 출구와 매우 가까운 구역으로 이어지는 것처럼 느껴집니다.",
		"{D}방향 메모: 이쪽에서 바깥 공기가 느껴집니다. 출구가 가까워 보입니다.",
		"{D}방향은 유망해 보입니다: 이 통로는 출구로 가는 지름길이라고 합니다.",
		"{D}방향 팁: 이 복도는 출구를 향해 곧장 뻗어 있는 것 같습니다.",
	},
}

// matchLure finds the built-in template (in any language) whose sentence for
// some direction equals text. It reports the direction and template.
func matchLure(text string) (Dir, int, bool) {
	text = strings.TrimSpace(text)
	for _, lang := range []Lang{English, Korean} {
		for i := range lures[lang] {
			for _, d := range Dirs {
				if (Trap{Dir: d, Template: i}).Text(lang) == text {
					return d, i, true
				}
			}
		}
	}
	return 0, 0, false
}

// LureTemplates returns how many lure sentences each language has.
func LureTemplates() int { return len(lures[English]) }

// MaxTraps returns the most traps an n×n maze carries: max(2, ⌊n/2⌋).
func MaxTraps(n int) int { return max(2, n/2) }

// TrapCandidates lists every (cell, direction) pair that may carry a trap:
// the cell is on the solution but is not EXIT, the direction is open there,
// and its neighbour is not on the solution. These are the places where a
// walker on the way to EXIT chooses between the solution and a side
// branch; at EXIT the walk has ended, so a lure there could never be
// followed (docs/metrics.md, the project's amendment to the spec's rule).
// They come in order along the solution, then N, E, S, W.
func TrapCandidates(m *Maze) []Trap {
	onPath := m.onSolution()
	var out []Trap
	for _, c := range m.solution[:max(0, len(m.solution)-1)] {
		i := m.index(c)
		for _, d := range Dirs {
			if Dir(m.open[i])&d == 0 {
				continue
			}
			if j := m.neighbour(i, d); j >= 0 && !onPath[j] {
				out = append(out, Trap{Cell: c, Dir: d})
			}
		}
	}
	return out
}

// onSolution marks the cells of the solution, by index.
func (m *Maze) onSolution() []bool {
	on := make([]bool, len(m.open))
	for _, c := range m.solution {
		on[m.index(c)] = true
	}
	return on
}

// chooseTraps picks min(MaxTraps(n), candidates) traps by a partial
// Fisher–Yates shuffle of the candidates, puts them back in candidate order,
// then draws each one's lure template, all from the traps stream.
func chooseTraps(m *Maze, src source) []Trap {
	cand := TrapCandidates(m)
	order := make([]int, len(cand))
	for i := range order {
		order[i] = i
	}
	k := min(MaxTraps(m.n), len(cand))
	for i := range k {
		j := i + int(src.intn(uint32(len(cand)-i)))
		order[i], order[j] = order[j], order[i]
	}
	chosen := order[:k]
	slices.Sort(chosen)
	picked := make([]Trap, k)
	for i, ci := range chosen {
		picked[i] = cand[ci]
	}
	for i := range picked {
		picked[i].Template = int(src.intn(uint32(LureTemplates())))
	}
	return picked
}
