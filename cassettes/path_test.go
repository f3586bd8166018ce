package cassettes

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

func TestPath(t *testing.T) {
	tests := []struct {
		name                         string
		suite, provider, model, kase string
		want                         string
	}{
		{"plain", "maze", "openai", "gpt-4o", "size=7-seed=1", "cassettes/maze/openai/gpt-4o/size=7-seed=1.yaml"},
		{"dated model", "maze", "anthropic", "claude-sonnet-4-20250514", "Mirage", "cassettes/maze/anthropic/claude-sonnet-4-20250514/Mirage.yaml"},
		{"slash in model", "abstain", "openrouter", "meta-llama/Llama-3.1-8B-Instruct", "pair-03", "cassettes/abstain/openrouter/meta-llama%2FLlama-3.1-8B-Instruct/pair-03.yaml"},
		{"colon in model", "maze", "ollama", "qwen2.5:7b", "size=7-seed=1", "cassettes/maze/ollama/qwen2.5%3A7b/size=7-seed=1.yaml"},
		{"space and percent", "worlds", "google", "gemini-2.5-pro", "grid 5% fog", "cassettes/worlds/google/gemini-2.5-pro/grid%205%25%20fog.yaml"},
		{"dot elements", "..", ".", "a.", ".hidden", "cassettes/%2E%2E/%2E/a%2E/%2Ehidden.yaml"},
		{"empty element", "maze", "openai", "", "x", "cassettes/maze/openai/%/x.yaml"},
		{"non-ascii", "abstain", "deepseek", "deepseek-chat", "미로", "cassettes/abstain/deepseek/deepseek-chat/%EB%AF%B8%EB%A1%9C.yaml"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Path("cassettes", tt.suite, tt.provider, tt.model, tt.kase)
			assert.Equal(t, filepath.FromSlash(tt.want), got)
		})
	}
}

func TestPathCutsLongElements(t *testing.T) {
	long := strings.Repeat("a/", 80)
	got := escapeElement(long)
	assert.LessOrEqual(t, len(got), maxElement)
	assert.Contains(t, got, "~")
	prefix := got[:strings.Index(got, "~")]
	assert.NotRegexp(t, `%[0-9A-F]?$`, prefix, "the cut must not split a %XX triple")
	assert.NotEqual(t, got, escapeElement(long+"b"))
	assert.Equal(t, got, escapeElement(long), "deterministic")
}

// TestEscapeElementProperties checks the escaping rule of Path: the output
// uses only kept bytes, '%' and '~', is never a dot name, decodes back to
// its input when not cut, and distinct inputs give distinct outputs.
func TestEscapeElementProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := rapid.OneOf(
			rapid.String(),
			rapid.StringMatching(`[a-zA-Z0-9./:%~_ -]{0,20}`),
			rapid.StringOfN(rapid.RuneFrom([]rune("a./:%~")), 100, 200, -1),
		).Draw(t, "s")
		e := escapeElement(s)
		if e == "" || e == "." || e == ".." || strings.HasPrefix(e, ".") || strings.HasSuffix(e, ".") {
			t.Fatalf("escapeElement(%q) = %q: not a safe file name", s, e)
		}
		for i := 0; i < len(e); i++ {
			if c := e[i]; !keepByte(c) && c != '%' && c != '~' {
				t.Fatalf("escapeElement(%q) = %q: byte %q", s, e, c)
			}
		}
		if len(e) > maxElement {
			t.Fatalf("escapeElement(%q) is %d bytes", s, len(e))
		}
		if !strings.Contains(e, "~") {
			back, ok := unescapeElement(e)
			if !ok || back != s {
				t.Fatalf("unescapeElement(%q) = %q, %v; want %q", e, back, ok, s)
			}
		}
		other := rapid.String().Draw(t, "other")
		if other != s && escapeElement(other) == e {
			t.Fatalf("%q and %q both escape to %q", s, other, e)
		}
	})
}

func TestMatchRecord(t *testing.T) {
	path := Path("cassettes", "maze", "openrouter", "meta-llama/Llama-3.1-8B", "Mirage-size=7")
	tests := []struct {
		name    string
		pattern string
		want    bool
	}{
		{"empty pattern records nothing", "", false},
		{"everything", ".", true},
		{"provider and model as stored", "openrouter/meta-llama%2FLlama", true},
		{"model as spelled", "meta-llama/Llama-3.1-8B", true},
		{"case name", "Mirage", true},
		{"anchored suite", "^cassettes/maze/", true},
		{"other model", "gpt-4o", false},
		{"other suite", "^cassettes/abstain/", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := MatchRecord(tt.pattern, path)
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
	_, err := MatchRecord("(", path)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "parse record pattern")
}

func TestDisplayPath(t *testing.T) {
	got := displayPath(filepath.Join("cassettes", "maze", "ollama", "qwen2.5%3A7b", "a~0123.yaml"))
	if diff := cmp.Diff("cassettes/maze/ollama/qwen2.5:7b/a~0123.yaml", got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}
