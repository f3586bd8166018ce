package suites

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/report"
	"github.com/hallumaze/hallumaze/results"
)

// layoutCheck runs in the page after it loaded and writes what it found
// into <pre id="layout-report"> of the page that frames it: every text smaller than 10 px as
// rendered (an SVG's text scaled by its view box counts at its drawn
// size), every element wider than the box that holds it where that box
// does not scroll, and whether the page itself scrolls sideways.
const layoutCheck = `<script>
window.addEventListener("load", function () {
  var out = [], seen = {};
  function name(el) {
    var c = el.getAttribute("class");
    return el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") + (c ? "." + c.split(" ").join(".") : "");
  }
  function note(kind, el, detail) {
    var k = kind + " " + name(el);
    if (seen[k]) { return; }
    seen[k] = 1;
    out.push(k + " " + detail);
  }
  var all = document.body.querySelectorAll("*");
  for (var i = 0; i < all.length; i++) {
    var el = all[i];
    if (el.closest("pre#layout-report")) { continue; }
    var r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) { continue; }
    var own = false;
    for (var n = el.firstChild; n; n = n.nextSibling) {
      if (n.nodeType === 3 && n.textContent.trim() !== "") { own = true; }
    }
    if (own) {
      var size = parseFloat(getComputedStyle(el).fontSize);
      if (el instanceof SVGElement && el.getScreenCTM) {
        var m = el.getScreenCTM();
        if (m) { size *= Math.sqrt(Math.abs(m.a * m.d - m.b * m.c)); }
      }
      if (size < 9.95) { note("small-text", el, size.toFixed(1) + "px: " + el.textContent.trim().slice(0, 30)); }
    }
    if (el instanceof SVGElement && el.tagName.toLowerCase() !== "svg") { continue; }
    var p = el.parentElement;
    if (!p || p === document.documentElement) { continue; }
    var ps = getComputedStyle(p);
    if (ps.overflowX !== "visible") { continue; }
    var pr = p.getBoundingClientRect();
    if (r.right > pr.right + 1 && getComputedStyle(el).position !== "absolute") {
      note("overflow", el, Math.round(r.right - pr.right) + "px past " + name(p));
    }
  }
  if (document.documentElement.scrollWidth > window.innerWidth + 1) {
    out.push("page-scrolls " + document.documentElement.scrollWidth + " > " + window.innerWidth);
  }
  var pre = document.createElement("pre");
  pre.id = "layout-report";
  pre.setAttribute("data-width", window.innerWidth);
  pre.textContent = "checked\n" + out.join("\n");
  var host = window.parent.document;
  host.body.appendChild(host.importNode(pre, true));
});
</script>`

// TestHTMLLayout loads the fixture page in headless Chromium at a desktop
// and a phone width, with a few cases of each suite open, and holds the
// page to what a reader needs: no text under 10 px, nothing wider than
// its container unless that container scrolls, no sideways page scroll.
func TestHTMLLayout(t *testing.T) {
	bin := chromium(t)
	page, rs := renderFixture(t)
	opened := 0
	for _, r := range rs {
		if results.IsHuman(r) || r.Error != "" || opened >= 6 {
			continue
		}
		id := `id="` + report.CaseID(r) + `"`
		page = strings.Replace(page, id, id+" open", 1)
		opened++
	}
	page = strings.Replace(page, "</body>", layoutCheck+"</body>", 1)
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "layout.html"), []byte(page), 0o644))
	// Headless windows are at least 500 px wide: the page is framed at
	// each width under test instead, both in one browser run.
	widths := []string{"1400", "420"}
	var frames strings.Builder
	for _, w := range widths {
		frames.WriteString(`<iframe src="layout.html" width="` + w + `" height="1000" style="border:0;display:block"></iframe>`)
	}
	frame := filepath.Join(dir, "frames.html")
	require.NoError(t, os.WriteFile(frame, []byte(`<!DOCTYPE html><html><body style="margin:0">`+frames.String()+`</body></html>`), 0o644))
	dom := runChromium(t, bin, frame, "--dump-dom", "--allow-file-access-from-files", "--window-size=1500,2100", "--hide-scrollbars")
	reports := regexp.MustCompile(`(?s)<pre id="layout-report" data-width="([0-9]+)">(.*?)</pre>`).FindAllStringSubmatch(dom, -1)
	byWidth := map[string]string{}
	for _, m := range reports {
		byWidth[m[1]] = m[2]
	}
	for _, width := range widths {
		t.Run(width+"px", func(t *testing.T) {
			got, ok := byWidth[width]
			require.True(t, ok, "the check ran at %s px (found %d reports)", width, len(reports))
			lines := strings.Split(strings.TrimSpace(got), "\n")
			require.Equal(t, "checked", lines[0])
			assert.Empty(t, lines[1:], "layout faults at %s px", width)
		})
	}
}
