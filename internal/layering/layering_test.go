package layering

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

const module = "github.com/hallumaze/hallumaze/"

// allowed lists, for each package, the module packages its non-test files
// may import. Anything else of the module is a layering error; the
// standard library is always allowed, other modules never.
var allowed = map[string][]string{
	"scoring":            {},
	"mazes":              {"scoring"},
	"abstain":            {"scoring"},
	"providers":          {},
	"providers/loopback": {"providers"},
	"cassettes":          {"gopkg.in/dnaeon/go-vcr.v4", "go.yaml.in/yaml/v4"},
	"agents":             {"mazes", "abstain", "providers", "scoring"},
	"report":             {"bench", "mazes", "abstain", "scoring", "providers"},
	"internal/golden":    {"github.com/google/go-cmp"},
	"internal/layering":  {},
}

func TestLayering(t *testing.T) {
	root := filepath.Join("..", "..")
	for pkg, allow := range allowed {
		t.Run(pkg, func(t *testing.T) {
			for _, imp := range imports(t, filepath.Join(root, pkg)) {
				rel, ours := strings.CutPrefix(imp, module)
				std := !strings.Contains(strings.Split(imp, "/")[0], ".")
				switch {
				case std && !ours:
				case ours && slices.Contains(allow, rel):
				case !ours && slices.ContainsFunc(allow, func(a string) bool { return strings.HasPrefix(imp, a) }):
				default:
					t.Errorf("%s imports %s", pkg, imp)
				}
			}
		})
	}
}

// imports lists the imports of a package's non-test files.
func imports(t *testing.T, dir string) []string {
	t.Helper()
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
			out = append(out, path)
		}
	}
	if len(out) == 0 && len(entries) == 0 {
		t.Fatalf("%s: no Go files", dir)
	}
	return out
}
