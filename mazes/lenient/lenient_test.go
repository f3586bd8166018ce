package lenient

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/hallumaze/hallumaze/mazes"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestParseLenientRules pins the rules the documentation states, one case
// each; the corpus under testdata/corpus measures them at scale.
func TestParseLenientRules(t *testing.T) {
	for _, tc := range []struct {
		name, reply, want string
	}{
		{"last committed move wins", "I'll go north. Actually, east is better. Move: east", "move E"},
		{"take-back", "I'll go east. Wait, no.", "none"},
		{"take-back then a move", "I'll go east. Wait, no — east is a wall. South.", "move S"},
		{"rejected then chosen", "not north — east", "move E"},
		{"question", "Should I go north?", "none"},
		{"hedge", "north or east", "none"},
		{"hypothesis", "If I go north I reach (1,1).", "none"},
		{"conditional clause", "If the exit is south, I should go south.", "none"},
		{"refused", "I can't go west.", "none"},
		{"options", "Open directions: N, E", "none"},
		{"options under a heading", "Possible moves:\n- Up\n- Right", "none"},
		{"numbered moves", "1. Down\n2. Right", "moves S E"},
		{"bare lines", "S\nS\nE", "moves S S E"},
		{"bare lines apart", "S\n\nE", "move E"},
		{"statement, not a move", "Going west leads to a dead end.", "none"},
		{"false friend right now", "Right now I'm at (1,1).", "none"},
		{"right alone on its line", "Right.", "move E"},
		{"right alone in a longer line", "Right. Let me look at the map.", "none"},
		{"trailing arrow", "Move: S →", "move S"},
		{"glyph restating", "S↓", "move S"},
		{"two glyphs", "↓ ↓", "moves S S"},
		{"path", "(0,0) -> (0,1) -> (1,1)", "path (0,0) (0,1) (1,1)"},
		{"path wrapped", "(0,0) -> (0,1) ->\n(1,1)", "path (0,0) (0,1) (1,1)"},
		{"path template", "(0,0) → ... → (4,4)", "none"},
		{"visited list", "Visited: (0,0), (0,1)", "none"},
		{"cells as subject", "(0,1), (0,2) are dead ends.", "none"},
		{"move to a cell", "I will move to (1,2).", "path (1,2)"},
		{"adjacency list echoed", "(0,0) <--> (0,1) ; (0,1) <--> (1,1) ;", "none"},
		{"path tokens", "<PATH_START> (0,0) (1,0) <PATH_END>", "path (0,0) (1,0)"},
		{"boxed", `\boxed{S}`, "move S"},
		{"boxed codes", `\boxed{RRD}`, "moves E E S"},
		{"letter codes", "Moves: EESS", "moves E E S S"},
		{"udlr list", "R R D", "moves E E S"},
		{"lone R is no move", "R", "none"},
		{"reasoning set aside", "<think>I'll go east.</think>\nSouth", "move S"},
		{"reasoning only", "<think>I'll go east.</think>", "none"},
		{"unclosed reasoning", "<think>I'll go east", "none"},
		{"answer tag", "<answer>W</answer>", "move W"},
		{"korean", "동쪽으로 이동합니다.", "move E"},
		{"strict", "STEP 1: (0,0) → E", "strict"},
		{"empty", "", "none"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, Parse(tc.reply).String(), "%q", tc.reply)
		})
	}
}

func TestParseTier(t *testing.T) {
	for in, want := range map[string]mazes.Tier{"strict": mazes.Strict, "LENIENT": mazes.Lenient} {
		got, err := mazes.ParseTier(in)
		require.NoError(t, err)
		assert.Equal(t, want, got)
	}
	_, err := mazes.ParseTier("loose")
	assert.ErrorContains(t, err, `unknown tier "loose"`)
}

func TestAnswerPart(t *testing.T) {
	for _, tc := range []struct {
		name, reply, want string
		reasoning         bool
	}{
		{"none", "E", "E", false},
		{"closed", "<think>x</think>E", "E", true},
		{"upper case", "<THINK>x</THINK>E", "E", true},
		{"close only", "reasoning...</think>E", "E", true},
		{"open only", "A<think>x", "A", true},
		{"last of several", "<think>a</think>B<thinking>c</thinking>D", "D", true},
		{"answer tag", "<think>a</think><answer>S</answer> trailing", "S", true},
		{"solution tag", "<|begin_of_thought|>a<|end_of_thought|><|begin_of_solution|>N<|end_of_solution|>", "N", true},
		{"kimi", "◁think▷a◁/think▷W", "W", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, reasoning := answerPart(tc.reply)
			assert.Equal(t, tc.want, got)
			assert.Equal(t, tc.reasoning, reasoning)
		})
	}
}

