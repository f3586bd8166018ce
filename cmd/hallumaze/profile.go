package main

import (
	"context"
	"encoding/json"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/internal/cli"
	"github.com/hallumaze/hallumaze/modelname"
	"github.com/hallumaze/hallumaze/profile"
	"github.com/hallumaze/hallumaze/profile/page"
	"github.com/hallumaze/hallumaze/report"
	"github.com/hallumaze/hallumaze/suites"
)

// runProfile prints the metacognition profile of the models of results
// files (docs/profile.md): a card per model, the paired comparisons and
// the agreement of the suites across models.
func (a *app) runProfile(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := cli.NewFlagSet("profile", "RESULTS.jsonl [more.jsonl ...] [--json] [--models M,...]", stdout)
	asJSON := fs.Bool("json", false, "write the cards, comparisons and agreements as JSON instead of text")
	models := fs.String("models", "", "comma-separated models to show (default: every model of the results; the personas still mark the bars)")
	inputs, err := parseInputs(fs, args)
	if err != nil {
		return err
	}
	if len(inputs) == 0 {
		return cli.Usagef("profile: no results file given (hallumaze profile RESULTS.jsonl [more.jsonl ...])")
	}
	src, closeFiles, err := a.openResults("profile", inputs, "", stderr)
	if err != nil {
		return err
	}
	defer closeFiles()
	var prof profile.Collector
	for i := range src.Len() {
		r, err := src.At(i)
		if err != nil {
			return cli.Usagef("profile: %v", err)
		}
		prof.Add(r)
	}
	all, err := prof.Build(a.profileOptions())
	if err != nil {
		return cli.Usagef("profile: %v", err)
	}
	if len(all) == 0 {
		return cli.Usagef("profile: the results files hold no result of a model on maze, abstain or worlds")
	}
	cards := all
	if *models != "" {
		cards = nil
		names, err := modelname.ParseList(*models)
		if err != nil {
			return cli.Usagef("profile: --models: %v", err)
		}
		for _, n := range names {
			m := n.String()
			c, ok := cardOf(all, m)
			if !ok {
				return cli.Usagef("profile: --models: no result of %s in the results files", m)
			}
			cards = append(cards, c)
		}
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if *asJSON {
		doc := struct {
			Dimensions  []profile.Dimension  `json:"dimensions"`
			Cards       []profile.Card       `json:"cards"`
			Comparisons []profile.Comparison `json:"comparisons"`
			Agreements  []profile.Agreement  `json:"agreements"`
		}{profile.Dimensions, cards, profile.Comparisons(cards), profile.Agreements(cards)}
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(doc)
	}
	return profile.WriteText(stdout, cards, profile.References(all))
}

func cardOf(cards []profile.Card, model string) (profile.Card, bool) {
	for _, c := range cards {
		if c.Model == model {
			return c, true
		}
	}
	return profile.Card{}, false
}

// withProfile adds the profile section to a report's sections, before the
// last (the cost of the run): the short block on the terminal, the cards in
// the JSON and the card figure on the page. inputs are the results files
// the full cards are printed from.
func (a *app) withProfile(sections []report.Section, prof *profile.Collector, inputs ...string) ([]report.Section, error) {
	full := a.selfName() + " profile"
	for _, in := range inputs {
		// A results JSON names its JSONL beside it, the file the cards
		// come from whichever was given.
		if l := strings.TrimSuffix(in, ".json") + ".jsonl"; strings.HasSuffix(in, ".json") && fileExists(l) {
			in = l
		}
		full += " " + suites.ShellQuote(in)
	}
	cards, err := prof.Build(a.profileOptions())
	if err != nil {
		return nil, err
	}
	sec, err := page.CardsSection(cards, full)
	if err != nil {
		return nil, err
	}
	if sec.Text == "" {
		return sections, nil
	}
	at := max(len(sections)-1, 0)
	return slices.Insert(sections, at, sec), nil
}

func (a *app) profileOptions() profile.Options {
	return profile.Options{Self: a.selfName(), Plays: func(model, suite string) bool { return a.plays(model, bench.Case{Suite: suite}) }}
}

func fileExists(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.Mode().IsRegular()
}
