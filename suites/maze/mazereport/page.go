package mazereport

import (
	"html/template"

	"github.com/hallumaze/hallumaze/report"
)

// css styles the maze section and the maze drawings of the cases.
const css = `table.leaderboard tr.row{cursor:pointer}table.leaderboard tr.row:hover{background:#eff6ff}
tr.human td{font-style:italic;background:#fefce8}
.best{font-weight:600;margin:6px 0}
.charts{display:flex;flex-wrap:wrap;gap:18px}
.charts>figure{max-width:100%;overflow-x:auto}
svg.chart{max-width:none;font-size:12px}
div.chart-empty{max-width:560px}div.chart-empty .chart-title{font-weight:600;margin:0 0 4px}
p.conditions{background:#fefce8;border:1px solid #fde68a;border-radius:4px;padding:6px 10px}
p.ties{margin:2px 0 8px}td.rank.tied{font-weight:600}
svg.chart .grid{stroke:#e5e7eb}svg.chart .zero{stroke:#6b7280}
svg.chart .diagonal{stroke:#9ca3af;stroke-dasharray:5 4}
svg.chart .whisker{stroke-width:1.5;fill:none}
svg.chart .chart-title{font-weight:600;font-size:13px}
svg.chart .tick,svg.chart .legend,svg.chart .axis-label{fill:#374151}
svg.chart .legend-note{fill:#6b7280;font-size:11px}
svg.maze{display:block;overflow:visible;margin:14px}
svg.maze .walk-valid,svg.maze .walk-wall,svg.maze .walk-teleport,svg.maze .walk-offgrid,svg.maze .walk-lure{fill:none;stroke-linecap:round;stroke-linejoin:round}
.walk-valid{stroke:#2563eb;stroke-width:3;stroke-opacity:.85}
.walk-lure{stroke:#f59e0b;stroke-width:9;stroke-opacity:.45}
.walk-teleport{stroke:#9333ea;stroke-width:2.5;stroke-dasharray:2 5}
.walk-wall{stroke:#dc2626;stroke-width:3.5;stroke-dasharray:6 4}
.walk-offgrid{stroke:#111827;stroke-width:3.5;stroke-dasharray:3 3}
.legend-walk{list-style:none;padding:0;margin:6px 0;font-size:12px}
.legend-walk li{display:inline-block;margin-right:10px}
.swatch{display:inline-block;width:22px;height:0;border-top:3px solid;vertical-align:middle;margin-right:4px}
.swatch.walk-valid{border-color:#2563eb}.swatch.walk-wall{border-top-style:dashed;border-color:#dc2626}
.swatch.walk-teleport{border-top-style:dotted;border-color:#9333ea}.swatch.walk-offgrid{border-top-style:dashed;border-color:#111827}
.swatch.walk-lure{border-top-width:7px;border-color:#fcd34d}
svg.maze .walk-steps line{stroke-linecap:round}
svg.maze .step-no{fill:#111827;font-family:system-ui,sans-serif;paint-order:stroke;stroke:#fff;stroke-width:2px}
svg.maze .hint-mark,.mark.hint{fill:#16a34a;color:#16a34a}
svg.maze .conf-drop{fill:none;stroke:#dc2626;stroke-width:2}
.mark.drop{color:#dc2626}
.walk-controls{font-size:13px;margin:4px 14px}
.walk-controls input{vertical-align:middle;width:180px}
`

// nav links the page's navigation to the maze section's parts.
var nav = []report.Link{{ID: "leaderboard", Text: "Leaderboard"}, {ID: "charts", Text: "Charts"}, {ID: "glossary", Text: "Glossary"}}

