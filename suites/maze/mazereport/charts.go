package mazereport

import (
	"fmt"
	"html"
	"html/template"
	"math"
	"slices"
	"strings"

	"github.com/hallumaze/hallumaze/report"
	"github.com/hallumaze/hallumaze/scoring"
	"github.com/hallumaze/hallumaze/suites/maze/analysis"
)

// palette colours the models, in leaderboard order, the same in every
// chart.
var palette = [...]string{"#2563eb", "#dc2626", "#16a34a", "#9333ea", "#ea580c", "#0891b2", "#ca8a04", "#db2777", "#4b5563", "#65a30d"}

// chartPoint is one x position of a series: a mean and its interval.
type chartPoint struct {
	x      int
	mean   float64
	lo, hi float64 // NaN when undefined
	n      int
}

// chartSeries is one model's line.
type chartSeries struct {
	name, color string
	note        string // a second legend line
	dashed      bool
	pts         []chartPoint
}

// svgBuf builds one inline SVG.
type svgBuf struct{ strings.Builder }

func (b *svgBuf) f(format string, args ...any) { fmt.Fprintf(b, format, args...) }

func esc(s string) string { return html.EscapeString(s) }

// short cuts a long label for a legend; the full one goes in a tooltip.
func short(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// fills says, chart by chart, what the results lack for it and the command
// that plays it.
var fills = map[string]string{
	"chart-mei-size":    "Run `hallumaze run --suite maze --size 5,7,9,11`.",
	"chart-sr-size":     "Run `hallumaze run --suite maze --size 5,7,9,11`.",
	"chart-reliability": "No step stated a confidence. Confidences are asked unless the run had --no-confidence: run again without it.",
	"chart-mirage":      "It needs the same mazes played with and without lures. Run `hallumaze run --no-mirage --output results/nolures.json` with the settings of this run, then `hallumaze report` over both JSONL files; or run `go test ./bench -run Mirage`.",
	"chart-ariadne":     "It needs Ariadne groups B and C beside A. Run `hallumaze run --group B --output results/b.json` and the same with --group C, then `hallumaze report` over the JSONL files; or run `go test ./bench -run Ariadne`.",
}

// emptyChart says what a chart would show and which command fills it.
func emptyChart(id, title string) template.HTML {
	return template.HTML(fmt.Sprintf(`<div class="chart chart-empty" id="%s"><p class="chart-title">%s</p><p class="muted">No data in these results. %s</p></div>`, esc(id), esc(title), esc(fills[id])))
}

// byTagSeries is the mean of a metric per model and value of a tag, with
// its interval, and the tag's values in natural order.
func byTagSeries(rs []*analysis.Case, tag, metric string, colors map[string]string, order []string) ([]string, []chartSeries) {
	type key struct{ model, value string }
	type values struct {
		x  []float64
		cl []string
	}
	vals := map[key]*values{}
	valueSet := map[string]bool{}
	human := map[string]bool{}
	for _, r := range rs {
		v, ok := r.Lookup(metric)
		if r.Failure() != "" || !ok || r.Tag(tag) == "" {
			continue
		}
		k := key{r.Model, r.Tag(tag)}
		if vals[k] == nil {
			vals[k] = &values{}
		}
		vals[k].x = append(vals[k].x, v)
		vals[k].cl = append(vals[k].cl, r.MazeKey())
		valueSet[r.Tag(tag)] = true
		human[r.Model] = human[r.Model] || r.Human
	}
	xs := report.SortedKeys(valueSet)
	slices.SortFunc(xs, report.CompareNatural)
	var out []chartSeries
	var jobs []statJob
	stats := map[key]*Stat{}
	for _, model := range order {
		for _, x := range xs {
			if v := vals[key{model, x}]; v != nil {
				st := &Stat{}
				stats[key{model, x}] = st
				jobs = append(jobs, statJob{metric: metric, x: v.x, cl: v.cl, human: human[model], out: st})
			}
		}
	}
	statsOf(jobs)
	for _, model := range order {
		s := chartSeries{name: model, color: colors[model], dashed: human[model]}
		for i, x := range xs {
			st := stats[key{model, x}]
			if st == nil {
				continue
			}
			s.pts = append(s.pts, chartPoint{x: i, mean: st.Mean, lo: st.CI.Lo, hi: st.CI.Hi, n: st.N})
		}
		if len(s.pts) > 0 {
			out = append(out, s)
		}
	}
	return xs, out
}

// lineChart draws series over categorical x values on a [0, 1] y axis,
// with 95% whiskers where defined and a legend on the right.
func lineChart(id, title, xLabel string, xs []string, ss []chartSeries) template.HTML {
	if len(xs) == 0 || len(ss) == 0 {
		return emptyChart(id, title)
	}
	if len(xs) == 1 {
		return dotChart(id, title, xLabel+" "+xs[0], ss)
	}
	const W, H, ml, mr, mt, mb = 580, 300, 44, 190, 30, 46
	pw, ph := float64(W-ml-mr), float64(H-mt-mb)
	xAt := func(i int) float64 { return ml + (float64(i)+0.5)*pw/float64(len(xs)) }
	yAt := func(v float64) float64 { return mt + ph*(1-clamp01(v)) }
	var b svgBuf
	b.f(`<svg class="chart chart-line" id="%s" viewBox="0 0 %d %d" width="%d" height="%d" role="img" aria-label="%s">`, esc(id), W, H, W, H, esc(title))
	b.f(`<text class="chart-title" x="%d" y="18">%s</text>`, ml, esc(title))
	for _, v := range []float64{0, 0.25, 0.5, 0.75, 1} {
		b.f(`<line class="grid" x1="%d" x2="%d" y1="%.1f" y2="%.1f"/><text class="tick" x="%d" y="%.1f" text-anchor="end">%.2f</text>`, ml, W-mr, yAt(v), yAt(v), ml-6, yAt(v)+4, v)
	}
	for i, x := range xs {
		b.f(`<text class="tick" x="%.1f" y="%d" text-anchor="middle">%s</text>`, xAt(i), H-mb+18, esc(x))
	}
	b.f(`<text class="axis-label" x="%.1f" y="%d" text-anchor="middle">%s</text>`, ml+pw/2, H-8, esc(xLabel))
	for si, s := range ss {
		off := (float64(si) - float64(len(ss)-1)/2) * 5
		dash := ""
		if s.dashed {
			dash = ` stroke-dasharray="6 4"`
		}
		var pts []string
		for _, p := range s.pts {
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", xAt(p.x)+off, yAt(p.mean)))
		}
		b.f(`<g class="series" data-model="%s">`, esc(s.name))
		b.f(`<polyline fill="none" stroke="%s" stroke-width="2"%s points="%s"/>`, s.color, dash, strings.Join(pts, " "))
		for _, p := range s.pts {
			x := xAt(p.x) + off
			tip := fmt.Sprintf("%s, %s=%s: %.3f (n=%d)", s.name, xLabel, xs[p.x], p.mean, p.n)
			if !math.IsNaN(p.lo) && !math.IsNaN(p.hi) {
				tip += fmt.Sprintf(", 95%% [%.3f, %.3f]", p.lo, p.hi)
				b.f(`<path class="whisker" stroke="%s" d="M%.1f %.1fV%.1fM%.1f %.1fh6M%.1f %.1fh6"/>`, s.color, x, yAt(p.lo), yAt(p.hi), x-3, yAt(p.lo), x-3, yAt(p.hi))
			}
			b.f(`<circle cx="%.1f" cy="%.1f" r="4" fill="%s"><title>%s</title></circle>`, x, yAt(p.mean), s.color, esc(tip))
		}
		b.f(`</g>`)
	}
	legend(&b, W-mr+16, mt, ss)
	b.f(`</svg>`)
	return template.HTML(b.String())
}

// dotChart is lineChart's form when there is one x value: a dot plot, one
// row per series, so points never overlap; a note says how to get a line.
func dotChart(id, title, at string, ss []chartSeries) template.HTML {
	const W, ml, mr, mt, row = 580, 200, 24, 34, 28
	H := mt + row*len(ss) + 58
	pw := float64(W - ml - mr)
	xAt := func(v float64) float64 { return ml + pw*clamp01(v) }
	var b svgBuf
	b.f(`<svg class="chart chart-dot" id="%s" viewBox="0 0 %d %d" width="%d" height="%d" role="img" aria-label="%s">`, esc(id), W, H, W, H, esc(title))
	b.f(`<text class="chart-title" x="12" y="18">%s, %s</text>`, esc(title), esc(at))
	for _, v := range []float64{0, 0.25, 0.5, 0.75, 1} {
		b.f(`<line class="grid" x1="%.1f" x2="%.1f" y1="%d" y2="%d"/><text class="tick" x="%.1f" y="%d" text-anchor="middle">%.2f</text>`, xAt(v), xAt(v), mt-6, H-52, xAt(v), H-36, v)
	}
	for i, s := range ss {
		y := float64(mt + row*i + row/2)
		p := s.pts[0]
		tip := fmt.Sprintf("%s, %s: %.3f (n=%d)", s.name, at, p.mean, p.n)
		b.f(`<g class="series" data-model="%s"><text class="legend" x="%d" y="%.1f" text-anchor="end">%s<title>%s</title></text>`, esc(s.name), ml-10, y+4, esc(short(s.name, 28)), esc(s.name))
		if !math.IsNaN(p.lo) && !math.IsNaN(p.hi) {
			tip += fmt.Sprintf(", 95%% [%.3f, %.3f]", p.lo, p.hi)
			b.f(`<line class="whisker" stroke="%s" x1="%.1f" x2="%.1f" y1="%.1f" y2="%.1f"/>`, s.color, xAt(p.lo), xAt(p.hi), y, y)
		}
		b.f(`<circle cx="%.1f" cy="%.1f" r="5" fill="%s"><title>%s</title></circle></g>`, xAt(p.mean), y, s.color, esc(tip))
	}
	b.f(`<text class="legend-note" x="12" y="%d">All cases are of one %s. Play several (--size 5,7,9,11) for a curve.</text>`, H-10, esc(strings.Fields(at)[0]))
	b.f(`</svg>`)
	return template.HTML(b.String())
}

func legend(b *svgBuf, x, y int, ss []chartSeries) {
	step := 18
	for _, s := range ss {
		if s.note != "" {
			step = 34
		}
	}
	for i, s := range ss {
		yy := y + 8 + i*step
		dash := ""
		if s.dashed {
			dash = ` stroke-dasharray="6 4"`
		}
		b.f(`<line x1="%d" x2="%d" y1="%d" y2="%d" stroke="%s" stroke-width="3"%s/><text class="legend" x="%d" y="%d">%s<title>%s</title></text>`,
			x, x+18, yy, yy, s.color, dash, x+24, yy+4, esc(short(s.name, 24)), esc(s.name))
		if s.note != "" {
			b.f(`<text class="legend-note" x="%d" y="%d">%s</text>`, x+24, yy+17, esc(s.note))
		}
	}
}

// calibration pools the stated confidences and step verdicts of one model,
// into the reliability diagram's bins as they come.
type calibration struct {
	model string
	bins  *scoring.Reliability
}

// reliabilityChart is the reliability diagram: per model, the accuracy of
// the steps in each confidence bin against the bin's mean confidence; the
// diagonal is perfect calibration.
func reliabilityChart(id string, cals []calibration, colors map[string]string) template.HTML {
	title := "Reliability: stated confidence vs. step accuracy"
	var ss []chartSeries
	bins := map[string][]scoring.Bin{}
	for _, c := range cals {
		if c.bins.N() == 0 {
			continue
		}
		bs := c.bins.Bins()
		if bs == nil {
			continue
		}
		bins[c.model] = bs
		note := fmt.Sprintf("ECE %.3f · %d steps", c.bins.ECE(), c.bins.N())
		ss = append(ss, chartSeries{name: c.model, note: note, color: colors[c.model]})
	}
	if len(ss) == 0 {
		return emptyChart(id, title)
	}
	const W, H, ml, mr, mt, mb = 580, 340, 48, 210, 30, 46
	p := float64(H - mt - mb)
	xAt := func(v float64) float64 { return ml + p*clamp01(v) }
	yAt := func(v float64) float64 { return mt + p*(1-clamp01(v)) }
	var b svgBuf
	b.f(`<svg class="chart chart-reliability" id="%s" viewBox="0 0 %d %d" width="%d" height="%d" role="img" aria-label="%s">`, esc(id), W, H, W, H, esc(title))
	b.f(`<text class="chart-title" x="%d" y="18">%s</text>`, ml, esc(title))
	for _, v := range []float64{0, 0.25, 0.5, 0.75, 1} {
		b.f(`<line class="grid" x1="%d" x2="%.1f" y1="%.1f" y2="%.1f"/><text class="tick" x="%d" y="%.1f" text-anchor="end">%.2f</text>`, ml, xAt(1), yAt(v), yAt(v), ml-6, yAt(v)+4, v)
		b.f(`<text class="tick" x="%.1f" y="%d" text-anchor="middle">%.2f</text>`, xAt(v), H-mb+18, v)
	}
	b.f(`<line class="diagonal" x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f"/>`, xAt(0), yAt(0), xAt(1), yAt(1))
	b.f(`<text class="axis-label" x="%.1f" y="%d" text-anchor="middle">stated confidence</text>`, xAt(0.5), H-8)
	b.f(`<text class="axis-label" transform="translate(12 %.1f) rotate(-90)" text-anchor="middle">accuracy</text>`, yAt(0.5))
	i := 0
	for _, c := range cals {
		bs, ok := bins[c.model]
		if !ok {
			continue
		}
		color := ss[i].color
		i++
		var pts []string
		for _, bin := range bs {
			if bin.Count > 0 {
				pts = append(pts, fmt.Sprintf("%.1f,%.1f", xAt(bin.MeanConf), yAt(bin.Accuracy)))
			}
		}
		b.f(`<g class="series" data-model="%s"><polyline fill="none" stroke="%s" stroke-width="2" points="%s"/>`, esc(c.model), color, strings.Join(pts, " "))
		for _, bin := range bs {
			if bin.Count == 0 {
				continue
			}
			r := math.Min(9, 2.5+math.Sqrt(float64(bin.Count)))
			tip := fmt.Sprintf("%s: confidence [%.1f, %.1f] mean %.3f, accuracy %.3f, n=%d", c.model, bin.Lo, bin.Hi, bin.MeanConf, bin.Accuracy, bin.Count)
			b.f(`<circle cx="%.1f" cy="%.1f" r="%.1f" fill="%s" fill-opacity="0.7"><title>%s</title></circle>`, xAt(bin.MeanConf), yAt(bin.Accuracy), r, color, esc(tip))
		}
		b.f(`</g>`)
	}
	legend(&b, W-mr+16, mt, ss)
	b.f(`</svg>`)
	return template.HTML(b.String())
}

// mirageChart draws ΔMEI and ΔBRS (no lures minus lures) per model with
// their paired 95% intervals; a positive Δ means the lures hurt.
func mirageChart(id string, effects []MirageEffect, colors map[string]string) template.HTML {
	title := "Linguistic Mirage: Δ = no lures − lures (95% paired interval)"
	if len(effects) == 0 {
		return emptyChart(id, title)
	}
	r := 0.1
	for _, e := range effects {
		for _, v := range []float64{e.DeltaMEI, e.DeltaBRS, e.DeltaMEICI.Lo, e.DeltaMEICI.Hi, e.DeltaBRSCI.Lo, e.DeltaBRSCI.Hi} {
			if !math.IsNaN(v) && !math.IsInf(v, 0) {
				r = math.Max(r, math.Abs(v))
			}
		}
	}
	r = math.Min(1, math.Ceil(r*10)/10)
	const W, ml, mr, mt, row = 580, 200, 24, 34, 34
	H := mt + row*len(effects) + 40
	pw := float64(W - ml - mr)
	xAt := func(v float64) float64 { return ml + pw*(math.Max(-r, math.Min(r, v))+r)/(2*r) }
	var b svgBuf
	b.f(`<svg class="chart chart-mirage" id="%s" viewBox="0 0 %d %d" width="%d" height="%d" role="img" aria-label="%s">`, esc(id), W, H, W, H, esc(title))
	b.f(`<text class="chart-title" x="12" y="18">%s</text>`, esc(title))
	for _, v := range []float64{-r, -r / 2, 0, r / 2, r} {
		class := "grid"
		if v == 0 {
			class = "zero"
		}
		b.f(`<line class="%s" x1="%.1f" x2="%.1f" y1="%d" y2="%d"/><text class="tick" x="%.1f" y="%d" text-anchor="middle">%+.2f</text>`, class, xAt(v), xAt(v), mt-6, H-34, xAt(v), H-18, v)
	}
	for i, e := range effects {
		y := float64(mt + row*i + row/2)
		color := colors[e.Model]
		b.f(`<g class="series" data-model="%s"><text class="legend" x="%d" y="%.1f" text-anchor="end">%s<title>%s</title></text>`, esc(e.Model), ml-10, y+4, esc(short(e.Model, 28)), esc(e.Model))
		for j, d := range []struct {
			name string
			v    float64
			ci   scoring.Interval
		}{{"ΔMEI", e.DeltaMEI, e.DeltaMEICI}, {"ΔBRS", e.DeltaBRS, e.DeltaBRSCI}} {
			yy := y - 5 + float64(j)*10
			if !math.IsNaN(d.ci.Lo) && !math.IsNaN(d.ci.Hi) {
				b.f(`<line class="whisker" stroke="%s" x1="%.1f" x2="%.1f" y1="%.1f" y2="%.1f"/>`, color, xAt(d.ci.Lo), xAt(d.ci.Hi), yy, yy)
			}
			ci := "no interval (fewer than 5 mazes)"
			if !math.IsNaN(d.ci.Lo) && !math.IsNaN(d.ci.Hi) {
				ci = "95% " + ci3(d.ci.Lo, d.ci.Hi)
			}
			tip := fmt.Sprintf("%s %s = %+.3f, %s, %d pairs over %d mazes", e.Model, d.name, d.v, ci, e.Pairs, e.Mazes)
			if j == 0 {
				b.f(`<circle cx="%.1f" cy="%.1f" r="4.5" fill="%s"><title>%s</title></circle>`, xAt(d.v), yy, color, esc(tip))
			} else {
				b.f(`<rect x="%.1f" y="%.1f" width="8" height="8" fill="%s"><title>%s</title></rect>`, xAt(d.v)-4, yy-4, color, esc(tip))
			}
		}
		b.f(`</g>`)
	}
	b.f(`<text class="legend" x="%d" y="%d">● ΔMEI   ■ ΔBRS   (right of 0: the lures lowered the score)</text>`, ml, H-4)
	b.f(`</svg>`)
	return template.HTML(b.String())
}

// ariadneChart draws each model's mean MEI in groups A, B and C.
func ariadneChart(id string, effects []AriadneEffect) template.HTML {
	title := "Ariadne's Thread: MEI by group (A pure, B triggered, C observe)"
	if len(effects) == 0 {
		return emptyChart(id, title)
	}
	groups := []struct{ name, color string }{{"A", "#9ca3af"}, {"B", "#2563eb"}, {"C", "#ea580c"}}
	const H, ml, mt, mb, cluster, bar = 280, 48, 34, 48, 150, 32
	W := max(420, ml+cluster*len(effects)+20)
	ph := float64(H - mt - mb)
	yAt := func(v float64) float64 { return mt + ph*(1-clamp01(v)) }
	var b svgBuf
	b.f(`<svg class="chart chart-ariadne" id="%s" viewBox="0 0 %d %d" width="%d" height="%d" role="img" aria-label="%s">`, esc(id), W, H, W, H, esc(title))
	b.f(`<text class="chart-title" x="%d" y="18">%s</text>`, ml, esc(title))
	for _, v := range []float64{0, 0.5, 1} {
		b.f(`<line class="grid" x1="%d" x2="%d" y1="%.1f" y2="%.1f"/><text class="tick" x="%d" y="%.1f" text-anchor="end">%.1f</text>`, ml, W-10, yAt(v), yAt(v), ml-6, yAt(v)+4, v)
	}
	for i, e := range effects {
		x0 := ml + i*cluster + 16
		b.f(`<g class="series" data-model="%s">`, esc(e.Model))
		for j, g := range groups {
			v, ok := e.MEI[g.name]
			if !ok {
				continue
			}
			x := x0 + j*(bar+6)
			b.f(`<rect class="bar" x="%d" y="%.1f" width="%d" height="%.1f" fill="%s"><title>%s group %s: MEI %.3f, SR %.2f</title></rect>`, x, yAt(v), bar, yAt(0)-yAt(v), g.color, esc(e.Model), g.name, v, e.SR[g.name])
			b.f(`<text class="tick" x="%d" y="%.1f" text-anchor="middle">%.2f</text>`, x+bar/2, yAt(v)-4, v)
			b.f(`<text class="tick" x="%d" y="%d" text-anchor="middle">%s</text>`, x+bar/2, H-mb+14, g.name)
		}
		b.f(`<text class="legend" x="%d" y="%d" text-anchor="middle">%s<title>%s</title></text></g>`, x0+(3*bar+12)/2, H-mb+32, esc(short(e.Model, 22)), esc(e.Model))
	}
	b.f(`</svg>`)
	return template.HTML(b.String())
}

func clamp01(v float64) float64 { return math.Min(1, math.Max(0, v)) }
