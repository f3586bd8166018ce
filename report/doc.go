// Package report turns benchmark results into the outputs people read and
// other programs load:
//
//   - a leaderboard for the terminal ([Leaderboard], [WriteTable]) and the
//     seed's one-line summary per model ([SummaryLine]);
//   - the seed's JSON results file, extended to several mazes and framings
//     per file ([WriteSeedJSON]);
//   - a CSV with one row per case ([WriteCSV]);
//   - one self-contained HTML page ([WriteHTML]) with the leaderboard,
//     charts drawn as inline SVG, and every case's maze with the model's
//     verified walk drawn over it, its transcript and its scores.
//
// Results come from JSONL files written by the harness (one
// [results.Result] per line), possibly from several machines ([Merge] joins
// the shards), and from human control groups ([ReadHuman], the seed's
// section 9.4).
//
// Only maze-suite results enter the leaderboard, the seed file's runs and
// the charts. Missing Piece (abstain-suite) results are scored per model
// from the results alone ([AbstainModels], through
// [bench.AbstainRecords] and [abstain.ScoreRecords]) and get their own
// terminal tables ([WriteAbstainTable]; [WriteTables] prints both suites),
// an "abstain" object in the seed file and a section of the HTML page. The
// CSV and the HTML case list hold every suite. A result whose
// Error is set is a case that could not be played (a provider failure after
// retries, a missing cassette): it is counted and listed apart, never scored
// as the model's failure. A human result (Model "human/…" or Tags["human"]
// = "true") is a group mean entered by hand: it is marked as human, not
// ranked, and has no transcript.
//
// The walks drawn in the HTML are recomputed from the transcripts, not
// taken from the model's own account: a one-shot reply is parsed again with
// [mazes.ParseReply] and checked with [mazes.Verify] against the maze that
// [mazes.Generate] regenerates from the case's tags; an interactive
// episode is replayed reply by reply through [mazes.Episode].
package report
