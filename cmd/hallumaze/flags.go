package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
)

// flagSet is a flag.FlagSet that reports errors instead of exiting, prints
// nothing on a bad flag (the error line says it all) and prints its help to
// the command's stdout on -h or --help.
type flagSet struct {
	*flag.FlagSet
	synopsis string
	help     io.Writer
}

func newFlagSet(name, synopsis string, help io.Writer) *flagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return &flagSet{FlagSet: fs, synopsis: synopsis, help: help}
}

func (fs *flagSet) printHelp() {
	fmt.Fprintf(fs.help, "Usage: hallumaze %s %s\n\nFlags:\n", fs.Name(), fs.synopsis)
	fs.SetOutput(fs.help)
	fs.PrintDefaults()
	fs.SetOutput(io.Discard)
}

// parseFlags parses args and turns flag errors into one-line usage errors.
// Positional arguments are not allowed unless allowArgs.
func parseFlags(fs *flagSet, args []string, allowArgs bool) error {
	err := fs.Parse(args)
	if errors.Is(err, flag.ErrHelp) {
		fs.printHelp()
		return errHelp
	}
	if err != nil {
		return usageError{fmt.Errorf("%s: %s", fs.Name(), firstLine(err.Error()))}
	}
	if !allowArgs && fs.NArg() > 0 {
		return usagef("%s: unexpected argument %q", fs.Name(), fs.Arg(0))
	}
	return nil
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}
