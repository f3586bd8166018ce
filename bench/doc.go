// Package bench is the harness that runs benchmark cases against models, and
// the home of the benchmark tests themselves (go test ./bench).
//
// A [Case] plays one conversation with a model and scores it; the harness
// knows nothing of mazes or word problems. It runs cases × models as
// subtests with filterable names (TestMaze/agent-explorer/size=7/seed=1/base),
// keeps each case's transcript and scores as test artifacts, reports scores
// as benchmark metrics, streams results to JSONL, and compares two models
// case by case in the regression gate ([Gate]).
//
// Models are named "provider/model". The built-in reference agents
// ("agent/oracle", ...) always run in-process. Any other model is replayed
// from its committed cassettes under cassettes/<suite>/<provider>/<model>/,
// one file per case, so the whole suite runs in CI without keys; it is
// called live only when recording (-record) with a key.
package bench
