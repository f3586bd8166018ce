package suites

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/hallumaze/hallumaze/internal/pagecheck"
	"github.com/hallumaze/hallumaze/report"
	"github.com/hallumaze/hallumaze/results"
)

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
	faults := pagecheck.Layout(t, bin, t.TempDir(), page, []string{"1400", "420"})
	for _, width := range []string{"1400", "420"} {
		assert.Empty(t, faults[width], "layout faults at %s px", width)
	}
}
