package worlds

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/assert"
)

// testProbe is a probe of one answer type with the fields the parser and
// the judge read.
func testProbe(world string, typ AnswerType, key string, gold Gold, options ...string) Probe {
	return Probe{ID: world + "/test/s0/v/q00", World: world, Level: "test", View: "v",
		Category: Perception, ProbeType: "test", AnswerType: typ, Key: key,
		Schema: key + "=<…|unknown>", Options: options, Gold: gold, Source: "generated"}
}

var (
	intProbe    = testProbe(Grid, Int, "count", GoldInt(3))
	boolProbe   = testProbe(Grid, Bool, "visible", GoldBool(true))
	doorProbe   = testProbe(Grid, Enum, "state", GoldEnum("locked"), "closed", "locked", "open")
	pieceProbe  = testProbe(Chess, Enum, "square", GoldEnum("black queen"), "black queen", "empty", "white knight")
	cwdProbe    = testProbe(Terminal, Enum, "cwd", GoldEnum("/home/user/data"), "/", "/home/user", "/home/user/data", "/tmp")
	modeProbe   = testProbe(Terminal, Enum, "mode", GoldEnum("600"), "400", "600", "644", "755")
	pairProbe   = testProbe(Grid, Coordinate, "offset", GoldPair(2, -1))
	squareProbe = testProbe(Chess, Coordinate, "square", GoldEnum("e4"))
	setProbe    = testProbe(Grid, Set, "objects", GoldSet([]string{"yellow door", "yellow key"}))
	moveProbe   = testProbe(Chess, Member, "move", GoldMembers([]string{"e1g1", "a2a3", "e7e8q"}))
)

func answer(v string, exact bool) Parsed {
	return Parsed{Outcome: OutcomeAnswer, Value: v, ExactContract: exact}
}

func abstain(exact bool) Parsed { return Parsed{Outcome: OutcomeAbstain, ExactContract: exact} }

// fail is a parse failure whose reason contains the text given.
func fail(reason string) Parsed { return Parsed{Outcome: OutcomeParseFailure, Reason: reason} }

