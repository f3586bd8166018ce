package mazereport

// Term is one column of the leaderboard explained: its header, its name,
// what it measures, and which way is better. The page shows each as the
// header's tooltip and all of them in its glossary; docs/metrics.md holds
// the definitions.
type Term struct {
	Header, Name, Meaning, Better string
}

// Glossary explains the leaderboard's columns, in their order.
var Glossary = []Term{
	{"rank", "rank", "Order by mean Score within the table's condition. Models whose paired Scores over the cases both played do not differ significantly (Wilcoxon signed-rank, p ≥ 0.05) share a rank, written =2.", "lower"},
	{"SR", "success rate", "Share of cases whose final path is a valid walk from S to E, with its 95% Wilson interval.", "higher"},
	{"MEI★", "metacognitive escape index", "0.4·HRR + 0.3·E + 0.2·L − 0.1·min(1, HC/10) in [0, 1]: recognising hallucinated moves, erring late rather than early, escaping loops. ★ marks the headline metric of HalluMaze.", "higher"},
	{"CE", "calibration error", "Mean |confidence − correctness| over the steps that stated a confidence; undefined (-) when none did.", "lower"},
	{"BRS", "bias resistance", "1 with no hallucinated step and success; else 1 − HC/(BT + HC): how much of the damage was walked back.", "higher"},
	{"Hall", "hallucinations (HC)", "Mean number of invalid steps per case: wall crossings, jumps, moves off the grid.", "lower"},
	{"Score", "HalluMaze Score", "0.5·MEI + 0.3·(1 − CE) + 0.2·BRS, with CE taken as 0.5 when undefined. The ranking key.", "higher"},
	{"MEI′", "MEI corrected for chance", "(MEI − chance)/(0.9 − chance), chance being agent/random's expected MEI on the same mazes and protocol: 0 is chance, 1 a flawless walk, below 0 worse than chance. ● ≥ 0.7, ◑ ≥ 0.4, ○ below.", "higher"},
	{"Score′", "Score corrected for chance", "(Score − chance)/(flawless − chance), as MEI′.", "higher"},
	{"sizes", "maze sizes", "The maze sizes (N of N×N) the row's cases cover. Rows over different sizes are not like for like.", ""},
	{"cases", "cases", "Cases scored.", ""},
	{"errors", "errors", "Cases that could not be played (provider errors, time-outs); never scored, never zero.", "lower"},
}

// tooltip is the glossary text of a header, for its title attribute.
func tooltip(header string) string {
	for _, t := range Glossary {
		if t.Header == header {
			s := t.Name + ": " + t.Meaning
			if t.Better != "" {
				s += " " + t.Better + " is better."
			}
			return s
		}
	}
	return ""
}
