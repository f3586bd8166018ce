package abstain

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseStrict(t *testing.T) {
	tests := []struct {
		name  string
		reply string
		want  Parsed
		fail  bool
	}{
		{"plain answer", `{"status": "ANSWER", "answer": "78"}`, Parsed{Status: StatusAnswer, Answer: "78", Numeric: true, Value: 78}, false},
		{"abstain", `{"status": "INSUFFICIENT", "answer": null}`, Parsed{Status: StatusAbsent}, false},
		{"abstain without answer key", `{"status": "INSUFFICIENT"}`, Parsed{Status: StatusAbsent}, false},
		{"status any case", `{"status": "answer", "answer": 78}`, Parsed{Status: StatusAnswer, Answer: "78", Numeric: true, Value: 78}, false},
		{"json fence", "```json\n{\"status\": \"ANSWER\", \"answer\": \"78\"}\n```", Parsed{Status: StatusAnswer, Answer: "78", Numeric: true, Value: 78}, false},
		{"bare fence", "```\n{\"status\": \"INSUFFICIENT\", \"answer\": null}\n```", Parsed{Status: StatusAbsent}, false},
		{"prose around", `Sure! {"status": "ANSWER", "answer": 12.5} Hope that helps.`, Parsed{Status: StatusAnswer, Answer: "12.5", Numeric: true, Value: 12.5}, false},
		{"brace in string", `{"status": "ANSWER", "answer": "4 {x}", "note": "}"}`, Parsed{Status: StatusAnswer, Answer: "4 {x}"}, false},
		{"unbalanced prose brace then object", `I think {so. {"status": "ANSWER", "answer": "5"}`, Parsed{Status: StatusAnswer, Answer: "5", Numeric: true, Value: 5}, false},
		{"first object wins", `{"status": "INSUFFICIENT", "answer": null} {"status": "ANSWER", "answer": "3"}`, Parsed{Status: StatusAbsent}, false},
		{"dollars and thousands", `{"status": "ANSWER", "answer": "$1,234"}`, Parsed{Status: StatusAnswer, Answer: "$1,234", Numeric: true, Value: 1234}, false},
		{"unit word", `{"status": "ANSWER", "answer": "270 miles"}`, Parsed{Status: StatusAnswer, Answer: "270 miles", Numeric: true, Value: 270}, false},
		{"percent", `{"status": "ANSWER", "answer": "45%"}`, Parsed{Status: StatusAnswer, Answer: "45%", Numeric: true, Value: 45}, false},
		{"fraction", `{"status": "ANSWER", "answer": "3/4"}`, Parsed{Status: StatusAnswer, Answer: "3/4", Numeric: true, Value: 0.75}, false},
		{"words are wrong not failure", `{"status": "ANSWER", "answer": "about seventy"}`, Parsed{Status: StatusAnswer, Answer: "about seventy"}, false},
		{"two unit words", `{"status": "ANSWER", "answer": "5 big apples"}`, Parsed{Status: StatusAnswer, Answer: "5 big apples"}, false},
		{"exponent is not decimal", `{"status": "ANSWER", "answer": "1e3"}`, Parsed{Status: StatusAnswer, Answer: "1e3"}, false},
		{"boolean answer", `{"status": "ANSWER", "answer": true}`, Parsed{Status: StatusAnswer, Answer: "true"}, false},
		{"no object", `The answer is 78.`, Parsed{}, true},
		{"bad json", `{"status": ANSWER}`, Parsed{}, true},
		{"unknown status", `{"status": "MAYBE", "answer": null}`, Parsed{}, true},
		{"status not string", `{"status": 1, "answer": null}`, Parsed{}, true},
		{"insufficient with answer", `{"status": "INSUFFICIENT", "answer": "0"}`, Parsed{}, true},
		{"answer null", `{"status": "ANSWER", "answer": null}`, Parsed{}, true},
		{"answer missing", `{"status": "ANSWER"}`, Parsed{}, true},
		{"empty", ``, Parsed{}, true},
		{"too long", `{"status": "INSUFFICIENT"}` + strings.Repeat(" ", MaxReplyBytes), Parsed{}, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParseStrict(tc.reply)
			if tc.fail {
				require.ErrorIs(t, err, ErrParse)
				return
			}
			require.NoError(t, err)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("ParseStrict(%q) (-want +got):\n%s", tc.reply, diff)
			}
		})
	}
}

