// Package page lays the metacognition profile (package profile) out as a
// section of every report: the short block the terminal shows after a run,
// the cards in the results JSON, and one small-multiples figure on the
// HTML page, a card per model, each readable on a 420 px wide screen.
package page

import (
	"html/template"
	"strings"

	"github.com/hallumaze/hallumaze/profile"
	"github.com/hallumaze/hallumaze/report"
	"github.com/hallumaze/hallumaze/results"
)

// ID is the page's anchor of the section.
const ID = "profile"

// Section is the profile of the results as a report section, added after
// the suites' sections; empty (no text, no HTML) when no model has a
// result of a suite the profile reads. full is the command that prints the
// whole cards ("hallumaze profile r.jsonl"), shown under the short block.
func Section(rs []results.Result, opts profile.Options, full string) (report.Section, error) {
	cards, err := profile.Build(rs, opts)
	if err != nil {
		return report.Section{Suite: ID, Title: "Metacognition profile"}, err
	}
	return CardsSection(cards, full)
}

// CardsSection is Section of cards already made (profile.Collector.Build).
func CardsSection(cards []profile.Card, full string) (report.Section, error) {
	sec := report.Section{Suite: ID, Title: "Metacognition profile"}
	if len(cards) == 0 {
		return sec, nil
	}
	var text strings.Builder
	if err := profile.WriteShort(&text, cards, full); err != nil {
		return sec, err
	}
	sec.Text = text.String()
	for _, c := range cards {
		sec.Models = append(sec.Models, c.Model)
	}
	// The paired comparisons between models (thousands of sign flips per
	// pair and measure) are left to hallumaze profile, which a run's
	// short block names: a run pays only for its cards.
	sec.JSON = []report.Member{{Key: "profile", Value: struct {
		Dimensions []profile.Dimension `json:"dimensions"`
		Cards      []profile.Card      `json:"cards"`
		Agreements []profile.Agreement `json:"agreements"`
	}{profile.Dimensions, cards, profile.Agreements(cards)}}}
	sec.HTML = template.HTML(Figure(cards, profile.References(cards)))
	sec.CSS = css
	sec.Nav = []report.Link{{ID: ID, Text: "Profile"}}
	return sec, nil
}
