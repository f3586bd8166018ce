package worlds

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The record of the spec's §3, written and read back byte for byte.
func TestProbeRecordSpecExample(t *testing.T) {
	p := Probe{
		ID: "grid/proc-10/s3/symbolic/q05", World: Grid, Level: "proc-10", Seed: 3,
		View: "symbolic", Category: Perception, ProbeType: "count", Template: "P.count",
		Question: "How many keys can you see?", AnswerType: Int, Key: "count",
		Schema: Schema("count", SchemaInt), Gold: GoldInt(1),
		Context: "<the whole user message>", Source: "generated",
		Meta: json.RawMessage(`{"level_tier":null}`),
	}
	want := `{"id":"grid/proc-10/s3/symbolic/q05","world":"grid","level":"proc-10","seed":3,` +
		`"view":"symbolic","category":"P","probe_type":"count","template":"P.count",` +
		`"question":"How many keys can you see?","answer_type":"int","key":"count",` +
		`"schema":"count=<integer|unknown>","options":null,"gold":1,"answerable":true,` +
		`"conflict":null,"testimony":null,"context":"<the whole user message>",` +
		`"source":"generated","meta":{"level_tier":null}}`
	got, err := p.MarshalJSON()
	require.NoError(t, err)
	assert.Equal(t, want, string(got))
	var back Probe
	require.NoError(t, json.Unmarshal(got, &back))
	assert.Equal(t, p, back)
}

func TestGoldJSONForms(t *testing.T) {
	yes := true
	tm := "open"
	tests := []struct {
		name string
		typ  AnswerType
		gold Gold
		opts []string
		json string
	}{
		{"bool", Bool, GoldBool(false), nil, `false`},
		{"int", Int, GoldInt(-3), nil, `-3`},
		{"enum", Enum, GoldEnum("locked"), []string{"closed", "locked", "open"}, `"locked"`},
		{"grid pair", Coordinate, GoldPair(2, -1), nil, `[2,-1]`},
		{"square", Coordinate, GoldEnum("e4"), nil, `"e4"`},
		{"set", Set, GoldSet([]string{"yellow key", "yellow door"}), nil, `["yellow door","yellow key"]`},
		{"empty set", Set, GoldSet(nil), nil, `[]`},
		{"member", Member, GoldMembers([]string{"e2e4", "a2a3"}), nil, `["a2a3","e2e4"]`},
		{"unknown", Enum, GoldUnknown(), []string{"a", "b", "c"}, `"UNKNOWN"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := Probe{ID: "x", AnswerType: tt.typ, Category: Uncertainty, Key: "k", Schema: "k=<…>",
				Gold: tt.gold, Options: tt.opts, Conflict: &yes, Testimony: &tm}
			b, err := json.Marshal(p)
			require.NoError(t, err)
			assert.Contains(t, string(b), `"gold":`+tt.json+`,`)
			var back Probe
			require.NoError(t, json.Unmarshal(b, &back))
			assert.Equal(t, tt.gold, back.Gold)
		})
	}
}

func TestReadProbesRejects(t *testing.T) {
	good := `{"id":"a","world":"grid","category":"P","answer_type":"bool","key":"k","schema":"k=<yes|no|unknown>","gold":true,"answerable":true}`
	tests := map[string]string{
		"empty":            "",
		"not json":         "{",
		"bad answer type":  strings.Replace(good, `"bool"`, `"float"`, 1),
		"bad category":     strings.Replace(good, `"P"`, `"Q"`, 1),
		"gold of the type": strings.Replace(good, `"gold":true`, `"gold":3`, 1),
		"answerable lies":  strings.Replace(good, `"answerable":true`, `"answerable":false`, 1),
		"duplicate id":     good + "\n" + good,
		"no key":           strings.Replace(good, `"key":"k"`, `"key":""`, 1),
	}
	for name, in := range tests {
		t.Run(name, func(t *testing.T) {
			_, err := ReadProbes(strings.NewReader(in))
			assert.Error(t, err)
		})
	}
	ps, err := ReadProbes(strings.NewReader(good + "\n"))
	require.NoError(t, err)
	assert.Len(t, ps, 1)
}

func TestResolve(t *testing.T) {
	truth := GoldEnum("black queen")
	assert.Equal(t, truth, Resolve(truth, true, Claim{Value: GoldEnum("empty"), Admissible: true}), "P2")
	assert.Equal(t, truth, Resolve(truth, false, Claim{Value: truth, Admissible: true}), "P4")
	assert.True(t, Resolve(truth, false, Claim{Value: truth, Admissible: false}).Unknown, "P4 inadmissible")
	assert.True(t, Resolve(truth, false).Unknown, "P5")
}

func TestUserMessage(t *testing.T) {
	got := UserMessage("obs", "Q?", EnumSchema("colour", []string{"blue", "red"}))
	assert.Equal(t, "## Current observation\nobs\n\n## Question\nQ?\n\nAnswer schema: colour=<blue|red|unknown>", got)
}

func TestParseMessage(t *testing.T) {
	user := UserMessage("line 1\n\nline 2", "How many keys can you see?", Schema("count", SchemaInt))
	m, err := ParseMessage(user)
	require.NoError(t, err)
	assert.Equal(t, Message{Observation: "line 1\n\nline 2", Question: "How many keys can you see?",
		Schema: "count=<integer|unknown>", Key: "count", Values: []string{"integer", "unknown"}}, m)
	for _, bad := range []string{"", "hello", "## Current observation\nx", "## Current observation\nx\n\n## Question\nq\n\nAnswer schema: nokey",
		"## Current observation\n0\n\n## Question\n\nAnswer schema: 0"} {
		_, err := ParseMessage(bad)
		assert.Error(t, err, bad)
	}
}

// FuzzParseMessage: any text is taken apart or refused, never a panic, and
// what is taken apart puts the message back together.
func FuzzParseMessage(f *testing.F) {
	f.Add(UserMessage("obs", "How many keys can you see?", Schema("count", SchemaInt)))
	f.Add("## Current observation\n0\n\n## Question\n\nAnswer schema: 0")
	f.Fuzz(func(t *testing.T, user string) {
		m, err := ParseMessage(user)
		if err != nil {
			return
		}
		if got := UserMessage(m.Observation, m.Question, m.Schema); strings.TrimSpace(got) != strings.TrimSpace(user) && !strings.HasSuffix(user, " ") {
			// Trailing blanks after the schema are trimmed; anything else
			// must come back as it was.
			if strings.TrimRight(user, " \t\r\n") != got {
				t.Fatalf("ParseMessage(%q) = %+v, which gives back %q", user, m, got)
			}
		}
	})
}
