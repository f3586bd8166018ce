// Package worlds is HalluWorld: reference worlds whose true state is known,
// views that control what a model sees of them, and probes whose golds are
// computed from the world, never from the text the model reads.
//
// A world W = (S, H, R) is a Go value: its state, the history an episode
// produced, and the rules that move it on. A view V is a pure function from W
// to prompt text. Text in a prompt is observation (what the view shows as
// seen) or testimony (signs, notices, notes, a FEN line), and testimony may be
// false or stale. The conflict policy P1–P5 ([Resolve]) decides what a probe's
// gold is when sources disagree or say nothing: the world is the truth,
// observation beats testimony, testimony fills a gap only where it agrees with
// everything observed, and what the evidence does not determine is UNKNOWN.
//
// This package holds what the worlds share: the probe record ([Probe]), the
// answer types and golds ([Gold]), the prompts and the key=value answer
// contract, the seeded streams every random choice draws from ([Stream]),
// the strict reply parser and the scores. The worlds themselves live in
// worlds/grid, worlds/chess and worlds/terminal. The normative definition is
// docs/worlds.md; it imports only the standard library and scoring.
package worlds
