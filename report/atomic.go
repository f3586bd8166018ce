package report

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/hallumaze/hallumaze/internal/files"
	"github.com/hallumaze/hallumaze/internal/redact"
)

// WriteFileAtomic writes a file so that readers see either its old content
// or the whole new one: write fills a temporary file in the same folder
// (through a buffer), which is synced to disk and then renamed over path.
// On any error the temporary file is removed and path is left as it was.
// A missing folder is made. The file's mode is that of every output,
// files.Mode less the umask. Every secret of red is replaced on the way
// (nil: none).
func WriteFileAtomic(path string, red *redact.Secrets, write func(io.Writer) error) (err error) {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	f, err := files.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(tmp)
		}
	}()
	bw := bufio.NewWriterSize(f, 256<<10)
	rw := red.Writer(bw)
	if err := write(rw); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := rw.Close(); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := f.Sync(); err != nil {
		return fmt.Errorf("write %s: sync: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := os.Rename(tmp, path); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	// Make the rename itself durable; a folder that cannot be synced
	// (some file systems) still holds the file.
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
	return nil
}
