package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strconv"

	"github.com/hallumaze/hallumaze/abstain"
)

// runAbstain dispatches the Missing Piece subcommands.
func runAbstain(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return usagef("abstain: want a subcommand: items or score (run hallumaze abstain items --help)")
	}
	switch args[0] {
	case "items":
		return runAbstainItems(args[1:], stdout)
	case "score":
		return runAbstainScore(args[1:], stdout)
	case "-h", "--help", "help":
		fmt.Fprintln(stdout, "Usage:\n  hallumaze abstain items [--seed S]                      print the standard items as JSONL\n  hallumaze abstain score --items I --responses R        score replies and print the score JSON")
		return errHelp
	}
	return usagef("abstain: unknown subcommand %q (want items or score)", args[0])
}

func runAbstainItems(args []string, stdout io.Writer) error {
	fs := newFlagSet("abstain items", "[--seed S]", stdout)
	seed := fs.String("seed", strconv.FormatUint(abstain.DefaultSeed, 10), "seed of the numbers and names; the default gives the standard 120 items")
	umwp := fs.String("umwp", "", "instead, map the UMWP data set (its StandardDataset.jsonl) onto the item schema")
	if err := parseFlags(fs, args, false); err != nil {
		return err
	}
	var items []abstain.Item
	if *umwp != "" {
		var err error
		if items, err = abstain.LoadUMWP(*umwp); err != nil {
			return usagef("abstain items: %v", err)
		}
	} else {
		s, err := strconv.ParseUint(*seed, 10, 64)
		if err != nil {
			return usagef("abstain items: --seed %q is not a number in 0..2^64-1", *seed)
		}
		items = abstain.Standard(s)
	}
	return abstain.WriteItems(stdout, items)
}

func runAbstainScore(args []string, stdout io.Writer) error {
	fs := newFlagSet("abstain score", "--items ITEMS.jsonl --responses RESPONSES.jsonl", stdout)
	itemsPath := fs.String("items", "", "the items (JSONL of the item schema; see hallumaze abstain items)")
	respPath := fs.String("responses", "", `the replies: JSONL of {"id": ..., "output": ...}`)
	if err := parseFlags(fs, args, false); err != nil {
		return err
	}
	if *itemsPath == "" || *respPath == "" {
		return usagef("abstain score: --items and --responses are required")
	}
	f, err := os.Open(*itemsPath)
	if err != nil {
		return usagef("abstain score: %v", err)
	}
	items, err := abstain.ReadItems(f)
	f.Close()
	if err != nil {
		return usagef("abstain score: %s: %v", *itemsPath, err)
	}
	g, err := os.Open(*respPath)
	if err != nil {
		return usagef("abstain score: %v", err)
	}
	responses, err := abstain.ReadResponses(g)
	g.Close()
	if err != nil {
		return usagef("abstain score: %s: %v", *respPath, err)
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(abstain.Score(items, responses))
}
