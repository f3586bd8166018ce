package main

import (
	"strings"

	"github.com/hallumaze/hallumaze/internal/cli"
	"github.com/hallumaze/hallumaze/profile"
	"github.com/hallumaze/hallumaze/results"
)

// gateDimensions reads gate's --dimensions: profile dimensions, or none.
func gateDimensions(flag string) ([]string, error) {
	if flag == "" {
		return nil, nil
	}
	var dims []string
	for _, d := range strings.Split(flag, ",") {
		if d = strings.TrimSpace(d); d != "" {
			dims = append(dims, d)
		}
	}
	if err := profile.CheckDimensions(dims); err != nil {
		return nil, cli.Usagef("gate: --dimensions: %v", err)
	}
	return dims, nil
}

// gateProfile holds the candidate's profile to the baseline's on the
// dimensions given (nil when none are): the paired tests of the
// dimensions' measures over the cases both played.
func gateProfile(dims []string, base string, baseRes []results.Result, cand string, candRes []results.Result) (*profile.GateResult, error) {
	if len(dims) == 0 {
		return nil, nil
	}
	cards, err := profile.Build(append(append([]results.Result{}, baseRes...), candRes...), profile.Options{})
	if err != nil {
		return nil, cli.Usagef("gate: --dimensions: %v", err)
	}
	var b, c profile.Card
	for _, card := range cards {
		switch card.Model {
		case base:
			b = card
		case cand:
			c = card
		}
	}
	g := profile.Gate(b, c, dims)
	if !g.Compared() {
		return nil, cli.Usagef("gate: --dimensions %s: no measure of them has a case both %s and %s played (the suites that measure them: docs/profile.md)", strings.Join(dims, ","), base, cand)
	}
	return &g, nil
}
