// Command hallumaze runs the HalluMaze, Missing Piece and HalluWorld
// benchmarks and their tools: drawing mazes, scoring replies obtained
// elsewhere, serving the reference agents, and gating model upgrades.
//
// Each subcommand lives in a file of its own. main only wires the process
// to run, which takes its arguments and streams so that tests can call it.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"strings"
)

// exitUsage is the exit code of a usage error: a bad flag or argument.
const exitUsage = 2

// usageError marks an error as the user's: the command exits 2.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

// usagef returns a usage error with a formatted message.
func usagef(format string, args ...any) error {
	return usageError{fmt.Errorf(format, args...)}
}

// command is one subcommand.
type command struct {
	summary string
	run     func(ctx context.Context, args []string, stdout, stderr io.Writer) error
}

func commands() map[string]command {
	return map[string]command{
		"maze":     {"print one maze (text, JSON, ASCII or SVG)", runMaze},
		"score":    {"score a reply obtained elsewhere against a maze file", runScore},
		"run":      {"run the benchmark on models (the reference agents when no key is set)", runRun},
		"report":   {"merge results files and write the leaderboard, HTML, CSV and seed JSON", runReport},
		"abstain":  {"Missing Piece: print the items, score replies", runAbstain},
		"serve":    {"serve the reference agents over the OpenAI, Anthropic and Gemini wire protocols", runServe},
		"estimate": {"estimate the tokens, cost and time of recording a model's cassettes", runEstimate},
		"gate":     {"compare a candidate model with a baseline; exit 1 on a significant regression", runGate},
	}
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	os.Exit(exitCode(run(ctx, os.Args[1:], os.Stdout, os.Stderr), os.Stderr))
}

// exitCode prints err as one line and maps it to the process exit code.
func exitCode(err error, stderr io.Writer) int {
	if err == nil {
		return 0
	}
	if errors.Is(err, errHelp) {
		return 0
	}
	fmt.Fprintln(stderr, "hallumaze: "+err.Error())
	var ue usageError
	if errors.As(err, &ue) {
		return exitUsage
	}
	if errors.Is(err, context.Canceled) {
		return 130
	}
	return 1
}

// errHelp reports that help was printed at the user's request.
var errHelp = errors.New("help requested")

// run dispatches to a subcommand.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	cmds := commands()
	if len(args) == 0 {
		return usagef("no command given (run hallumaze --help)")
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		printUsage(stdout, cmds)
		return errHelp
	}
	cmd, ok := cmds[args[0]]
	if !ok {
		return usagef("unknown command %q (run hallumaze --help)", args[0])
	}
	return cmd.run(ctx, args[1:], stdout, stderr)
}

func printUsage(w io.Writer, cmds map[string]command) {
	names := make([]string, 0, len(cmds))
	for name := range cmds {
		names = append(names, name)
	}
	sort.Strings(names)
	var b strings.Builder
	b.WriteString("hallumaze: benchmarks of LLM hallucination and metacognition.\n\nUsage:\n  hallumaze <command> [flags]\n\nCommands:\n")
	for _, name := range names {
		fmt.Fprintf(&b, "  %-10s %s\n", name, cmds[name].summary)
	}
	b.WriteString("\nRun hallumaze <command> --help for the flags of a command.\n")
	io.WriteString(w, b.String())
}
