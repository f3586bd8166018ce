package report

import (
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/hallumaze/hallumaze/internal/redact"
	"github.com/hallumaze/hallumaze/results"
)

// The page holds every case of a run in an index (what the case list
// filters, sorts and searches), and as many cases in full as fit
// InlineBudget. The bodies of the others go to a folder beside the page,
// in chunks of about chunkBytes of HTML each, gzip-compressed and wrapped
// in a script (cases-0000.js: hallumazeCases(token, 0, "base64…")): a
// page opened from file:// may load a script beside it, never fetch a
// file, so a chunk is loaded by adding a <script src> and decompressed in
// the browser (DecompressionStream). A case is loaded when it is opened.
const (
	// InlineBudget bounds the case HTML written in the page itself.
	InlineBudget = 1_500_000
	// chunkBytes is the HTML of the cases of one chunk file, before
	// compression.
	chunkBytes = 512 << 10
	// indexInline is the largest index written as plain JSON; a larger
	// one is compressed into the page.
	indexInline = 256 << 10
	// indexInPage bounds the compressed index written in the page; a
	// larger one goes beside it (indexFile).
	indexInPage = 1_500_000
	// indexFile is the index's file in the cases folder, when it is not
	// in the page.
	indexFile = "index.js"
	// answerMax bounds the reply shown in the case list.
	answerMax = 120
)

// CaseFiles is where a page's cases beyond its budget go: a folder beside
// the page, which the page names in its script tags.
type CaseFiles struct {
	// Dir is the folder as the page refers to it: relative to the page,
	// forward slashes.
	Dir string
	// Write writes one file of the folder.
	Write func(name string, write func(io.Writer) error) error
	// Secrets are replaced in every case before it is compressed (a
	// compressed text cannot be redacted on its way to the file).
	Secrets *redact.Secrets
	// Budget bounds the case HTML written in the page; 0 means
	// InlineBudget.
	Budget int
	// IndexBudget bounds the compressed index written in the page; 0
	// means indexInPage, below 0 none (the index is always beside it).
	IndexBudget int
}

// CasesDir is the folder of a page's cases beyond its budget: the page's
// name without its extension and "_cases" ("run.html" → "run_cases").
func CasesDir(page string) string {
	return strings.TrimSuffix(page, filepath.Ext(page)) + "_cases"
}

// chunkName is the name of chunk k in the cases folder.
func chunkName(k int) string { return fmt.Sprintf("cases-%04d.js", k) }

// chunkFile names the files WritePage writes in the cases folder: the
// chunks and the index; caseChunk the chunks alone.
var (
	chunkFile = regexp.MustCompile(`^(cases-[0-9]{4,}|index)\.js$`)
	caseChunk = regexp.MustCompile(`^cases-[0-9]{4,}\.js$`)
)

// WritePage writes the page of a report to path (atomically, every secret
// of red replaced), reading the results of src one at a time, and, when its cases do not all fit, the rest into the
// folder CasesDir(path), which it empties of the chunks of an earlier
// page first. A page whose cases all fit leaves no folder. Of
// opts.CaseFiles only the budgets are used.
func WritePage(path string, red *redact.Secrets, src Source, sections []Section, opts Options) error {
	dir := CasesDir(path)
	if err := removeChunks(dir); err != nil {
		return fmt.Errorf("html: %w", err)
	}
	var budget, indexBudget int
	if opts.CaseFiles != nil {
		budget, indexBudget = opts.CaseFiles.Budget, opts.CaseFiles.IndexBudget
	}
	opts.CaseFiles = &CaseFiles{
		Budget: budget, IndexBudget: indexBudget,
		Dir:     filepath.ToSlash(filepath.Base(dir)),
		Secrets: red,
		Write: func(name string, write func(io.Writer) error) error {
			return WriteFileAtomic(filepath.Join(dir, name), nil, write)
		},
	}
	return WriteFileAtomic(path, red, func(w io.Writer) error { return WriteHTMLFrom(w, src, sections, opts) })
}

// removeChunks removes the chunk files of dir, and dir when it is left
// empty; a missing dir is no error.
func removeChunks(dir string) error {
	entries, err := os.ReadDir(dir)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		return err
	}
	left := 0
	for _, e := range entries {
		if !e.Type().IsRegular() || !chunkFile.MatchString(e.Name()) {
			left++
			continue
		}
		if err := os.Remove(filepath.Join(dir, e.Name())); err != nil {
			return err
		}
	}
	if left == 0 {
		return os.Remove(dir)
	}
	return nil
}

