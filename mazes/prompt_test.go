package mazes

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hallumaze/hallumaze/internal/golden"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPromptGolden pins the bytes of BuildPrompt for every framing of one
// maze: language × confidence × mirage × protocol. Recorded cassettes are
// keyed on these bytes, so any change here must be deliberate (-update).
func TestPromptGolden(t *testing.T) {
	m, err := Generate(5, 3, DFS)
	require.NoError(t, err)
	for _, lang := range []Lang{English, Korean} {
		for _, conf := range []bool{true, false} {
			for _, mirage := range []bool{true, false} {
				for _, proto := range []Protocol{OneShot, Interactive} {
					opt := PromptOptions{Lang: lang, Confidence: conf, Mirage: mirage, Protocol: proto}
					name := fmt.Sprintf("%s-conf=%t-mirage=%t-%s", lang, conf, mirage, proto)
					t.Run(name, func(t *testing.T) {
						p := BuildPrompt(m, opt)
						got := "=== system ===\n" + p.System + "\n=== user ===\n" + p.User
						golden.Check(t, filepath.Join("prompts", name+".txt"), []byte(got))

						// The framing shows in the text as the options say.
						assert.Equal(t, conf, strings.Contains(p.User, "CONFIDENCE_LOG"))
						assert.Equal(t, mirage, strings.Contains(p.User, lureMark))
						assert.Contains(t, p.User, "FINAL_PATH: (0,0)→(r,c)→...→(4,4)")
						back, err := ParseText(p.User)
						require.NoError(t, err, "the maze reads back from the prompt")
						assert.Equal(t, m.Solution(), back.Solution())
					})
				}
			}
		}
	}
}

// TestPromptUnknownLanguage falls back to English.
func TestPromptUnknownLanguage(t *testing.T) {
	m, err := Generate(3, 1, DFS)
	require.NoError(t, err)
	want := BuildPrompt(m, PromptOptions{Lang: English})
	got := BuildPrompt(m, PromptOptions{Lang: "fr"})
	assert.Equal(t, want, got)
}
