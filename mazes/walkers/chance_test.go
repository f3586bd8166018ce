package walkers

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/hallumaze/hallumaze/mazes"
)

// TestRandomScoresIsTheAgent: draw 0 of RandomScores scores exactly what
// agent/random's reply, or its episode played turn by turn through the
// conversation, scores; other draws are other walks.
func TestRandomScoresIsTheAgent(t *testing.T) {
	model := agent(t, "random")
	for _, c := range grid([]int{5, 7}, []uint64{1, 2}) {
		if c.mirage || c.lang != mazes.English {
			continue
		}
		t.Run(c.String(), func(t *testing.T) {
			m := c.maze(t)
			want := play(t, model, c, 0).scores
			assert.Equal(t, want, RandomScores(m, c.options(), 0))
		})
	}
	m, err := mazes.Generate(9, 3, mazes.DFS)
	assert.NoError(t, err)
	opt := mazes.PromptOptions{Lang: mazes.English, Confidence: true}
	distinct := map[float64]bool{}
	for k := range uint64(20) {
		distinct[RandomScores(m, opt, k).MEI] = true
	}
	assert.Greater(t, len(distinct), 5, "draws are different walks")
}

// randomScoresWritten is RandomScores with every reply written and read
// back: the one-shot reply by mazes.ParseReply, each interactive turn by
// mazes.Episode.Turn, as a model's would be.
func randomScoresWritten(m *mazes.Maze, opt mazes.PromptOptions, draw uint64) mazes.Scores {
	seed := mazeSeed("random", m)
	if draw > 0 {
		seed = mix(seed, draw)
	}
	if opt.Protocol != mazes.Interactive {
		return randomScoresText(m, opt, seed)
	}
	e := mazes.NewEpisode(m, opt, 0)
	w := newWalk(m, seed)
	pol := newRandomWalk(w, opt.Lang, true)
	for !e.Done() {
		wr := writer{lang: opt.Lang, confidence: opt.Confidence}
		if e.Position() != m.Exit() && len(w.steps) < maxSteps(m) {
			if mv, ok := pol.next(w); ok {
				mv.conf = stated(mv.conf, opt.Confidence)
				wr.move(len(w.steps)+1, w.pos, mv)
				from := w.pos
				e.Turn(wr.String())
				w.add(from, mv.dir, mv.conf, e.Position())
				pol.moved(w)
				continue
			}
		}
		wr.final(pol.final(w), w.steps)
		e.Turn(wr.String())
	}
	return e.Scores()
}

// TestRandomScoresIsTheText: the draws scored from the transcript built
// without text score exactly what the written replies score, over sizes,
// generators, languages, framings, protocols and draws.
func TestRandomScoresIsTheText(t *testing.T) {
	n := 0
	for _, size := range []int{3, 5, 7, 9, 13} {
		for _, alg := range []mazes.Algorithm{mazes.DFS, mazes.Wilson} {
			for seed := range uint64(3) {
				m, err := mazes.Generate(size, seed+1, alg)
				if err != nil {
					t.Fatal(err)
				}
				for _, p := range []mazes.Protocol{mazes.OneShot, mazes.Interactive} {
					for _, lang := range []mazes.Lang{mazes.English, mazes.Korean} {
						for _, conf := range []bool{true, false} {
							opt := mazes.PromptOptions{Lang: lang, Confidence: conf, Protocol: p}
							for draw := range uint64(6) {
								want := randomScoresWritten(m, opt, draw)
								if got := RandomScores(m, opt, draw); !assert.Equal(t, want, got, "%d×%d %s seed %d %s %s confidence %v draw %d", size, size, alg, seed+1, p, lang, conf, draw) {
									return
								}
								n++
							}
						}
					}
				}
			}
		}
	}
	t.Logf("%d draws agree", n)
}
