// Command hallumaze runs the benchmarks of the suites (HalluMaze, Missing
// Piece, …) and their tools: reports, the regression gate, cost estimates,
// the reference agents served over the providers' wire protocols, and each
// suite's own commands (drawing mazes, printing items, scoring replies
// obtained elsewhere).
//
// Each built-in subcommand lives in a file of its own; a suite adds its
// commands through [suites.Commander]. main only wires the process to an
// [app], which takes its arguments and streams so that tests can call it
// with suites of their own.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strings"
	"syscall"

	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/internal/cli"
	"github.com/hallumaze/hallumaze/internal/memlimit"
	"github.com/hallumaze/hallumaze/internal/redact"
	"github.com/hallumaze/hallumaze/providers"
	"github.com/hallumaze/hallumaze/suites"
)

// The exit codes, documented in docs/run.md.
const (
	exitOK         = 0
	exitFailure    = 1 // a regression (gate) or an error of the command itself
	exitUsage      = 2 // a bad flag, argument or input file, a set-up error
	exitCaseErrors = 3 // a run whose cases failed on the provider's side
)

// app is the command line over a list of suites. Its fields are the
// process's dependencies, so that tests can replace them.
type app struct {
	suites []bench.Suite
	// getenv reads the environment (keys, base URLs, default models).
	getenv func(string) string
	// stdin is where --interactive asks and "-" reads.
	stdin *os.File
	// tty forces the progress display: nil asks stderr whether it is a
	// terminal.
	tty *bool
	// retry is the policy of live calls; the zero value is the providers'
	// default (5 attempts, backing off from 1 s to 60 s, within 5 minutes).
	retry providers.RetryPolicy
	// secrets are the keys known so far (environment, config file), kept
	// out of every message and file.
	secrets    *redact.Secrets
	secretList []string
	// self is how the user runs hallumaze, for the commands it prints
	// ("hallumaze", "bin/hallumaze", "go run ./cmd/hallumaze"); empty: as
	// the process was invoked.
	self string
}

func newApp() *app {
	return &app{suites: suites.All(), getenv: os.Getenv, stdin: os.Stdin}
}

// commands are the built-in subcommands and the suites' own.
func (a *app) commands() []cli.Command {
	cmds := []cli.Command{
		{Name: "run", Summary: "run the benchmark on models (the reference agents when no key is set)", Run: a.runRun},
		{Name: "report", Summary: "merge results files and write the leaderboard, HTML, CSV and results JSON", Run: a.runReport},
		{Name: "view", Summary: "serve a folder of runs on loopback: the index of its runs and their pages", Run: a.runView},
		{Name: "serve", Summary: "serve the reference agents over the OpenAI, Anthropic and Gemini wire protocols", Run: a.runServe},
		{Name: "estimate", Summary: "estimate the tokens, cost and time of recording a model's cassettes", Run: a.runEstimate},
		{Name: "profile", Summary: "the metacognition profile: a card per model across mazes, word problems and worlds", Run: a.runProfile},
		{Name: "gate", Summary: "compare a candidate model with a baseline; exit 1 on a significant regression", Run: a.runGate},
		{Name: "record", Summary: "record the cassettes a model lacks (replaying those it has), within --max-cost", Run: a.runRecord},
	}
	for _, s := range a.suites {
		cmds = append(cmds, s.Commands...)
	}
	return cmds
}

func main() {
	// The heap's limit follows the live data (GOMEMLIMIT overrides): a run
	// or report of 100,000 cases stays within a few hundred megabytes.
	memlimit.Follow()
	ctx, stop := signalContext()
	defer stop()
	a := newApp()
	os.Exit(a.exitCode(ctx, a.run(ctx, os.Args[1:], os.Stdout, os.Stderr), os.Stderr))
}

// signalError is the cause of a context ended by a signal.
type signalError struct{ sig os.Signal }

func (e signalError) Error() string { return "interrupted by " + e.sig.String() }

