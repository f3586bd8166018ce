package maze

import (
	"sync"
	"testing"

	"github.com/hallumaze/hallumaze/mazes"
)

// TestOneShotPrompt: the kept prompt of a case is the one BuildPrompt
// makes, for framings of every kind, asked once or again, from many
// goroutines at once, and past the number kept.
func TestOneShotPrompt(t *testing.T) {
	var specs []Spec
	for seed := range uint64(40) {
		specs = append(specs,
			Spec{Size: 5, Seed: seed}.Normal(),
			Spec{Size: 6, Seed: seed, Lang: mazes.Korean, NoMirage: true}.Normal(),
			Spec{Size: 5, Seed: seed, NoConf: true, Run: 2}.Normal())
	}
	check := func(spec Spec) {
		m, err := mazes.GenerateShared(spec.Size, spec.Seed, spec.Algorithm)
		if err != nil {
			t.Error(err)
			return
		}
		opt := spec.Prompt()
		if got, want := oneShotPrompt(m, opt, spec), mazes.BuildPrompt(m, opt); got != want {
			t.Errorf("%s: the kept prompt differs from BuildPrompt's", spec.Name())
		}
	}
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 2 {
				for _, s := range specs {
					check(s)
				}
			}
		}()
	}
	wg.Wait()
	for seed := range uint64(promptsKept + 10) { // past the number kept
		check(Spec{Size: 5, Seed: 1000 + seed}.Normal())
	}
	prompts.Lock()
	n := len(prompts.bySpec)
	prompts.Unlock()
	if n > promptsKept {
		t.Fatalf("%d prompts kept, more than %d", n, promptsKept)
	}
}