var sectionTemplate = template.Must(template.New("maze").Parse(`<section id="leaderboard">
<h2>Leaderboard</h2>
{{with .Conditions}}<p class="conditions">{{.}} A model is ranked only against models that played under the same condition.</p>{{end}}
{{range $i, $b := .Boards}}{{if gt (len $.Boards) 1}}<h3>{{if eq $i 0}}Headline: {{end}}{{$b.Name}}</h3>{{end}}
<p class="muted filter">Filter: {{$b.Filter}}</p>
<div class="scroll"><table class="leaderboard">
<thead><tr>{{range $b.Headers}}<th{{with .Tip}} title="{{.}}"{{end}}>{{.Text}}</th>{{end}}</tr></thead>
<tbody>
{{range $b.Rows}}<tr class="row{{if .Human}} human{{end}}" data-model="{{.Model}}"><td class="rank{{if .Tied}} tied{{end}}">{{.Rank}}</td><td>{{.Model}}{{if .Human}} <span class="badge">(human)</span>{{end}}</td><td class="num">{{.SR}}</td><td class="num">{{.MEI}}</td><td class="num">{{.CE}}</td><td class="num">{{.BRS}}</td><td class="num">{{.HC}}</td><td class="num">{{.Score}}</td>{{if $b.Chance}}<td class="num">{{.MEIc}} {{.MEIBand}}</td><td class="num">{{.Scorec}}</td>{{end}}<td class="num">{{.Sizes}}</td><td class="num">{{.Cases}}</td><td class="num">{{.Errors}}</td></tr>
{{end}}</tbody>
</table></div>
{{range $b.Ties}}<p class="ties">Statistically tied (=): {{.}}. Their paired Scores over the cases both played do not differ significantly (Wilcoxon signed-rank, p ≥ 0.05), so they share a rank.</p>{{end}}
{{if $b.MixedSizes}}<p class="muted">The rows of this table cover different maze sizes (column sizes): compare them with care.</p>{{end}}
{{end}}
{{with .Best}}<p class="best">{{.}}</p>{{end}}
<p class="muted">Means over each model's scored cases, with 95% intervals (Wilson for SR) when there are several. MEI′ and Score′ are corrected for chance (see Analyses); the bands mark MEI′: ● ≥ 0.7, ◑ ≥ 0.4, ○ below. Cases that could not be played are counted apart and never scored. Click a row to show its cases; hover a column's header for its meaning, or read the <a href="#glossary">glossary</a>.</p>
{{if .Tiers}}<h3>Strict and lenient readings</h3>
<table class="tiers"><thead><tr>{{if .TiersConditions}}<th>condition</th>{{end}}<th>model</th><th>format compliance</th><th>SR strict | lenient</th><th>MEI strict | lenient</th><th>Score strict | lenient</th><th>cases</th></tr></thead><tbody>
{{range .Tiers}}<tr>{{if $.TiersConditions}}<td>{{.Condition}}</td>{{end}}<td>{{.Model}}</td><td class="num">{{printf "%.3f" .Compliance}}</td><td class="num">{{printf "%.2f" (index .SR 0)}} | {{printf "%.2f" (index .SR 1)}}</td><td class="num">{{printf "%.3f" (index .MEI 0)}} | {{printf "%.3f" (index .MEI 1)}}</td><td class="num">{{printf "%.3f" (index .Score 0)}} | {{printf "%.3f" (index .Score 1)}}</td><td class="num">{{.Cases}}</td></tr>
{{end}}</tbody></table>
<p class="muted">The headline is the strict reading, the seed's output contract. The lenient reading also reads a move or a path stated in prose, bold, LaTeX or as coordinates; format compliance is the share of replies the strict reading read.</p>{{end}}
</section>
<section id="charts">
<h2>Charts</h2>
<div class="charts">
<figure>{{.MEIBySize}}</figure>
<figure>{{.SRBySize}}</figure>
<figure>{{.Reliability}}</figure>
<figure>{{.Mirage}}
{{if .MirageRows}}<table class="mirage"><thead><tr><th>model</th><th>pairs</th><th>MEI no lures</th><th>MEI lures</th><th>ΔMEI [95%]</th><th>ΔBRS [95%]</th><th>lure rate off</th><th>lure rate on</th><th>sign-flip p</th><th>Wilcoxon p</th></tr></thead><tbody>
{{range .MirageRows}}<tr>{{range .}}<td>{{.}}</td>{{end}}</tr>
{{end}}</tbody></table>{{end}}</figure>
<figure>{{.Ariadne}}
{{if .AriadneRows}}<table class="ariadne"><thead><tr><th>model</th><th>MEI A</th><th>MEI B</th><th>MEI C</th><th>SR A</th><th>SR B</th><th>SR C</th><th>NRS (B)</th><th>ignore rate (C)</th><th>TI</th></tr></thead><tbody>
{{range .AriadneRows}}<tr>{{range .}}<td>{{.}}</td>{{end}}</tr>
{{end}}</tbody></table>{{end}}</figure>
</div>
</section>
<section id="glossary">
<h2>Glossary</h2>
<div class="scroll"><table class="glossary"><thead><tr><th>column</th><th>name</th><th>what it measures</th><th>better</th></tr></thead><tbody>
{{range .Glossary}}<tr><td>{{.Header}}</td><td>{{.Name}}</td><td>{{.Meaning}}</td><td>{{if .Better}}{{.Better}}{{else}}—{{end}}</td></tr>
{{end}}</tbody></table></div>
<p class="muted">The definitions, term by term, are in docs/metrics.md. Each table ranks the results of one condition (protocol, Ariadne group, language, lures, confidences, generator); its filter line names it.</p>
</section>
{{if .HumanRows}}<section id="human">
<h2>Human control groups</h2>
<table class="human"><thead><tr><th>group</th><th>size</th><th>Ariadne group</th><th>SR</th><th>MEI</th><th>HC</th><th>BT</th><th>CE</th><th>BRS</th><th>Score</th></tr></thead><tbody>
{{range .HumanRows}}<tr class="human">{{range .}}<td>{{.}}</td>{{end}}</tr>
{{end}}</tbody></table>
</section>{{end}}
<script>
document.addEventListener("input", function (e) {
  var s = e.target;
  if (!s.classList || !s.classList.contains("walk-slider")) { return; }
  var k = +s.value, fig = s.closest(".case-figure");
  Array.prototype.forEach.call(fig.querySelectorAll("[data-step]"), function (el) {
    el.style.display = +el.getAttribute("data-step") <= k ? "" : "none";
  });
  var out = s.parentNode.querySelector("output");
  if (out) { out.textContent = k; }
});
</script>`))

var figureTemplate = template.Must(template.New("figure").Parse(`{{.SVG}}
{{if .Steps}}<div class="walk-controls"><label>walk up to step <input type="range" class="walk-slider" min="0" max="{{.Steps}}" value="{{.Steps}}"> <output>{{.Steps}}</output> of {{.Steps}}</label></div>{{end}}
<ul class="legend-walk">{{range .Legend}}<li><span class="swatch {{.Class}}"></span>{{.Words}} ({{.N}})</li>{{end}}{{if .Hints}}<li><span class="mark hint">◆</span> hint given ({{.Hints}})</li>{{end}}{{if .Drops}}<li><span class="mark drop">○</span> confidence fell by 20 points or more ({{.Drops}})</li>{{end}}<li class="muted">numbers: step order; lines fade in as the walk goes on; faint blue: the solution; orange arrows: lures</li></ul>`))
