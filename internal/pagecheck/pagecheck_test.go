package pagecheck

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestLayoutFindsWhatAReaderCannotRead: the check reports a box that
// scrolls with no sign of it, text under 10 px and a page that scrolls
// sideways, and nothing on a page without them.
func TestLayoutFindsWhatAReaderCannotRead(t *testing.T) {
	bin := Chromium(t)
	page := func(body string) string {
		return `<!DOCTYPE html><html><head><meta name="viewport" content="width=device-width"></head><body data-ready="1" style="margin:0">` + body + `</body></html>`
	}
	wide := `<div style="width:600px;height:20px">wide</div>`
	bad := page(`<div id="box" style="overflow-x:auto;max-width:100%">` + wide + `</div><p style="font-size:8px">tiny</p><div style="width:700px">spill</div>`)
	good := page(`<div class="scrolls" style="overflow-x:auto;max-width:100%">` + wide + `</div><p>fine</p>`)
	faults := Layout(t, bin, t.TempDir(), bad, []string{"420"})
	all := strings.Join(faults["420"], "\n")
	assert.Contains(t, all, "unmarked-scroll div#box")
	assert.Contains(t, all, "small-text p")
	assert.Contains(t, all, "page-scrolls")
	assert.Empty(t, Layout(t, bin, t.TempDir(), good, []string{"420"})["420"])
}
