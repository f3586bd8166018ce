package report

import "html/template"

// pageTemplate parses the page's templates: "head" (everything before the
// cases, with "abstain", the Missing Piece section), "case" (one case) and
// "foot".
func pageTemplate() *template.Template {
	return template.Must(template.New("page").Parse(pageCSS + pageAbstainCSS + pageHead + pageAbstain + pageCase + pageFoot))
}

const pageCSS = `{{define "css"}}
:root{--fg:#1f2937;--muted:#6b7280;--line:#e5e7eb;--bg:#fff;--soft:#f9fafb;--ok:#15803d;--bad:#b91c1c}
*{box-sizing:border-box}
body{margin:0;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;color:var(--fg);background:var(--bg)}
header,main{max-width:1280px;margin:0 auto;padding:0 20px}
header{padding-top:18px;border-bottom:1px solid var(--line)}
h1{font-size:22px;margin:0 0 4px}h2{font-size:18px;margin:28px 0 10px}
nav a{margin-right:14px;color:#2563eb;text-decoration:none}
.muted{color:var(--muted);fill:var(--muted)}
table{border-collapse:collapse;margin:6px 0 10px}
th,td{padding:4px 10px;border-bottom:1px solid var(--line);text-align:left;vertical-align:top}
th{background:var(--soft);font-weight:600}
td.num{font-variant-numeric:tabular-nums;white-space:nowrap}
table.leaderboard tr.row{cursor:pointer}table.leaderboard tr.row:hover{background:#eff6ff}
tr.human td{font-style:italic;background:#fefce8}
.best{font-weight:600;margin:6px 0}
.charts{display:flex;flex-wrap:wrap;gap:18px}
figure{margin:0;padding:10px;border:1px solid var(--line);border-radius:6px;background:var(--bg)}
svg.chart{max-width:100%;height:auto;font-size:12px}
svg.chart .grid{stroke:#e5e7eb}svg.chart .zero{stroke:#6b7280}
svg.chart .diagonal{stroke:#9ca3af;stroke-dasharray:5 4}
svg.chart .whisker{stroke-width:1.5;fill:none}
svg.chart .chart-title{font-weight:600;font-size:13px}
svg.chart .tick,svg.chart .legend,svg.chart .axis-label{fill:#374151}
svg.chart .legend-note{fill:#6b7280;font-size:11px}
.controls{display:flex;gap:10px;align-items:center;margin:8px 0;flex-wrap:wrap}
.controls input,.controls select,.controls button{font:inherit;padding:3px 8px}
details.case{border:1px solid var(--line);border-radius:6px;margin:6px 0;background:var(--bg)}
details.case>summary{padding:6px 10px;cursor:pointer;display:flex;gap:12px;align-items:baseline;flex-wrap:wrap}
details.case[open]>summary{border-bottom:1px solid var(--line);background:var(--soft)}
.verdict.pass{color:var(--ok);font-weight:700}.verdict.fail{color:var(--bad);font-weight:700}
.case-model{font-weight:600}.case-name{font-family:ui-monospace,Menlo,Consolas,monospace}
.badge{font-size:12px;color:var(--muted)}
.case-body{display:flex;gap:18px;padding:10px;flex-wrap:wrap}
.case-maze{flex:0 0 auto;max-width:380px}.case-scores{flex:1 1 320px}
.tags{margin:0 0 6px}.tags span{display:inline-block;margin:0 8px 2px 0;padding:0 6px;border-radius:3px;background:#eef2ff;font-size:12px}
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
.transcript{padding:0 10px 10px}
.turn{margin:8px 0;border-left:3px solid var(--line);padding-left:10px}
.turn-assistant{border-left-color:#2563eb}
.turn .role{font-size:12px;font-weight:600;text-transform:uppercase;color:var(--muted)}
pre{white-space:pre-wrap;word-break:break-word;margin:4px 0;font:12.5px/1.4 ui-monospace,Menlo,Consolas,monospace;background:var(--soft);padding:8px;border-radius:4px;max-height:480px;overflow:auto}
.hidden{display:none}
{{template "abstain-css"}}{{end}}`

