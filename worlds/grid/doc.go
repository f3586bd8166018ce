// Package grid is HalluWorld's grid world: MiniGrid-style levels read from
// HalluWorld's level files (and procedural ones drawn from a seed), the
// rules that move them on, the three views a model reads them through, and
// the probes whose golds are computed from the world.
//
// A [Level] is one level file as loaded; a [State] is the world at one
// time (objects, agent, time T; floods and fires follow from T); an
// [Episode] is the world W = (S, H, R) of one level at one seed: its
// observations in order, each with its state. The views (symbolic, ascii,
// memory) are pure functions of an episode. The probes of one (level,
// view, seed) unit draw their targets from the grid-probes stream; their
// golds come from the states, never from the rendered text. [World]
// implements worlds.World; its reference agents read only the user
// message.
//
// The level files are HalluWorld's (CC BY 4.0): Liu, Gangal, Yu, Tao,
// Singh, Kumar and Feng, HalluWorld: A Controlled Benchmark for
// Hallucination via Reference World Models, arXiv:2605.19341 (2026),
// github.com/DegenAI-Labs/HalluWorld. See NOTICE.
package grid