func FuzzParseLenient(f *testing.F) {
	for _, rc := range loadCorpus(f) {
		f.Add(rc.reply)
	}
	f.Add("go go go go east east (0,0) -> (0,1) -> ... \\boxed{ \\boxed{ <think>")
	ms := fuzzMazes(f)
	f.Fuzz(func(t *testing.T, reply string) {
		r := Parse(reply)
		if again := Parse(reply); again.String() != r.String() {
			t.Fatalf("not deterministic: %s then %s", r, again)
		}
		strict := mazes.ParseReply(reply)
		if r.Compliant != (len(strict.Steps) > 0 || strict.HasFinalPath) {
			t.Fatalf("Compliant %v, but the strict parser read %d steps, final path %v", r.Compliant, len(strict.Steps), strict.HasFinalPath)
		}
		switch r.Form {
		case FormMoves:
			if len(r.Moves) == 0 || r.Path != nil {
				t.Fatalf("moves reading %s", r)
			}
			for _, d := range r.Moves {
				if bitsSet(d) != 1 {
					t.Fatalf("move %d is not one direction", d)
				}
			}
		case FormPath:
			if len(r.Path) == 0 || r.Moves != nil {
				t.Fatalf("path reading %s", r)
			}
			for i := 1; i < len(r.Path); i++ {
				if r.Path[i] == r.Path[i-1] {
					t.Fatalf("path repeats %v", r.Path[i])
				}
			}
		case FormStrict:
			if len(r.Strict.Steps) == 0 && !r.Strict.HasFinalPath {
				t.Fatal("strict form without steps or final path")
			}
		case FormNone:
		default:
			t.Fatalf("unknown form %q", r.Form)
		}
		for _, m := range ms {
			tr := r.Transcript(m)
			s := mazes.Score(m, tr)
			checkScores(t, s, len(tr.Steps), tr.HasFinalPath)
			if r.Form == FormPath && len(tr.Steps) > len(r.Path) {
				t.Fatalf("%d cells walked as %d steps", len(r.Path), len(tr.Steps))
			}
			if r.Form == FormMoves && len(tr.Steps) != len(r.Moves) {
				t.Fatalf("%d moves walked as %d steps", len(r.Moves), len(tr.Steps))
			}
		}
	})
}

// The lenient tier reads a reply in time linear in its length. The worst
// inputs below are built to defeat that: each repeats a piece that starts
// a reading rule, so that a rule that looked back or ahead over the rest of
// the line or clause would make the whole quadratic. The figure to watch
// is MB/s, flat from 64 KiB to 1 MiB.
var adversarial = map[string]string{
	"corpus":         "",                              // the labelled replies, one after another
	"verbs":          "I'll go east, going ",          // a verb, a gerund that looks back
	"directions":     "E ",                            // one list of directions as long as the reply
	"separators":     "E , , , , , , , , , , ",        // lists stretched by separators
	"colons":         ": E ) ) ) ) ) ) ) ) ",          // each colon checks the rest of its clause
	"periods":        ". . . . . . . . ",              // clause ends, each checking the rest of the line
	"boxed":          `\boxed{ E `,                    // unclosed \boxed, each searching for its brace
	"path":           "(0,0) -> (0,1) -> ",            // one path as long as the reply
	"cells":          "( 1 , 2 ( ",                    // almost-cells, each read and abandoned
	"think":          "<think> ",                      // reasoning tags never closed
	"numbered lines": "1. Down\n2. Right\n",           // one group of numbered moves
	"nested":         "(((((((((( ",                   // openers that dirList skips
	"words":          "so so so so so so so ",         // joining words before a verb
	"ellipses":       "... E ... ",                    // directions after ellipses
	"retractions":    "no valid path no ",             // retraction phrases
	"distances":      "go two squares ",               // counts before a direction
	"wall lines":     strings.Repeat("#", 701) + "\n", // grid tops whose grid never closes
	"grid rows":      "#####\n#S* #\n",                // small grids, each checked
}

// adversarialReply repeats a piece up to about size bytes, on one line
// unless the piece holds line ends.
func adversarialReply(tb testing.TB, name string, size int) string {
	piece := adversarial[name]
	if name == "corpus" {
		var b strings.Builder
		for _, rc := range loadCorpus(tb) {
			b.WriteString(rc.reply)
			b.WriteString("\n\n")
		}
		piece = b.String()
	}
	reply := strings.Repeat(piece, size/len(piece)+1)
	return reply[:size]
}

func BenchmarkParseLenientAdversarial(b *testing.B) {
	for _, name := range sortedKeys(adversarial) {
		for _, size := range []int{64 << 10, 256 << 10, 1 << 20} {
			reply := adversarialReply(b, name, size)
			b.Run(fmt.Sprintf("%s/size=%dKiB", name, size>>10), func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(len(reply)))
				for b.Loop() {
					Parse(reply)
				}
			})
		}
	}
}

// BenchmarkScoreLenient is reading and scoring a realistic reply.
func BenchmarkScoreLenient(b *testing.B) {
	m, err := mazes.Generate(5, 3, mazes.DFS)
	require.NoError(b, err)
	reply := adversarialReply(b, "corpus", 100<<10)
	b.ReportAllocs()
	b.SetBytes(int64(len(reply)))
	for b.Loop() {
		Score(m, reply)
	}
}

// TestParseLenientHugeInput reads each adversarial input at MaxReply, and
// one longer than MaxReply, to the end.
func TestParseLenientHugeInput(t *testing.T) {
	if testing.Short() {
		t.Skip("reads several megabytes")
	}
	for _, name := range sortedKeys(adversarial) {
		t.Run(name, func(t *testing.T) {
			Parse(adversarialReply(t, name, mazes.MaxReply))
		})
	}
	long := strings.Repeat("x", mazes.MaxReply) + "\nMove: S"
	assert.Equal(t, "none", Parse(long).String(), "what lies past MaxReply is not read")
}

func sortedKeys(m map[string]string) []string { return slices.Sorted(maps.Keys(m)) }