// indexEntry is one case of the page's index, in the short keys the
// page's script reads.
type indexEntry struct {
	ID      string             `json:"i"`
	Suite   string             `json:"s"`
	Model   string             `json:"m"`
	Case    string             `json:"c"`
	Verdict string             `json:"v,omitempty"`
	Outcome string             `json:"o,omitempty"`
	Badges  []string           `json:"b,omitempty"`
	Answer  string             `json:"a,omitempty"`
	Chunk   int                `json:"k"` // -1: in the page
	Tags    map[string]string  `json:"t,omitempty"`
	Nums    map[string]float64 `json:"n,omitempty"`
}

// pageIndex is the index the page's script reads: every played case in
// list order, and where the chunks are. The writer makes its JSON one
// entry at a time (indexWriter).
type pageIndex struct {
	Token string       `json:"token"`
	Cases []indexEntry `json:"cases"`
}

// indexWriter makes the JSON of a pageIndex one entry at a time, as
// json.Marshal would make it whole: the plain text while it is no longer
// than indexInline, and, for a page with case files, the text compressed
// as it comes (every secret replaced first), so that memory holds the
// compressed index, never every entry.
type indexWriter struct {
	token string
	files *CaseFiles
	n     int
	raw   bytes.Buffer // the plain JSON, while whole (plain)
	plain bool
	z     bytes.Buffer
	gz    *gzip.Writer
}

func newIndexWriter(token string, files *CaseFiles) (*indexWriter, error) {
	w := &indexWriter{token: token, files: files, plain: true}
	if files != nil {
		gz, err := gzip.NewWriterLevel(&w.z, gzip.BestCompression)
		if err != nil {
			return nil, err
		}
		w.gz = gz
	}
	tok, _ := json.Marshal(token)
	return w, w.write([]byte(`{"token":` + string(tok) + `,"cases":[`))
}

func (w *indexWriter) write(b []byte) error {
	if w.plain {
		w.raw.Write(b)
		if w.gz != nil && w.raw.Len() > indexInline {
			w.plain = false
			w.raw = bytes.Buffer{}
		}
	}
	if w.gz != nil {
		_, err := w.gz.Write(w.files.Secrets.Bytes(b))
		return err
	}
	return nil
}

// add writes one entry.
func (w *indexWriter) add(e indexEntry) error {
	b, err := json.Marshal(e) // escapes <, > and &: no "</script" inside
	if err != nil {
		return err
	}
	if w.n > 0 {
		b = append([]byte{','}, b...)
	}
	w.n++
	return w.write(b)
}

// close ends the JSON: the plain text when it is whole, else "" and the
// compressed text in base64.
func (w *indexWriter) close() (plain []byte, packed string, err error) {
	if err := w.write([]byte(`]}`)); err != nil {
		return nil, "", err
	}
	if w.gz == nil {
		return w.raw.Bytes(), "", nil
	}
	if err := w.gz.Close(); err != nil {
		return nil, "", err
	}
	packed = base64.StdEncoding.EncodeToString(w.z.Bytes())
	w.z = bytes.Buffer{}
	if w.plain {
		return w.raw.Bytes(), packed, nil
	}
	return nil, packed, nil
}

// sortMetrics bounds the metrics of a case the list can sort by: those
// its suite shows first, else the first by name.
const sortMetrics = 6

func entryOf(r results.Result, cv caseViewData, view *CaseView) indexEntry {
	e := indexEntry{ID: cv.ID, Suite: r.Suite, Model: r.Model, Case: r.Case, Verdict: cv.Verdict, Chunk: -1, Tags: r.Tags}
	for _, b := range cv.Badges {
		e.Badges = append(e.Badges, b.K+"="+b.V)
	}
	e.Answer, e.Outcome = cv.Answer, cv.Outcome
	var order []string
	if view != nil {
		order = view.Order
	}
	for _, k := range SortedKeys(r.Metrics) {
		if !slices.Contains(order, k) {
			order = append(order, k)
		}
	}
	for _, k := range order {
		if v, ok := r.Metrics[k]; ok && len(e.Nums) < sortMetrics {
			if e.Nums == nil {
				e.Nums = map[string]float64{}
			}
			e.Nums[k] = v
		}
	}
	return e
}

// answerLine is what the case list shows of a reply: the suite's reading
// when it gives one, else the reply's first lines, cut to answerMax.
func answerLine(r results.Result, reading string) string {
	s := reading
	if s == "" {
		for i := len(r.Turns) - 1; i >= 0; i-- {
			if r.Turns[i].Role == results.Assistant {
				s = r.Turns[i].Content
				break
			}
		}
	}
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > answerMax {
		cut := answerMax
		for cut > 0 && (s[cut]&0xC0) == 0x80 {
			cut--
		}
		s = s[:cut] + "…"
	}
	return s
}

