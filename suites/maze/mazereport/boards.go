package mazereport

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/hallumaze/hallumaze/internal/textfmt"
	"github.com/hallumaze/hallumaze/results"
	"github.com/hallumaze/hallumaze/scoring"
	"github.com/hallumaze/hallumaze/suites/maze/analysis"
)

// Condition is what a model faced in a case, apart from the maze itself:
// the protocol, the Ariadne group, the language, whether lures were shown
// and confidences asked, and the generator. Results are ranked only
// against results of the same condition: a model with hints is not ranked
// against one without.
type Condition struct {
	Protocol, Group, Lang, Mirage, Confidence, Algorithm string
}

// Base is the seed's default condition: one-shot, no hints, English, lures
// shown, confidences asked, the DFS generator.
var Base = Condition{Protocol: "oneshot", Group: "A", Lang: "en", Mirage: "on", Confidence: "on", Algorithm: "dfs"}

// conditionOf reads a result's condition from its tags; a human group's
// (which has only its group) is the base condition of that group.
func conditionOf(t func(string) string) Condition {
	c := Base
	set := func(dst *string, key string) {
		if v := t(key); v != "" {
			*dst = v
		}
	}
	set(&c.Protocol, "protocol")
	set(&c.Group, "group")
	set(&c.Lang, "lang")
	set(&c.Mirage, "mirage")
	set(&c.Confidence, "confidence")
	set(&c.Algorithm, "algorithm")
	if t("human") == "true" && c.Group != "A" {
		c.Protocol = "interactive"
	}
	return c
}

// String names a condition by its departures from the base: "base",
// "interactive · group B", "no lures · ko".
func (c Condition) String() string {
	var parts []string
	if c.Protocol != Base.Protocol {
		parts = append(parts, c.Protocol)
	}
	if c.Group != Base.Group {
		parts = append(parts, "group "+c.Group)
	}
	if c.Mirage != Base.Mirage {
		parts = append(parts, "no lures")
	}
	if c.Confidence != Base.Confidence {
		parts = append(parts, "no confidence asked")
	}
	if c.Lang != Base.Lang {
		parts = append(parts, c.Lang)
	}
	if c.Algorithm != Base.Algorithm {
		parts = append(parts, c.Algorithm)
	}
	if len(parts) == 0 {
		return "base"
	}
	return strings.Join(parts, " · ")
}

// Filter says which results a condition's board holds, as tags.
func (c Condition) Filter() map[string]string {
	return map[string]string{"protocol": c.Protocol, "group": c.Group, "lang": c.Lang, "mirage": c.Mirage, "confidence": c.Confidence, "algorithm": c.Algorithm}
}

// Board is the leaderboard of one condition: its rows ranked by Score,
// models whose paired difference is not significant sharing a rank. In
// JSON (the seed file's "leaderboards"), each row carries its sizes and
// its metrics as {mean, ci95, n}, null where undefined.
type Board struct {
	Condition Condition
	// Name is the condition's name; Filter its tags.
	Name   string
	Filter map[string]string
	Rows   []Row
	// Sizes are the maze sizes each row's cases cover, by model.
	Sizes map[string][]int
	// Ties are the groups of models that share a rank, as names.
	Ties [][]string
}

// statJSON is a Stat in the seed file: rounded, null where undefined.
type statJSON struct {
	Mean *float64    `json:"mean"`
	CI   *[2]float64 `json:"ci95"`
	N    int         `json:"n"`
}

func statOut(s Stat) statJSON {
	out := statJSON{N: s.N}
	if s.Defined() {
		m := round4(s.Mean)
		out.Mean = &m
	}
	if s.Defined() && s.HasCI() {
		out.CI = &[2]float64{round4(s.CI.Lo), round4(s.CI.Hi)}
	}
	return out
}

func round4(v float64) float64 { return math.Round(v*1e4) / 1e4 }