func TestParse(t *testing.T) {
	tests := []struct {
		name  string
		probe Probe
		reply string
		want  Parsed
	}{
		// Step 1: trimming and code fences.
		{"bare", intProbe, "count=3", answer("3", true)},
		{"white space around", intProbe, "\n\t count=3 \n", answer("3", true)},
		{"code fence", intProbe, "```\ncount=3\n```", answer("3", true)},
		{"code fence with info word", intProbe, "```text\ncount=3\n```", answer("3", true)},
		{"code fence on one line", intProbe, "```count=3```", answer("3", true)},
		{"inline code", intProbe, "`count=3`", answer("3", true)},
		{"fence after prose", intProbe, "Answer:\n```\ncount=3\n```", answer("3", false)},
		{"two fences", intProbe, "```\nx\n```\n```\ncount=3\n```", answer("3", false)},
		{"fence with prose first line", intProbe, "```I count three\ncount=3\n```", answer("3", false)},
		// Step 2: the key.
		{"upper-case key", intProbe, "COUNT=3", answer("3", true)},
		{"spaces around =", intProbe, "Count = 3.", answer("3", true)},
		{"tabs around =", intProbe, "count\t=\t3", answer("3", true)},
		{"markdown bold", intProbe, "**count=3**", answer("3", true)},
		{"quoted line", intProbe, "> count=3", answer("3", true)},
		{"last occurrence wins", intProbe, "count=2\ncount=3", answer("3", false)},
		{"think block first", intProbe, "<think>\nMaybe count=5? No.\n</think>\nI see three keys.\ncount=3", answer("3", false)},
		{"prose after the line", intProbe, "count=3\nHope this helps.", answer("3", false)},
		{"later mention breaks it", intProbe, "count=3\n(count = the number of keys)", fail(`"the number of keys)" is not an integer`)},
		{"key inside a word", intProbe, "discount=3", fail("no count= in the reply")},
		{"key after _", intProbe, "my_count=3", fail("no count= in the reply")},
		{"key after a digit", intProbe, "2count=3", fail("no count= in the reply")},
		{"key after a non-ASCII letter", intProbe, "écount=3", answer("3", false)},
		{"key after CJK text", intProbe, "答案count=3", answer("3", false)},
		{"key glued to the earlier one", intProbe, "count=count=3", answer("3", false)},
		{"colon is not =", intProbe, "count: 3", fail("no count= in the reply")},
		{"bold key alone", intProbe, "**count**=3", fail("no count= in the reply")},
		{"newline between key and =", intProbe, "count\n=3", fail("no count= in the reply")},
		{"no reply", intProbe, "", fail("no count= in the reply")},
		{"prose answer", intProbe, "The answer is 3.", fail("no count= in the reply")},
		{"too long", intProbe, strings.Repeat(" ", MaxReplyBytes) + "count=3", fail("exceeds")},
		// Step 3: the value's line and its normalisation.
		{"CRLF line ends", intProbe, "I see three.\r\ncount=3\r\n", answer("3", false)},
		{"CR ends the line", intProbe, "count=3\rmore", answer("3", false)},
		{"value runs to the end of the line", intProbe, "count=3 keys", fail(`"3 keys" is not an integer`)},
		{"empty value", intProbe, "count=", fail("empty value")},
		{"only decoration", intProbe, "count=**", fail("empty value")},
		{"double quotes", intProbe, `count="3"`, answer("3", true)},
		{"single quotes", intProbe, `count='3'`, answer("3", true)},
		{"angle brackets", intProbe, "count=<3>", answer("3", true)},
		{"repeat until stable", intProbe, "count=**3.**", answer("3", true)},
		{"trailing punctuation twice", intProbe, "count=3.;", answer("3", true)},
		{"backticks and full stop", intProbe, "count=`3`.", answer("3", true)},
		// Step 4: abstention.
		{"unknown", intProbe, "count=unknown", abstain(true)},
		{"UNKNOWN bold", intProbe, "**count=UNKNOWN**", abstain(true)},
		{"undetermined", intProbe, "count=Undetermined.", abstain(true)},
		{"cannot_determine", intProbe, "count=cannot_determine", abstain(true)},
		{"cannot determine with spaces", intProbe, "count=cannot   determine", abstain(true)},
		{"not determinable", intProbe, "Hard to say.\ncount=not determinable", abstain(false)},
		{"other words do not abstain", intProbe, "count=I don't know", fail("is not an integer")},
		{"abstention word in the prose only", intProbe, "unknown", fail("no count= in the reply")},
		// Step 5: int.
		{"negative", intProbe, "count=-3", answer("-3", true)},
		{"leading zeros", intProbe, "count=007", answer("7", true)},
		{"negative zero", intProbe, "count=-0", answer("0", true)},
		{"plus sign", intProbe, "count=+3", fail("is not an integer")},
		{"number word", intProbe, "count=three", fail(`"three" is not an integer`)},
		{"decimal", intProbe, "count=3.5", fail("is not an integer")},
		{"unicode minus", intProbe, "count=−3", fail("is not an integer")},
		{"huge number keeps its digits", intProbe, "count=18446744073709551619", answer("18446744073709551619", true)},
		// bool.
		{"yes", boolProbe, "visible=yes", answer("yes", true)},
		{"No.", boolProbe, "visible=No.", answer("no", true)},
		{"true", boolProbe, "visible=true", answer("yes", true)},
		{"FALSE", boolProbe, "visible=FALSE", answer("no", true)},
		{"y", boolProbe, "visible=y", fail("is not yes or no")},
		{"yes and no", boolProbe, "visible=yes and no", fail("is not yes or no")},
		// enum.
		{"option", doorProbe, "state=locked", answer("locked", true)},
		{"option in another case", doorProbe, "State = Locked", answer("locked", true)},
		{"option in bold", doorProbe, "state=**open**", answer("open", true)},
		{"option with a remark", doorProbe, "state=locked (the sign is wrong)", fail("is not one of the options")},
		{"not an option", doorProbe, "state=ajar", fail(`"ajar" is not one of the options`)},
		{"two-word option", pieceProbe, "square=Black  Queen", answer("black queen", true)},
		{"path option", cwdProbe, "cwd=/home/user/data", answer("/home/user/data", true)},
		{"path option in backticks", cwdProbe, "cwd=`/home/user`", answer("/home/user", true)},
		{"root path option", cwdProbe, "cwd=/", answer("/", true)},
		{"path with a trailing slash", cwdProbe, "cwd=/home/user/", fail("is not one of the options")},
		{"octal option", modeProbe, "mode=600", answer("600", true)},
		{"octal with a zero", modeProbe, "mode=0600", fail("is not one of the options")},
		// coordinate.
		{"pair", pairProbe, "offset=2,-1", answer("2,-1", true)},
		{"pair with spaces", pairProbe, "offset=2 , -1", answer("2,-1", true)},
		{"pair in parentheses", pairProbe, "offset=(2, -1)", answer("2,-1", true)},
		{"pair in brackets", pairProbe, "offset=[2,-1]", answer("2,-1", true)},
		{"pair in angle brackets", pairProbe, "offset=<2,-1>", answer("2,-1", true)},
		{"pair with leading zeros", pairProbe, "offset=02,-01", answer("2,-1", true)},
		{"pair with mixed brackets", pairProbe, "offset=(2,-1]", fail("is not a pair a,b")},
		{"one number", pairProbe, "offset=2", fail("is not a pair a,b")},
		{"three numbers", pairProbe, "offset=2,-1,0", fail("is not a pair a,b")},
		{"square on the grid", pairProbe, "offset=e4", fail("is not a pair a,b")},
		{"square", squareProbe, "square=e4", answer("e4", true)},
		{"square upper-case", squareProbe, "square=E4", answer("e4", true)},
		{"off the board", squareProbe, "square=e9", fail("is not a square")},
		{"pair in chess", squareProbe, "square=2,-1", fail("is not a square")},
		// set.
		{"set", setProbe, "objects=yellow door, yellow key", answer("yellow door,yellow key", true)},
		{"set in another order", setProbe, "objects=Yellow Key,yellow door", answer("yellow door,yellow key", true)},
		{"set with a duplicate", setProbe, "objects=yellow key, yellow door, Yellow key", answer("yellow door,yellow key", true)},
		{"set of quoted items", setProbe, `objects="yellow door", "yellow key"`, answer("yellow door,yellow key", true)},
		{"plurals", setProbe, "objects=keys, balls, boxes, doors", answer("ball,box,door,key", true)},
		{"plural inside an item", setProbe, "objects=red keys", answer("red key", true)},
		{"none", setProbe, "objects=None.", answer("none", true)},
		{"empty item", setProbe, "objects=a,,b", fail("empty item in the set")},
		{"none among items", setProbe, "objects=none, key", fail("none among other items")},
		{"semicolons are one item", setProbe, "objects=a; b", answer("a;b", true)},
		// member.
		{"move", moveProbe, "move=e1g1", answer("e1g1", true)},
		{"promotion upper-case", moveProbe, "move=E7E8Q", answer("e7e8q", true)},
		{"SAN", moveProbe, "move=Nf3", fail("is not a UCI move")},
		{"dashed", moveProbe, "move=e2-e4", fail("is not a UCI move")},
		{"promotion to a king", moveProbe, "move=e7e8k", fail("is not a UCI move")},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := Parse(tc.probe, tc.reply)
			want := tc.want
			if want.Outcome == OutcomeParseFailure {
				assert.Contains(t, got.Reason, want.Reason)
				want.Reason = got.Reason
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("Parse(%q) (-want +got):\n%s", clip(tc.reply, 80), diff)
			}
		})
	}
}

