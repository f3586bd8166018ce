package main

import (
	"context"
	"io"
	"strconv"

	"github.com/hallumaze/hallumaze/mazes"
)

func runMaze(_ context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("maze", "--size N --seed S [flags]", stdout)
	size := fs.String("size", "7", "side `N` of the maze, 2..1001")
	seed := fs.String("seed", "42", "seed `S` of the maze, 0..2^64-1")
	alg := fs.String("algorithm", "dfs", "generator: dfs (the seed's backtracker) or wilson (uniform spanning tree)")
	format := fs.String("format", "text", "output: text (the prompt encoding), json, ascii or svg")
	noMirage := fs.Bool("no-mirage", false, "leave out the Linguistic Mirage lure sentences (text format)")
	lang := fs.String("lang", "en", "language of the text and lure sentences: en or ko")
	solution := fs.Bool("solution", false, "mark the solution and traps in ascii and svg drawings")
	if err := parseFlags(fs, args, false); err != nil {
		return err
	}
	n, err := strconv.Atoi(*size)
	if err != nil {
		return usagef("maze: --size %q is not a number", *size)
	}
	if n < mazes.MinSize || n > mazes.MaxSize {
		return usagef("maze: --size %d out of range %d..%d", n, mazes.MinSize, mazes.MaxSize)
	}
	s, err := strconv.ParseUint(*seed, 10, 64)
	if err != nil {
		return usagef("maze: --seed %q is not a number in 0..2^64-1", *seed)
	}
	algorithm, err := mazes.ParseAlgorithm(*alg)
	if err != nil {
		return usagef("maze: --algorithm: %v", err)
	}
	l, err := mazes.ParseLang(*lang)
	if err != nil {
		return usagef("maze: --lang: %v", err)
	}
	switch *format {
	case "text", "json", "ascii", "svg":
	default:
		return usagef("maze: unknown --format %q (want text, json, ascii or svg)", *format)
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