type rowJSON struct {
	Rank   int      `json:"rank"`
	Tied   bool     `json:"tied"`
	Model  string   `json:"model"`
	Human  bool     `json:"human"`
	Sizes  []int    `json:"sizes"`
	Cases  int      `json:"cases"`
	Errors int      `json:"errors"`
	SR     statJSON `json:"sr"`
	MEI    statJSON `json:"mei"`
	CE     statJSON `json:"ce"`
	BRS    statJSON `json:"brs"`
	HC     statJSON `json:"hc"`
	Score  statJSON `json:"hallumaze_score"`
}

// MarshalJSON writes the board as the seed file's "leaderboards" holds it.
func (b Board) MarshalJSON() ([]byte, error) {
	rows := make([]rowJSON, len(b.Rows))
	for i, r := range b.Rows {
		rows[i] = rowJSON{Rank: r.Rank, Tied: r.Tied, Model: r.Model, Human: r.Human, Sizes: b.Sizes[r.Model],
			Cases: r.Cases, Errors: r.Errors, SR: statOut(r.SR), MEI: statOut(r.MEI), CE: statOut(r.CE),
			BRS: statOut(r.BRS), HC: statOut(r.HC), Score: statOut(r.Score)}
		if rows[i].Sizes == nil {
			rows[i].Sizes = []int{}
		}
	}
	ties := b.Ties
	if ties == nil {
		ties = [][]string{}
	}
	return json.Marshal(struct {
		Condition string            `json:"condition"`
		Filter    map[string]string `json:"filter"`
		Rows      []rowJSON         `json:"rows"`
		Ties      [][]string        `json:"ties"`
	}{b.Name, b.Filter, rows, ties})
}

// TieAlpha is the significance level below which two models' paired
// difference in Score separates their ranks.
const TieAlpha = 0.05

// Boards ranks the maze results condition by condition: the base condition
// first (the headline), then the others by the number of results, each
// ranked by mean Score with ties: going down the order, a model joins the
// rank of the first model of the group above when their paired Scores over
// the cases both played do not differ significantly (the sign-flip test of
// scoring.PairedClusterBootstrap, whole mazes flipped, p ≥ TieAlpha) or
// when they share fewer mazes than the test needs (scoring.MinClusters);
// the next group's rank is its position (=1, =1, 3).
func Boards(rs []results.Result) []Board { return boards(analysis.Digests(rs)) }

func boards(cs []*analysis.Case) []Board {
	byCond := map[Condition][]*analysis.Case{}
	var conds []Condition
	for _, r := range cs {
		c := conditionOf(r.Tag)
		if _, ok := byCond[c]; !ok {
			conds = append(conds, c)
		}
		byCond[c] = append(byCond[c], r)
	}
	slices.SortStableFunc(conds, func(a, b Condition) int {
		if (a == Base) != (b == Base) {
			if a == Base {
				return -1
			}
			return 1
		}
		if d := len(byCond[b]) - len(byCond[a]); d != 0 {
			return d
		}
		return strings.Compare(a.String(), b.String())
	})
	var out []Board
	for _, c := range conds {
		out = append(out, boardOf(c, byCond[c]))
	}
	return out
}

func boardOf(c Condition, rs []*analysis.Case) Board {
	b := Board{Condition: c, Name: c.String(), Filter: c.Filter(), Rows: leaderboard(rs), Sizes: map[string][]int{}}
	for _, r := range rs {
		if n, err := strconv.Atoi(r.Tag("size")); err == nil && !slices.Contains(b.Sizes[r.Model], n) {
			b.Sizes[r.Model] = append(b.Sizes[r.Model], n)
		}
	}
	tied := func(a, c string) bool {
		d := analysis.CompareP(rs, a, c, "score", bootstrapReps, bootstrapSeed)
		return !d.OK || !(d.P < TieAlpha)
	}
	for _, s := range b.Sizes {
		slices.Sort(s)
	}
	// Competition ranking: a model that is not tied with the one above
	// takes its position among the ranked rows (=1, =1, 3).
	rank, pos, leader := 0, 0, ""
	var group []string
	for i := range b.Rows {
		row := &b.Rows[i]
		if row.Rank == 0 {
			continue
		}
		pos++
		if leader != "" && tied(leader, row.Model) {
			row.Rank = rank
			group = append(group, row.Model)
			continue
		}
		if len(group) > 1 {
			b.Ties = append(b.Ties, group)
		}
		rank = pos
		row.Rank, leader, group = rank, row.Model, []string{row.Model}
	}
	if len(group) > 1 {
		b.Ties = append(b.Ties, group)
	}
	for i := range b.Rows {
		for _, g := range b.Ties {
			if slices.Contains(g, b.Rows[i].Model) {
				b.Rows[i].Tied = true
			}
		}
	}
	return b
}

