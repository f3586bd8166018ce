package abstain

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strconv"

	mp "github.com/hallumaze/hallumaze/abstain"
	"github.com/hallumaze/hallumaze/internal/cli"
	"github.com/hallumaze/hallumaze/internal/files"
	"github.com/hallumaze/hallumaze/internal/responses"
)

// commands is hallumaze abstain items|score.
func commands() []cli.Command {
	return []cli.Command{{Name: "abstain", Summary: "Missing Piece: print the items, score replies", Run: runAbstain}}
}

// runAbstain dispatches the Missing Piece subcommands.
func runAbstain(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return cli.Usagef("abstain: want a subcommand: items or score (run hallumaze abstain items --help)")
	}
	switch args[0] {
	case "items":
		return runAbstainItems(args[1:], stdout)
	case "score":
		return runAbstainScore(args[1:], stdout)
	case "-h", "--help", "help":
		fmt.Fprintln(stdout, "Usage:\n  hallumaze abstain items [--seed S]                      print the standard items as JSONL\n  hallumaze abstain score --items I --responses R        score replies and print the score JSON")
		return cli.ErrHelp
	}
	return cli.Usagef("abstain: unknown subcommand %q (want items or score)", args[0])
}

func runAbstainItems(args []string, stdout io.Writer) error {
	fs := cli.NewFlagSet("abstain items", "[--seed S]", stdout)
	seed := fs.String("seed", strconv.FormatUint(mp.DefaultSeed, 10), "seed of the numbers and names; the default gives the standard 120 items")
	umwp := fs.String("umwp", "", "instead, map the UMWP data set (its StandardDataset.jsonl) onto the item schema")
	if err := fs.Parse(args, false); err != nil {
		return err
	}
	var items []mp.Item
	if *umwp != "" {
		var err error
		if items, err = loadUMWP(*umwp); err != nil {
			return cli.Usagef("abstain items: %v", err)
		}
	} else {
		s, err := cli.Seed("seed", *seed)
		if err != nil {
			return cli.Usagef("abstain items: %v", err)
		}
		items = mp.Standard(s)
	}
	return mp.WriteItems(stdout, items)
}

func runAbstainScore(args []string, stdout io.Writer) error {
	fs := cli.NewFlagSet("abstain score", "--items ITEMS.jsonl --responses RESPONSES.jsonl", stdout)
	itemsPath := fs.String("items", "", "the items (JSONL of the item schema; see hallumaze abstain items)")
	respPath := fs.String("responses", "", `the replies: JSONL of {"id": ..., "output": ...}`)
	if err := fs.Parse(args, false); err != nil {
		return err
	}
	if *itemsPath == "" || *respPath == "" {
		return cli.Usagef("abstain score: --items and --responses are required")
	}
	f, err := files.Open(*itemsPath)
	if err != nil {
		return cli.Usagef("abstain score: %v", err)
	}
	items, err := mp.ReadItems(f)
	f.Close()
	if err != nil {
		return cli.Usagef("abstain score: %s: %v", *itemsPath, err)
	}
	if len(items) == 0 {
		return cli.Usagef("abstain score: %s holds no item", *itemsPath)
	}
	g, err := files.Open(*respPath)
	if err != nil {
		return cli.Usagef("abstain score: %v", err)
	}
	responses, err := responses.Read(g)
	g.Close()
	if err != nil {
		return cli.Usagef("abstain score: %s: %v", *respPath, err)
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(mp.Score(items, responses))
}
