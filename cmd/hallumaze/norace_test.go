//go:build !race

package main

// buildFlags build the command the way the tests are built.
var buildFlags []string
