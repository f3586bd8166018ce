package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"time"

	"github.com/hallumaze/hallumaze/results"
)

// Summarize asks every summarizer for its section of results, in the order
// given. Each sees only the results of its suite (possibly none: a section
// may still put keys in the JSON file). The Cost section of all the
// results ([CostSection], whose Suite is "") comes last.
func Summarize(rs []results.Result, sums []Summarizer, opts Options) ([]Section, error) {
	bySuite := map[string][]results.Result{}
	for _, r := range rs {
		bySuite[r.Suite] = append(bySuite[r.Suite], r)
	}
	out := make([]Section, 0, len(sums))
	for _, s := range sums {
		sec, err := s.Summarize(bySuite[s.Name()], opts)
		if err != nil {
			return nil, fmt.Errorf("report: %s: %w", s.Name(), err)
		}
		if sec.Suite == "" {
			sec.Suite = s.Name()
		}
		out = append(out, sec)
	}
	cost, err := CostSection(rs, opts)
	if err != nil {
		return nil, fmt.Errorf("report: %w", err)
	}
	return append(out, cost), nil
}

// WriteText writes the sections' terminal tables, a blank line between two.
func WriteText(w io.Writer, sections []Section) error {
	first := true
	for _, s := range sections {
		if s.Text == "" {
			continue
		}
		if !first {
			if _, err := io.WriteString(w, "\n"); err != nil {
				return err
			}
		}
		first = false
		if _, err := io.WriteString(w, s.Text); err != nil {
			return err
		}
	}
	return nil
}

// WriteJSON writes the results JSON file: hallumaze_version and timestamp,
// then each section's members in order, indented by two spaces with arrays
// of numbers on one line ([IndentFlat]).
func WriteJSON(w io.Writer, sections []Section, opts Options) error {
	version := opts.Version
	if version == "" {
		version = "1.1"
	}
	ts := opts.Timestamp
	if ts.IsZero() {
		ts = time.Now()
	}
	members := []Member{{"hallumaze_version", version}, {"timestamp", ts.UTC().Format("2006-01-02T15:04:05")}}
	for _, s := range sections {
		members = append(members, s.JSON...)
	}
	var raw bytes.Buffer
	enc := json.NewEncoder(&raw)
	enc.SetEscapeHTML(false)
	raw.WriteByte('{')
	seen := map[string]string{}
	for i, m := range members {
		if owner, dup := seen[m.Key]; dup {
			return fmt.Errorf("results json: key %q is written by two sections (%s)", m.Key, owner)
		}
		seen[m.Key] = m.Key
		if i > 0 {
			raw.WriteByte(',')
		}
		key, _ := json.Marshal(m.Key)
		raw.Write(key)
		raw.WriteByte(':')
		if err := enc.Encode(m.Value); err != nil {
			return fmt.Errorf("results json: %s: %w", m.Key, err)
		}
		raw.Truncate(raw.Len() - 1) // the encoder's newline
	}
	raw.WriteByte('}')
	out, err := IndentFlat(raw.Bytes())
	if err != nil {
		return fmt.Errorf("results json: %w", err)
	}
	if _, err := w.Write(out); err != nil {
		return fmt.Errorf("results json: %w", err)
	}
	return nil
}

// WriteSummaries writes each section's per-model summary lines as
// hallumaze report prints them: "  ▶ model", the lines indented, a blank
// line.
func WriteSummaries(w io.Writer, sections []Section) error {
	var b bytes.Buffer
	for _, s := range sections {
		for _, m := range s.Summaries {
			fmt.Fprintf(&b, "  ▶ %s\n", m.Model)
			for _, l := range bytes.Split([]byte(m.Lines), []byte("\n")) {
				b.WriteString("  ")
				b.Write(l)
				b.WriteByte('\n')
			}
			b.WriteByte('\n')
		}
	}
	_, err := w.Write(b.Bytes())
	return err
}