// signalContext ends on SIGINT (Ctrl-C) or SIGTERM, with the signal as the
// context's cause. A second signal ends the process at once (exit 128 +
// the signal's number), whatever it waits on: standard input given as
// "-" that never closes, say. The finished cases of a run are on disk
// already.
func signalContext() (context.Context, func()) {
	ctx, cancel := context.WithCancelCause(context.Background())
	ch := make(chan os.Signal, 2)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
	go func() {
		s, ok := <-ch
		if !ok {
			return
		}
		cancel(signalError{s})
		if s, ok = <-ch; ok {
			fmt.Fprintf(os.Stderr, "hallumaze: %s again: stopping now\n", s)
			code := 130
			if sig, isSys := s.(syscall.Signal); isSys {
				code = 128 + int(sig)
			}
			os.Exit(code)
		}
	}()
	return ctx, func() { signal.Stop(ch); cancel(nil) }
}

// exitCode prints err as one line, its secrets redacted, and maps it to the
// process exit code.
func (a *app) exitCode(ctx context.Context, err error, stderr io.Writer) int {
	if err == nil || errors.Is(err, cli.ErrHelp) {
		return exitOK
	}
	fmt.Fprintln(cli.Raw(stderr), "hallumaze: "+cli.Safe(a.redact(err.Error())))
	var se signalError
	switch {
	case cli.IsUsage(err):
		return exitUsage
	case errors.Is(err, context.Canceled) && errors.As(context.Cause(ctx), &se):
		if s, ok := se.sig.(syscall.Signal); ok {
			return 128 + int(s)
		}
		return 130
	case errors.Is(err, context.Canceled):
		return 130
	case errors.Is(err, errCaseErrors):
		return exitCaseErrors
	}
	return exitFailure
}

// redact removes the keys of the environment and of any config file read
// from a message.
func (a *app) redact(msg string) string {
	msg = a.envSecrets().String(msg)
	return a.secrets.String(msg)
}

// envSecrets are the keys set in the environment.
func (a *app) envSecrets() *redact.Secrets {
	getenv := a.getenv
	if getenv == nil {
		getenv = os.Getenv
	}
	return redact.New(providers.Config{}.WithEnv(getenv).Secrets()...)
}

// run dispatches to a subcommand. What the subcommand prints passes
// through [cli.SafeWriter]: text from providers and files (an error, a
// model's name) reaches the terminal with its control characters shown
// escaped, never obeyed.
func (a *app) run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	so, se := cli.NewSafeWriter(stdout), cli.NewSafeWriter(stderr)
	defer so.Flush()
	defer se.Flush()
	stdout, stderr = so, se
	if err := a.checkSuites(); err != nil {
		return err
	}
	cmds := a.commands()
	if len(args) == 0 {
		return cli.Usagef("no command given (run hallumaze --help)")
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		printUsage(stdout, cmds)
		return cli.ErrHelp
	case "-version", "--version", "version":
		fmt.Fprintln(stdout, version())
		return nil
	}
	i := slices.IndexFunc(cmds, func(c cli.Command) bool { return c.Name == args[0] })
	if i < 0 {
		return cli.Usagef("unknown command %q (run hallumaze --help)", args[0])
	}
	return cmds[i].Run(ctx, args[1:], stdout, stderr)
}

// checkSuites referees the names the suites share ([suites.Check]) and the
// flags of hallumaze run they could take from the command.
func (a *app) checkSuites() error {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	runFlags(fs, &runOptions{}, suites.Names(a.suites), map[string]*string{})
	var reserved []string
	fs.VisitAll(func(f *flag.Flag) { reserved = append(reserved, f.Name) })
	if err := suites.Check(a.suites, reserved...); err != nil {
		return cli.Usagef("suite list: %v", err)
	}
	return nil
}

// run is the command line with the standard suites, for tests.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	return newApp().run(ctx, args, stdout, stderr)
}

func printUsage(w io.Writer, cmds []cli.Command) {
	cmds = slices.Clone(cmds)
	slices.SortFunc(cmds, func(a, b cli.Command) int { return strings.Compare(a.Name, b.Name) })
	var b strings.Builder
	b.WriteString("hallumaze: benchmarks of LLM hallucination and metacognition.\n\nUsage:\n  hallumaze <command> [flags]\n\nCommands:\n")
	for _, c := range cmds {
		fmt.Fprintf(&b, "  %-10s %s\n", c.Name, c.Summary)
	}
	b.WriteString("\nRun hallumaze <command> --help for the flags of a command; hallumaze --version for the version.\n")
	io.WriteString(w, b.String())
}
