package main

import (
	"path/filepath"
	"runtime"
)

// envCache names the folder where hallumaze keeps what it can compute
// again but would rather not (the chance baselines of mazes already
// reported); "off" keeps nothing.
const envCache = "HALLUMAZE_CACHE"

// cacheDir is the folder of hallumaze's cached files: $HALLUMAZE_CACHE,
// else hallumaze in the user's cache folder ($XDG_CACHE_HOME, else
// ~/.cache on Linux and the BSDs; ~/Library/Caches on macOS;
// %LocalAppData% on Windows), read from the app's environment. "" (keep
// nothing) when the variable is "off" or no cache folder is known.
func (a *app) cacheDir() string {
	switch v := a.getenv(envCache); v {
	case "off":
		return ""
	case "":
	default:
		return v
	}
	var base string
	switch runtime.GOOS {
	case "windows":
		base = a.getenv("LocalAppData")
	case "darwin", "ios":
		if home := a.getenv("HOME"); home != "" {
			base = filepath.Join(home, "Library", "Caches")
		}
	default:
		base = a.getenv("XDG_CACHE_HOME")
		if home := a.getenv("HOME"); base == "" && home != "" {
			base = filepath.Join(home, ".cache")
		}
	}
	if base == "" {
		return ""
	}
	return filepath.Join(base, "hallumaze")
}
