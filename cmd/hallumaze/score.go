package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/hallumaze/hallumaze/mazes"
)

// runScore scores a reply obtained elsewhere (a chat window, another
// harness) against a maze file and prints the score JSON.
func runScore(_ context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("score", "--maze MAZE.json --response REPLY.txt [--protocol oneshot]", stdout)
	mazePath := fs.String("maze", "", "the maze JSON (as printed by hallumaze maze --format json)")
	respPath := fs.String("response", "", "the model's reply, as plain text (- for standard input)")
	protocol := fs.String("protocol", "oneshot", "protocol of the reply: oneshot")
	if err := parseFlags(fs, args, false); err != nil {
		return err
	}
	if *mazePath == "" || *respPath == "" {
		return usagef("score: --maze and --response are required")
	}
	if p, err := mazes.ParseProtocol(*protocol); err != nil || p != mazes.OneShot {
		return usagef("score: --protocol %q: only oneshot replies can be scored from a file", *protocol)
	}
	f, err := os.Open(*mazePath)
	if err != nil {
		return usagef("score: %v", err)
	}
	defer f.Close()
	m, err := mazes.ReadJSON(f)
	if err != nil {
		return usagef("score: %s: %v", *mazePath, err)
	}
	reply, err := readInput(*respPath)
	if err != nil {
		return usagef("score: %v", err)
	}
	s := mazes.Score(m, mazes.ParseReply(string(reply)))
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(s); err != nil {
		return fmt.Errorf("score: %w", err)
	}
	return nil
}

// readInput reads a file, or standard input for "-".
func readInput(path string) ([]byte, error) {
	if path == "-" {
		return io.ReadAll(os.Stdin)
	}
	return os.ReadFile(path)
}
