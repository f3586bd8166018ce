// Package cli holds what hallumaze's subcommands share, wherever they are
// defined (the command itself, or a suite's own tools): usage errors that
// exit 2, flag sets that report instead of exiting, the checks every file
// written or read on the user's behalf passes through.
package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
)

// Command is one subcommand: hallumaze <Name> [args].
type Command struct {
	Name    string
	Summary string
	Run     func(ctx context.Context, args []string, stdout, stderr io.Writer) error
}

// UsageError marks an error as the user's (a bad flag, argument or input
// file): the command exits 2.
type UsageError struct{ Err error }

func (e UsageError) Error() string { return e.Err.Error() }
func (e UsageError) Unwrap() error { return e.Err }

// Usagef returns a usage error with a formatted message.
func Usagef(format string, args ...any) error {
	return UsageError{fmt.Errorf(format, args...)}
}

// IsUsage reports whether err is, or wraps, a usage error.
func IsUsage(err error) bool {
	var ue UsageError
	return errors.As(err, &ue)
}

// ErrHelp reports that help was printed at the user's request: exit 0.
var ErrHelp = errors.New("help requested")

// FlagSet is a flag.FlagSet that reports errors instead of exiting, prints
// nothing on a bad flag (the error line says it all) and prints its help to
// the command's stdout on -h or --help.
type FlagSet struct {
	*flag.FlagSet
	synopsis string
	help     io.Writer
}

// NewFlagSet is the flag set of "hallumaze <name> <synopsis>".
func NewFlagSet(name, synopsis string, help io.Writer) *FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return &FlagSet{FlagSet: fs, synopsis: synopsis, help: help}
}

// PrintHelp writes the usage line and the flags.
func (fs *FlagSet) PrintHelp() {
	fmt.Fprintf(fs.help, "Usage: hallumaze %s %s\n\nFlags:\n", fs.Name(), fs.synopsis)
	fs.SetOutput(fs.help)
	fs.PrintDefaults()
	fs.SetOutput(io.Discard)
}

// Parse parses args and turns flag errors into one-line usage errors.
// Positional arguments are not allowed unless allowArgs.
func (fs *FlagSet) Parse(args []string, allowArgs bool) error {
	err := fs.FlagSet.Parse(args)
	if errors.Is(err, flag.ErrHelp) {
		fs.PrintHelp()
		return ErrHelp
	}
	if err != nil {
		return UsageError{fmt.Errorf("%s: %s", fs.Name(), FirstLine(err.Error()))}
	}
	if !allowArgs && fs.NArg() > 0 {
		return Usagef("%s: unexpected argument %q", fs.Name(), fs.Arg(0))
	}
	return nil
}

// FirstLine is s up to its first newline.
func FirstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}
