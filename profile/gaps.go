package profile

import (
	"path"
	"slices"
	"strings"
)

// gapOf is a suite the model has no scored result of, with the run that
// plays the model on it.
func gapOf(model, suite string, opts Options) Gap {
	var dims []string
	for _, d := range Defs {
		if d.Suite == suite && !slices.Contains(dims, d.Dimension) {
			dims = append(dims, d.Dimension)
		}
	}
	out := resultsPath(opts, model, suite)
	if opts.Plays != nil && !opts.Plays(model, suite) {
		return Gap{Suite: suite, Dimensions: dims, Note: model + " plays no " + suite + " case: no run fills the gap"}
	}
	return Gap{
		Suite: suite, Dimensions: dims, Output: jsonl(out),
		Fill: strings.Join([]string{self(opts), "run", "--suite", suite, "--models", shellQuote(model), "--quiet", "--output", shellQuote(out)}, " "),
	}
}

// ariadneGap is the uses-help dimension of a model that has maze results
// but no Ariadne group B: the seed's groups A and B, played interactively
// on the same mazes.
func ariadneGap(model string, opts Options) Gap {
	if opts.Plays != nil && !opts.Plays(model, SuiteMaze) {
		return Gap{Suite: SuiteMaze + " (Ariadne groups A and B)", Dimensions: []string{UsesHelp}, Note: model + " plays no maze case: no run fills the gap"}
	}
	a, b := resultsPath(opts, model, "ariadne-A"), resultsPath(opts, model, "ariadne-B")
	run := func(group, out string) string {
		return strings.Join([]string{self(opts), "run", "--models", shellQuote(model), "--group", group, "--quiet", "--output", shellQuote(out)}, " ")
	}
	return Gap{
		Suite: SuiteMaze + " (Ariadne groups A and B)", Dimensions: []string{UsesHelp},
		Fill:   run("A", a) + " && " + run("B", b),
		Output: jsonl(a) + " " + jsonl(b),
	}
}

func self(opts Options) string {
	if opts.Self == "" {
		return "hallumaze"
	}
	return opts.Self
}

// resultsPath is where a fill command writes: <dir>/profile-<model>-<what>.json,
// the model's name made a file name.
func resultsPath(opts Options, model, what string) string {
	dir := opts.Dir
	if dir == "" {
		dir = "results"
	}
	slug := strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '.', r == '-', r == '_':
			return r
		}
		return '-'
	}, model)
	return path.Join(dir, "profile-"+slug+"-"+what+".json")
}

// jsonl is the streamed results file beside a run's --output.
func jsonl(output string) string { return strings.TrimSuffix(output, ".json") + ".jsonl" }

// shellQuote quotes a word for a POSIX shell when it needs it.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-+:,=@%") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
