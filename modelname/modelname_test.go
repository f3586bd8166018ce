package modelname

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

func f(v float64) *float64 { return &v }
func i(v int64) *int64     { return &v }

func TestParse(t *testing.T) {
	tests := []struct {
		in        string
		want      Name
		canonical string
		err       string
	}{
		{in: "openai/gpt-4o", want: Name{Provider: "openai", ID: "gpt-4o"}, canonical: "openai/gpt-4o"},
		{in: "openai-compatible/meta-llama/llama-3.1-8b-instruct", want: Name{Provider: "openai-compatible", ID: "meta-llama/llama-3.1-8b-instruct"}},
		{in: "ollama/qwen3:8b", want: Name{Provider: "ollama", ID: "qwen3:8b"}},
		{in: "openai/o4-mini@effort=high", want: Name{Provider: "openai", ID: "o4-mini", Settings: Settings{Effort: "high"}}},
		{in: "openai/o4-mini@seed=7,effort=HIGH", want: Name{Provider: "openai", ID: "o4-mini", Settings: Settings{Effort: "high", Seed: i(7)}}, canonical: "openai/o4-mini@effort=high,seed=7"},
		{in: "anthropic/claude-sonnet-4@thinking=8000,max_tokens=12000", want: Name{Provider: "anthropic", ID: "claude-sonnet-4", Settings: Settings{Thinking: "8000", MaxTokens: 12000}}},
		{in: "google/gemini-2.5-flash@temperature=0.70,top_p=1,thinking=AUTO", want: Name{Provider: "google", ID: "gemini-2.5-flash", Settings: Settings{Thinking: ThinkingAuto, Temperature: f(0.7), TopP: f(1)}}, canonical: "google/gemini-2.5-flash@thinking=auto,temperature=0.7,top_p=1"},
		{in: "google/gemini@thinking=off", want: Name{Provider: "google", ID: "gemini", Settings: Settings{Thinking: ThinkingOff}}},
		{in: "google/gemini@thinking=0", want: Name{Provider: "google", ID: "gemini", Settings: Settings{Thinking: ThinkingOff}}, canonical: "google/gemini@thinking=off"},
		{in: "openai/x@thinking=08000", want: Name{Provider: "openai", ID: "x", Settings: Settings{Thinking: "8000"}}, canonical: "openai/x@thinking=8000"},
		{in: "openai-compatible/claude-3-5-sonnet@20240620", want: Name{Provider: "openai-compatible", ID: "claude-3-5-sonnet@20240620"}},
		{in: "agent/checker@effort=low", want: Name{Provider: "agent", ID: "checker", Settings: Settings{Effort: "low"}}},
		{in: "gpt-4o", err: "want provider/model"},
		{in: "azure/gpt-4o", err: `unknown provider "azure"`},
		{in: "openai/", err: "empty model id"},
		{in: "openai/@effort=high", err: "empty model id"},
		{in: "openai/gpt 4o", err: "space or control character"},
		{in: "openai/o4-mini@", err: "no settings"},
		{in: "openai/o4-mini@effort=extreme", err: "effort=extreme: want one of none, minimal"},
		{in: "openai/o4-mini@effort=high,effort=low", err: "given twice"},
		{in: "openai/o4-mini@reasoning=high", err: `unknown setting "reasoning"`},
		{in: "openai/gpt-4o@temperature=3", err: "want a number in [0, 2]"},
		{in: "openai/gpt-4o@top_p=0", err: "want a number in (0, 1]"},
		{in: "openai/gpt-4o@temperature=NaN", err: "want a number"},
		{in: "openai/gpt-4o@max_tokens=0", err: "max_tokens=0"},
		{in: "openai/gpt-4o@seed=x", err: "seed=x"},
		{in: "openai/gpt-4o@thinking=-1", err: "thinking=-1"},
		{in: "openai/gpt-4o@effort", want: Name{Provider: "openai", ID: "gpt-4o@effort"}},
		{in: "openai/gpt-4o@effort=high,", err: "want key=value"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			n, err := Parse(tt.in)
			if tt.err != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tt.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, n)
			want := tt.canonical
			if want == "" {
				want = tt.in
			}
			assert.Equal(t, want, n.String())
			assert.Equal(t, tt.want.Provider+"/"+tt.want.ID, n.Base())
		})
	}
}

