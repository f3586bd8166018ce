package layering

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

const module = "github.com/hallumaze/hallumaze/"

// leaves are the module's packages that import nothing of the module but
// each other.
var leaves = []string{"results", "pricing", "modelname", "internal/redact", "internal/cli", "internal/files", "internal/textfmt", "internal/responses", "internal/jsonnum", "internal/jsonscan"}

// rule says what a package's non-test files may import: module packages by
// path (a trailing "/..." allows a folder's packages), and other modules by
// path prefix. The standard library is always allowed.
type rule struct {
	allow []string
	// adapter marks a suite's adapter (suites/<name>/...): besides allow, it
	// may import its own packages and any domain package, never another
	// suite's adapter, the suite list or the command.
	adapter bool
}

// rules gives each package, or folder of packages (a "/..." suffix), its
// rule. The most specific entry wins. A package of none is a domain package
// ([domainRule]), so a new suite's domain and adapter packages need no
// entry here.
var rules = map[string]rule{
	"scoring": {},
	"mazes":   {allow: []string{"scoring"}},
	// The lenient tier reads with the strict parser beneath it; mazes never
	// imports it.
	"mazes/lenient": {allow: []string{"mazes"}},
	// The reference walkers read a request of their own, never the
	// providers' types.
	"mazes/walkers": {allow: []string{"mazes"}},
	"abstain":       {allow: []string{"scoring"}},
	"worlds":        {allow: []string{"scoring"}},
	"worlds/...":    {allow: []string{"scoring", "worlds", "github.com/corentings/chess/v2"}},
	// The grid's reference agents read a prompt with the text reader the
	// tests check the golds with; the reader imports nothing of the module.
	"worlds/grid":               {allow: []string{"scoring", "worlds", "worlds/grid/internal/read"}},
	"worlds/grid/internal/read": {},
	"results":                   {allow: []string{"internal/redact", "internal/files", "internal/textfmt", "internal/jsonnum", "modelname"}},
	"pricing":                   {allow: []string{"modelname"}},
	"modelname":                 {},
	"internal/redact":           {},
	"internal/cli":              {allow: []string{"internal/files"}},
	"internal/files":            {},
	"internal/textfmt":          {},
	"internal/jsonnum":          {},
	"internal/jsonscan":         {},
	"internal/responses":        {},
	"internal/cputime":          {},
	"internal/memlimit":         {},
	"internal/golden":           {allow: []string{"github.com/google/go-cmp"}},
	"internal/hostile":          {},
	"internal/pagecheck":        {},
	"internal/layering":         {},
	"internal/workflow":         {allow: []string{"go.yaml.in/yaml/v4"}},
	"internal/worldstest":       {allow: []string{"worlds"}},
	"internal/sectiontest":      {allow: []string{"bench", "report", "results", "github.com/stretchr/testify"}},
	"providers":                 {allow: []string{"providers/internal/wire", "pricing", "modelname", "internal/files"}},
	"providers/internal/wire":   {},
	"providers/loopback":        {allow: []string{"providers", "providers/internal/wire", "modelname", "internal/textfmt"}},
	"cassettes":                 {allow: []string{"gopkg.in/dnaeon/go-vcr.v4", "go.yaml.in/yaml/v4", "internal/files"}},
	"agents":                    {allow: []string{"mazes/walkers", "abstain", "providers", "modelname"}},
	"bench":                     {allow: append([]string{"providers", "cassettes", "scoring", "report"}, leaves...)},
	"report":                    {allow: append([]string{"scoring"}, leaves...)},
	"suites/...":                {allow: harnessSide, adapter: true},
	"suites":                    {allow: append([]string{"suites/..."}, harnessSide...)},
	"profile":                   {allow: []string{"results", "scoring", "modelname", "internal/jsonnum", "internal/jsonscan"}},
	"profile/page":              {allow: []string{"profile", "report", "results", "modelname"}},
	"cmd/hallumaze":             {allow: []string{"..."}},
}

// harnessSide is what a suite adapter may import besides its domain.
var harnessSide = append([]string{"bench", "report", "providers", "scoring"}, leaves...)

func TestLayering(t *testing.T) {
	for _, pkg := range modulePackages(t) {
		t.Run(pkg, func(t *testing.T) {
			r := ruleOf(pkg)
			for _, imp := range imports(t, pkg) {
				if !allowed(pkg, r, imp) {
					t.Errorf("%s imports %s", pkg, imp)
				}
			}
		})
	}
}

