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
var leaves = []string{"results", "pricing", "modelname", "internal/redact", "internal/cli", "internal/files"}

// rule says what a package's non-test files may import: module packages by
// path (a trailing "/..." allows a folder's packages), and other modules by
// path prefix. The standard library is always allowed.
type rule struct {
	allow []string
	// domain names the suite's own domain packages an adapter may import.
	domain []string
}

// rules gives each package, or folder of packages (a "/..." suffix), its
// rule. The most specific entry wins.
var rules = map[string]rule{
	"scoring":    {},
	"mazes":      {allow: []string{"scoring"}},
	"abstain":    {allow: []string{"scoring"}},
	"worlds":     {allow: []string{"scoring"}},
	"worlds/...": {allow: []string{"scoring", "worlds", "github.com/corentings/chess/v2"}},
	// The grid's reference agents read a prompt with the text reader the
	// tests check the golds with; the reader imports nothing of the module.
	"worlds/grid":               {allow: []string{"scoring", "worlds", "worlds/grid/internal/read"}},
	"worlds/grid/internal/read": {},
	"results":                   {allow: []string{"internal/redact", "internal/files", "modelname"}},
	"pricing":                   {allow: []string{"modelname"}},
	"modelname":                 {},
	"internal/redact":           {},
	"internal/cli":              {allow: []string{"internal/files"}},
	"internal/files":            {},
	"internal/golden":           {allow: []string{"github.com/google/go-cmp"}},
	"internal/hostile":          {},
	"internal/layering":         {},
	"internal/workflow":         {allow: []string{"go.yaml.in/yaml/v4"}},
	"internal/worldstest":       {allow: []string{"worlds"}},
	"providers":                 {allow: []string{"providers/internal/wire", "pricing", "modelname", "internal/files"}},
	"providers/internal/wire":   {},
	"providers/loopback":        {allow: []string{"providers", "providers/internal/wire", "modelname"}},
	"cassettes":                 {allow: []string{"gopkg.in/dnaeon/go-vcr.v4", "go.yaml.in/yaml/v4", "internal/files"}},
	"agents":                    {allow: []string{"mazes", "abstain", "providers", "scoring"}},
	"bench":                     {allow: append([]string{"providers", "cassettes", "scoring"}, leaves...)},
	"report":                    {allow: append([]string{"scoring"}, leaves...)},
	"suites/maze":               {allow: harnessSide, domain: []string{"mazes", "agents", "suites/maze/analysis"}},
	"suites/maze/analysis":      {allow: []string{"results", "mazes", "scoring"}},
	"suites/abstain":            {allow: harnessSide, domain: []string{"abstain", "agents"}},
	"suites/worlds":             {allow: harnessSide, domain: []string{"worlds", "worlds/..."}},
	"suites/innav":              {allow: harnessSide, domain: []string{"worlds", "worlds/..."}},
	"suites":                    {allow: append([]string{"suites/maze", "suites/abstain", "suites/worlds", "suites/innav"}, harnessSide...)},
	"cmd/hallumaze":             {allow: []string{"..."}},
}

// harnessSide is what a suite adapter may import besides its domain.
var harnessSide = append([]string{"bench", "report", "providers", "scoring"}, leaves...)

func TestLayering(t *testing.T) {
	for _, pkg := range modulePackages(t) {
		t.Run(pkg, func(t *testing.T) {
			r, ok := ruleOf(pkg)
			if !ok {
				t.Fatalf("package %s has no layering rule: add it to rules in internal/layering", pkg)
			}
			for _, imp := range imports(t, pkg) {
				if !allowed(r, imp) {
					t.Errorf("%s imports %s", pkg, imp)
				}
			}
		})
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

// ruleOf finds the rule of a package: its own, else its folder's.
func ruleOf(pkg string) (rule, bool) {
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

// allowed reports whether a package with rule r may import imp.
func allowed(r rule, imp string) bool {
	rel, ours := strings.CutPrefix(imp, module)
	if !ours {
		if !strings.Contains(strings.Split(imp, "/")[0], ".") {
			return true // the standard library
		}
		return slices.ContainsFunc(r.allow, func(a string) bool { return strings.HasPrefix(imp, a) })
	}
	for _, a := range append(slices.Clone(r.allow), r.domain...) {
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
