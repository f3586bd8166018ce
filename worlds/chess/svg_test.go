package chess

import (
	"encoding/xml"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/internal/golden"
)

func TestBoardSVG(t *testing.T) {
	svg, err := BoardSVG(exampleFEN, []string{"d8", "a3"}, []string{"c4", "g4"})
	require.NoError(t, err)
	golden.Check(t, "board_example.svg", []byte(svg))

	// Well-formed XML, one text glyph per visible piece, the marks drawn.
	d := xml.NewDecoder(strings.NewReader(svg))
	for {
		_, err := d.Token()
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
	}
	assert.Equal(t, 31, strings.Count(svg, `class="piece"`), "32 pieces less the hidden queen")
	assert.Equal(t, 2, strings.Count(svg, `class="hidden"`))
	assert.Equal(t, 2, strings.Count(svg, `class="swap"`))
	assert.NotContains(t, svg, "href", "self-contained")
}

func TestBoardSVGErrors(t *testing.T) {
	tests := []struct {
		name            string
		fen             string
		masked, swapped []string
		want            string
	}{
		{"bad FEN", "rnbqkbnr/pppppppp w", nil, nil, "ranks"},
		{"bad masked square", StartFEN, []string{"i9"}, nil, `"i9" is not a square`},
		{"bad swapped square", StartFEN, nil, []string{"e44"}, `"e44" is not a square`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := BoardSVG(tt.fen, tt.masked, tt.swapped)
			assert.ErrorContains(t, err, tt.want)
		})
	}
}
