package main

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/hallumaze/hallumaze/suites"
)

// selfCommand is how the user ran hallumaze, for the commands it prints
// for them to run: the name it was found by on PATH ("hallumaze"), the
// path it was run by ("bin/hallumaze"), or, under go run (a binary in the
// go command's temporary build folder), go run ./cmd/hallumaze from a
// checkout and go run of the module's command elsewhere.
func selfCommand(arg0 string, inCheckout bool) string {
	if strings.Contains(filepath.ToSlash(arg0), "/go-build") {
		if inCheckout {
			return "go run ./cmd/hallumaze"
		}
		return "go run github.com/hallumaze/hallumaze/cmd/hallumaze@latest"
	}
	if arg0 == "" {
		return "hallumaze"
	}
	return suites.ShellQuote(arg0)
}

// self is how the running command was invoked (see selfCommand).
func (a *app) selfName() string {
	if a.self != "" {
		return a.self
	}
	_, err := os.Stat(filepath.Join("cmd", "hallumaze", "main.go"))
	arg0 := ""
	if len(os.Args) > 0 {
		arg0 = os.Args[0]
	}
	return selfCommand(arg0, err == nil)
}

// recorder is the record command the app prints for missing cassettes of
// the folder root.
func (a *app) recorder(root string) suites.RecordCommand {
	return suites.RecordCommand{Suites: a.suites, Root: root, Self: a.selfName()}
}