const pageHead = `{{define "head"}}<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}}</title>
<style>{{template "css"}}</style>
</head>
<body data-ready="0">
<header>
<h1>{{.Title}}</h1>
<p class="muted">{{.Results}} results · {{.Models}} models · {{.Played}} cases played · {{.Failed}} could not be played{{if .Humans}} · {{.Humans}} human groups{{end}}{{with .Generated}} · generated {{.}}{{end}}</p>
<nav>{{if .ShowMaze}}<a href="#leaderboard">Leaderboard</a><a href="#charts">Charts</a>{{end}}{{if .Abstain}}<a href="#abstain">Missing Piece</a>{{end}}{{if .HumanRows}}<a href="#human">Human groups</a>{{end}}{{if .ErrorRows}}<a href="#errors">Errors</a>{{end}}<a href="#cases">Cases</a></nav>
</header>
<main>
{{if .ShowMaze}}<section id="leaderboard">
<h2>Leaderboard</h2>
<table class="leaderboard">
<thead><tr><th>rank</th><th>model</th><th>SR</th><th>MEI★</th><th>CE</th><th>BRS</th><th>hallucinations</th><th>Score</th><th>cases</th><th>errors</th></tr></thead>
<tbody>
{{range .Rows}}<tr class="row{{if .Human}} human{{end}}" data-model="{{.Model}}"><td>{{.Rank}}</td><td>{{.Model}}{{if .Human}} <span class="badge">(human)</span>{{end}}</td><td class="num">{{.SR}}</td><td class="num">{{.MEI}} {{.MEIBand}}</td><td class="num">{{.CE}}</td><td class="num">{{.BRS}}</td><td class="num">{{.HC}}</td><td class="num">{{.Score}}</td><td class="num">{{.Cases}}</td><td class="num">{{.Errors}}</td></tr>
{{end}}</tbody>
</table>
{{with .Best}}<p class="best">{{.}}</p>{{end}}
<p class="muted">Means over each model's scored cases, with 95% intervals (Wilson for SR) when there are several. MEI bands: ● ≥ 0.7, ◑ ≥ 0.4, ○ below. Cases that could not be played are counted apart and never scored. Click a row to show its cases.</p>
</section>
<section id="charts">
<h2>Charts</h2>
<div class="charts">
<figure>{{.MEIBySize}}</figure>
<figure>{{.SRBySize}}</figure>
<figure>{{.Reliability}}</figure>
<figure>{{.Mirage}}
{{if .MirageRows}}<table class="mirage"><thead><tr><th>model</th><th>pairs</th><th>MEI no lures</th><th>MEI lures</th><th>ΔMEI [95%]</th><th>ΔBRS [95%]</th><th>lure rate off</th><th>lure rate on</th><th>Wilcoxon p</th></tr></thead><tbody>
{{range .MirageRows}}<tr>{{range .}}<td>{{.}}</td>{{end}}</tr>
{{end}}</tbody></table>{{end}}</figure>
<figure>{{.Ariadne}}
{{if .AriadneRows}}<table class="ariadne"><thead><tr><th>model</th><th>MEI A</th><th>MEI B</th><th>MEI C</th><th>SR A</th><th>SR B</th><th>SR C</th><th>NRS (B)</th><th>ignore rate (C)</th><th>TI</th></tr></thead><tbody>
{{range .AriadneRows}}<tr>{{range .}}<td>{{.}}</td>{{end}}</tr>
{{end}}</tbody></table>{{end}}</figure>
</div>
</section>{{end}}
{{template "abstain" .}}
{{if .HumanRows}}<section id="human">
<h2>Human control groups</h2>
<table class="human"><thead><tr><th>group</th><th>size</th><th>Ariadne group</th><th>SR</th><th>MEI</th><th>HC</th><th>BT</th><th>CE</th><th>BRS</th><th>Score</th></tr></thead><tbody>
{{range .HumanRows}}<tr class="human">{{range .}}<td>{{.}}</td>{{end}}</tr>
{{end}}</tbody></table>
</section>{{end}}
{{if .ErrorRows}}<section id="errors">
<h2>Cases that could not be played</h2>
<p class="muted">Provider failures after retries and missing cassettes: not the model's failures, and not scored.</p>
<table class="errors"><thead><tr><th>model</th><th>case</th><th>error</th></tr></thead><tbody>
{{range .ErrorRows}}<tr class="error"><td>{{.Model}}</td><td>{{.Case}}</td><td><pre>{{.Error}}</pre></td></tr>
{{end}}</tbody></table>
</section>{{end}}
<section id="cases">
<h2>Cases</h2>
<div class="controls">
<label>model <select id="model-filter"><option value="">all</option>{{range .ModelNames}}<option>{{.}}</option>{{end}}</select></label>
<label>filter <input id="case-filter" type="search" placeholder="case name, tag…"></label>
<button type="button" id="expand-all">expand</button><button type="button" id="collapse-all">collapse</button>
<span id="case-count" class="muted"></span>
</div>
<div id="case-list">
{{end}}`

