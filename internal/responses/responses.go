// Package responses reads a response file: a model's raw replies obtained
// outside hallumaze, one JSON object {"id": ..., "output": ...} a line,
// for a suite's score command to judge against its items or probes.
package responses

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// Response is one line of a response file: a model's raw reply to the item
// or probe of that id.
type Response struct {
	ID     string `json:"id"`
	Output string `json:"output"`
}

// Read reads a response file into id → raw reply. Blank lines are skipped
// and lines may be of any length. A line that is not a response (not JSON,
// or without a non-blank "id" or without "output") or an id given twice is
// an error naming the line.
func Read(r io.Reader) (map[string]string, error) {
	out := map[string]string{}
	seen := map[string]int{}
	br := bufio.NewReader(r)
	for n := 1; ; n++ {
		data, err := br.ReadBytes('\n')
		if text := bytes.TrimSpace(data); len(text) > 0 {
			id, output, perr := parse(text)
			if perr != nil {
				return nil, fmt.Errorf("read responses: line %d: %w", n, perr)
			}
			if first, ok := seen[id]; ok {
				return nil, fmt.Errorf("read responses: line %d: id %q already on line %d", n, id, first)
			}
			seen[id] = n
			out[id] = output
		}
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return nil, fmt.Errorf("read responses: line %d: %w", n, err)
		}
	}
}

// parse reads one line's response.
func parse(text []byte) (id, output string, err error) {
	var resp struct {
		ID     *string `json:"id"`
		Output *string `json:"output"`
	}
	if err := json.Unmarshal(text, &resp); err != nil {
		return "", "", err
	}
	if resp.ID == nil || strings.TrimSpace(*resp.ID) == "" {
		return "", "", errors.New(`missing id`)
	}
	if resp.Output == nil {
		return "", "", errors.New(`a response needs "output"`)
	}
	return *resp.ID, *resp.Output, nil
}
