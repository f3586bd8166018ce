// Package profile is the metacognition profile: one card per model that
// reads the three suites as one question, does the model know what it
// doesn't know.
//
// A card has six dimensions, each measured by one or more suites:
//
//	knows-unknown   knows when it cannot know: Missing Piece INSUFFICIENT on
//	                defective items, HalluWorld "unknown" on UNKNOWN golds
//	answers         answers when it can: 1 − false abstention (Missing Piece
//	                intact items, HalluWorld answerable probes)
//	notices         notices its own errors: HalluMaze HRR, and the gap between
//	                the hallucinations and backtracks it reports and those
//	                the walk verifies
//	calibrated      HalluMaze 1 − CE, with Brier and ECE of the stated
//	                confidences beside
//	resists         resists misleading sources: HalluMaze 1 − lure rate and
//	                BRS with lures shown, HalluWorld 1 − testimony following
//	uses-help       HalluMaze Ariadne NRS of group B and the Trainability
//	                Index, where group runs exist
//
// Every measure is the suite's own metric computed again from the results
// records (the same filter, the same counts, the same interval method and
// bootstrap seed), so a card's number equals to the last digit what the
// suite reports for the same file; a card point is oriented so that
// higher is better (1 − CE, 1 − lure rate), and keeps the suite's raw
// value beside it. Where a chance or prior baseline exists, the measure
// carries it on the same scale, and its chance-corrected form.
//
// The package reads results records only ([results.Result]): it depends on
// no suite's rendering, and sorts the records it is given, so the profile of
// a results file equals the profile of its shards merged.
package profile
