package main

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/hallumaze/hallumaze/internal/cli"
	"github.com/hallumaze/hallumaze/internal/redact"
	"github.com/hallumaze/hallumaze/report"
	"github.com/hallumaze/hallumaze/results"
)

// resumeState is what a run continues from: the results file of an
// interrupted run, read and checked before anything is written.
type resumeState struct {
	path string
	// kept are the finished cases, in file order; failed ones (a provider
	// error after retries) are left out, to be played again.
	kept []results.Result
	// retried counts the failed cases left out; torn tells that the last
	// line was cut off by a kill and is dropped.
	retried int
	torn    bool
}

// resultPrefix is how every results line starts; a torn line is a prefix
// of a result line, so it starts with this or is a prefix of it.
const resultPrefix = `{"suite":"`

// readResume reads and checks the results file of an interrupted run.
// planned reports whether a (model, case) key belongs to this run: a file
// holding any other case is from a run with other settings or from another
// version of hallumaze, and is refused rather than mixed in.
func readResume(path string, planned func(key string) bool) (*resumeState, error) {
	var all []results.Result
	torn, err := results.EachFile(path, func(r results.Result) error {
		all = append(all, r)
		return nil
	})
	if err != nil {
		return nil, cli.Usagef("run: --resume: %v", err)
	}
	st := &resumeState{path: path, torn: torn != nil}
	if torn != nil {
		if last := torn.Start; !strings.HasPrefix(last, resultPrefix) && !strings.HasPrefix(resultPrefix, last) {
			return nil, cli.Usagef("run: --resume: %s is not a hallumaze JSONL results file (its last line is not a result)", path)
		}
	}
	seen := map[string]bool{}
	for _, r := range all {
		k := resultKey(r.Model, r.Suite, r.Case)
		if !planned(k) {
			return nil, cli.Usagef("run: --resume: %s holds %s of %s, which is not a case of this run: the file is from a run with other settings or another version (resume with the flags it was started with, or start a new file)", path, r.Key(), r.Model)
		}
		if seen[k] {
			return nil, cli.Usagef("run: --resume: %s holds %s of %s twice", path, r.Key(), r.Model)
		}
		seen[k] = true
		if r.Error != "" {
			st.retried++
			continue
		}
		st.kept = append(st.kept, r)
	}
	return st, nil
}

// done reports the finished cases, by resultKey.
func (st *resumeState) done() map[string]bool {
	m := make(map[string]bool, len(st.kept))
	for _, r := range st.kept {
		m[resultKey(r.Model, r.Suite, r.Case)] = true
	}
	return m
}

// rewrite replaces the file, atomically, with the kept results only (no
// torn line, no failed case), so that appending the cases played now
// writes no case twice. It is the first write of a resumed run.
func (st *resumeState) rewrite(stderr io.Writer, red *redact.Secrets) error {
	if st.torn {
		fmt.Fprintf(stderr, "resume: %s: the last line was cut off by the interruption and is dropped\n", st.path)
	}
	if st.torn || st.retried > 0 {
		err := report.WriteFileAtomic(st.path, nil, func(w io.Writer) error {
			bw := bufio.NewWriter(w)
			for _, r := range st.kept {
				if err := writeJSONLine(bw, r, red); err != nil {
					return err
				}
			}
			return bw.Flush()
		})
		if err != nil {
			return fmt.Errorf("run: --resume: %w", err)
		}
	}
	fmt.Fprintf(stderr, "resume: %d finished case(s) kept from %s", len(st.kept), st.path)
	if st.retried > 0 {
		fmt.Fprintf(stderr, "; %d failed case(s) will be played again", st.retried)
	}
	fmt.Fprintln(stderr)
	return nil
}

// writeJSONLine writes one result as a JSON line, within the bound of a
// results line, its secrets redacted.
func writeJSONLine(w io.Writer, r results.Result, red *redact.Secrets) error {
	data, err := results.Encode(r, red)
	if err != nil {
		return err
	}
	_, err = w.Write(append(data, '\n'))
	return err
}
