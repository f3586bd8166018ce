package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/hallumaze/hallumaze/mazes"
	"github.com/hallumaze/hallumaze/providers"
)

// askSettings asks for keys and settings on a terminal (--interactive).
// Keys typed here are used for this run only and never written anywhere.
func askSettings(o runOptions, cfg providers.Config, in *os.File, out io.Writer) (runOptions, providers.Config, error) {
	if st, err := in.Stat(); err != nil || st.Mode()&os.ModeCharDevice == 0 {
		return o, cfg, usagef("run: --interactive needs a terminal to ask on; set keys in the environment or pass --config instead")
	}
	r := bufio.NewReader(in)
	ask := func(prompt, def string) (string, error) {
		if def != "" {
			fmt.Fprintf(out, "%s [%s]: ", prompt, def)
		} else {
			fmt.Fprintf(out, "%s: ", prompt)
		}
		line, err := r.ReadString('\n')
		if err != nil && line == "" {
			return "", fmt.Errorf("run: --interactive: %w", err)
		}
		line = strings.TrimSpace(line)
		if line == "" {
			return def, nil
		}
		return line, nil
	}
	keys := []struct {
		label string
		dst   *string
	}{
		{"Anthropic API key (empty to skip)", &cfg.AnthropicAPIKey},
		{"OpenAI API key (empty to skip)", &cfg.OpenAIAPIKey},
		{"Google API key (empty to skip)", &cfg.GoogleAPIKey},
		{"DeepSeek API key (empty to skip)", &cfg.DeepSeekAPIKey},
	}
	for _, k := range keys {
		if *k.dst != "" {
			continue
		}
		v, err := ask(k.label, "")
		if err != nil {
			return o, cfg, err
		}
		*k.dst = v
	}
	size, err := ask("Maze size (5, 7, 9, 11)", strconv.Itoa(o.size))
	if err != nil {
		return o, cfg, err
	}
	if o.size, err = intFlag("size", size, mazes.MinSize, mazes.MaxSize); err != nil {
		return o, cfg, err
	}
	runs, err := ask("Runs per model", strconv.Itoa(o.runs))
	if err != nil {
		return o, cfg, err
	}
	if o.runs, err = intFlag("runs", runs, 1, 1_000_000); err != nil {
		return o, cfg, err
	}
	return o, cfg, nil
}
