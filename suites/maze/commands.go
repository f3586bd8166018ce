package maze

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strconv"

	"github.com/hallumaze/hallumaze/internal/cli"
	"github.com/hallumaze/hallumaze/internal/files"
	"github.com/hallumaze/hallumaze/mazes"
	"github.com/hallumaze/hallumaze/mazes/lenient"
)

// commands are hallumaze maze (print one maze) and hallumaze score (score
// a reply obtained elsewhere against a maze file).
func commands() []cli.Command {
	return []cli.Command{
		{Name: "maze", Summary: "print one maze (text, JSON, ASCII or SVG)", Run: runMaze},
		{Name: "score", Summary: "score a reply obtained elsewhere against a maze file", Run: runScore},
	}
}

func runMaze(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) > 0 && args[0] == "import" {
		return runMazeImport(ctx, args[1:], stdout, stderr)
	}
	fs := cli.NewFlagSet("maze", "--size N --seed S [flags]  |  hallumaze maze import --from ascii|adjlist [FILE]", stdout)
	size := fs.String("size", "7", "side `N` of the maze, 2..1001")
	seed := fs.String("seed", "42", "seed `S` of the maze, 0..2^64-1")
	alg := fs.String("algorithm", "dfs", "generator: dfs (the seed's backtracker) or wilson (uniform spanning tree)")
	format := fs.String("format", "text", "output: text (the prompt encoding), json, ascii or svg")
	noMirage := fs.Bool("no-mirage", false, "leave out the Linguistic Mirage lure sentences (text format)")
	lang := fs.String("lang", "en", "language of the text and lure sentences: en or ko")
	solution := fs.Bool("solution", false, "mark the solution and traps in ascii and svg drawings")
	if err := fs.Parse(args, false); err != nil {
		return err
	}
	n, err := strconv.Atoi(*size)
	if err != nil {
		return cli.Usagef("maze: --size %q is not a number", *size)
	}
	if n < mazes.MinSize || n > mazes.MaxSize {
		return cli.Usagef("maze: --size %d out of range %d..%d", n, mazes.MinSize, mazes.MaxSize)
	}
	s, err := cli.Seed("seed", *seed)
	if err != nil {
		return cli.Usagef("maze: %v", err)
	}
	algorithm, err := mazes.ParseAlgorithm(*alg)
	if err != nil {
		return cli.Usagef("maze: --algorithm: %v", err)
	}
	l, err := mazes.ParseLang(*lang)
	if err != nil {
		return cli.Usagef("maze: --lang: %v", err)
	}
	switch *format {
	case "text", "json", "ascii", "svg":
	default:
		return cli.Usagef("maze: unknown --format %q (want text, json, ascii or svg)", *format)
	}
	m, err := mazes.Generate(n, s, algorithm)
	if err != nil {
		return err
	}
	draw := mazes.DrawOptions{Solution: *solution, Traps: *solution}
	switch *format {
	case "json":
		_, err = stdout.Write(m.JSON(l))
	case "ascii":
		_, err = io.WriteString(stdout, m.ASCII(draw))
	case "svg":
		err = m.WriteSVG(stdout, mazes.SVGOptions{DrawOptions: draw})
	default:
		_, err = io.WriteString(stdout, m.Text(mazes.TextOptions{Lang: l, Mirage: !*noMirage}))
	}
	return err
}

