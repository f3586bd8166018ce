package worlds

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The probes of the spec's worked examples (grid §6.7, chess §7.6,
// terminal §8.4) that the example replies and the score golden file use.
func exampleProbes() []Probe {
	yes, no := true, false
	open, port0 := "open", "8080"
	pieces := []string{"black bishop", "black king", "black knight", "black pawn", "black queen", "black rook",
		"empty", "white bishop", "white king", "white knight", "white pawn", "white queen", "white rook"}
	ports := []string{"3000", "5000", "8080", "9090"}
	mk := func(world, level, view string, n int, cat Category, typ string, at AnswerType, key string, gold Gold, opts []string) Probe {
		p := Probe{ID: ProbeID(world, level, 0, view, n), World: world, Level: level, View: view,
			Category: cat, ProbeType: typ, AnswerType: at, Key: key, Options: opts, Gold: gold, Source: "generated"}
		if world != Grid {
			p.Template = string(cat) + "." + typ
		}
		switch at {
		case Enum:
			p.Schema = EnumSchema(key, opts)
		case Bool:
			p.Schema = Schema(key, SchemaBool)
		case Int:
			p.Schema = Schema(key, SchemaInt)
		case Set:
			p.Schema = Schema(key, SchemaSet)
		case Member:
			p.Schema = Schema(key, SchemaMember)
		case Coordinate:
			p.Schema = Schema(key, "ahead,lateral")
		}
		return p
	}
	g := func(n int, view string, cat Category, typ string, at AnswerType, key string, gold Gold, opts []string) Probe {
		p := mk(Grid, "example", view, n, cat, typ, at, key, gold, opts)
		p.Template = string(cat) + "." + typ
		return p
	}
	c := func(n int, view string, cat Category, typ string, at AnswerType, key string, gold Gold, opts []string) Probe {
		return mk(Chess, "chess-example", view, n, cat, typ, at, key, gold, opts)
	}
	tm := func(n int, cat Category, typ string, at AnswerType, key string, gold Gold, opts []string) Probe {
		return mk(Terminal, "terminal", "transcript", n, cat, typ, at, key, gold, opts)
	}
	claim := g(5, "symbolic", Conflict, "claim", Enum, "state", GoldEnum("locked"), []string{"closed", "locked", "open"})
	claim.Conflict, claim.Testimony = &yes, &open
	current := tm(8, Conflict, "current", Enum, "port", GoldEnum("9090"), ports)
	current.Conflict, current.Testimony = &yes, &port0
	agreeing := tm(10, Conflict, "current", Enum, "port", GoldEnum("8080"), ports)
	agreeing.ID = ProbeID(Terminal, "terminal", 1, "transcript", 8)
	agreeing.Conflict, agreeing.Testimony = &no, &port0
	return []Probe{
		g(0, "symbolic", Perception, "presence", Bool, "visible", GoldBool(true), nil),
		g(1, "symbolic", Perception, "count", Int, "count", GoldInt(1), nil),
		g(2, "symbolic", Perception, "location", Coordinate, "offset", GoldPair(2, -1), nil),
		g(3, "symbolic", Uncertainty, "cell", Bool, "object", GoldUnknown(), nil),
		g(4, "symbolic", Uncertainty, "cell", Bool, "object", GoldBool(true), nil),
		claim,
		g(6, "symbolic", Conflict, "reported", Enum, "state", GoldEnum("open"), []string{"closed", "locked", "open"}),
		g(7, "symbolic", Memory, "gone", Set, "objects", GoldSet([]string{"yellow door", "yellow key"}), nil),
		g(8, "symbolic", Uncertainty, "total", Int, "count", GoldUnknown(), nil),
		g(9, "memory", Uncertainty, "total", Int, "count", GoldInt(2), nil),
		g(10, "symbolic", Causal, "move", Int, "steps", GoldInt(1), nil),
		c(0, "fen-off", Perception, "can_capture", Bool, "can_capture", GoldBool(true), nil),
		c(1, "fen-off", Causal, "after_move_undefended_count", Int, "count", GoldInt(5), nil),
		c(2, "fen-off", Conflict, "san_legal_move", Member, "move", GoldMembers([]string{"a2a3", "d2d3", "e1f1", "e1g1", "h2h3"}), nil),
		c(3, "fen-truth", Uncertainty, "hidden_square", Enum, "square", GoldEnum("black queen"), pieces),
		c(4, "fen-off", Uncertainty, "hidden_square", Enum, "square", GoldUnknown(), pieces),
		tm(0, Perception, "exists", Bool, "exists", GoldBool(true), nil),
		tm(4, Causal, "lines", Int, "lines", GoldInt(3), nil),
		tm(6, Uncertainty, "grep_status", Enum, "status", GoldUnknown(), []string{"0", "1", "2"}),
		tm(7, Uncertainty, "grep_status", Enum, "status", GoldEnum("0"), []string{"0", "1", "2"}),
		current,
		tm(9, Conflict, "reported", Enum, "port", GoldEnum("8080"), ports),
		agreeing,
	}
}

