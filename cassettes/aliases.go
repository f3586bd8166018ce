package cassettes

import (
	"bytes"
	"fmt"

	"go.yaml.in/yaml/v4"
)

// checkNoAliases refuses a cassette file that uses YAML aliases. go-vcr
// never writes one, and decoding one repeats the anchored node once for
// every alias: a small file of aliases to a large request would cost work
// far out of proportion to its size (the YAML decoder's own guard limits
// the share of aliases among the nodes, not the bytes each one repeats).
// The check reads the file into a node tree, where an alias is one node,
// so it costs time linear in the file. A file with no '*' holds no alias
// and is not read twice.
func checkNoAliases(data []byte) error {
	if bytes.IndexByte(data, '*') < 0 {
		return nil
	}
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		return nil // the decoder that follows reports it
	}
	stack := []*yaml.Node{&root}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if n.Kind == yaml.AliasNode {
			return fmt.Errorf("line %d: alias *%s: a cassette holds no YAML aliases", n.Line, n.Value)
		}
		for i := len(n.Content) - 1; i >= 0; i-- {
			stack = append(stack, n.Content[i]) // the first alias is reported
		}
	}
	return nil
}