// TestNewSuite: a new suite's packages, coin and suites/coin, need no
// rule of their own: the domain may import scoring and itself, the adapter
// the harness side and any domain, never another suite's adapter.
func TestNewSuite(t *testing.T) {
	for _, tc := range []struct {
		pkg, imp string
		want     bool
	}{
		{"coin", "scoring", true},
		{"coin", "coin/flip", true},
		{"coin/flip", "coin", true},
		{"coin", "bench", false},
		{"coin", "results", false},
		{"coin", "mazes", false},
		{"suites/coin", "coin", true},
		{"suites/coin", "coin/flip", true},
		{"suites/coin", "bench", true},
		{"suites/coin", "report", true},
		{"suites/coin", "mazes", true},
		{"suites/coin", "suites/coin/view", true},
		{"suites/coin/view", "suites/coin", true},
		{"suites/coin", "suites/maze", false},
		{"suites/coin", "suites/maze/analysis", false},
		{"suites/coin", "suites", false},
		{"suites/coin", "cmd/hallumaze", false},
		{"suites/coin", "cassettes", false},
	} {
		if got := allowed(tc.pkg, ruleOf(tc.pkg), module+tc.imp); got != tc.want {
			t.Errorf("%s importing %s: allowed = %t, want %t", tc.pkg, tc.imp, got, tc.want)
		}
	}
}

// TestReportNeedsNoHarness: the report's whole import graph holds neither
// the testing package nor go-vcr, so reading results never pulls in the
// harness.
func TestReportNeedsNoHarness(t *testing.T) {
	seen := map[string]bool{}
	var walk func(pkg string)
	walk = func(pkg string) {
		if seen[pkg] {
			return
		}
		seen[pkg] = true
		for _, imp := range imports(t, pkg) {
			if rel, ok := strings.CutPrefix(imp, module); ok {
				walk(rel)
				continue
			}
			seen[imp] = true
		}
	}
	walk("report")
	for dep := range seen {
		if dep == "testing" || strings.HasPrefix(dep, "gopkg.in/dnaeon/go-vcr") || dep == "bench" || dep == "cassettes" {
			t.Errorf("report depends on %s", dep)
		}
	}
}

// domainRule is the rule of a package no entry names: a domain package
// (a suite's world, prompt, parser and scores) imports the standard
// library, scoring and its own packages only.
func domainRule(pkg string) rule {
	top, _, _ := strings.Cut(pkg, "/")
	return rule{allow: []string{"scoring", top, top + "/..."}}
}

// ruleOf finds the rule of a package: its own, else its folder's, else the
// domain rule.
func ruleOf(pkg string) rule {
	r, ok := explicitRule(pkg)
	if !ok {
		return domainRule(pkg)
	}
	return r
}

// explicitRule is the entry of rules for a package or its folder.
func explicitRule(pkg string) (rule, bool) {
	if r, ok := rules[pkg]; ok {
		return r, true
	}
	for dir := pkg; strings.Contains(dir, "/"); {
		dir = dir[:strings.LastIndex(dir, "/")]
		if r, ok := rules[dir+"/..."]; ok {
			return r, true
		}
	}
	return rule{}, false
}

// isDomain reports whether a module package is a domain package: its rule
// is the domain rule, or it is one of the reference domains' packages
// (the agents included, which play them).
func isDomain(rel string) bool {
	if _, ok := explicitRule(rel); !ok {
		return true
	}
	top, _, _ := strings.Cut(rel, "/")
	return slices.Contains([]string{"scoring", "mazes", "abstain", "worlds", "agents"}, top)
}

// allowed reports whether package pkg, of rule r, may import imp.
func allowed(pkg string, r rule, imp string) bool {
	rel, ours := strings.CutPrefix(imp, module)
	if !ours {
		if !strings.Contains(strings.Split(imp, "/")[0], ".") {
			return true // the standard library
		}
		return slices.ContainsFunc(r.allow, func(a string) bool { return strings.HasPrefix(imp, a) })
	}
	if r.adapter {
		own := strings.Join(strings.SplitN(pkg, "/", 3)[:2], "/")
		if rel == own || strings.HasPrefix(rel, own+"/") || isDomain(rel) {
			return true
		}
	}
	for _, a := range r.allow {
		switch {
		case a == "...", a == rel:
			return true
		case strings.HasSuffix(a, "/...") && strings.HasPrefix(rel, strings.TrimSuffix(a, "...")):
			return true
		}
	}
	return false
}

// modulePackages lists the module's packages: every folder holding a
// non-test Go file, testdata aside.
func modulePackages(t *testing.T) []string {
	t.Helper()
	root := filepath.Join("..", "..")
	var out []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() && path != root && (name == "testdata" || strings.HasPrefix(name, ".")) {
			return filepath.SkipDir
		}
		if d.IsDir() && path != root {
			if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
				return filepath.SkipDir // a module of its own (providers/loopback/sdkcheck)
			}
		}
		if d.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		rel, _ := filepath.Rel(root, filepath.Dir(path))
		rel = filepath.ToSlash(rel)
		if !slices.Contains(out, rel) {
			out = append(out, rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(out)
	if len(out) < 10 {
		t.Fatalf("found only %d packages: %v", len(out), out)
	}
	return out
}

// imports lists the imports of a package's non-test files.
func imports(t *testing.T, pkg string) []string {
	t.Helper()
	dir := filepath.Join("..", "..", filepath.FromSlash(pkg))
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	fset := token.NewFileSet()
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			if !slices.Contains(out, path) {
				out = append(out, path)
			}
		}
	}
	return out
}
