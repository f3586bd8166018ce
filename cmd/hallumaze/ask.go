package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/hallumaze/hallumaze/internal/cli"
	"github.com/hallumaze/hallumaze/providers"
)

// askSettings asks for keys and settings (--interactive), the way the
// seed's interactive start did: each missing key (empty to skip), then the
// settings the run's suites ask for (the maze size and the number of
// runs), with the current value as default. An answer the suite refuses is
// asked again. Keys typed here are used for this run only and never
// written anywhere. The caller makes sure in is a terminal.
func (a *app) askSettings(o runOptions, cfg providers.Config, in io.Reader, out io.Writer) (providers.Config, error) {
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
				return "", cli.Usagef("run: --interactive: no answer to %q (end of input)", prompt)
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
			return cfg, err
		}
		*k.dst = v
	}
	for si, s := range o.suites {
		for _, q := range s.Asks {
			f := o.fs.Lookup(q.Flag)
			if f == nil {
				continue
			}
			const tries = 3
			for i := 0; ; i++ {
				v, err := ask(q.Prompt, f.Value.String())
				if err != nil {
					return cfg, err
				}
				err = o.fs.Set(q.Flag, v)
				if err == nil {
					_, err = o.plans[si]()
				}
				if err == nil {
					break
				}
				if i == tries-1 {
					return cfg, cli.Usagef("run: --interactive: %v", err)
				}
				fmt.Fprintf(out, "  %v\n", err)
			}
		}
	}
	return cfg, nil
}
