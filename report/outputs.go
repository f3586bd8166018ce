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
// results ([CostSection], whose Suite is "") comes last. It is [Summary]
// over results held in memory.
func Summarize(rs []results.Result, sums []Summarizer, opts Options) ([]Section, error) {
	s := NewSummary(sums, opts)
	for _, r := range rs {
		if err := s.Add(r); err != nil {
			return nil, err
		}
	}
	return s.Sections(opts)
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

// Elements is a member value too large to hold at once: an array of N
// objects, the i-th made by At when it is written, as compact JSON
// (encoding/json's, with HTML escaping off). [WriteJSON] holds one element
// at a time; MarshalJSON makes the whole array, for a caller that wants
// it.
type Elements struct {
	N  int
	At func(i int) ([]byte, error)
}

// MarshalJSON writes the whole array.
func (e Elements) MarshalJSON() ([]byte, error) {
	b := []byte{'['}
	for i := range e.N {
		el, err := e.At(i)
		if err != nil {
			return nil, err
		}
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, el...)
	}
	return append(b, ']'), nil
}

// WriteJSON writes the results JSON file: hallumaze_version and timestamp,
// then each section's members in order, indented by two spaces with arrays
// of numbers on one line ([IndentFlat]). A member whose value is
// [Elements] is written one element at a time, to the same bytes.
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
	streamed := false
	seen := map[string]bool{"hallumaze_version": true, "timestamp": true}
	for _, s := range sections {
		for _, m := range s.JSON {
			if seen[m.Key] {
				return fmt.Errorf("results json: key %q is written by two sections (%s)", m.Key, m.Key)
			}
			seen[m.Key] = true
			if e, ok := m.Value.(Elements); ok && e.N > 0 {
				streamed = true
			}
		}
		members = append(members, s.JSON...)
	}
	if streamed {
		return writeJSONStreamed(w, members)
	}
	var raw bytes.Buffer
	enc := json.NewEncoder(&raw)
	enc.SetEscapeHTML(false)
	raw.WriteByte('{')
	for i, m := range members {
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

// writeJSONStreamed writes the file's object member by member, each
// indented as IndentFlat indents it within the whole (an object holding an
// array of objects is never written on one line), and an Elements value
// element by element.
func writeJSONStreamed(w io.Writer, members []Member) error {
	var raw, out bytes.Buffer
	enc := json.NewEncoder(&raw)
	enc.SetEscapeHTML(false)
	flush := func() error {
		_, err := w.Write(out.Bytes())
		out.Reset()
		return err
	}
	// value indents compact JSON at depth into out.
	value := func(src []byte, depth int) error {
		end, err := writeValue(&out, src, 0, depth)
		if err == nil && end != len(src) {
			err = fmt.Errorf("indent json: data after the value at byte %d", end)
		}
		return err
	}
	out.WriteByte('{')
	for i, m := range members {
		if i > 0 {
			out.WriteByte(',')
		}
		newline(&out, 1)
		key, _ := json.Marshal(m.Key)
		out.Write(key)
		out.WriteString(": ")
		if e, ok := m.Value.(Elements); ok && e.N > 0 {
			out.WriteByte('[')
			for j := range e.N {
				el, err := e.At(j)
				if err != nil {
					return fmt.Errorf("results json: %s: %w", m.Key, err)
				}
				if len(el) == 0 || el[0] != '{' {
					return fmt.Errorf("results json: %s: element %d is not an object", m.Key, j)
				}
				if j > 0 {
					out.WriteByte(',')
				}
				newline(&out, 2)
				if err := value(el, 2); err != nil {
					return fmt.Errorf("results json: %s: %w", m.Key, err)
				}
				if out.Len() > 256<<10 {
					if err := flush(); err != nil {
						return fmt.Errorf("results json: %w", err)
					}
				}
			}
			newline(&out, 1)
			out.WriteByte(']')
			continue
		}
		raw.Reset()
		if err := enc.Encode(m.Value); err != nil {
			return fmt.Errorf("results json: %s: %w", m.Key, err)
		}
		if err := value(bytes.TrimSuffix(raw.Bytes(), []byte("\n")), 1); err != nil {
			return fmt.Errorf("results json: %s: %w", m.Key, err)
		}
	}
	newline(&out, 0)
	out.WriteString("}\n")
	if err := flush(); err != nil {
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
