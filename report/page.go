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
.scrolls{box-shadow:inset -14px 0 12px -12px rgba(0,0,0,.5)}
.answer{font:12.5px/1.4 ui-monospace,Menlo,Consolas,monospace;color:var(--muted);overflow-wrap:anywhere;min-width:0}
.sides{display:grid;grid-template-columns:repeat(auto-fit,minmax(260px,1fr));gap:10px;margin:8px 0}
.sides>.turn{min-width:0;margin:0}
.side-read{border-left-color:var(--ok)}
.case-lazy{padding:8px 10px}
#case-controls label{white-space:nowrap}
#case-controls select{max-width:100%}
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
{{if .CasesDir}}<p class="muted" id="case-note">{{.InPage}} of the {{.Played}} cases are in this page, the first of each model and suite in turn; the others are in the folder <code>{{.CasesDir}}</code> beside it, read when a case is opened (keep the folder with the page).</p>
{{end}}<div class="controls" id="case-controls">
<label>model <select id="model-filter" data-facet="m"><option value="">all</option>{{range .ModelNames}}<option>{{.}}</option>{{end}}</select></label>
<span id="facets" class="controls"></span>
<label>search <input id="case-filter" type="search" placeholder="model, case, tag, answer…"></label>
<label>sort <select id="case-sort"><option value="">model, suite, case</option></select></label>
<button type="button" id="expand-all">expand</button><button type="button" id="collapse-all">collapse</button>
<span id="case-count" class="muted"></span>
</div>
<div id="case-list">
{{end}}`

const pageCase = `{{define "case"}}<details class="case {{.Verdict}}" id="{{.ID}}" data-model="{{.Model}}" data-case="{{.Suite}}/{{.Case}}">
<summary>{{with .Verdict}}<span class="verdict {{.}}">{{if eq . "pass"}}✓{{else}}✗{{end}}</span>{{end}}<span class="case-model">{{.Model}}</span><span class="case-name">{{.Suite}}/{{.Case}}</span>{{range .Badges}}<span class="badge">{{.K}}={{.V}}</span>{{end}}{{with .Answer}}<span class="answer">{{.}}</span>{{end}}</summary>
{{template "casebody" .}}</details>
{{end}}{{define "casebody"}}<div class="case-body">
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
{{if .Sides}}<div class="sides">{{range .Turns}}{{template "turn" .}}{{end}}{{template "reading" .}}</div>
{{else}}{{if or .Reading .Gold}}<div class="sides">{{template "reading" .}}</div>
{{end}}{{range .Turns}}{{template "turn" .}}
{{end}}{{end}}</div>
{{end}}{{define "turn"}}<div class="turn turn-{{.Role}}"><div class="role">{{.Role}}{{with .Meta}} <span class="badge">{{.}}</span>{{end}}</div><pre>{{.Content}}</pre>{{with .Reasoning}}<details class="reasoning"><summary>reasoning</summary><pre>{{.}}</pre></details>{{end}}</div>{{end}}
{{define "reading"}}<div class="turn side-read"><div class="role">read from the reply{{with .Outcome}} <span class="badge">{{.}}</span>{{end}}</div><pre class="reading">{{or .Reading "-"}}</pre><div class="role">gold</div><pre class="gold">{{or .Gold "-"}}</pre></div>{{end}}`

const pageFoot = `{{define "foot"}}</div>
<p><button type="button" id="case-more" class="hidden">show more</button></p>
</section>
</main>
{{.Index}}
<script>
` + pageScript + `
</script>
</body>
</html>
{{end}}`
