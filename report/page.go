package report

import "html/template"

// pageTemplate parses the page's templates: "head" (everything before the
// cases: the sections, the errors), "case" (one case) and "foot".
func pageTemplate() *template.Template {
	return template.Must(template.New("page").Parse(pageCSS + pageHead + pageCase + pageFoot))
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
table{border-collapse:collapse;margin:6px 0 10px;display:block;max-width:100%;overflow-x:auto}
th,td{padding:4px 10px;border-bottom:1px solid var(--line);text-align:left;vertical-align:top}
th{background:var(--soft);font-weight:600}
td.num{font-variant-numeric:tabular-nums;white-space:nowrap}
figure{margin:0;padding:10px;border:1px solid var(--line);border-radius:6px;background:var(--bg)}
.controls{display:flex;gap:10px;align-items:center;margin:8px 0;flex-wrap:wrap}
.controls input,.controls select,.controls button{font:inherit;padding:3px 8px}
details.case{border:1px solid var(--line);border-radius:6px;margin:6px 0;background:var(--bg)}
details.case>summary{padding:6px 10px;cursor:pointer;display:flex;gap:12px;align-items:baseline;flex-wrap:wrap}
details.case[open]>summary{border-bottom:1px solid var(--line);background:var(--soft)}
.verdict.pass{color:var(--ok);font-weight:700}.verdict.fail{color:var(--bad);font-weight:700}
tr.row{cursor:pointer}tr.row:hover{background:#eff6ff}
.case-model{font-weight:600}.case-name{font-family:ui-monospace,Menlo,Consolas,monospace}
.badge{font-size:12px;color:var(--muted)}
.case-body{display:flex;gap:18px;padding:10px;flex-wrap:wrap}
.case-figure{flex:0 1 auto;max-width:100%;overflow-x:auto}.case-scores{flex:1 1 320px;min-width:0}
.tags{margin:0 0 6px}.tags span{display:inline-block;margin:0 8px 2px 0;padding:0 6px;border-radius:3px;background:#eef2ff;font-size:12px}
.transcript{padding:0 10px 10px}
.turn{margin:8px 0;border-left:3px solid var(--line);padding-left:10px}
.turn-assistant{border-left-color:#2563eb}
.turn .role{font-size:12px;font-weight:600;text-transform:uppercase;color:var(--muted)}
pre{white-space:pre-wrap;word-break:break-word;margin:4px 0;font:12.5px/1.4 ui-monospace,Menlo,Consolas,monospace;background:var(--soft);padding:8px;border-radius:4px;max-height:480px;overflow:auto}
.hidden{display:none}
{{end}}`

const pageHead = `{{define "head"}}<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}}</title>
<style>{{template "css"}}{{.CSS}}</style>
</head>
<body data-ready="0">
<header>
<h1>{{.Title}}</h1>
<p class="muted">{{.Results}} results · {{.Models}} models · {{.Played}} cases played · {{.Failed}} could not be played{{if .Humans}} · {{.Humans}} human groups{{end}}{{with .Generated}} · generated {{.}}{{end}}</p>
<nav>{{range .Nav}}<a href="#{{.ID}}">{{.Text}}</a>{{end}}{{if .ErrorRows}}<a href="#errors">Errors</a>{{end}}<a href="#cases">Cases</a></nav>
</header>
<main>
{{range .Sections}}{{.}}
{{end}}{{if .ErrorRows}}<section id="errors">
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

const pageCase = `{{define "case"}}<details class="case {{.Verdict}}" id="{{.ID}}" data-model="{{.Model}}" data-case="{{.Suite}}/{{.Case}}">
<summary>{{with .Verdict}}<span class="verdict {{.}}">{{if eq . "pass"}}✓{{else}}✗{{end}}</span>{{end}}<span class="case-model">{{.Model}}</span><span class="case-name">{{.Suite}}/{{.Case}}</span>{{range .Badges}}<span class="badge">{{.K}}={{.V}}</span>{{end}}</summary>
<div class="case-body">
{{if .Figure}}<div class="case-figure">{{.Figure}}</div>{{else if .Note}}<p class="muted">{{.Note}}</p>{{end}}
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
  Array.prototype.forEach.call(document.querySelectorAll("tr.row[data-model]"), function (tr) {
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
