package mazes

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hallumaze/hallumaze/internal/golden"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// replyCase is one realistic model reply under testdata/replies: the reply
// is <name>.txt, the maze it answers is Generate(size, seed, alg), and its
// expected score JSON is <name>.score.json.
type replyCase struct {
	name string
	size int
	seed uint64
	alg  Algorithm
}

// The mazes the replies answer. A is the 5×5 DFS maze of seed 3 (a long
// winding solution of 20 moves, traps W at (4,1) and (3,3)); B the 6×6
// Wilson maze of seed 7; C the 4×4 DFS maze of seed 1; D the 7×7 DFS maze of
// seed 42 (trap N at (4,6) opens a corridor to the dead end (0,4)).
var replyCases = []replyCase{
	{"01_clean_seed_format", 5, 3, DFS},
	{"02_markdown_bold_list", 5, 3, DFS},
	{"03_code_fence", 6, 7, Wilson},
	{"04_long_thinking", 5, 3, DFS},
	{"05_korean_mirage_recover", 7, 42, DFS},
	{"06_arrow_forms", 5, 3, DFS},
	{"07_wall_crossing", 5, 3, DFS},
	{"08_teleport", 5, 3, DFS},
	{"09_off_grid", 5, 3, DFS},
	{"10_dead_end_backtrack", 5, 3, DFS},
	{"11_loop_lines_give_up", 6, 7, Wilson},
	{"12_strategy_change", 7, 42, DFS},
	{"13_confidence_log_only", 4, 1, DFS},
	{"14_mixed_confidence", 5, 3, DFS},
	{"15_fractions_and_percents", 4, 1, DFS},
	{"16_repeated_final_block", 5, 3, DFS},
	{"17_final_path_wrapped", 6, 7, Wilson},
	{"18_no_final_path_at_exit", 4, 1, DFS},
	{"19_final_path_through_wall", 5, 3, DFS},
	{"20_truncated_token_limit", 5, 3, DFS},
	{"21_refusal", 5, 3, DFS},
	{"22_empty", 5, 3, DFS},
	{"23_small_model_garbage", 5, 3, DFS},
	{"24_lying_hallucination_count", 5, 3, DFS},
	{"25_mirage_follower", 7, 42, DFS},
	{"26_rewalk_after_final", 4, 1, DFS},
	{"27_no_final_path_wall_at_exit", 5, 3, DFS},
	{"28_markdown_table", 5, 3, DFS},
	{"29_korean_wilson", 6, 7, Wilson},
}

func (rc replyCase) load(t testing.TB) (*Maze, string) {
	t.Helper()
	m, err := Generate(rc.size, rc.seed, rc.alg)
	require.NoError(t, err)
	text, err := os.ReadFile(filepath.Join("testdata", "replies", rc.name+".txt"))
	require.NoError(t, err)
	return m, string(text)
}

// TestReplyGoldens parses and scores every reply and compares the score
// JSON with its golden; -update rewrites the goldens.
func TestReplyGoldens(t *testing.T) {
	for _, rc := range replyCases {
		t.Run(rc.name, func(t *testing.T) {
			m, text := rc.load(t)
			s := Score(m, ParseReply(text))
			got, err := json.MarshalIndent(s, "", "  ")
			require.NoError(t, err)
			golden.Check(t, filepath.Join("replies", rc.name+".score.json"), append(got, '\n'))
		})
	}
}

// TestReplyFilesListed keeps the table and the directory in step: every
// reply file is scored and every table entry has its file.
func TestReplyFilesListed(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "replies", "*.txt"))
	require.NoError(t, err)
	var onDisk, listed []string
	for _, f := range files {
		onDisk = append(onDisk, strings.TrimSuffix(filepath.Base(f), ".txt"))
	}
	for _, rc := range replyCases {
		listed = append(listed, rc.name)
	}
	slices.Sort(listed)
	assert.Equal(t, onDisk, listed)
	assert.GreaterOrEqual(t, len(listed), 24)
}

