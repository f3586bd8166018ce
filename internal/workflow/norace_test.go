//go:build !race

package workflow

// goFlags build the command in a scratch checkout the way the tests are
// built.
const goFlags = ""
