package grid

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hallumaze/hallumaze/internal/golden"
	"github.com/hallumaze/hallumaze/worlds"
)

// standard generates the standard set once per test.
func standard(t testing.TB) (*World, []worlds.Probe) {
	t.Helper()
	w := newWorld(t)
	ps, err := w.Standard()
	require.NoError(t, err)
	return w, ps
}

// TestStandardRegress pins the standard set: every record as JSONL with
// its context replaced by the context's SHA-256 (standard.golden), the
// SHA-256 of the whole JSONL, and the counts by category, template, view
// and level (standard_counts.golden). A change is a reviewed change.
func TestStandardRegress(t *testing.T) {
	_, ps := standard(t)
	var full bytes.Buffer
	require.NoError(t, worlds.WriteProbes(&full, ps))
	var hashed bytes.Buffer
	for _, p := range ps {
		p.Context = fmt.Sprintf("sha256:%x", sha256.Sum256([]byte(p.Context)))
		line, err := p.MarshalJSON()
		require.NoError(t, err)
		hashed.Write(line)
		hashed.WriteByte('\n')
	}
	golden.Check(t, "standard.golden", hashed.Bytes())

	var c strings.Builder
	fmt.Fprintf(&c, "probes %d, JSONL %d bytes, sha256 %x\n", len(ps), full.Len(), sha256.Sum256(full.Bytes()))
	for _, by := range []struct {
		name string
		key  func(worlds.Probe) string
	}{
		{"category", func(p worlds.Probe) string { return string(p.Category) }},
		{"template", func(p worlds.Probe) string { return p.Template }},
		{"view", func(p worlds.Probe) string { return p.View }},
		{"answerable", func(p worlds.Probe) string { return fmt.Sprint(p.Answerable()) }},
		{"conflict", func(p worlds.Probe) string {
			if p.Conflict == nil {
				return "null"
			}
			return fmt.Sprint(*p.Conflict)
		}},
		{"level", func(p worlds.Probe) string { return p.Level }},
	} {
		counts := map[string]int{}
		for _, p := range ps {
			counts[by.key(p)]++
		}
		fmt.Fprintf(&c, "\nby %s:\n", by.name)
		for _, k := range slices.Sorted(func(yield func(string) bool) {
			for k := range counts {
				if !yield(k) {
					return
				}
			}
		}) {
			fmt.Fprintf(&c, "  %-24s %d\n", k, counts[k])
		}
	}
	golden.Check(t, "standard_counts.golden", []byte(c.String()))
}

// TestStandardRecords checks every record of the standard set against the
// spec's rules for records.
func TestStandardRecords(t *testing.T) {
	w, ps := standard(t)
	again, err := w.Standard()
	require.NoError(t, err)
	if diff := cmp.Diff(ps, again); diff != "" {
		t.Fatalf("the standard set is not deterministic (-first +second):\n%s", diff)
	}
	var buf bytes.Buffer
	require.NoError(t, worlds.WriteProbes(&buf, ps))
	back, err := worlds.ReadProbes(&buf)
	require.NoError(t, err, "the records read back")
	require.Len(t, back, len(ps))

	unit := ""
	next := 0
	for _, p := range ps {
		t.Run(p.ID, func(t *testing.T) {
			if u := p.ID[:strings.LastIndex(p.ID, "/q")]; u != unit {
				unit, next = u, 0
			}
			view := strings.Split(unit, "/")[3]
			assert.Equal(t, worlds.ProbeID(worlds.Grid, p.Level, p.Seed, view, next), p.ID,
				"ids number the unit's probes in order from q00")
			next++
			assert.Equal(t, worlds.Grid, p.World)
			assert.Equal(t, "generated", p.Source)
			assert.Contains(t, viewNames, p.View)
			assert.True(t, p.Category.Valid())
			assert.Equal(t, string(p.Category)+"."+p.ProbeType, p.Template)
			assert.True(t, p.AnswerType.Valid())
			if !p.Answerable() {
				assert.Equal(t, worlds.Uncertainty, p.Category, "every UNKNOWN gold is category U")
			}
			msg, err := worlds.ParseMessage(p.Context)
			require.NoError(t, err)
			assert.Equal(t, p.Question, msg.Question)
			assert.Equal(t, p.Schema, msg.Schema)
			assert.Equal(t, p.Key, msg.Key)
			assert.Equal(t, worlds.Unknown, msg.Values[len(msg.Values)-1])
			if p.AnswerType == worlds.Enum {
				assert.True(t, slices.IsSorted(p.Options))
				assert.GreaterOrEqual(t, len(p.Options), 3)
				assert.Equal(t, worlds.EnumSchema(p.Key, p.Options), p.Schema)
			} else {
				assert.Nil(t, p.Options)
			}
			// §12.4: the gold's canonical string, as the reply key=<canonical>,
			// is right.
			if p.Answerable() {
				assert.True(t, p.Gold.Accepts(p.Gold.Canonical()), "gold %s", p.Gold.Canonical())
				if p.AnswerType == worlds.Enum {
					assert.Contains(t, p.Options, p.Gold.Canonical())
				}
			}
			var meta struct {
				Tier *string `json:"level_tier"`
			}
			require.NoError(t, json.Unmarshal(p.Meta, &meta))
			if strings.HasPrefix(p.Level, "proc-") {
				assert.Nil(t, meta.Tier)
			} else {
				require.NotNil(t, meta.Tier)
				assert.Equal(t, p.Level[:1], *meta.Tier)
			}
			switch p.Template {
			case "X.claim":
				require.NotNil(t, p.Conflict)
				require.NotNil(t, p.Testimony)
				assert.Equal(t, *p.Conflict, !p.Gold.Accepts(*p.Testimony))
				if strings.HasPrefix(p.Level, "proc-") {
					assert.Contains(t, p.Context, "\n\n[Notice]: \"", "a procedural level's testimony is the overlay")
				} else {
					assert.NotContains(t, p.Context, "[Notice]: \"", "a HalluWorld level's testimony is its own text objects")
				}
			case "X.reported":
				assert.Nil(t, p.Conflict)
				require.NotNil(t, p.Testimony)
				assert.Equal(t, *p.Testimony, p.Gold.Canonical(), "P3: the gold is what the source says")
				assert.True(t, strings.HasPrefix(p.Question, "According to the "))
			default:
				assert.Nil(t, p.Conflict)
				assert.Nil(t, p.Testimony)
				assert.NotContains(t, p.Context, "[Notice]: \"", "only X probes carry the overlay")
			}
		})
	}
}

