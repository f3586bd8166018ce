package cassettes

import (
	"errors"
	"fmt"
	"io"
	"io/fs"

	"gopkg.in/dnaeon/go-vcr.v4/pkg/cassette"

	"github.com/hallumaze/hallumaze/internal/files"
)

// MaxCassetteBytes bounds a cassette file read for replay: a larger file is
// not one this project writes, and parsing it could take the machine's
// memory.
const MaxCassetteBytes = 64 << 20

// Check loads the cassette at path as replay would and returns the URLs its
// requests were sent to (their keys removed), so that a caller can see,
// before any case runs, that the cassette exists and parses. Which server
// recorded it does not matter: matching ignores the scheme, host and port. A missing file wraps [ErrNoInteraction]; a file that
// is not a replayable cassette, or is larger than [MaxCassetteBytes],
// wraps [ErrBadCassette].
func Check(path string) ([]string, error) {
	f, err := files.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, &noInteractionError{
			msg:    fmt.Sprintf("cassettes: %s: cassette %s does not exist", ErrNoInteraction, path),
			vcrErr: cassette.ErrCassetteNotFound,
		}
	}
	if err != nil {
		return nil, fmt.Errorf("cassettes: read cassette %s: %w", path, err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxCassetteBytes+1))
	if err != nil {
		return nil, fmt.Errorf("cassettes: read cassette %s: %w", path, err)
	}
	if len(data) > MaxCassetteBytes {
		return nil, fmt.Errorf("cassettes: load cassette %s: %w: larger than %d bytes", path, ErrBadCassette, MaxCassetteBytes)
	}
	c, err := loadCassette(path, data)
	if err != nil {
		return nil, err
	}
	var urls []string
	for _, i := range c.Interactions {
		u := redactURL(i.Request.URL)
		if len(urls) == 0 || urls[len(urls)-1] != u {
			urls = append(urls, u)
		}
	}
	return urls, nil
}
