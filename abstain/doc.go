// Package abstain is the Missing Piece suite: does a model answer
// INSUFFICIENT when a word problem cannot be answered, and only then?
//
// # Items
//
// The standard set ([Standard], [DefaultSeed]) holds sixty base problems in
// six domains and three defect categories. Each base problem is a pair: an
// intact item with one numeric answer, and a modified item made by the
// smallest edit that removes a needed number (missing_quantity), removes the
// relation that links two quantities (missing_relationship: "3 times as many
// as" becomes "more than") or adds a statement that contradicts the rest
// (contradictory_facts: a stated total that disagrees with its parts). The
// modified item's gold is INSUFFICIENT. Stories are templates whose names
// and numbers come from a seeded PCG; gold answers are computed, never
// typed. Each story also carries its facts (named quantities and the
// relations between them) and a small solver proves, in the tests, that the
// intact facts give the gold, that the modified facts lack an input or
// contradict each other, and that the text states exactly the facts'
// numbers.
//
// # Replies
//
// A model must reply with one JSON object, {"status": "ANSWER", "answer":
// "<number>"} or {"status": "INSUFFICIENT", "answer": null} ([SystemPrompt],
// [OutputContract]). [ParseStrict] implements the contract exactly; a reply
// that breaks it is a parse failure, which is counted apart from a wrong
// answer. [ParseLenient] (INSUFFICIENT anywhere, else the last number) is
// reported beside the strict parser, never instead of it.
//
// # Scores
//
// [Score] gives the rates of the spec (answer accuracy, abstention, false
// abstention, hallucination, parse failure, pair success), each with a Wilson
// 95% interval and each also by defect and by domain; the exact McNemar test
// over pairs; the lenient rates; and three hallucination archetypes on
// answered modified items: numerical anchoring (the answer is a number of
// the question), premature evaluation (a partial computation of the story)
// and uncritical inconsistency acceptance (on a contradiction, a stated
// total). [CompareModels] runs McNemar between two models over items.
//
// # Baselines and external data
//
// [AlwaysAnswer], [AlwaysAbstain] and [Checker] are reference policies that
// read only the prompt text. [LoadUMWP] maps the UMWP data set (Sun et al.,
// LREC-COLING 2024, CC BY-SA 4.0) onto the same item schema.
//
// The normative definitions are in docs/abstain.md.
package abstain
