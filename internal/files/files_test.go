package files

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestOpenRefusesWhatWouldBlock(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	link := filepath.Join(dir, "link")
	require.NoError(t, os.Symlink(fifo, link))
	for path, kind := range map[string]string{fifo: "a named pipe", link: "a named pipe", os.DevNull: "a character device", dir: "a folder"} {
		_, err := Open(path)
		assert.ErrorIs(t, err, ErrNotRegular, path)
		assert.EqualError(t, err, path+" is "+kind+", not a regular file")
		assert.ErrorIs(t, Check(path), ErrNotRegular)
	}
	_, err := Open(filepath.Join(dir, "absent"))
	assert.ErrorIs(t, err, fs.ErrNotExist)
	assert.Contains(t, err.Error(), "open ")
}

func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "f")
	require.NoError(t, os.WriteFile(p, []byte("hello"), 0o600))
	data, err := ReadFile(p, 5)
	require.NoError(t, err)
	assert.Equal(t, "hello", string(data))
	_, err = ReadFile(p, 4)
	var tl *TooLargeError
	require.True(t, errors.As(err, &tl), "%v", err)
	assert.EqualError(t, err, p+" is 5 bytes, more than the 4 this input may hold")
	_, err = ReadAll(strings.NewReader("hello"), "standard input", 4)
	assert.EqualError(t, err, "standard input holds more than the 4 bytes this input may hold")
}

// Output files have the mode os.Create gives: Mode less the umask.
func TestCreateModes(t *testing.T) {
	dir := t.TempDir()
	probe, err := os.Create(filepath.Join(dir, "probe"))
	require.NoError(t, err)
	want, err := probe.Stat()
	require.NoError(t, err)
	probe.Close()
	f, err := CreateTemp(dir, ".out-*.tmp")
	require.NoError(t, err)
	defer f.Close()
	assert.True(t, strings.HasPrefix(filepath.Base(f.Name()), ".out-") && strings.HasSuffix(f.Name(), ".tmp"), f.Name())
	st, err := f.Stat()
	require.NoError(t, err)
	assert.Equal(t, want.Mode().Perm(), st.Mode().Perm())
}