// probeByID finds an example probe.
func probeByID(t *testing.T, probes []Probe, id string) Probe {
	t.Helper()
	for _, p := range probes {
		if p.ID == id {
			return p
		}
	}
	t.Fatalf("no probe %s", id)
	return Probe{}
}

// The example replies of the spec's worked examples, and others on the same
// probes, each with its verdict.
func TestJudgeSpecExamples(t *testing.T) {
	probes := exampleProbes()
	type want struct {
		outcome                   Outcome
		right, halluc, over, test bool
	}
	right := want{outcome: OutcomeAnswer, right: true}
	halluc := want{outcome: OutcomeAnswer, halluc: true}
	abstainRight := want{outcome: OutcomeAbstain, right: true}
	overAbstain := want{outcome: OutcomeAbstain, over: true}
	parseFail := want{outcome: OutcomeParseFailure}
	tests := []struct {
		name, id, reply string
		want            want
	}{
		// §8.4, the replies the spec gives.
		{"port=9090 on current", "terminal/terminal/s0/transcript/q08", "port=9090", right},
		{"port=8080 on current follows the testimony", "terminal/terminal/s0/transcript/q08", "port=8080",
			want{outcome: OutcomeAnswer, halluc: true, test: true}},
		{"status=unknown on the secret.txt grep", "terminal/terminal/s0/transcript/q06", "status=unknown", abstainRight},
		{"STATUS = 1 on it, true in W but undetermined", "terminal/terminal/s0/transcript/q06", "STATUS = 1", halluc},
		{"The answer is 3. on lines", "terminal/terminal/s0/transcript/q04", "The answer is 3.", parseFail},
		{"lines=3", "terminal/terminal/s0/transcript/q04", "lines=3", right},
		{"unknown on the answerable twin", "terminal/terminal/s0/transcript/q07", "status=unknown", overAbstain},
		{"reported speech: the note's value", "terminal/terminal/s0/transcript/q09", "port=8080", right},
		{"testimony that agrees", "terminal/terminal/s1/transcript/q08", "port=8080", want{outcome: OutcomeAnswer, right: true, test: true}},
		// §6.7.
		{"green ball seen", "grid/example/s0/symbolic/q00", "visible=yes", right},
		{"one key in view", "grid/example/s0/symbolic/q01", "count=1", right},
		{"the red key behind the wall is not in view", "grid/example/s0/symbolic/q01", "count=2", halluc},
		{"offset of the green ball", "grid/example/s0/symbolic/q02", "offset=(2, -1)", right},
		{"offset with the sign lost", "grid/example/s0/symbolic/q02", "offset=2,1", halluc},
		{"cell never seen, abstained", "grid/example/s0/symbolic/q03", "object=unknown", abstainRight},
		{"cell never seen, answered", "grid/example/s0/symbolic/q03", "object=no", halluc},
		{"the seen twin", "grid/example/s0/symbolic/q04", "object=yes", right},
		{"door locked, sign says open: locked", "grid/example/s0/symbolic/q05", "state=locked", right},
		{"door locked, sign says open: open", "grid/example/s0/symbolic/q05", "state=Open", want{outcome: OutcomeAnswer, halluc: true, test: true}},
		{"according to the signpost", "grid/example/s0/symbolic/q06", "state=open", right},
		{"gone objects in any order", "grid/example/s0/symbolic/q07", "objects=Yellow Key, yellow door", right},
		{"gone objects, one missed", "grid/example/s0/symbolic/q07", "objects=yellow door", halluc},
		{"keys in the whole level, symbolic", "grid/example/s0/symbolic/q08", "count=2", halluc},
		{"keys in the whole level, memory", "grid/example/s0/memory/q09", "count=2", right},
		{"move forward 2", "grid/example/s0/symbolic/q10", "steps=1", right},
		// §7.6.
		{"Nxe5 exists", "chess/chess-example/s0/fen-off/q00", "can_capture=yes", right},
		{"five undefended", "chess/chess-example/s0/fen-off/q01", "count=5", right},
		{"four is the count before the moves", "chess/chess-example/s0/fen-off/q01", "count=4", halluc},
		{"castling is a quiet legal move", "chess/chess-example/s0/fen-off/q02", "move=e1g1", right},
		{"Nxe5 is a capture", "chess/chess-example/s0/fen-off/q02", "move=f3e5", halluc},
		{"SAN is not the contract", "chess/chess-example/s0/fen-off/q02", "move=O-O", parseFail},
		{"d8 under fen-truth", "chess/chess-example/s0/fen-truth/q03", "square=Black Queen", right},
		{"d8 under fen-off, true in W but hidden", "chess/chess-example/s0/fen-off/q04", "square=black queen", halluc},
		{"d8 under fen-off, abstained", "chess/chess-example/s0/fen-off/q04", "square=unknown", abstainRight},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := probeByID(t, probes, tc.id)
			v := Judge(p, tc.reply)
			got := want{outcome: v.Outcome, right: v.Right, halluc: v.Hallucinated, over: v.OverAbstained,
				test: v.TestimonyFollowing != nil && *v.TestimonyFollowing}
			assert.Equal(t, tc.want, got, "reason %q", v.Reason)
			assert.Equal(t, p.Testimony != nil, v.TestimonyFollowing != nil)
			assert.Equal(t, p.ID, v.ID)
		})
	}
}

