package mazes

import (
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestGenerateShared: the kept maze is the one Generate makes, given again
// for the same spec (the same pointer) and not for another; bad specs are
// Generate's errors; many goroutines at once see the same mazes.
func TestGenerateShared(t *testing.T) {
	a, err := GenerateShared(7, 11, DFS)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := Generate(7, 11, DFS)
	if diff := cmp.Diff(want.Text(TextOptions{Mirage: true}), a.Text(TextOptions{Mirage: true})); diff != "" {
		t.Fatalf("shared maze differs from Generate's:\n%s", diff)
	}
	if b, _ := GenerateShared(7, 11, DFS); b != a {
		t.Fatal("the same spec gave another maze")
	}
	if c, _ := GenerateShared(7, 12, DFS); c == a {
		t.Fatal("another seed gave the kept maze")
	}
	if _, err := GenerateShared(1, 1, DFS); err == nil {
		t.Fatal("a size below the minimum was accepted")
	}
	for seed := range uint64(sharedCells/49 + 100) { // more 7×7 mazes than are kept
		if _, err := GenerateShared(7, 1000+seed, DFS); err != nil {
			t.Fatal(err)
		}
	}
	shared.Lock()
	cells := shared.cells
	shared.Unlock()
	if cells > sharedCells {
		t.Fatalf("%d cells kept, more than %d", cells, sharedCells)
	}
	if again, _ := GenerateShared(7, 11, DFS); again.Text(TextOptions{}) != want.Text(TextOptions{}) {
		t.Fatal("the maze made again after the cache was emptied differs")
	}
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 200 {
				seed := uint64((g + i) % 50)
				m, err := GenerateShared(9, seed, DFS)
				if err != nil || m.Seed() != seed || m.Size() != 9 {
					t.Errorf("seed %d: %v %v", seed, m, err)
					return
				}
			}
		}()
	}
	wg.Wait()
}
