package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/hallumaze/hallumaze/internal/cli"
	"github.com/hallumaze/hallumaze/internal/files"
	"github.com/hallumaze/hallumaze/results"
)

// maxSeedJSONBytes bounds a results JSON file read back.
const maxSeedJSONBytes = 256 << 20

// readResults reads a results file: the JSONL results (a run's streamed
// results, a shard's, a merge's) or the results JSON a run or a report
// writes (the seed's schema, hallumaze_version first). For the JSON, the
// JSONL file beside it (the same name, .jsonl), which a run writes with
// it, is the full record and is read instead when it is there; else each
// suite that can reads its cases back from the JSON (the maze cases'
// scores), and stderr says what the JSON does not hold. A JSONL file is
// indexed (results.Index) and read a result at a time later; a JSON file's
// cases are read into rs. torn reports a JSONL file's torn last line.
func (a *app) readResults(path string, stderr io.Writer) (f *results.File, rs []results.Result, torn bool, err error) {
	if isSeedJSONFile(path) {
		beside := strings.TrimSuffix(path, filepath.Ext(path)) + ".jsonl"
		if st, err := os.Stat(beside); err == nil && st.Mode().IsRegular() && beside != path {
			fmt.Fprintf(stderr, "report: %s: reading its cases from %s beside it, the full record\n", path, beside)
			path = beside
		}
	}
	file, err := files.Open(path)
	if err != nil {
		return nil, nil, false, fmt.Errorf("results: %w", err)
	}
	defer file.Close()
	br := bufio.NewReader(file)
	head, _ := br.Peek(256)
	if !isSeedJSON(head) {
		f, torn, err = results.Index(path)
		return f, nil, torn, err
	}
	data, err := io.ReadAll(io.LimitReader(br, maxSeedJSONBytes+1))
	if err != nil {
		return nil, nil, false, fmt.Errorf("results: %w", err)
	}
	if len(data) > maxSeedJSONBytes {
		return nil, nil, false, fmt.Errorf("%s: larger than %d bytes", path, maxSeedJSONBytes)
	}
	var keys map[string]json.RawMessage
	if err := json.Unmarshal(data, &keys); err != nil {
		return nil, nil, false, fmt.Errorf("%s: %w", path, err)
	}
	var totalsOnly []string
	for _, s := range a.suites {
		if s.ReadSeed == nil {
			if _, present := keys[s.Name]; present {
				totalsOnly = append(totalsOnly, s.Name)
			}
			continue
		}
		got, err := s.ReadSeed(data)
		if err != nil {
			return nil, nil, false, fmt.Errorf("%s: %w", path, err)
		}
		rs = append(rs, got...)
	}
	fmt.Fprintf(stderr, "report: %s: read from the results JSON, which keeps the maze cases' scores but no transcript: the walks and the readings of each step are left out", path)
	if len(totalsOnly) > 0 {
		fmt.Fprintf(stderr, "; the %s section(s) hold each model's totals, not its cases", strings.Join(totalsOnly, ", "))
	}
	fmt.Fprintln(stderr, " (the JSONL results file the run wrote beside it holds everything)")
	return nil, rs, false, nil
}

// isSeedJSONFile reports whether the file at path is a results JSON file.
func isSeedJSONFile(path string) bool {
	f, err := files.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, 256)
	n, _ := io.ReadFull(f, head)
	return isSeedJSON(head[:n])
}

// isSeedJSON reports whether a file's first bytes are those of a results
// JSON file: an object whose first key is hallumaze_version.
func isSeedJSON(head []byte) bool {
	rest, ok := bytes.CutPrefix(bytes.TrimLeft(head, " \t\r\n"), []byte("{"))
	return ok && bytes.HasPrefix(bytes.TrimLeft(rest, " \t\r\n"), []byte(`"hallumaze_version"`))
}

// parseInputs parses a command's flags, which may come before, between or
// after its results files, and returns the files.
func parseInputs(fs *cli.FlagSet, args []string) (inputs []string, err error) {
	for rest := args; ; {
		if err := fs.Parse(rest, true); err != nil {
			return nil, err
		}
		if fs.NArg() == 0 {
			return inputs, nil
		}
		inputs = append(inputs, fs.Arg(0))
		rest = fs.Args()[1:]
	}
}
