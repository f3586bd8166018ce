// Package analysis holds the analyses of HalluMaze results that go beyond
// the leaderboard: intervals that fit bounded metrics and clustered cases,
// paired model comparisons, chance-corrected MEI and Score, the seed's
// confidence patterns A and B, the human–LLM comparison (H3), the ablation
// study, the metacognitive signals of reasoning traces, and the maze
// summary box. Each is a pure function of maze-suite results (and, where a
// maze is needed, of the maze regenerated from a result's tags); the
// statistics themselves are in scoring, the maze logic in mazes.
//
// docs/analyses.md says what each analysis measures, how, and what data
// it needs.
package analysis
