package grid

import (
	"fmt"
	"html"
	"strings"
)

// cellPx is a drawn cell's side in pixels.
const cellPx = 18

// DrawWalk draws a recorded walk as an SVG image: the level as it was at
// step 0 (walls dark, floor light, each object or terrain its two-letter
// code), the cells no observation of the walk showed greyed, the places
// as rings (green once reached), the path the agent stood on as a line
// from its start (a square) to where it ended (a triangle facing its last
// direction), and a red cross where a forward move was blocked. Every text
// it writes is escaped.
func DrawWalk(rec NavRecord) (string, error) {
	rows := len(rec.Rows)
	if rows == 0 || len(rec.Seen) != rows {
		return "", fmt.Errorf("grid: draw walk: %d rows and %d rows of seen cells", rows, len(rec.Seen))
	}
	cols := len(strings.Fields(rec.Rows[0]))
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" class="walk" width="%d" height="%d" viewBox="0 0 %d %d" role="img" aria-label="%s">`,
		cols*cellPx, rows*cellPx, cols*cellPx, rows*cellPx, html.EscapeString("the walk on "+rec.Level))
	for r, line := range rec.Rows {
		codes := strings.Fields(line)
		if len(codes) != cols || len(rec.Seen[r]) != cols {
			return "", fmt.Errorf("grid: draw walk: row %d has %d cells, want %d", r, len(codes), cols)
		}
		for c, code := range codes {
			x, y := c*cellPx, r*cellPx
			fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s"><title>%s</title></rect>`,
				x, y, cellPx, cellPx, cellFill(code), html.EscapeString(fmt.Sprintf("row %d, col %d: %s", r, c, code)))
			if code != "##" && code != ".." {
				fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="8" text-anchor="middle" fill="#333">%s</text>`,
					x+cellPx/2, y+cellPx/2+3, html.EscapeString(code))
			}
			if rec.Seen[r][c] != '1' {
				fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" fill="#000" fill-opacity="0.35"/>`, x, y, cellPx, cellPx)
			}
		}
	}
	center := func(p [2]int) (int, int) { return p[1]*cellPx + cellPx/2, p[0]*cellPx + cellPx/2 }
	for i, t := range rec.Targets {
		colour := "#c0392b"
		if i < len(rec.Reached) && rec.Reached[i] >= 0 {
			colour = "#27ae60"
		}
		x, y := center(t)
		fmt.Fprintf(&b, `<circle cx="%d" cy="%d" r="%d" fill="none" stroke="%s" stroke-width="2"/>`, x, y, cellPx/2-1, colour)
	}
	pts := []string{}
	x, y := center(rec.Start)
	pts = append(pts, fmt.Sprintf("%d,%d", x, y))
	for k, st := range rec.Steps {
		if st.Moved {
			x, y := center(st.At)
			pts = append(pts, fmt.Sprintf("%d,%d", x, y))
		}
		if st.Action == "forward" && !st.Moved {
			prev := rec.Start
			if k > 0 {
				prev = rec.Steps[k-1].At
			}
			px, py := center(prev)
			dx, dy := facingDelta(st.Facing)
			cx, cy := px+dx*cellPx/2, py+dy*cellPx/2
			fmt.Fprintf(&b, `<path d="M%d %dL%d %dM%d %dL%d %d" stroke="#e74c3c" stroke-width="2"/>`, cx-3, cy-3, cx+3, cy+3, cx-3, cy+3, cx+3, cy-3)
		}
	}
	fmt.Fprintf(&b, `<polyline points="%s" fill="none" stroke="#2c7be5" stroke-width="2" stroke-opacity="0.8"/>`, strings.Join(pts, " "))
	fmt.Fprintf(&b, `<rect x="%d" y="%d" width="8" height="8" fill="#2c7be5"/>`, x-4, y-4)
	end, facing := rec.Start, rec.Facing
	if n := len(rec.Steps); n > 0 {
		end, facing = rec.Steps[n-1].At, rec.Steps[n-1].Facing
	}
	ex, ey := center(end)
	dx, dy := facingDelta(facing)
	fmt.Fprintf(&b, `<path d="M%d %dL%d %dL%d %dZ" fill="#1b4f9c"/>`, ex+dx*7, ey+dy*7, ex-dx*5-dy*5, ey-dy*5-dx*5, ex-dx*5+dy*5, ey-dy*5+dx*5)
	b.WriteString("</svg>")
	return b.String(), nil
}

// facingDelta is a facing's (dx, dy) on the drawing.
func facingDelta(facing string) (int, int) {
	switch facing {
	case "north":
		return 0, -1
	case "south":
		return 0, 1
	case "east":
		return 1, 0
	}
	return -1, 0
}

// cellFill is a cell code's colour.
func cellFill(code string) string {
	switch {
	case code == "##":
		return "#555"
	case code == "..":
		return "#f4f4f4"
	case code == "FF" || code == "~~" || strings.HasPrefix(code, "~"):
		return "#9cc9f0"
	case code == "^^" || strings.HasPrefix(code, "T"):
		return "#8fbf8f"
	}
	return "#fff6d5"
}