// sizesText is "5, 7" for a row's sizes.
func sizesText(sizes []int) string {
	var parts []string
	for _, n := range sizes {
		parts = append(parts, strconv.Itoa(n))
	}
	return strings.Join(parts, ", ")
}

// conditionsLine names the conditions results span, each with its
// number of rows.
func conditionsLine(boards []Board) string {
	var names []string
	for _, bd := range boards {
		names = append(names, fmt.Sprintf("%s (%d %s)", bd.Name, len(bd.Rows), textfmt.Plural(len(bd.Rows), "row", "rows")))
	}
	return fmt.Sprintf("The results span %d conditions, each ranked in its own table: %s.", len(boards), strings.Join(names, "; "))
}

// filterText is a board's filter as "protocol=oneshot, group=A, …", in a
// fixed order.
func filterText(f map[string]string) string {
	var parts []string
	for _, k := range []string{"protocol", "group", "lang", "mirage", "confidence", "algorithm"} {
		parts = append(parts, k+"="+f[k])
	}
	return strings.Join(parts, ", ")
}

// mixedSizes reports whether a board's rows cover different maze sizes.
func mixedSizes(b Board) bool {
	first, seen := "", false
	for _, r := range b.Rows {
		s := sizesText(b.Sizes[r.Model])
		if !seen {
			first, seen = s, true
		} else if s != first {
			return true
		}
	}
	return false
}

// notesText is the lines under a board's table: its tie groups and, when
// its rows cover different maze sizes, each row's sizes.
func notesText(b Board, k words) string {
	var out strings.Builder
	for _, g := range b.Ties {
		fmt.Fprintf(&out, k.t("  = statistically tied (paired test over shared mazes, p ≥ %.2f, or fewer than %d mazes): %s\n"), TieAlpha, scoring.MinClusters, strings.Join(g, ", "))
	}
	if mixedSizes(b) {
		var parts []string
		for _, r := range b.Rows {
			parts = append(parts, r.Model+": "+sizesText(b.Sizes[r.Model]))
		}
		fmt.Fprintf(&out, k.t("  Rows cover different maze sizes: %s.\n"), strings.Join(parts, "; "))
	}
	return out.String()
}

// boardsText writes the boards after the headline one, each as its own
// box titled with its condition, after a line naming every condition the
// results span.
func boardsText(boards []Board, k words) (string, error) {
	if len(boards) <= 1 {
		return "", nil
	}
	var b strings.Builder
	b.WriteString("\n  " + conditionsLine(boards) + "\n")
	for _, bd := range boards[1:] {
		b.WriteString("\n")
		if err := writeTableTitled(&b, bd.Rows, k.t(" HalluMaze comparison — ")+bd.Name+" ", k); err != nil {
			return "", err
		}
		b.WriteString(notesText(bd, k))
	}
	return b.String(), nil
}

// headlineTitle is the caption of the first table: the seed's when the
// results hold one condition, else naming the condition.
func headlineTitle(boards []Board, k words) string {
	if len(boards) <= 1 {
		return k.t(tableTitle)
	}
	return k.t(" HalluMaze comparison — ") + boards[0].Name + " "
}