func TestParseList(t *testing.T) {
	got, err := ParseList(" openai/o4-mini@effort=high, seed=7,anthropic/claude-sonnet-4@thinking=8000,,agent/oracle ")
	require.NoError(t, err)
	var names []string
	for _, n := range got {
		names = append(names, n.String())
	}
	assert.Equal(t, []string{"openai/o4-mini@effort=high,seed=7", "anthropic/claude-sonnet-4@thinking=8000", "agent/oracle"}, names)

	_, err = ParseList("openai/gpt-4o,seed=7")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "openai/gpt-4o@seed=7")
	_, err = ParseList("seed=7")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "want provider/model")
	got, err = ParseList("")
	require.NoError(t, err)
	assert.Empty(t, got)
}

func TestNameJSON(t *testing.T) {
	var names []Name
	require.NoError(t, json.Unmarshal([]byte(`["openai/gpt-4o",
		{"model": "openai/o4-mini", "effort": "High"},
		{"model": "anthropic/claude-sonnet-4@max_tokens=12000", "thinking": 8000},
		{"model": "google/gemini-2.5-flash", "thinking": "auto", "temperature": 1, "top_p": 0.9, "seed": 3}]`), &names))
	var got []string
	for _, n := range names {
		got = append(got, n.String())
	}
	assert.Equal(t, []string{
		"openai/gpt-4o",
		"openai/o4-mini@effort=high",
		"anthropic/claude-sonnet-4@thinking=8000,max_tokens=12000",
		"google/gemini-2.5-flash@thinking=auto,temperature=1,top_p=0.9,seed=3",
	}, got)
	data, err := json.Marshal(names[2])
	require.NoError(t, err)
	assert.JSONEq(t, `"anthropic/claude-sonnet-4@thinking=8000,max_tokens=12000"`, string(data))

	for _, bad := range []struct{ in, err string }{
		{`{"effort": "high"}`, `no "model"`},
		{`{"model": "openai/o4-mini", "reasoning_effort": "high"}`, "unknown field"},
		{`{"model": "openai/o4-mini@effort=low", "effort": "high"}`, "given twice"},
		{`{"model": "openai/o4-mini", "effort": "extreme"}`, "effort=extreme"},
		{`{"model": "openai/o4-mini", "thinking": 1.5}`, "whole number"},
		{`{"model": "openai/o4-mini", "thinking": true}`, "want a number of tokens"},
		{`{"model": "openai/o4-mini", "temperature": 9}`, "[0, 2]"},
		{`{"model": "openai/o4-mini", "max_tokens": -1}`, "max_tokens=-1"},
		{`7`, "model block"},
	} {
		var n Name
		err := json.Unmarshal([]byte(bad.in), &n)
		require.Error(t, err, bad.in)
		assert.Contains(t, err.Error(), bad.err, bad.in)
	}
}

func TestSettingsJSON(t *testing.T) {
	s := Settings{Effort: "high", Thinking: "8000", Temperature: f(0), MaxTokens: 2500}
	data, err := json.Marshal(s)
	require.NoError(t, err)
	assert.JSONEq(t, `{"effort":"high","thinking":8000,"temperature":0,"max_tokens":2500}`, string(data))
	var back Settings
	require.NoError(t, json.Unmarshal(data, &back))
	assert.True(t, back.Equal(s))
	data, err = json.Marshal(Settings{Thinking: ThinkingAuto})
	require.NoError(t, err)
	assert.JSONEq(t, `{"thinking":"auto"}`, string(data))
	data, err = json.Marshal(Settings{})
	require.NoError(t, err)
	assert.Equal(t, `{}`, string(data))
}

func TestSettingsWithAndReasoning(t *testing.T) {
	base := Settings{MaxTokens: 2500, Temperature: f(0)}
	got := base.With(Settings{Effort: "low", MaxTokens: 9000})
	assert.Equal(t, "effort=low,temperature=0,max_tokens=9000", got.String())
	assert.True(t, got.Reasoning())
	assert.False(t, base.Reasoning())
	assert.False(t, Settings{Thinking: ThinkingOff}.Reasoning())
	assert.False(t, Settings{Effort: "none"}.Reasoning())
	assert.True(t, Settings{Thinking: ThinkingAuto}.Reasoning())
}

// TestSpelling: a settings suffix is safe in a shell word and a file name.
func TestSpelling(t *testing.T) {
	s := Settings{Effort: "xhigh", Thinking: "8000", Temperature: f(0.25), TopP: f(0.9), MaxTokens: 12000, Seed: i(-3)}
	for _, r := range s.String() {
		assert.True(t, strings.ContainsRune("abcdefghijklmnopqrstuvwxyz0123456789._-=,", r), "%q", r)
	}
}

