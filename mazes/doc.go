// Package mazes is the HalluMaze reference world: perfect N×N text mazes,
// their unique solution, Linguistic Mirage traps, and the encodings a model
// and a person see (the prompt text, JSON, ASCII and SVG drawings).
//
// A maze is a spanning tree of the grid graph: exactly N²−1 open passages,
// every cell reachable, no cycle. Exactly one simple path joins any two
// cells, so a model that walks through a wall or takes a wrong turn can only
// reach the exit again by noticing and undoing its error. That is what the
// benchmark measures.
//
// Coordinates follow the normative definitions: a cell is (r,c), r the row
// counted from 0 at the top, c the column from 0 at the left. START is (0,0)
// and EXIT is (N−1,N−1) unless a maze names other cells (GenerateWithEnds,
// the maze JSON's start and exit). Directions are N=(r−1,c), E=(r,c+1),
// S=(r+1,c), W=(r,c−1), always listed in the order N, E, S, W.
//
// A model's reply is read by two tiers. The strict tier (ParseReply, Score,
// NewEpisode) reads the output contract, STEP lines and FINAL_PATH, and
// nothing else; its numbers are the benchmark's. The lenient tier (package
// lenient, which plays its walks with NewEpisodeReading) also reads a move
// or a path written the way models write them when they ignore the
// contract, and measures the format apart (Format); its numbers stand
// beside the strict ones, never instead.
//
// Mazes from other benchmarks come in through ReadMazeDatasetASCII and
// ReadMazeDatasetAdjList (the text forms of the maze-dataset library) and
// Assemble; such a maze may be imperfect, which Defects describes.
//
// Generation is deterministic: the same (N, seed, algorithm) gives the same
// maze, byte for byte, on every machine and Go version. The random source is
// math/rand/v2's PCG, whose output sequence is fixed by its algorithm; bounded
// integers are drawn from its raw 64-bit output by code in this package, so
// no library change can alter a maze.
//
// The package keeps one byte of state per cell (its open directions), so a
// 1001×1001 maze costs about a megabyte.
package mazes
