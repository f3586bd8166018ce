// Package scoring holds the pure statistics of hallumaze: the formulas that
// turn counts and paired measurements into rates, intervals and p-values.
//
// Nothing here talks to a model or reads a file. Every function is a
// deterministic function of its arguments (the bootstrap takes its seed as an
// argument), so a score computed twice is the same score.
//
// The pieces:
//
//   - Proportions: [Wilson] and [WilsonZ] give the Wilson score interval of
//     k successes in n trials, the interval every rate of the suites carries.
//   - Paired counts: [McNemarExact] is the exact two-sided McNemar test on the
//     discordant counts b and c of a paired design (intact vs modified item,
//     model A vs model B on the same items).
//   - Paired measurements, for a regression gate that compares a candidate
//     with a baseline on the same items: [WilcoxonSignedRank],
//     [PairedBootstrap], [PairedMeanDiffCI]. The difference is always x − y:
//     pass the candidate as x and the baseline as y to read a positive
//     difference as "the candidate scores higher".
//   - Means: [MeanCI] with a Student-t interval; [TQuantile] and [TCDF] are
//     the t distribution it rests on, computed from the regularised incomplete
//     beta function.
//   - Calibration of stated confidences: [Brier], [ECE] and
//     [ReliabilityBins] for a reliability diagram.
//
// Undefined results (a mean of nothing, a rate of zero trials) are reported
// as NaN, or as the widest interval where the documentation says so, never as
// a confident-looking zero. [Interval] encodes a non-finite end as JSON null.
package scoring
