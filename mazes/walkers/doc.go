// Package walkers holds the HalluMaze reference walkers: deterministic
// policies that answer the maze protocol the way a model would, by reading
// only the conversation (system prompt and messages, [Request]) and writing
// the exact output contract (STEP lines, DEAD_END, LOOP and
// STRATEGY_CHANGE lines, and the final block with BACKTRACK_COUNT,
// HALLUCINATION_COUNT, CONFIDENCE_LOG and FINAL_PATH).
//
// Served as models by package agents (agent/NAME), they are the default
// models when no API key is set, the fixtures of the harness's own tests,
// and, behind a loopback HTTP server, the source of the committed
// cassettes. Each one has a known place on the score scale, so a change to
// the metrics or to the harness that moves them is caught. The random
// walker is also the chance baseline ([RandomScores]).
//
//	oracle    solves the maze and walks the solution: SR=1, HC=0, MEI=0.9, CE≈0.03
//	explorer  depth-first search with honest dead ends and backtracks: SR=1, HC=0, BT>0
//	random    a seeded random walk that sometimes crosses walls: low SR and MEI
//	lured     a System-1 walker: solves a maze without lures; shown one, follows it into
//	          its dead end and walks through the wall, always sure
//	follower  (the Ariadne experiment's) takes every hint's direction and remembers it
//
// # Reading the request
//
// The maze is read with [mazes.ParseText] from the first user message; a
// request whose prompt holds no maze is an error that wraps [ErrNoMaze].
// The language (English or Korean) is taken from the prompt's rule
// headings, and a confidence is written on each step and a CONFIDENCE_LOG
// in the final block only when the prompt asks for them.
//
// The protocol is read from the prompt too: a prompt that carries the
// interactive rule line (or a conversation longer than one message) is an
// interactive walk. There the walker rebuilds its state from the
// conversation on every call: its own earlier replies give its moves (the
// first STEP line of each, as the world reads them), the world's answers
// give where it really stands ("You are at (r,c): [...]", "EXIT reached at
// ..."), whether a move was refused (the position did not change), and any
// hint. It then writes one STEP line, preceded by DEAD_END, LOOP or
// STRATEGY_CHANGE lines where they apply, or the final block once the world
// says EXIT was reached or the walker's own step bound is spent. Replaying
// the same moves gives the same state, so without hints an interactive
// walk makes exactly the moves of the one-shot reply.
//
// In a one-shot reply the walker walks in its own belief, as the verified
// walk of the normative definitions does: a move through a wall takes it
// to the other side, a move off the grid leaves it where it was.
//
// # Hints (Ariadne's Thread)
//
// The world may append a line beginning "HINT:" (Korean "힌트:") to an
// answer. The explorer reacts to any hint, whatever it says: it writes
// "STRATEGY_CHANGE — following the hint: ..." and from then on takes the
// shortest way from where it stands to EXIT (walking back over visited
// cells where the way leads back), so a hint shortens its walk but never
// makes it invalid. The random walker takes the direction a hint names on its
// next move, then wanders again. The lured walker ignores hints, and the
// oracle, which never strays, needs none (it ignores them too).
//
// # Determinism
//
// A walker's reply is a pure function of the request: the same request
// gives the same bytes on every machine. Randomness (the random walk, the
// explorer's direction order, the spread of stated confidences) comes from
// math/rand/v2's PCG seeded with an FNV-1a hash of the walker's name and the
// maze's canonical encoding (English, without lures) and the number of the
// step being decided; bounded numbers are drawn from the raw 64-bit output
// by this package's own code. The time is never read. A walker keeps the
// last mazes it read, keyed by a hash of the prompt text, so that the turns
// of an interactive walk read the maze once; the cache changes no reply.
package walkers
