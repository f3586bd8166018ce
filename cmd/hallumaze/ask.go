package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/hallumaze/hallumaze/mazes"
	"github.com/hallumaze/hallumaze/providers"
)

// askSettings asks for keys and settings (--interactive), the way the
// seed's interactive start did: each missing key (empty to skip), then the
// maze size and the number of runs, with the current value as default. An
// answer out of range is asked again. Keys typed here are used for this
// run only and never written anywhere. The caller makes sure in is a
// terminal.
func askSettings(o runOptions, cfg providers.Config, in io.Reader, out io.Writer) (runOptions, providers.Config, error) {
	r := bufio.NewReader(in)
	ask := func(prompt, def string) (string, error) {
		if def != "" {
			fmt.Fprintf(out, "%s [%s]: ", prompt, def)
		} else {
			fmt.Fprintf(out, "%s: ", prompt)
		}
		line, err := r.ReadString('\n')
		if err != nil && (line == "" || !errors.Is(err, io.EOF)) {
			if errors.Is(err, io.EOF) {
				return "", usagef("run: --interactive: no answer to %q (end of input)", prompt)
			}
			return "", fmt.Errorf("run: --interactive: read answer: %w", err)
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
		{"Anthropic API key (" + providers.EnvAnthropicKey + "; empty to skip)", &cfg.AnthropicAPIKey},
		{"OpenAI API key (" + providers.EnvOpenAIKey + "; empty to skip)", &cfg.OpenAIAPIKey},
		{"Google API key (" + providers.EnvGoogleKey + "; empty to skip)", &cfg.GoogleAPIKey},
		{"DeepSeek API key (" + providers.EnvDeepSeekKey + "; empty to skip)", &cfg.DeepSeekAPIKey},
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
	number := func(prompt, flag string, def, lo, hi int) (int, error) {
		const tries = 3
		for i := 0; ; i++ {
			v, err := ask(prompt, strconv.Itoa(def))
			if err != nil {
				return 0, err
			}
			n, err := intFlag(flag, v, lo, hi)
			if err == nil {
				return n, nil
			}
			if i == tries-1 {
				return 0, err
			}
			fmt.Fprintf(out, "  %v\n", err)
		}
	}
	var err error
	size, err := number("Maze size (5, 7, 9, 11)", "size", o.sizes[0], mazes.MinSize, mazes.MaxSize)
	o.sizes = []int{size}
	if err != nil {
		return o, cfg, err
	}
	if o.runs, err = number("Runs per model", "runs", o.runs, 1, 1_000_000); err != nil {
		return o, cfg, err
	}
	return o, cfg, nil
}