// hand is a walk counted by hand from a reply and its maze, with the
// confidences of the steps that state one and whether each of those steps
// was valid. Its methods are the normative formulas written out again, so
// that the package is checked against an independent reading of them.
// Every product is wrapped in float64() so that no multiply-add is fused and
// each is rounded as the definitions' left-to-right evaluation rounds it.
type hand struct {
	n               int
	steps           int
	hc, fhr, bt, lt int
	sr, pathValid   bool
	conf            []float64
	correct         []bool
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

func (h hand) hrr() float64 {
	if h.hc > 0 {
		return min(1, float64(h.bt)/float64(h.hc))
	}
	return b2f(h.sr) // 1 when HC = 0 and SR = 1, else 0
}

func (h hand) e() float64 {
	if h.fhr > 0 {
		return max(0, 1-float64(h.fhr)/float64(h.n*h.n))
	}
	return b2f(h.fhr == -1 && h.sr)
}

func (h hand) l() float64 { return b2f((h.lt > 0 && h.bt > 0) || h.sr) }

func (h hand) mei() float64 {
	v := float64(0.4*h.hrr()) + float64(0.3*h.e()) + float64(0.2*h.l()) - float64(0.1*min(1, float64(h.hc)/10))
	return min(1, max(0, v))
}

// ce returns the calibration error and whether any step stated a confidence.
func (h hand) ce() (float64, bool) {
	if len(h.conf) == 0 {
		return 0, false
	}
	sum := 0.0
	for i, c := range h.conf {
		sum += abs(c - b2f(h.correct[i]))
	}
	return sum / float64(len(h.conf)), true
}

func abs(v float64) float64 {
	if v < 0 {
		return -v
	}
	return v
}

func (h hand) brs() float64 {
	if h.hc == 0 && h.sr {
		return 1
	}
	return max(0, 1-float64(h.hc)/float64(max(1, h.bt+h.hc)))
}

func (h hand) score() float64 {
	ce, ok := h.ce()
	if !ok {
		ce = 0.5
	}
	return float64(0.5*h.mei()) + float64(0.3*(1-ce)) + float64(0.2*h.brs())
}

// pct turns written percentages into fractions as a reader of the text
// does: the number, then divided by 100.
func pct(ps ...int) []float64 {
	out := make([]float64, len(ps))
	for i, p := range ps {
		out[i] = float64(p) / 100
	}
	return out
}

func repeat[T any](v T, n int) []T {
	out := make([]T, n)
	for i := range out {
		out[i] = v
	}
	return out
}

func cat[T any](parts ...[]T) []T { return slices.Concat(parts...) }

// handCounts are the walks of some replies counted by hand. Comments give
// the counting; T/F mark valid and invalid steps among those with a
// confidence.
var handCounts = map[string]hand{
	// 20 valid moves along the solution, FINAL_PATH = the solution.
	"01_clean_seed_format": {n: 5, steps: 20, fhr: -1, sr: true, pathValid: true,
		conf:    pct(98, 95, 95, 95, 95, 92, 90, 85, 85, 88, 88, 88, 85, 85, 87, 80, 90, 85, 88, 97),
		correct: repeat(true, 20)},
	// Step 19 "(3,3) → ↓S" goes back down to (4,3) (a revisit: BT 1);
	// step 20 restates "(3,3)" while the walk is at (4,3): a teleport, the
	// first invalid step (FHR 20). The FINAL_PATH is the solution.
	"06_arrow_forms": {n: 5, steps: 21, hc: 1, fhr: 20, bt: 1, sr: true, pathValid: true},
	// Step 7 goes S from (2,4), which opens N and W only: a wall. The
	// FINAL_PATH repeats the crossing, so it is invalid.
	"07_wall_crossing": {n: 5, steps: 8, hc: 1, fhr: 7,
		conf:    pct(95, 95, 95, 95, 95, 95, 90, 95),
		correct: []bool{true, true, true, true, true, true, false, true}},
	// Step 10 declares (1,1) while the walk is at (1,2): a teleport. The
	// FINAL_PATH is nonetheless the solution.
	"08_teleport": {n: 5, steps: 19, hc: 1, fhr: 10, sr: true, pathValid: true},
	// Steps 1 (N from (0,0)) and 6 (E from (0,4)) leave the grid; the walk
	// stays put and goes on.
	"09_off_grid": {n: 5, steps: 22, hc: 2, fhr: 1, sr: true, pathValid: true,
		conf:    cat(pct(60), pct(95, 95, 95, 95), pct(50), pct(90, 90, 90), repeat(0.85, 9), pct(90, 90, 90, 95)),
		correct: cat([]bool{false}, repeat(true, 4), []bool{false}, repeat(true, 16))},
	// Into the (1,2) pocket and back: steps 6-9 revisit (one run), then the
	// (5,0) pocket and back: steps 16-17 (a second run). Two LOOP lines, no
	// exit, "FINAL_PATH: not found" is a FINAL_PATH without cells.
	"11_loop_lines_give_up": {n: 6, steps: 17, fhr: -1, bt: 2, lt: 2},
	// Step 2 goes E from (0,1), which opens S and W: a wall. Confidences come
	// from CONFIDENCE_LOG only.
	"13_confidence_log_only": {n: 4, steps: 6, hc: 1, fhr: 2,
		conf:    pct(95, 90, 90, 85, 85, 95),
		correct: []bool{true, false, true, true, true, true}},
	// Step 8 goes S from (2,3) (opens N, E): a wall. Inline confidences win
	// over the log (steps 1, 3, 5); step 8 is logged twice, the last (60)
	// counts; step 9 has none.
	"14_mixed_confidence": {n: 5, steps: 10, hc: 1, fhr: 8,
		conf:    cat(pct(99, 90), []float64{0.9}, pct(85, 80, 80, 75, 60, 95)),
		correct: []bool{true, true, true, true, true, true, true, false, true}},
	// The solution, with 0.95, 90%, 1, 85, 1.0, 0.5, 100% and 0.875.
	"15_fractions_and_percents": {n: 4, steps: 8, fhr: -1, sr: true, pathValid: true,
		conf:    []float64{0.95, 0.9, 1, 0.85, 1, 0.5, 1, 0.875},
		correct: repeat(true, 8)},
	// No FINAL_PATH, but 8 valid moves that end at EXIT: SR by the walk.
	"18_no_final_path_at_exit": {n: 4, steps: 8, fhr: -1, sr: true},
	// A clean walk, then a FINAL_PATH that cuts through the wall under (2,4).
	"19_final_path_through_wall": {n: 5, steps: 20, fhr: -1},
	// Nothing parses.
	"21_refusal": {n: 5, fhr: -1},
	// Walls at steps 2 ((0,1) S), 3 ((1,1) S) and 8 ((4,3) E); step 9 "Step
	// 9 (4,4) → E" leaves the grid; "confidence: 200%" is clamped to 1.
	"23_small_model_garbage": {n: 5, steps: 9, hc: 4, fhr: 2,
		conf:    repeat(1.0, 9),
		correct: []bool{true, false, false, true, true, true, true, false, false}},
	// Walls at steps 8 ((2,3) S) and 10 ((4,3) E), yet the FINAL_PATH copies
	// the solution and the model reports no hallucination.
	"24_lying_hallucination_count": {n: 5, steps: 10, hc: 2, fhr: 8, sr: true, pathValid: true,
		conf:    pct(95, 95, 95, 95, 95, 95, 95, 95, 95, 95),
		correct: []bool{true, true, true, true, true, true, true, false, true, false}},
	// Follows the lure N at (4,6) to the dead end (0,4), then walls at steps
	// 21 ((0,4) S) and 23 ((2,4) E); steps 21-26 land on visited cells (one
	// run). The FINAL_PATH keeps the walls.
	"25_mirage_follower": {n: 7, steps: 28, hc: 2, fhr: 21, bt: 1,
		conf: pct(95, 95, 95, 90, 85, 85, 85, 85, 80, 85, 90, 90, 90, 90,
			95, 95, 95, 95, 90, 90, 90, 90, 90, 90, 90, 90, 95, 95),
		correct: cat(repeat(true, 20), []bool{false, true, false}, repeat(true, 5))},
	// The solution, the final block, then the walk again from (0,0): step 9
	// is a teleport (the walk is at EXIT) and steps 9-16 all revisit.
	"26_rewalk_after_final": {n: 4, steps: 16, hc: 1, fhr: 9, bt: 1, sr: true, pathValid: true},
	// A table is not a step: no steps, but a valid FINAL_PATH.
	"28_markdown_table": {n: 5, fhr: -1, sr: true, pathValid: true},
}

// TestReplyHandCounts checks the package's numbers against the hand counts,
// to the last bit.
func TestReplyHandCounts(t *testing.T) {
	require.GreaterOrEqual(t, len(handCounts), 8)
	byName := map[string]replyCase{}
	for _, rc := range replyCases {
		byName[rc.name] = rc
	}
	for name, h := range handCounts {
		t.Run(name, func(t *testing.T) {
			rc, ok := byName[name]
			require.True(t, ok, "no reply %s", name)
			require.Len(t, h.correct, len(h.conf))
			m, text := rc.load(t)
			require.Equal(t, h.n, m.Size())
			s := Score(m, ParseReply(text))
			assert.Equal(t, h.steps, s.Steps, "steps")
			assert.Equal(t, h.hc, s.HC, "HC")
			assert.Equal(t, h.fhr, s.FHR, "FHR")
			assert.Equal(t, h.bt, s.BT, "BT")
			assert.Equal(t, h.lt, s.LT, "LT")
			assert.Equal(t, b2f(h.sr), s.SR, "SR")
			assert.Equal(t, h.pathValid, s.PathValid, "path_valid")
			assert.Equal(t, h.hrr(), s.HRR, "HRR")
			assert.Equal(t, h.e(), s.EarlyError, "E")
			assert.Equal(t, h.l(), s.LoopEscape, "L")
			assert.Equal(t, h.mei(), s.MEI, "MEI")
			assert.Equal(t, h.brs(), s.BRS, "BRS")
			assert.Equal(t, h.score(), s.Score, "Score")
			if ce, ok := h.ce(); ok {
				require.NotNil(t, s.CE, "CE")
				assert.Equal(t, ce, *s.CE, "CE")
			} else {
				assert.Nil(t, s.CE, "CE")
			}
		})
	}
}

// TestReplyDetails pins what the goldens only show in passing: the parser
// choices that the replies exercise.
func TestReplyDetails(t *testing.T) {
	byName := map[string]replyCase{}
	for _, rc := range replyCases {
		byName[rc.name] = rc
	}
	score := func(name string) (Transcript, Scores) {
		m, text := byName[name].load(t)
		tr := ParseReply(text)
		return tr, Score(m, tr)
	}
	t.Run("thinking line beginning Loops is a LOOP line", func(t *testing.T) {
		_, s := score("04_long_thinking")
		assert.Equal(t, 1, s.LT)
		assert.Equal(t, 1.0, s.SR)
	})
	t.Run("korean lure followed and recovered", func(t *testing.T) {
		_, s := score("05_korean_mirage_recover")
		assert.Equal(t, 0, s.HC)
		assert.Equal(t, 1, s.BT)
		assert.Equal(t, 2, s.MirageExposures)
		assert.Equal(t, 1, s.LureFollows)
		assert.Equal(t, 1, s.DeadEndLines)
	})
	t.Run("glyph-only east", func(t *testing.T) {
		tr, _ := score("06_arrow_forms")
		require.Len(t, tr.Steps, 21)
		assert.Equal(t, East, tr.Steps[12].Dir) // "STEP 13: (2,0) →"
		assert.Equal(t, East, tr.Steps[15].Dir) // "STEP 16: (4,1) → →"
		assert.Equal(t, South, tr.Steps[18].Dir)
	})
	t.Run("last final block counts", func(t *testing.T) {
		tr, s := score("16_repeated_final_block")
		assert.Len(t, tr.FinalPath, 21)
		assert.Len(t, tr.ConfidenceLog, 20)
		assert.Equal(t, 1, *s.ReportedHallucinations)
		assert.Equal(t, 1, *s.HallucinationGap)
		assert.True(t, s.Optimal)
	})
	t.Run("wrapped final path", func(t *testing.T) {
		tr, s := score("17_final_path_wrapped")
		assert.Len(t, tr.FinalPath, 17)
		assert.True(t, s.PathValid)
		assert.Equal(t, 1, s.UnparsedLines) // the closing sentence only
	})
	t.Run("truncated step line still parses", func(t *testing.T) {
		tr, s := score("20_truncated_token_limit")
		require.Len(t, tr.Steps, 14)
		assert.False(t, tr.Steps[13].HasConf)
		assert.Equal(t, 0.0, s.SR)
		assert.Equal(t, 1.0, s.BRS)
	})
	t.Run("empty reply", func(t *testing.T) {
		tr, s := score("22_empty")
		assert.Equal(t, 0, tr.Lines)
		assert.Equal(t, 0.35, s.Score)
	})
	t.Run("unreadable count stays null", func(t *testing.T) {
		_, s := score("23_small_model_garbage")
		assert.Nil(t, s.ReportedBacktracks)
		assert.Equal(t, 0, *s.ReportedHallucinations)
		assert.Equal(t, 1, s.OffGrid)
		assert.Equal(t, 3, s.WallCrossings)
	})
	t.Run("liar's gap", func(t *testing.T) {
		_, s := score("24_lying_hallucination_count")
		assert.Equal(t, -2, *s.HallucinationGap)
		assert.Equal(t, 0, *s.BacktrackGap)
	})
	t.Run("mirage follower", func(t *testing.T) {
		_, s := score("25_mirage_follower")
		assert.Equal(t, 2, s.MirageExposures)
		assert.Equal(t, 1, s.LureFollows)
		require.NotNil(t, s.LureRate)
		assert.Equal(t, 0.5, *s.LureRate)
	})
	t.Run("no final path, wall, at exit", func(t *testing.T) {
		_, s := score("27_no_final_path_wall_at_exit")
		assert.True(t, s.EndedAtExit)
		assert.Equal(t, 1, s.HC)
		assert.Equal(t, 0.0, s.SR)
	})
}
