package worlds

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// fuzzProbes are probes of every answer type, in each world a type is used
// in, and one of no world.
var fuzzProbes = []Probe{
	intProbe, boolProbe, doorProbe, pieceProbe, cwdProbe, modeProbe, pairProbe, squareProbe,
	setProbe, moveProbe, testProbe("", Coordinate, "at", GoldUnknown()),
	testProbe(Terminal, Enum, "status", GoldUnknown(), "0", "1", "2"),
}

// The parser never panics, and what it returns is consistent: an answer
// has a value and no reason, an abstention neither, a parse failure a
// reason and no value and is never the exact contract; the value of an
// answer reads back as itself; and the verdict agrees with the outcome.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"count=3", "**count=3**", "Count = 3.", "```\ncount=3\n```", "<think>count=2</think>\ncount=3",
		"I see three keys.\r\ncount=3\r\n", "The answer is 3.", "state=**Locked**", "offset=(2, -1)",
		"objects=yellow keys, yellow door", "move=E7E8Q", "square=unknown", "port = 8080;", "cwd=`/home/user`",
		"status=cannot determine", "count=18446744073709551619", "count=\u00a03", "=", "count=count=3",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, reply string) {
		for _, p := range fuzzProbes {
			got := Parse(p, reply)
			checkParsed(t, p, reply, got)
			// The reply as the value of the probe's key, upper-cased.
			keyed := strings.ToUpper(p.Key) + "=" + reply
			checkParsed(t, p, keyed, Parse(p, keyed))
		}
	})
}

func checkParsed(t *testing.T, p Probe, reply string, got Parsed) {
	t.Helper()
	switch got.Outcome {
	case OutcomeAnswer:
		if got.Value == "" || got.Reason != "" {
			t.Fatalf("%s: answer %+v to %q", p.ID, got, reply)
		}
		if utf8.ValidString(reply) && !utf8.ValidString(got.Value) {
			t.Fatalf("%s: value %q of a UTF-8 reply is not UTF-8", p.ID, got.Value)
		}
		again := Parse(p, p.Key+"="+got.Value)
		if again.Outcome != OutcomeAnswer || again.Value != got.Value {
			t.Fatalf("%s: value %q of %q reads back as %+v", p.ID, got.Value, reply, again)
		}
	case OutcomeAbstain:
		if got.Value != "" || got.Reason != "" {
			t.Fatalf("%s: abstention %+v to %q", p.ID, got, reply)
		}
	case OutcomeParseFailure:
		if got.Value != "" || got.Reason == "" || got.ExactContract {
			t.Fatalf("%s: parse failure %+v to %q", p.ID, got, reply)
		}
	default:
		t.Fatalf("%s: outcome %q", p.ID, got.Outcome)
	}
	v := JudgeParsed(p, got)
	switch {
	case v.Outcome != got.Outcome:
		t.Fatalf("%s: verdict outcome %q of %q", p.ID, v.Outcome, got.Outcome)
	case v.Right && v.Hallucinated, v.Right && v.OverAbstained, v.Hallucinated && v.OverAbstained:
		t.Fatalf("%s: verdict %+v", p.ID, v)
	case v.Hallucinated != (got.Outcome == OutcomeAnswer && !v.Right):
		t.Fatalf("%s: hallucinated %+v", p.ID, v)
	case got.Outcome == OutcomeParseFailure && (v.Right || v.Hallucinated || v.OverAbstained):
		t.Fatalf("%s: a parse failure judged %+v", p.ID, v)
	case got.Outcome == OutcomeAbstain && v.Right == p.Answerable():
		t.Fatalf("%s: abstention judged %+v", p.ID, v)
	}
}
