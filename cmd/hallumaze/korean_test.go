package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRunKorean: --lang ko prints the terminal output in Korean, as the
// seed's example (§3) does, and on a terminal the maze box comes first,
// before the models' lines; the tables then leave it out.
func TestRunKorean(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "ko")
	code, stdout, stderr, _ := runCall{tty: true}.run(t, t.Context(), "--size", "5", "--runs", "2", "--lang", "ko", "--output", out)
	require.Equal(t, 0, code, stderr)
	box := strings.Index(stderr, "미로 생성됨")
	first := strings.Index(stderr, "▶ 실행 중: agent/")
	require.GreaterOrEqual(t, box, 0, "the box is on the terminal")
	require.GreaterOrEqual(t, first, 0, "the seed's run lines")
	assert.Less(t, box, first, "the box comes first")
	assert.Contains(t, stderr, "API 키가 없습니다")
	assert.Contains(t, stderr, "↳ 메타인지 신호: ")
	assert.Contains(t, stderr, "✓ JSON 저장: "+out)
	assert.NotContains(t, stdout, "미로 생성됨", "shown once, first")
	for _, want := range []string{"HalluMaze 종합 비교", "순위", "모델", "환각", "★ 최고 점수: ", "HalluScore", " 비용 "} {
		assert.Contains(t, stdout, want)
	}
	for _, english := range []string{"HalluMaze comparison", "★ best", "metacognitive signals", " Cost ", "results: "} {
		assert.NotContains(t, stdout+stderr, english)
	}

	// Not on a terminal (a file, a pipe), the box heads the tables as before.
	code, stdout, stderr, _ = runCall{}.run(t, t.Context(), "--size", "5", "--runs", "2", "--lang", "ko", "--output", filepath.Join(dir, "ko2"))
	require.Equal(t, 0, code, stderr)
	assert.Less(t, strings.Index(stdout, "미로 생성됨"), strings.Index(stdout, "HalluMaze 종합 비교"))
	assert.NotContains(t, stderr, "미로 생성됨")

	// English runs are unchanged.
	code, stdout, stderr, _ = runCall{tty: true}.run(t, t.Context(), "--size", "5", "--runs", "2", "--output", filepath.Join(dir, "en"))
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, "HalluMaze comparison")
	assert.Contains(t, stderr, "Maze generated")
	assert.Contains(t, stderr, "▶ agent/")
}
