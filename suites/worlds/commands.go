package worlds

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/hallumaze/hallumaze/internal/cli"
	"github.com/hallumaze/hallumaze/internal/responses"
	hw "github.com/hallumaze/hallumaze/worlds"
	"github.com/hallumaze/hallumaze/worlds/grid"
)

// commands is hallumaze worlds probes|score|show.
func commands() []cli.Command {
	return []cli.Command{{Name: "worlds", Summary: "HalluWorld: print probes, score replies, show a level in each view", Run: runWorlds}}
}

func runWorlds(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return cli.Usagef("worlds: want a subcommand: probes, score or show (run hallumaze worlds --help)")
	}
	switch args[0] {
	case "probes":
		return runProbes(args[1:], stdout)
	case "score":
		return runScore(args[1:], stdout)
	case "show":
		return runShow(args[1:], stdout)
	case "-h", "--help", "help":
		fmt.Fprint(stdout, `Usage:
  hallumaze worlds probes [--world W] [--level K] [--view V] [--seed N] [--category C]
                                  print probe records as JSONL (default: every standard set)
  hallumaze worlds score --probes F --responses R
                                  score replies ({"id", "output"} per line) and print the score JSON
  hallumaze worlds show --world W --level K [--seed N]
                                  print one level in each of its views, for a person
`)
		return cli.ErrHelp
	}
	return cli.Usagef("worlds: unknown subcommand %q (want probes, score or show)", args[0])
}

func runProbes(args []string, stdout io.Writer) error {
	fs := cli.NewFlagSet("worlds probes", "[--world W] [--level K] [--view V] [--seed N] [--category C]", stdout)
	w := fs.String("world", "", "worlds, comma-separated: grid, chess, terminal (default all)")
	level := fs.String("level", "", "levels, comma-separated (default: each world's standard set)")
	view := fs.String("view", "", "keep only these views, comma-separated")
	seed := fs.String("seed", "", "with --level, the seeds, comma-separated (default: the level's standard seeds, else 1)")
	cat := fs.String("category", "", "keep only these categories: P, M, C, U, X")
	if err := fs.Parse(args, false); err != nil {
		return err
	}
	sel, err := parseSelection(*w, *level, *view, *cat, *seed)
	if err != nil {
		return cli.Usagef("worlds probes: %v", err)
	}
	probes, err := sel.probes()
	if err != nil {
		return cli.Usagef("worlds probes: %v", err)
	}
	out := make([]hw.Probe, len(probes))
	for i, p := range probes {
		out[i] = p.probe
	}
	return hw.WriteProbes(stdout, out)
}

// maxFile bounds a probe or response file.
const maxFile = 256 << 20

func runScore(args []string, stdout io.Writer) error {
	fs := cli.NewFlagSet("worlds score", "--probes PROBES.jsonl --responses RESPONSES.jsonl", stdout)
	probesPath := fs.String("probes", "", "the probe records (JSONL, as hallumaze worlds probes prints them)")
	respPath := fs.String("responses", "", `the replies: JSONL of {"id": ..., "output": ...}`)
	if err := fs.Parse(args, false); err != nil {
		return err
	}
	if *probesPath == "" || *respPath == "" {
		return cli.Usagef("worlds score: --probes and --responses are required")
	}
	data, err := cli.ReadInput(*probesPath, os.Stdin, maxFile)
	if err != nil {
		return cli.Usagef("worlds score: %v", err)
	}
	probes, err := hw.ReadProbes(bytes.NewReader(data))
	if err != nil {
		return cli.Usagef("worlds score: %s: %v", *probesPath, err)
	}
	data, err = cli.ReadInput(*respPath, os.Stdin, maxFile)
	if err != nil {
		return cli.Usagef("worlds score: %v", err)
	}
	responses, err := responses.Read(bytes.NewReader(data))
	if err != nil {
		return cli.Usagef("worlds score: %s: %v", *respPath, err)
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(hw.Score(probes, responses))
}

func runShow(args []string, stdout io.Writer) error {
	fs := cli.NewFlagSet("worlds show", "--world W --level K [--seed N]", stdout)
	name := fs.String("world", "grid", "the world: grid, chess or terminal")
	level := fs.String("level", "", "the level (default the world's first)")
	seed := fs.String("seed", "", "the seed (default: the level's first standard seed, else 1)")
	levelFile := fs.String("level-file", "", "a grid level file in HalluWorld's level format (its InNav file <name>.innav.json beside it is read when present): show its walk's set-up and first observation in each view")
	if err := fs.Parse(args, false); err != nil {
		return err
	}
	if *levelFile != "" {
		return showLevelFile(stdout, *name, *level, *levelFile, *seed)
	}
	w, err := world(*name)
	if err != nil {
		return cli.Usagef("worlds show: --world: %v", err)
	}
	l := *level
	if l == "" {
		l = w.Levels()[0]
	}
	var s uint64
	if *seed != "" {
		if s, err = cli.Seed("seed", *seed); err != nil {
			return cli.Usagef("worlds show: %v", err)
		}
	} else {
		std, err := standard(w)
		if err != nil {
			return err
		}
		s = standardSeeds(std, l)[0]
	}
	if err := w.Show(stdout, l, s); err != nil {
		return cli.Usagef("worlds show: %v", err)
	}
	return nil
}

// showLevelFile is worlds show --level-file: a custom grid level's walk
// as hallumaze run --suite innav --level-file plays it.
func showLevelFile(stdout io.Writer, world, level, file, seed string) error {
	if world != hw.Grid {
		return cli.Usagef("worlds show: --level-file is a grid level, not a %s one", world)
	}
	if level != "" {
		return cli.Usagef("worlds show: --level-file and --level exclude each other")
	}
	var s uint64
	if seed != "" {
		var err error
		if s, err = cli.Seed("seed", seed); err != nil {
			return cli.Usagef("worlds show: %v", err)
		}
	}
	sp, err := grid.ReadNavLevel(file, s, "")
	if err != nil {
		return cli.Usagef("worlds show: --level-file: %v", err)
	}
	return grid.ShowNav(stdout, sp)
}