// genSettings draws settings as a config or a command line could give them.
func genSettings(t *rapid.T) Settings {
	var s Settings
	if rapid.Bool().Draw(t, "effort?") {
		s.Effort = rapid.SampledFrom(Efforts()).Draw(t, "effort")
	}
	switch rapid.IntRange(0, 3).Draw(t, "thinking?") {
	case 1:
		s.Thinking = Budget(rapid.IntRange(1, MaxBudget).Draw(t, "budget"))
	case 2:
		s.Thinking = ThinkingAuto
	case 3:
		s.Thinking = ThinkingOff
	}
	if rapid.Bool().Draw(t, "temperature?") {
		v := rapid.Float64Range(0, 2).Draw(t, "temperature")
		s.Temperature = &v
	}
	if rapid.Bool().Draw(t, "top_p?") {
		v := rapid.Float64Range(1e-9, 1).Draw(t, "top_p")
		s.TopP = &v
	}
	if rapid.Bool().Draw(t, "max_tokens?") {
		s.MaxTokens = rapid.IntRange(1, MaxBudget).Draw(t, "max_tokens")
	}
	if rapid.Bool().Draw(t, "seed?") {
		v := rapid.Int64().Draw(t, "seed")
		s.Seed = &v
	}
	return s
}

// TestRoundTrip: a name with any settings reads back as itself from its
// canonical spelling and from its JSON, and its spelling is canonical.
func TestRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := Name{
			Provider: rapid.SampledFrom(Providers()).Draw(t, "provider"),
			ID:       rapid.StringMatching(`[a-z][a-z0-9.:/_-]{0,20}`).Draw(t, "id"),
			Settings: genSettings(t),
		}
		back, err := Parse(n.String())
		if err != nil {
			t.Fatalf("Parse(%q): %v", n, err)
		}
		if back.String() != n.String() || back.Base() != n.Base() || !back.Settings.Equal(n.Settings) {
			t.Fatalf("Parse(%q) = %q", n, back)
		}
		data, err := json.Marshal(n)
		if err != nil {
			t.Fatal(err)
		}
		var fromJSON Name
		if err := json.Unmarshal(data, &fromJSON); err != nil || fromJSON.String() != n.String() {
			t.Fatalf("JSON %s read back as %q, %v", data, fromJSON, err)
		}
		list, err := ParseList(n.String() + "," + n.String())
		if err != nil || len(list) != 2 || list[1].String() != n.String() {
			t.Fatalf("ParseList of %q twice: %v, %v", n, list, err)
		}
	})
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"openai/gpt-4o", "openai/o4-mini@effort=high,seed=7", "anthropic/x@thinking=8000", "a@b=c", "openai/x@@=", "google/g@temperature=1e-400"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, err := Parse(s)
		if err != nil {
			return
		}
		back, err := Parse(n.String())
		if err != nil {
			t.Fatalf("Parse(%q) = %q, which does not parse: %v", s, n, err)
		}
		if back.String() != n.String() {
			t.Fatalf("Parse(%q) = %q, read back as %q", s, n, back)
		}
	})
}

func FuzzParseList(f *testing.F) {
	for _, s := range []string{"openai/o4-mini@effort=high,seed=7,anthropic/c@thinking=8000", ",,seed=1", "a/b,c=d", "agent/x@effort=low, agent/x@effort=high"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		ns, err := ParseList(s)
		if err != nil {
			return
		}
		for _, n := range ns {
			if back, err := Parse(n.String()); err != nil || back.String() != n.String() {
				t.Fatalf("ParseList(%q) gave %q, which reads back as %q, %v", s, n, back, err)
			}
		}
	})
}

func TestAgentOf(t *testing.T) {
	tests := []struct {
		in   string
		want string
		ok   bool
	}{
		{AgentName("oracle"), "oracle", true},
		{"agent/checker@effort=low", "checker@effort=low", true},
		{"agent/checker@effort=LOW", "checker@effort=low", true},
		{"openai/agent", "", false},
		{"human/agent/x", "", false},
		{"agent/", "", false},
		{"agent", "", false},
	}
	for _, tt := range tests {
		got, ok := AgentOf(tt.in)
		assert.Equal(t, tt.want, got, tt.in)
		assert.Equal(t, tt.ok, ok, tt.in)
	}
}
