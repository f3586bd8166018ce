// Package report turns benchmark results into the outputs people read and
// other programs load, without knowing which benchmarks exist:
//
//   - the terminal tables printed after a run ([WriteText]) and the
//     per-model summary lines of hallumaze report ([WriteSummaries]);
//   - the results JSON file ([WriteJSON]): hallumaze_version and timestamp,
//     then each suite's keys (for HalluMaze, the seed's own schema);
//   - a CSV with one row per case, every tag and metric a column
//     ([WriteCSV]);
//   - one self-contained HTML page ([WriteHTML]): each suite's section, the
//     cases that could not be played, and every played case with its tags,
//     metrics, the suite's view of it and its transcript;
//   - in each of them, after the suites' parts, the cost of the run
//     ([CostSection], [Costs]): every model's tokens priced at a price
//     table ([Options.Prices], the built-in list prices by default), and
//     the CSV's cost_usd column ([CaseCost]). A model without a price
//     (a reference agent, a model the table does not list) has its tokens
//     shown and its cost unknown, never zero.
//
// Results come from JSONL files written by the harness (one
// [results.Result] per line), possibly from several machines ([Merge]
// joins the shards). A suite lays out its own results as a [Section]
// through the [Summarizer] it implements; [Summarize] asks each suite in
// turn. A result whose Error is set is a case that could not be played (a
// provider failure after retries, a missing cassette): it is listed apart,
// never scored as the model's failure. A human result ([IsHuman]) is a
// group mean entered by hand: a suite marks it as human and does not rank
// it. Every file is written atomically, with the keys in use redacted on
// the way ([WriteFileAtomic]).
package report