// TestStandardShape checks the units of the standard set: the views of
// each key and of the procedural levels, every HalluWorld key asking
// mostly probes of its own tier, the pairs (U's, the yes/no ones), the X
// claims with their reported twins, and one overlay per procedural unit.
func TestStandardShape(t *testing.T) {
	_, ps := standard(t)
	units := map[string][]worlds.Probe{}
	var order []string
	for _, p := range ps {
		u := p.ID[:strings.LastIndex(p.ID, "/q")]
		if _, ok := units[u]; !ok {
			order = append(order, u)
		}
		units[u] = append(units[u], p)
	}
	assert.Len(t, order, 48+len(ProcSizes)*len(ProcSeeds)*3, "48 HalluWorld level-views and the procedural units")
	tier := map[string][2]int{}
	for _, u := range order {
		ps := units[u]
		level := ps[0].Level
		counts := map[string]int{}
		yes := map[string]int{}
		for _, p := range ps {
			counts[p.Template]++
			if p.AnswerType == worlds.Bool && p.Answerable() && p.Gold.Value == "yes" {
				yes[p.Template]++
			}
			if !strings.HasPrefix(level, "proc-") {
				tt := tier[level]
				tt[1]++
				if string(p.Category) == level[:1] {
					tt[0]++
				}
				tier[level] = tt
			}
		}
		assert.Equal(t, counts["X.claim"], counts["X.reported"], u)
		if strings.HasPrefix(level, "proc-") {
			assert.LessOrEqual(t, counts["X.claim"], 1, u)
		}
		for _, pair := range []string{"P.presence", "M.recall", "U.cell", "U.total", "U.room", "U.unseen", "X.revisit", "C.plate"} {
			if pair != "M.recall" && pair != "C.plate" {
				assert.Equal(t, 0, counts[pair]%2, "%s: %s comes in pairs", u, pair)
			}
		}
		assert.Equal(t, counts["P.presence"]/2, yes["P.presence"], "%s: one yes per presence pair", u)
		assert.Equal(t, counts["X.revisit"]/2, yes["X.revisit"], "%s: one yes per revisit pair", u)
	}
	for level, tt := range tier {
		assert.Greater(t, 2*tt[0], tt[1], "%s asks mostly probes of its own tier (%d of %d)", level, tt[0], tt[1])
	}
	assert.Len(t, tier, len(keys), "every HalluWorld key asks probes")
	views := map[string][]string{}
	for _, u := range order {
		p := units[u][0]
		v := strings.Split(u, "/")[3]
		views[p.Level] = append(views[p.Level], v)
	}
	for _, k := range keys {
		assert.Equal(t, k.views, views[k.name], k.name)
	}
	for _, s := range ProcSizes {
		assert.Equal(t, slices.Repeat(viewNames, len(ProcSeeds)), views[procName(s)])
	}
}

// TestUPairs checks that every U probe whose gold is UNKNOWN has an
// answerable twin of the same template and wording in its unit.
func TestUPairs(t *testing.T) {
	_, ps := standard(t)
	checkUPairs(t, ps)
}

// checkUPairs is TestUPairs over any probes.
func checkUPairs(t interface {
	Helper()
	Errorf(string, ...any)
}, ps []worlds.Probe) {
	t.Helper()
	for i, p := range ps {
		if p.Answerable() {
			continue
		}
		unit := p.ID[:strings.LastIndex(p.ID, "/q")]
		twin := false
		for _, q := range ps {
			if q.Answerable() && strings.HasPrefix(q.ID, unit+"/q") && q.Template == p.Template &&
				(q.Question == p.Question || p.Template == "U.cell" || p.Template == "U.room") {
				twin = true
			}
		}
		if !twin {
			t.Errorf("%s (%d): %q has no answerable twin", p.ID, i, p.Question)
		}
	}
}
