package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"time"
)

// version is the module's version and the VCS revision it was built from:
// as the build recorded them (go build and go install in a checkout, or
// go install of a version, which records the version alone); else, when
// the build recorded no revision (go run, -buildvcs=false) and the
// program's source is a git checkout on this machine, as git says it is
// now; else it says that it is unknown.
func version() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "hallumaze (no build information)"
	}
	v := info.Main.Version
	if v == "" {
		v = "(devel)"
	}
	var rev, at string
	modified := false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			at = s.Value
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	from := ""
	if rev == "" {
		rev, at, modified = sourceRevision()
		from = ", read from the checkout"
	}
	out := "hallumaze " + v
	switch {
	case rev != "":
		dirty := ""
		if modified {
			dirty = ", modified"
		}
		out += fmt.Sprintf(" (revision %s, %s%s%s)", rev, at, dirty, from)
	case v == "(devel)":
		out += " (revision unknown: built without VCS information, outside a git checkout)"
	}
	return out + " " + info.GoVersion
}

// sourceRevision asks git for the revision of the checkout this program's
// source is in (its path as compiled, which go run and go build without
// -trimpath keep), its commit time and whether the tracked files differ
// from it. It gives "" when the source is not on this machine, is not a
// checkout, or git is not installed.
func sourceRevision() (rev, at string, modified bool) {
	_, file, _, ok := runtime.Caller(0)
	if !ok || !filepath.IsAbs(file) {
		return "", "", false
	}
	dir := filepath.Dir(file)
	if _, err := os.Stat(dir); err != nil {
		return "", "", false
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	gitOut := func(args ...string) (string, bool) {
		cmd := exec.CommandContext(ctx, "git", append([]string{"-C", dir}, args...)...)
		cmd.Env = append(os.Environ(), "TZ=UTC") // the commit time in UTC, as the build records it
		out, err := cmd.Output()
		return strings.TrimSpace(string(out)), err == nil
	}
	rev, ok = gitOut("rev-parse", "HEAD")
	if !ok || rev == "" {
		return "", "", false
	}
	at, _ = gitOut("log", "-1", "--format=%cd", "--date=format-local:%Y-%m-%dT%H:%M:%SZ")
	status, _ := gitOut("status", "--porcelain", "--untracked-files=no")
	return rev, at, status != ""
}
