package mazes

import "sync"

// sharedCells bounds the mazes GenerateShared keeps, in cells: some
// thirteen hundred 7×7 mazes, a megabyte or two. A run plays the mazes
// model after model, so a maze is asked for again only when the run's
// mazes fit; a longer run finds none kept and keeps little.
const sharedCells = 1 << 16

// shared holds the mazes GenerateShared made, by spec; it is emptied when
// it would pass sharedCells.
var shared struct {
	sync.Mutex
	mazes map[sharedKey]*Maze
	cells int
}

type sharedKey struct {
	n    int
	seed uint64
	alg  Algorithm
}

// GenerateShared is Generate, the maze kept and given again to a caller
// that asks for the same one while it is kept: a run plays each maze once
// per model, and a Maze is immutable.
func GenerateShared(n int, seed uint64, alg Algorithm) (*Maze, error) {
	k := sharedKey{n, seed, alg}
	shared.Lock()
	m, ok := shared.mazes[k]
	shared.Unlock()
	if ok {
		return m, nil
	}
	m, err := Generate(n, seed, alg)
	if err != nil {
		return nil, err
	}
	shared.Lock()
	defer shared.Unlock()
	if shared.mazes == nil || shared.cells+n*n > sharedCells {
		shared.mazes, shared.cells = map[sharedKey]*Maze{}, 0
	}
	shared.mazes[k] = m
	shared.cells += n * n
	return m, nil
}
