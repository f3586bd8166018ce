// Package agents serves the built-in reference policies of every suite as
// models, "agent/NAME": the one place where a policy that lives beside its
// domain becomes a [providers.Model] ([Model]). The HalluMaze walkers
// (oracle, explorer, random, lured and the hint follower) are package
// mazes/walkers's; the Missing Piece policies (always-answer,
// always-abstain, checker) are package abstain's; HalluWorld's policies
// are its worlds' and are served by their suites. Lookup finds the maze
// walkers and Missing Piece policies by name; the cross-suite personas
// ([PersonaNames]) play one of them in each suite.
//
// They serve three purposes: they are the default models when no API key
// is set, the fixtures of the harness's own tests, and, served over a
// loopback HTTP server, the source of the committed cassettes.
//
// A walker reads the request as its own ([walkers.Request]): the system
// prompt, the messages (the assistant's are its own replies), the sampling
// seed, and the effort the request asks for ([providers.Request.EffortLevel]).
// A prompt a policy cannot read is an error wrapping
// [providers.ErrUnreadablePrompt] (for a maze walker also
// [walkers.ErrNoMaze]), so that another suite's agent of the same name may
// answer it.
//
// # Reply fields
//
// Reply.Model is "agent/NAME", StopReason "end", Latency 0. Usage is an
// approximation, as no tokenizer is involved: a text of n bytes counts
// ⌈n/4⌉ tokens; input is the system prompt plus every message, output the
// reply. The agents do not cut their replies at MaxTokens: a one-shot
// explorer walk on an 11×11 maze may run past 2500 such tokens.
package agents