// runMazeImport reads a maze in one of the text forms of the maze-dataset
// Python library and prints it in hallumaze's own forms, the maze JSON by
// default, so that hallumaze score can score a transcript from another maze
// benchmark. What the reader assumed or found wrong (ends taken as the
// corners, a maze that is not perfect) is printed on stderr as warnings;
// the maze is printed all the same.
func runMazeImport(_ context.Context, args []string, stdout, stderr io.Writer) error {
	fs := cli.NewFlagSet("maze import", "--from ascii|adjlist [--format json|text|ascii|svg] [FILE|-]", stdout)
	from := fs.String("from", "", "the form of the input: ascii (maze-dataset's as_ascii grid: # walls, S, E, X) or adjlist (its adjacency-list tokens: (r,c) <--> (r,c) ; or the cardinal form (r,c) <--> NORTH ; ... with ORIGIN, TARGET and PATH)")
	format := fs.String("format", "json", "output: json (the maze JSON), text (the prompt encoding), ascii or svg")
	lang := fs.String("lang", "en", "language of the text format: en or ko")
	if err := fs.Parse(args, true); err != nil {
		return err
	}
	read := map[string]func(io.Reader) (*mazes.Imported, error){
		"ascii":   mazes.ReadMazeDatasetASCII,
		"adjlist": mazes.ReadMazeDatasetAdjList,
	}[*from]
	if read == nil {
		return cli.Usagef("maze import: --from %q: want ascii or adjlist", *from)
	}
	switch *format {
	case "json", "text", "ascii", "svg":
	default:
		return cli.Usagef("maze import: unknown --format %q (want json, text, ascii or svg)", *format)
	}
	l, err := mazes.ParseLang(*lang)
	if err != nil {
		return cli.Usagef("maze import: --lang: %v", err)
	}
	if fs.NArg() > 1 {
		return cli.Usagef("maze import: one input file at most, got %d", fs.NArg())
	}
	path := "-"
	if fs.NArg() == 1 {
		path = fs.Arg(0)
	}
	data, err := cli.ReadInput(path, os.Stdin, maxImportBytes)
	if err != nil {
		return cli.Usagef("maze import: %v", err)
	}
	imp, err := read(bytes.NewReader(data))
	if err != nil {
		return cli.Usagef("maze import: %s: %v", path, err)
	}
	fmt.Fprintf(stderr, "hallumaze: maze import: read %s, %d×%d\n", imp.Form, imp.Maze.Size(), imp.Maze.Size())
	for i, w := range imp.Warnings {
		if i == maxWarnings {
			fmt.Fprintf(stderr, "hallumaze: maze import: and %d more warnings\n", len(imp.Warnings)-i)
			break
		}
		fmt.Fprintf(stderr, "hallumaze: maze import: warning: %s\n", w)
	}
	m := imp.Maze
	switch *format {
	case "text":
		_, err = io.WriteString(stdout, m.Text(mazes.TextOptions{Lang: l}))
	case "ascii":
		_, err = io.WriteString(stdout, m.ASCII(mazes.DrawOptions{Solution: true}))
	case "svg":
		err = m.WriteSVG(stdout, mazes.SVGOptions{DrawOptions: mazes.DrawOptions{Solution: true}})
	default:
		_, err = stdout.Write(m.JSON(l))
	}
	return err
}

// maxWarnings is how many warnings maze import prints; the rest are
// counted.
const maxWarnings = 10

// maxImportBytes bounds a maze file to import: what the importer reads, the
// largest maze in either text form.
const maxImportBytes = mazes.MaxImport

// runScore scores a reply obtained elsewhere (a chat window, another
// harness) against a maze file and prints the score JSON.
func runScore(_ context.Context, args []string, stdout, stderr io.Writer) error {
	fs := cli.NewFlagSet("score", "--maze MAZE.json --response REPLY.txt [--protocol oneshot]", stdout)
	mazePath := fs.String("maze", "", "the maze JSON (as printed by hallumaze maze --format json)")
	respPath := fs.String("response", "", "the model's reply, as plain text (- for standard input)")
	protocol := fs.String("protocol", "oneshot", "protocol of the reply: oneshot")
	tier := fs.String("tier", "strict", "reading of the reply: strict (the output contract) or lenient (moves and paths stated in prose too; the scores keep the same keys, with form and format added)")
	if err := fs.Parse(args, false); err != nil {
		return err
	}
	if *mazePath == "" || *respPath == "" {
		return cli.Usagef("score: --maze and --response are required")
	}
	if p, err := mazes.ParseProtocol(*protocol); err != nil || p != mazes.OneShot {
		return cli.Usagef("score: --protocol %q: only oneshot replies can be scored from a file", *protocol)
	}
	f, err := files.Open(*mazePath)
	if err != nil {
		return cli.Usagef("score: %v", err)
	}
	defer f.Close()
	m, err := mazes.ReadJSON(f)
	if err != nil {
		return cli.Usagef("score: %s: %v", *mazePath, err)
	}
	reply, err := cli.ReadPrefix(*respPath, os.Stdin, mazes.MaxReply+1)
	if err != nil {
		return cli.Usagef("score: %v", err)
	}
	t, err := mazes.ParseTier(*tier)
	if err != nil {
		return cli.Usagef("score: --tier: %v", err)
	}
	var s any = mazes.Score(m, mazes.ParseReply(string(reply)))
	if t == mazes.Lenient {
		s = lenient.Score(m, string(reply))
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(s); err != nil {
		return fmt.Errorf("score: %w", err)
	}
	return nil
}