// chunkWriter gathers case bodies and writes them in chunks.
type chunkWriter struct {
	files *CaseFiles
	token string
	n     int          // chunks written
	raw   bytes.Buffer // the JSON object being gathered: {"id":"html",…
	count int
	bytes int64 // compressed bytes written
}

func (c *chunkWriter) add(id string, body []byte) error {
	if c.count == 0 {
		c.raw.WriteByte('{')
	} else {
		c.raw.WriteByte(',')
	}
	body = c.files.Secrets.Bytes(body)
	k, _ := json.Marshal(id)
	v, _ := json.Marshal(string(body))
	c.raw.Write(k)
	c.raw.WriteByte(':')
	c.raw.Write(v)
	c.count++
	if c.raw.Len() >= chunkBytes {
		return c.flush()
	}
	return nil
}

// current is the chunk the next case goes into.
func (c *chunkWriter) current() int { return c.n }

func (c *chunkWriter) flush() error {
	if c.count == 0 {
		return nil
	}
	c.raw.WriteByte('}')
	packed, err := gzipBase64(c.raw.Bytes(), gzip.DefaultCompression)
	if err != nil {
		return err
	}
	k := c.n
	err = c.files.Write(chunkName(k), func(w io.Writer) error {
		_, err := fmt.Fprintf(w, "hallumazeCases(%q,%d,\"%s\");\n", c.token, k, packed)
		return err
	})
	if err != nil {
		return fmt.Errorf("cases %s: %w", chunkName(k), err)
	}
	c.bytes += int64(len(packed))
	c.n++
	c.count = 0
	c.raw.Reset()
	return nil
}

// gzipBase64 compresses b at a gzip level and encodes it in standard
// base64. The page's index is compressed best (it is read at every
// opening), the chunks by the default level (most of the report's time).
func gzipBase64(b []byte, level int) (string, error) {
	var z bytes.Buffer
	gw, err := gzip.NewWriterLevel(&z, level)
	if err != nil {
		return "", err
	}
	if _, err := gw.Write(b); err != nil {
		return "", err
	}
	if err := gw.Close(); err != nil {
		return "", err
	}
	return base64.StdEncoding.EncodeToString(z.Bytes()), nil
}

// pageToken names one write of a page, so that the page refuses the chunks
// of another: a hash of its cases' ids and of the run's time.
func pageToken(played []caseRef, opts Options) string {
	h := fnv.New64a()
	fmt.Fprint(h, opts.Generated.UnixNano(), opts.Title)
	for _, r := range played {
		h.Write([]byte(r.suite + "\x00" + r.model + "\x00" + r.name + "\x00"))
	}
	return fmt.Sprintf("%016x", h.Sum64())
}

var chunkScript = regexp.MustCompile(`^hallumazeCases\("([0-9a-f]+)",([0-9]+),"([A-Za-z0-9+/=]*)"\);\n$`)

// ReadCaseFiles reads back the cases a page left in its folder
// (CasesDir(page)): each case's id and body HTML. A page with no folder
// has none; a file of the folder that is not a chunk is left alone.
func ReadCaseFiles(page string) (map[string]string, error) {
	dir := CasesDir(page)
	entries, err := os.ReadDir(dir)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("cases: %w", err)
	}
	out := map[string]string{}
	for _, e := range entries {
		if !caseChunk.MatchString(e.Name()) {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			return nil, fmt.Errorf("cases: %w", err)
		}
		m := chunkScript.FindSubmatch(b)
		if m == nil {
			return nil, fmt.Errorf("cases: %s is not a chunk of cases", e.Name())
		}
		z, err := base64.StdEncoding.DecodeString(string(m[3]))
		if err != nil {
			return nil, fmt.Errorf("cases: %s: %w", e.Name(), err)
		}
		zr, err := gzip.NewReader(bytes.NewReader(z))
		if err != nil {
			return nil, fmt.Errorf("cases: %s: %w", e.Name(), err)
		}
		raw, err := io.ReadAll(zr)
		if err != nil {
			return nil, fmt.Errorf("cases: %s: %w", e.Name(), err)
		}
		var bodies map[string]string
		if err := json.Unmarshal(raw, &bodies); err != nil {
			return nil, fmt.Errorf("cases: %s: %w", e.Name(), err)
		}
		for id, body := range bodies {
			out[id] = body
		}
	}
	return out, nil
}