func TestNormalize(t *testing.T) {
	tests := map[string]string{
		"**Locked**.":                "locked",
		" <2, -1> ":                  "2,-1",
		"Yellow Door ,  yellow key;": "yellow door,yellow key",
		"a | b ; c = d":              "a|b;c=d",
		"e2 -> e4":                   "e2->e4",
		"a - > b":                    "a - > b",
		"'\"`x`\"'":                  "x",
		"3.;,":                       "3",
		"x\u00a0\u2003y":             "x y",
		"":                           "",
		"** . **":                    "",
	}
	for in, want := range tests {
		assert.Equal(t, want, Normalize(in), "Normalize(%q)", in)
	}
}

// A probe from a file may name no world: the coordinate form then comes
// from the schema or the gold, and either form reads when neither tells.
func TestCoordinateWithoutWorld(t *testing.T) {
	p := testProbe("", Coordinate, "at", GoldPair(1, 2))
	assert.Equal(t, answer("1,2", true), Parse(p, "at=(1,2)"))
	assert.Equal(t, OutcomeParseFailure, Parse(p, "at=e4").Outcome)
	p.Gold = GoldEnum("e4")
	assert.Equal(t, answer("e4", true), Parse(p, "at=e4"))
	p.Gold, p.Schema = GoldUnknown(), Schema("at", SchemaSquare)
	assert.Equal(t, answer("a1", true), Parse(p, "at=a1"))
	p.Schema = "at=<…>"
	assert.Equal(t, answer("a1", true), Parse(p, "at=a1"))
	assert.Equal(t, answer("1,2", true), Parse(p, "at=1,2"))
	assert.Contains(t, Parse(p, "at=z").Reason, "neither a pair")
}

func TestParseBadProbe(t *testing.T) {
	p := intProbe
	p.Key = ""
	assert.Contains(t, Parse(p, "=3").Reason, "has no key")
	p = intProbe
	p.AnswerType = "float"
	assert.Contains(t, Parse(p, "count=3").Reason, "unknown answer type")
	p = doorProbe
	p.Options = nil
	assert.Contains(t, Parse(p, "state=open").Reason, "no options")
	p.Options = []string{"Open", "open"}
	assert.Contains(t, Parse(p, "state=open").Reason, "matches 2 options")
}
