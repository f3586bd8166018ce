package results

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
)

// Read reads a JSONL results file. A line that is not a result is
// an error naming the line; a torn last line (a run killed mid-write) is
// skipped and reported through torn.
func Read(r io.Reader) (results []Result, torn bool, err error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), 64<<20)
	line := 0
	var pendingErr error
	for sc.Scan() {
		line++
		if pendingErr != nil {
			return nil, false, pendingErr
		}
		text := sc.Bytes()
		if len(text) == 0 {
			continue
		}
		var res Result
		if err := json.Unmarshal(text, &res); err != nil {
			// Only the last line may be torn; decide when the next comes.
			pendingErr = fmt.Errorf("results line %d: %w", line, err)
			continue
		}
		if res.Suite == "" || res.Model == "" || res.Case == "" {
			return nil, false, fmt.Errorf("results line %d: not a hallumaze result (suite, model and case are required)", line)
		}
		results = append(results, res)
	}
	if err := sc.Err(); err != nil {
		return nil, false, fmt.Errorf("results: %w", err)
	}
	return results, pendingErr != nil, nil
}

// ReadFile reads a JSONL results file from disk.
func ReadFile(path string) ([]Result, bool, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, false, fmt.Errorf("results: %w", err)
	}
	defer f.Close()
	res, torn, err := Read(f)
	if err != nil {
		return nil, false, fmt.Errorf("%s: %w", path, err)
	}
	return res, torn, nil
}
