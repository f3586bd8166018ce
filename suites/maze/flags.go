package maze

import (
	"context"
	"flag"
	"fmt"
	"iter"
	"slices"
	"strconv"
	"strings"

	"github.com/hallumaze/hallumaze/bench"
	"github.com/hallumaze/hallumaze/internal/cli"
	"github.com/hallumaze/hallumaze/mazes"
)

// declareFlags declares the maze flags of hallumaze run: the seed's --size,
// --runs, --seed, --group, --no-mirage and --no-confidence, and --lang,
// --protocol and --algorithm.
func declareFlags(fs *flag.FlagSet) func() (iter.Seq[bench.Case], error) {
	var size, runs, seed, group, lang, protocol, alg string
	var noMirage, noConf bool
	fs.StringVar(&size, "size", "7", "maze size N, an N×N maze (2..1001; the seed uses 5, 7, 9, 11), or a comma-separated list of sizes (5,7,9,11)")
	fs.StringVar(&runs, "runs", "1", "runs per model: with --seed, the same maze N times (repeated samples); without, N different mazes (seeds 1..N)")
	fs.StringVar(&seed, "seed", "", "maze seed (0..2^64-1): every run plays this maze")
	fs.StringVar(&group, "group", "A", "Ariadne's Thread group: A (pure, the un-hinted control), B (hints when triggered), C (hints at every trigger); naming any group, A included, plays the interactive protocol, where hints can be given")
	fs.BoolVar(&noMirage, "no-mirage", false, "leave out the Linguistic Mirage lures")
	fs.BoolVar(&noConf, "no-confidence", false, "do not ask for confidences (CE is then undefined)")
	fs.StringVar(&lang, "lang", "en", "prompt language: en or ko")
	fs.StringVar(&protocol, "protocol", "oneshot", "maze protocol: oneshot (the whole walk in one reply) or interactive (one move per turn)")
	fs.StringVar(&alg, "algorithm", "dfs", "maze generator: dfs or wilson")
	return func() (iter.Seq[bench.Case], error) {
		set := map[string]bool{}
		fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
		p := plan{runs: 1}
		for _, part := range strings.Split(size, ",") {
			n, err := intFlag("size", strings.TrimSpace(part), mazes.MinSize, mazes.MaxSize)
			if err != nil {
				return nil, err
			}
			if slices.Contains(p.sizes, n) {
				return nil, fmt.Errorf("--size %d given twice", n)
			}
			p.sizes = append(p.sizes, n)
		}
		var err error
		if p.runs, err = intFlag("runs", runs, 1, 1_000_000); err != nil {
			return nil, err
		}
		if seed != "" {
			if p.seed, err = cli.Seed("seed", seed); err != nil {
				return nil, err
			}
			p.seedGiven = true
		}
		if _, err := mazes.ParseAriadneGroup(group); err != nil {
			return nil, fmt.Errorf("--group: %v", err)
		}
		s := Spec{Group: group, NoMirage: noMirage, NoConf: noConf}
		if s.Lang, err = mazes.ParseLang(lang); err != nil {
			return nil, fmt.Errorf("--lang: %v", err)
		}
		if s.Protocol, err = mazes.ParseProtocol(protocol); err != nil {
			return nil, fmt.Errorf("--protocol: %v", err)
		}
		// The Ariadne experiment compares groups on one protocol, the
		// interactive one (hints are answers to moves): a --group given,
		// A included, puts the run there, so that A is the un-hinted
		// control of B and C. Without --group the run is the seed's
		// one-shot default.
		if set["group"] {
			if set["protocol"] && s.Protocol != mazes.Interactive {
				return nil, fmt.Errorf("--group %s plays interactively: drop --protocol %s or use --protocol interactive", group, s.Protocol)
			}
			s.Protocol = mazes.Interactive
		}
		if s.Algorithm, err = mazes.ParseAlgorithm(alg); err != nil {
			return nil, fmt.Errorf("--algorithm: %v", err)
		}
		s.Size = p.sizes[0]
		p.framing = s
		// Every run shares the framing; the first tells whether it holds.
		if _, err := NewCase(p.spec(0, p.sizes[0])); err != nil {
			return nil, err
		}
		return p.cases, nil
	}
}

// plan is the cases of a run, built one at a time as the sweep reaches
// them: a run of a million mazes holds one maze per case in flight, not a
// million.
type plan struct {
	framing   Spec // Size, Seed and Run vary
	sizes     []int
	runs      int
	seed      uint64
	seedGiven bool
}

// spec is the maze of run r (0-based) at size n: with --seed, the same
// maze every run (sample r); without, the maze of seed r+1.
func (p plan) spec(r, n int) Spec {
	s := p.framing
	s.Size = n
	if p.seedGiven {
		s.Seed, s.Run = p.seed, r
	} else {
		s.Seed = uint64(r + 1)
	}
	return s
}

// cases yields the run's cases, size by size, each maze generated only
// when its case is played (its time counts in the case's duration).
func (p plan) cases(yield func(bench.Case) bool) {
	for _, n := range p.sizes {
		for r := 0; r < p.runs; r++ {
			spec := p.spec(r, n)
			c := bench.Case{
				Suite: Name,
				Name:  spec.Name(),
				Tags:  spec.Tags(),
				Play: func(ctx context.Context, chat *bench.Chat) (bench.Outcome, error) {
					c, err := NewCase(spec)
					if err != nil {
						return bench.Outcome{}, err
					}
					return c.Play(ctx, chat)
				},
			}
			if !yield(c) {
				return
			}
		}
	}
}

// intFlag parses an integer flag within [lo, hi].
func intFlag(name, value string, lo, hi int) (int, error) {
	n, err := strconv.Atoi(strings.TrimSpace(value))
	if err != nil {
		return 0, fmt.Errorf("--%s %q is not a number", name, value)
	}
	if n < lo || n > hi {
		return 0, fmt.Errorf("--%s %d out of range %d..%d", name, n, lo, hi)
	}
	return n, nil
}
