// Package pagecheck checks a report page in headless Chromium, as a reader
// would see it: it finds the browser (or skips the test, saying how to
// install it), runs it on a page, and frames a page at several widths to
// list what a reader could not read: text under 10 px, an element wider
// than a box that does not scroll, a box that scrolls sideways without a
// sign of it, a page that scrolls sideways.
package pagecheck

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// Chromium returns the headless browser, or skips the test saying how to
// install it (scripts/ensure-chromium.sh looks for the same names). It
// skips with -short too.
func Chromium(t testing.TB) string {
	t.Helper()
	if testing.Short() {
		t.Skip("starts a browser")
	}
	for _, name := range []string{"/usr/bin/chromium", "chromium", "chromium-browser"} {
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	t.Skip("chromium is not installed, so the report is not checked in a browser: " +
		"run make browser (as root, it installs Debian's chromium) or apt-get install -y chromium")
	return ""
}

// Run runs headless Chromium on a page with extra arguments and returns
// its standard output. A run longer than timeout fails the test: it only
// catches a hang.
func Run(t testing.TB, bin, page string, timeout time.Duration, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	base := []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--user-data-dir=" + t.TempDir()}
	cmd := exec.CommandContext(ctx, bin, append(append(base, args...), "file://"+page)...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("chromium: %v: %s", err, lastLines(stderr.String(), 10))
	}
	return stdout.String()
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}

// Layout frames page (the page's HTML, written into dir beside the files
// it loads) at each width in one browser run and returns, by width, what
// the check found; an empty list is a page a reader can read at that
// width.
func Layout(t testing.TB, bin, dir, page string, widths []string) map[string][]string {
	t.Helper()
	page = strings.Replace(page, "</body>", layoutCheck+"</body>", 1)
	if err := os.WriteFile(filepath.Join(dir, "layout.html"), []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	// Headless windows are at least 500 px wide: the page is framed at
	// each width under test instead, all in one browser run.
	var frames strings.Builder
	for _, w := range widths {
		frames.WriteString(`<iframe src="layout.html" width="` + w + `" height="1000" style="border:0;display:block"></iframe>`)
	}
	frame := filepath.Join(dir, "frames.html")
	if err := os.WriteFile(frame, []byte(`<!DOCTYPE html><html><body style="margin:0">`+frames.String()+`</body></html>`), 0o644); err != nil {
		t.Fatal(err)
	}
	dom := Run(t, bin, frame, 5*time.Minute, "--dump-dom", "--allow-file-access-from-files", "--virtual-time-budget=30000",
		"--window-size=1500,"+strconv.Itoa(1000*len(widths)+100), "--hide-scrollbars")
	reports := regexp.MustCompile(`(?s)<pre id="layout-report" data-width="([0-9]+)">(.*?)</pre>`).FindAllStringSubmatch(dom, -1)
	out := map[string][]string{}
	for _, m := range reports {
		lines := strings.Split(strings.TrimSpace(m[2]), "\n")
		if len(lines) == 0 || lines[0] != "checked" {
			t.Fatalf("the layout check at %s px wrote %q", m[1], m[2])
		}
		out[m[1]] = lines[1:]
	}
	for _, w := range widths {
		if _, ok := out[w]; !ok {
			t.Fatalf("the layout check did not run at %s px (found %d reports)", w, len(reports))
		}
	}
	return out
}

// layoutCheck runs in the page once it is ready (data-ready, the case
// index read) and writes what it found into <pre id="layout-report"> of
// the page that frames it: every text smaller than 10 px as rendered (an
// SVG's text scaled by its view box counts at its drawn size), every
// element wider than the box that holds it where that box does not
// scroll, every box that scrolls sideways without the page's sign of it
// (class scrolls), and whether the page itself scrolls sideways.
const layoutCheck = `<script>
window.addEventListener("load", function check() {
  if (document.body.getAttribute("data-ready") === "0") { setTimeout(check, 50); return; }
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
    var cs = getComputedStyle(el);
    if ((cs.overflowX === "auto" || cs.overflowX === "scroll") && el.scrollWidth > el.clientWidth + 1 &&
        el.tagName.toLowerCase() !== "pre" && !el.classList.contains("scrolls")) {
      note("unmarked-scroll", el, "scrolls sideways by " + (el.scrollWidth - el.clientWidth) + "px with no sign of it");
    }
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
