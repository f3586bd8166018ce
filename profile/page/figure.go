package page

import (
	"fmt"
	"html/template"
	"slices"
	"strings"

	"github.com/hallumaze/hallumaze/modelname"
	"github.com/hallumaze/hallumaze/profile"
)

// The geometry of one card, in SVG units, drawn at its size (its text never
// shrinks below 10 px; a box narrower than the card, at a phone's width,
// scrolls sideways): labels on the left, the [0, 1] scale on the right.
const (
	cardW    = 400
	plotX0   = 150
	plotX1   = 388
	dimH     = 17
	rowH     = 16
	headH    = 8
	axisH    = 18
	fontSize = 11
)

var suiteTitle = map[string]string{"maze": "HalluMaze", "abstain": "Missing Piece", "worlds": "HalluWorld"}

// css styles the section; its classes all start with "pf-".
const css template.CSS = `
#profile .pf-grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(300px,420px));gap:12px}
#profile .pf-card{border:1px solid #ccd;border-radius:6px;padding:6px 8px;background:#fff;max-width:420px;min-width:0}
#profile .pf-plot{overflow-x:auto}
#profile .pf-card h3{font-size:14px;margin:2px 0 4px;overflow-wrap:anywhere}
#profile .pf-card svg{max-width:none;height:auto;display:block}
#profile .pf-gap{font-size:12px;margin:4px 0 0;color:#555}
#profile .pf-gap code{display:block;white-space:pre-wrap;overflow-wrap:anywhere;background:#f4f4f8;padding:2px 4px;font-size:11px}
#profile .pf-legend{font-size:12px;color:#444}
`

// Figure is the section's HTML: a legend, then the cards as small
// multiples, each an SVG with a row per measure under its dimension.
func Figure(cards, refs []profile.Card) string {
	var b strings.Builder
	b.WriteString(`<section id="profile"><h2>Metacognition profile</h2>`)
	b.WriteString(`<p class="pf-legend">Does the model know what it doesn't know? One card per model: each row a dimension, each line the suite that measures it, on a scale from 0 to 1 where right is better. ● the model, its bar the 95% interval; | chance`)
	if len(refs) > 0 {
		var names []string
		for _, r := range refs {
			agent, _ := modelname.AgentOf(r.Model)
			names = append(names, letter(r.Model)+" "+agent)
		}
		b.WriteString("; letters the reference personas: " + template.HTMLEscapeString(strings.Join(names, ", ")))
	}
	b.WriteString(`. Definitions: docs/profile.md.</p><div class="pf-grid">`)
	for _, c := range cards {
		b.WriteString(card(c, refs))
	}
	b.WriteString(`</div></section>`)
	return b.String()
}

func letter(model string) string {
	for _, p := range profile.Personas {
		if p.Model == model {
			return p.Letter
		}
	}
	return "?"
}

// card is one model's card.
func card(c profile.Card, refs []profile.Card) string {
	var rows strings.Builder
	y := headH
	esc := template.HTMLEscapeString
	x := func(v float64) float64 { return plotX0 + max(0, min(1, v))*(plotX1-plotX0) }
	for _, dim := range profile.Dimensions {
		y += dimH
		fmt.Fprintf(&rows, `<text x="0" y="%d" font-weight="bold">%s</text>`, y-4, esc(dim.Title))
		for _, m := range c.Measures {
			if m.Dimension != dim.Key || !m.Primary {
				continue
			}
			y += rowH
			mid := y - rowH/2
			fmt.Fprintf(&rows, `<text x="8" y="%d">%s</text>`, mid+4, esc(suiteTitle[m.Suite]))
			fmt.Fprintf(&rows, `<line x1="%d" x2="%d" y1="%d" y2="%d" stroke="#e3e3ea"/>`, plotX0, plotX1, mid, mid)
			if !m.Defined() {
				gap := "no " + m.Suite + " run: gap"
				if slices.Contains(c.Suites, m.Suite) {
					gap = "not measured by this run"
				}
				fmt.Fprintf(&rows, `<text x="%d" y="%d" fill="#888" font-style="italic">%s<title>%s</title></text>`, plotX0+4, mid+4, gap, esc(m.Note))
				continue
			}
			if m.Chance != nil {
				fmt.Fprintf(&rows, `<line x1="%.1f" x2="%.1f" y1="%d" y2="%d" stroke="#999" stroke-width="1.5"><title>chance %.3f</title></line>`, x(*m.Chance), x(*m.Chance), mid-6, mid+6, *m.Chance)
			}
			for _, r := range refs {
				if r.Model == c.Model {
					continue
				}
				if rm, ok := r.Measure(m.ID); ok && rm.Value != nil {
					fmt.Fprintf(&rows, `<text x="%.1f" y="%d" font-size="10" fill="#777" text-anchor="middle">%s<title>%s %.3f</title></text>`, x(*rm.Value), mid-3, letter(r.Model), esc(r.Model), *rm.Value)
				}
			}
			if m.CI != nil {
				fmt.Fprintf(&rows, `<line x1="%.1f" x2="%.1f" y1="%d" y2="%d" stroke="#2a5db0" stroke-width="3" stroke-linecap="round"/>`, x(m.CI.Lo), x(m.CI.Hi), mid, mid)
			}
			tip := fmt.Sprintf("%s: %.3f", m.Label, *m.Value)
			if m.CI != nil {
				tip += fmt.Sprintf(" [%.3f, %.3f]", m.CI.Lo, m.CI.Hi)
			}
			fmt.Fprintf(&rows, `<circle cx="%.1f" cy="%d" r="4" fill="#2a5db0"><title>%s</title></circle>`, x(*m.Value), mid, esc(tip))
		}
	}
	y += axisH
	axis := fmt.Sprintf(`<text x="%d" y="%d" text-anchor="middle">0</text><text x="%d" y="%d" text-anchor="middle">0.5</text><text x="%d" y="%d" text-anchor="middle">1 →</text>`,
		plotX0, y-4, (plotX0+plotX1)/2, y-4, plotX1, y-4)
	var b strings.Builder
	fmt.Fprintf(&b, `<div class="pf-card"><h3>%s</h3>`, esc(c.Model))
	// The class scroll: the page marks the box when it scrolls sideways.
	fmt.Fprintf(&b, `<div class="pf-plot scroll"><svg width="%d" viewBox="0 0 %d %d" font-size="%d" font-family="sans-serif" role="img" aria-label="metacognition profile of %s">%s%s</svg></div>`, cardW, cardW, y, fontSize, esc(c.Model), rows.String(), axis)
	for _, g := range c.Gaps {
		if g.Fill == "" {
			fmt.Fprintf(&b, `<p class="pf-gap">No %s results: %s</p>`, esc(g.Suite), esc(g.Note))
			continue
		}
		fmt.Fprintf(&b, `<p class="pf-gap">No %s results (%s). Fill the gap:<code>%s</code></p>`, esc(g.Suite), esc(strings.Join(g.Dimensions, ", ")), esc(g.Fill))
	}
	b.WriteString(`</div>`)
	return b.String()
}