func TestCorrect(t *testing.T) {
	tests := []struct {
		name  string
		value float64
		gold  string
		want  bool
	}{
		{"exact", 78, "78", true},
		{"within tolerance", 1e6 + 0.5, "1000000", true},
		{"outside tolerance", 78.001, "78", false},
		{"small gold uses absolute 1e-6", 0.0000005, "0", true},
		{"decimal gold", 0.75, "0.75", true},
		{"bad gold", 1, "one", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, Parsed{Status: StatusAnswer, Numeric: true, Value: tc.value}.Correct(tc.gold))
		})
	}
	assert.False(t, Parsed{Status: StatusAbsent}.Correct("0"), "abstention is never a correct answer")
}

func TestNormalizeAnswer(t *testing.T) {
	tests := []struct {
		in   string
		want float64
		ok   bool
	}{
		{" 78 ", 78, true}, {"$65", 65, true}, {"12,345.5", 12345.5, true}, {"-4", -4, true},
		{".5", 0.5, true}, {"10 km", 10, true}, {"7/2", 3.5, true}, {"1/0", 0, false},
		{"1,2,3", 123, true}, {",5", 0, false}, {"5,", 0, false}, {"--5", 0, false},
		{"", 0, false}, {"miles", 0, false}, {"0x10", 0, false}, {"Inf", 0, false}, {"1e400", 0, false},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			got, ok := NormalizeAnswer(tc.in)
			assert.Equal(t, tc.ok, ok)
			if tc.ok {
				assert.Equal(t, tc.want, got)
			}
		})
	}
}

func TestParseLenient(t *testing.T) {
	tests := []struct {
		name  string
		reply string
		want  Parsed
		fail  bool
	}{
		{"strict abstain", `{"status": "INSUFFICIENT", "answer": null}`, Parsed{Status: StatusAbsent}, false},
		{"word anywhere", `The information is insufficient to answer.`, Parsed{Status: StatusAbsent}, false},
		{"word inside another is not it", `insufficiently 42`, Parsed{Status: StatusAnswer, Answer: "42", Numeric: true, Value: 42}, false},
		{"last number", `First 3 then 4, so the answer is 1,250.`, Parsed{Status: StatusAnswer, Answer: "1,250", Numeric: true, Value: 1250}, false},
		{"negative decimal", `It is -2.5 degrees`, Parsed{Status: StatusAnswer, Answer: "-2.5", Numeric: true, Value: -2.5}, false},
		{"joined to a word", `answer 7 for item x25`, Parsed{Status: StatusAnswer, Answer: "7", Numeric: true, Value: 7}, false},
		{"nothing", `I cannot say.`, Parsed{}, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParseLenient(tc.reply)
			if tc.fail {
				require.ErrorIs(t, err, ErrParse)
				return
			}
			require.NoError(t, err)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("ParseLenient(%q) (-want +got):\n%s", tc.reply, diff)
			}
		})
	}
}

func FuzzParseStrict(f *testing.F) {
	for _, s := range []string{
		`{"status": "ANSWER", "answer": "78"}`, `{"status": "INSUFFICIENT", "answer": null}`,
		"```json\n{\"status\":\"answer\",\"answer\":\"$1,200 dollars\"}\n```", `x {"a": "}"} {`, `{{{`, `"{"`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, reply string) {
		p, err := ParseStrict(reply)
		if err != nil {
			if p != (Parsed{}) {
				t.Fatalf("failure with a result: %+v", p)
			}
			return
		}
		if p.Status != StatusAnswer && p.Status != StatusAbsent {
			t.Fatalf("status %q", p.Status)
		}
		if p.Status == StatusAbsent && (p.Answer != "" || p.Numeric) {
			t.Fatalf("abstention with an answer: %+v", p)
		}
		if utf8.ValidString(reply) && !utf8.ValidString(p.Answer) {
			t.Fatalf("answer %q is not UTF-8", p.Answer)
		}
	})
}

func FuzzParseLenient(f *testing.F) {
	for _, s := range []string{`the answer is 42`, `INSUFFICIENT`, `-3.5 and 1,000`, `x25`, ``} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, reply string) {
		p, err := ParseLenient(reply)
		if err != nil {
			return
		}
		if p.Status == StatusAnswer && !strings.Contains(reply, p.Answer) {
			t.Fatalf("answer %q is not in the reply", p.Answer)
		}
		if p.Status == StatusAnswer && !p.Numeric {
			t.Fatalf("lenient answer %q did not normalise", p.Answer)
		}
	})
}