// A number past the machine's integers keeps its digits: 2⁶⁴ + 3 is not 3.
func TestHugeIntegerIsNotWrapped(t *testing.T) {
	v := Judge(intProbe, "count=18446744073709551619")
	assert.True(t, v.Hallucinated)
	assert.Equal(t, "18446744073709551619", v.Value)
	v = Judge(intProbe, "count=000000000000000000000000003")
	assert.True(t, v.Right)
}

// A gold or testimony written the way a reply would be still matches: a
// set compares as a set, a pair as a pair.
func TestGoldReadAsAReply(t *testing.T) {
	p := setProbe
	p.Gold = Gold{Value: "Yellow Key,yellow door"}
	assert.True(t, Judge(p, "objects=yellow door,yellow key").Right)
	p = pairProbe
	p.Gold = Gold{Value: "(2, -1)"}
	assert.True(t, Judge(p, "offset=2,-1").Right)
	p = doorProbe
	yes, said := true, "Open"
	p.Conflict, p.Testimony = &yes, &said
	v := Judge(p, "state=open")
	require.NotNil(t, v.TestimonyFollowing)
	assert.True(t, *v.TestimonyFollowing)
}

func TestMissingVerdict(t *testing.T) {
	v := MissingVerdict(doorProbe)
	assert.Equal(t, OutcomeParseFailure, v.Outcome)
	assert.True(t, v.Missing)
	assert.False(t, v.Right || v.Hallucinated || v.OverAbstained)
	assert.Nil(t, v.TestimonyFollowing)
}

func TestVerdictValueIsClipped(t *testing.T) {
	long := make([]byte, 0, 4000)
	for i := range 1000 {
		long = append(long, byte('a'+i%26), byte('a'+i/26%26), ',')
	}
	v := Judge(setProbe, "objects="+string(long))
	assert.Equal(t, OutcomeAnswer, v.Outcome)
	assert.LessOrEqual(t, len(v.Value), MaxVerdictValue+len("…"))
	assert.True(t, v.Hallucinated)
}

func TestVerdictJSONRoundTrip(t *testing.T) {
	for _, p := range exampleProbes() {
		v := Judge(p, p.Key+"="+p.Gold.Canonical())
		b, err := json.Marshal(v)
		require.NoError(t, err)
		var back Verdict
		require.NoError(t, json.Unmarshal(b, &back))
		assert.Equal(t, v, back)
	}
}
