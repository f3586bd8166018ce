// Package results holds what a benchmark run produces and every other part
// reads: one [Result] per case played by a model, written one JSON line each
// to a results file as the case ends ([Sink]) and read back by the reports,
// the gate and a resumed run ([ReadFile]); and the declarations of the
// metrics cases report ([Metric]), which say which way each one is better.
//
// It is a leaf: it imports nothing of the module, so that the report, which
// reads results, needs neither the harness nor the providers.
package results
