package mazereport

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"github.com/hallumaze/hallumaze/mazes"
	"github.com/hallumaze/hallumaze/mazes/walkers"
)

// chanceStoreVersion names the layout of the chance cache's files; a new
// layout, or a change to the walker that the fingerprint could miss, takes
// a new number, and the old files are left unread.
const chanceStoreVersion = "1"

// chanceStore keeps the chance baselines of the mazes a report met in
// files under a cache folder (the user's cache: ~/.cache/hallumaze/chance
// on Linux), so that the next report over the same mazes reads them
// instead of simulating thousands of walks again. A baseline is a pure
// function of its key and of the walker's code: the files sit in a folder
// named for the walker's fingerprint (chanceFingerprint), so a change to
// agent/random or to the scores that moves any of the fingerprint's draws
// starts afresh. Each maze size has a file of JSON lines, one baseline
// each, appended with one write per line; a line that does not read (a
// torn write) is skipped. Errors are never fatal: what cannot be read is
// simulated again, what cannot be written is not kept.
type chanceStore struct {
	dir   string
	mu    sync.Mutex
	files map[string]map[string]mazes.Baseline // by file name, then key
}

// newChanceStore returns the store under cacheDir (the folder of
// hallumaze's cached files), or nil when cacheDir is "".
func newChanceStore(cacheDir string) *chanceStore {
	if cacheDir == "" {
		return nil
	}
	dir := filepath.Join(cacheDir, "chance", "v"+chanceStoreVersion+"-"+chanceFingerprint())
	return &chanceStore{dir: dir, files: map[string]map[string]mazes.Baseline{}}
}

// chanceRecord is a baseline as a line of the store: every number exact
// (encoding/json writes the shortest form that reads back to the same
// float64), NaN as null.
type chanceRecord struct {
	Key      string     `json:"key"`
	Walker   string     `json:"walker"`
	Protocol string     `json:"protocol"`
	Walks    int        `json:"walks"`
	Budget   int        `json:"budget"`
	Numbers  []*float64 `json:"numbers"` // MEI, Score, SEMEI, SEScore, SR, HC, Steps, MaxMEI, MaxScore
}

func (b chanceRecord) baseline() (mazes.Baseline, bool) {
	if len(b.Numbers) != 9 {
		return mazes.Baseline{}, false
	}
	v := make([]float64, 9)
	for i, p := range b.Numbers {
		v[i] = math.NaN()
		if p != nil {
			v[i] = *p
		}
	}
	return mazes.Baseline{Walker: mazes.Walker(b.Walker), Protocol: mazes.Protocol(b.Protocol), Walks: b.Walks, Budget: b.Budget,
		MEI: v[0], Score: v[1], SEMEI: v[2], SEScore: v[3], SR: v[4], HC: v[5], Steps: v[6], MaxMEI: v[7], MaxScore: v[8]}, true
}

func recordOf(key string, b mazes.Baseline) chanceRecord {
	r := chanceRecord{Key: key, Walker: string(b.Walker), Protocol: string(b.Protocol), Walks: b.Walks, Budget: b.Budget}
	for _, v := range []float64{b.MEI, b.Score, b.SEMEI, b.SEScore, b.SR, b.HC, b.Steps, b.MaxMEI, b.MaxScore} {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			r.Numbers = append(r.Numbers, nil)
			continue
		}
		r.Numbers = append(r.Numbers, &v)
	}
	return r
}

// fileOf is the file a key's baseline is kept in: one per maze size.
func fileOf(key string) string {
	if i := strings.Index(key, "| n="); i >= 0 {
		rest := key[i+len("| n="):]
		if j := strings.IndexByte(rest, ' '); j > 0 {
			if _, err := strconv.Atoi(rest[:j]); err == nil {
				return "n" + rest[:j] + ".jsonl"
			}
		}
	}
	return "other.jsonl"
}

// Load reads the baseline of key, reading its file on first use.
func (s *chanceStore) Load(key string) (mazes.Baseline, bool) {
	name := fileOf(key)
	s.mu.Lock()
	defer s.mu.Unlock()
	kept, ok := s.files[name]
	if !ok {
		kept = s.read(name)
		s.files[name] = kept
	}
	b, ok := kept[key]
	return b, ok
}

// read loads one file's baselines; a missing or unreadable file is empty.
func (s *chanceStore) read(name string) map[string]mazes.Baseline {
	out := map[string]mazes.Baseline{}
	f, err := os.Open(filepath.Join(s.dir, name))
	if err != nil {
		return out
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	for sc.Scan() {
		var r chanceRecord
		if json.Unmarshal(sc.Bytes(), &r) != nil || r.Key == "" {
			continue
		}
		if b, ok := r.baseline(); ok {
			out[r.Key] = b
		}
	}
	return out
}

// Save appends a baseline to its file, in one write.
func (s *chanceStore) Save(key string, b mazes.Baseline) {
	line, err := json.Marshal(recordOf(key, b))
	if err != nil {
		return
	}
	name := fileOf(key)
	s.mu.Lock()
	defer s.mu.Unlock()
	if kept, ok := s.files[name]; ok {
		kept[key] = b
	}
	if err := os.MkdirAll(s.dir, 0o755); err != nil {
		return
	}
	f, err := os.OpenFile(filepath.Join(s.dir, name), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return
	}
	f.Write(append(line, '\n'))
	f.Close()
}

var (
	fingerprintOnce sync.Once
	fingerprint     string
)

// chanceFingerprint is a short hash of the scores of a few draws of the
// chance walker (walkers.RandomScores) on small mazes, under both protocols
// and with and without confidences: what changes the walker or the scores
// almost surely changes it, and with it the store's folder.
func chanceFingerprint() string {
	fingerprintOnce.Do(func() {
		h := sha256.New()
		for _, n := range []int{5, 7} {
			m, err := mazes.Generate(n, 1, mazes.DFS)
			if err != nil {
				panic(err) // a fixed size and seed: cannot fail
			}
			for _, p := range []mazes.Protocol{mazes.OneShot, mazes.Interactive} {
				for _, conf := range []bool{true, false} {
					for k := range uint64(3) {
						s := walkers.RandomScores(m, mazes.PromptOptions{Lang: mazes.English, Protocol: p, Confidence: conf}, k)
						data, _ := json.Marshal(s)
						h.Write(data)
						h.Write([]byte{'\n'})
					}
				}
			}
		}
		fingerprint = hex.EncodeToString(h.Sum(nil))[:16]
	})
	return fingerprint
}
