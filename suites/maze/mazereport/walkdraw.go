package mazereport

import (
	"fmt"
	"strings"

	"github.com/hallumaze/hallumaze/mazes"
)

// stepsGroup draws a walk over its maze drawing, step by step, for the
// page: each step a line with its class and data-step (so a slider can show
// the walk up to a step), fading from light to full as the walk goes on;
// the step's number at the cell it reached (every step up to 60 steps, then
// every fifth); a diamond where a hint was given; a ring where the stated
// confidence fell. cell is the drawing's cell size, as mazes.WriteSVG
// drew it.
func stepsGroup(w *walk, cell int) string {
	centre := func(c mazes.Cell) (int, int) { return 1 + c.C*cell + cell/2, 1 + c.R*cell + cell/2 }
	var b strings.Builder
	b.WriteString(`<g class="walk-steps">`)
	n := max(1, w.steps)
	for _, s := range w.segments {
		x1, y1 := centre(s.from)
		x2, y2 := centre(s.to)
		opacity := 0.35 + 0.65*float64(s.step)/float64(n)
		fmt.Fprintf(&b, `<line class="%s" data-step="%d" x1="%d" y1="%d" x2="%d" y2="%d" stroke-opacity="%.2f"><title>%s</title></line>`,
			s.class, s.step, x1, y1, x2, y2, opacity, stepsTitle(s.class, s.step, s.step))
	}
	every := 1
	if w.steps > 30 {
		every = 5
	}
	font := max(10, min(12, cell/3))
	for _, s := range w.segments {
		if s.class == ClassLure || s.class == ClassTeleport || s.step%every != 0 && s.step != w.steps {
			continue
		}
		x, y := centre(s.to)
		fmt.Fprintf(&b, `<text class="step-no" data-step="%d" x="%d" y="%d" font-size="%d">%d</text>`, s.step, x+2, y-2, font, s.step)
	}
	mark := func(steps []int, class, what string) {
		for _, k := range steps {
			for _, s := range w.segments {
				if s.step == k {
					x, y := centre(s.to)
					r := max(3, cell/5)
					if class == "hint-mark" {
						fmt.Fprintf(&b, `<path class="%s" data-step="%d" d="M%d %d l%d %d l%d %d l%d %d z"><title>%s after step %d</title></path>`, class, k, x, y-r, r, r, -r, r, -r, -r, what, k)
					} else {
						fmt.Fprintf(&b, `<circle class="%s" data-step="%d" cx="%d" cy="%d" r="%d"><title>%s at step %d</title></circle>`, class, k, x, y, r, what, k)
					}
					break
				}
			}
		}
	}
	mark(w.hints, "hint-mark", "a hint was given")
	mark(w.confDrops, "conf-drop", "confidence fell")
	b.WriteString(`</g>`)
	return b.String()
}

// withSteps puts the step group into a maze drawing, before its end.
func withSteps(svg string, group string) string {
	i := strings.LastIndex(svg, "</svg>")
	if i < 0 {
		return svg
	}
	return svg[:i] + group + "\n" + svg[i:]
}