const pageCase = `{{define "case"}}<details class="case {{if .Pass}}pass{{else}}fail{{end}}" id="{{.ID}}" data-model="{{.Model}}" data-case="{{.Suite}}/{{.Case}}">
<summary><span class="verdict {{if .Pass}}pass{{else}}fail{{end}}">{{if .Pass}}✓{{else}}✗{{end}}</span><span class="case-model">{{.Model}}</span><span class="case-name">{{.Suite}}/{{.Case}}</span>{{range .Summary}}<span class="badge">{{.K}}={{.V}}</span>{{end}}</summary>
<div class="case-body">
{{if .Maze}}<div class="case-maze">{{.Maze}}
<ul class="legend-walk">{{range .Legend}}<li><span class="swatch {{.K}}"></span>{{.K}} ({{.V}})</li>{{end}}<li class="muted">faint blue: the solution; orange arrows: lures</li></ul></div>{{else if .MazeNote}}<p class="muted">{{.MazeNote}}</p>{{end}}
<div class="case-scores">
<p class="tags">{{range .Tags}}<span class="tag">{{.K}}={{.V}}</span>{{end}}</p>
<table class="scores"><tbody>
{{range .Scores}}<tr><th>{{.K}}</th><td class="num">{{.V}}</td></tr>
{{end}}</tbody></table>
</div>
</div>
<div class="transcript">
{{with .System}}<details class="system"><summary>system prompt</summary><pre>{{.}}</pre></details>{{end}}
{{range .Turns}}<div class="turn turn-{{.Role}}"><div class="role">{{.Role}}{{with .Meta}} <span class="badge">{{.}}</span>{{end}}</div><pre>{{.Content}}</pre>{{with .Reasoning}}<details class="reasoning"><summary>reasoning</summary><pre>{{.}}</pre></details>{{end}}</div>
{{end}}</div>
</details>
{{end}}`

const pageFoot = `{{define "foot"}}</div>
</section>
</main>
<script>
(function () {
  var cases = Array.prototype.slice.call(document.querySelectorAll("details.case"));
  var model = document.getElementById("model-filter");
  var text = document.getElementById("case-filter");
  var count = document.getElementById("case-count");
  function apply() {
    var m = model.value, q = text.value.toLowerCase(), shown = 0;
    cases.forEach(function (c) {
      var ok = (!m || c.getAttribute("data-model") === m) &&
        (!q || (c.getAttribute("data-model") + " " + c.getAttribute("data-case")).toLowerCase().indexOf(q) >= 0);
      c.classList.toggle("hidden", !ok);
      if (ok) { shown++; }
    });
    count.textContent = shown + " of " + cases.length + " cases";
  }
  model.addEventListener("change", apply);
  text.addEventListener("input", apply);
  document.getElementById("expand-all").addEventListener("click", function () {
    cases.forEach(function (c) { if (!c.classList.contains("hidden")) { c.open = true; } });
  });
  document.getElementById("collapse-all").addEventListener("click", function () {
    cases.forEach(function (c) { c.open = false; });
  });
  Array.prototype.forEach.call(document.querySelectorAll("table.leaderboard tr.row"), function (tr) {
    tr.addEventListener("click", function () {
      model.value = tr.getAttribute("data-model");
      apply();
      document.getElementById("cases").scrollIntoView();
    });
  });
  function openHash() {
    var el = location.hash && document.getElementById(location.hash.slice(1));
    if (el && el.tagName === "DETAILS") { el.open = true; }
  }
  window.addEventListener("hashchange", openHash);
  openHash();
  apply();
  document.body.setAttribute("data-ready", "1");
})();
</script>
</body>
</html>
{{end}}`
