package readlimit

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A file of exactly the limit is read; one byte more, a sparse file of a
// terabyte and an endless device are refused at once, naming the file and
// the limit: read whole, /dev/zero hung with its memory growing.
func TestFileReadsUpToTheLimit(t *testing.T) {
	dir := t.TempDir()
	at := filepath.Join(dir, "at")
	over := filepath.Join(dir, "over")
	vast := filepath.Join(dir, "vast")
	os.WriteFile(at, []byte(strings.Repeat("x", 100)), 0o644)
	os.WriteFile(over, []byte(strings.Repeat("x", 101)), 0o644)
	os.WriteFile(vast, nil, 0o644)
	if err := os.Truncate(vast, 1<<40); err != nil {
		t.Fatal(err)
	}
	if b, err := File(at, "board file", 100); err != nil || len(b) != 100 {
		t.Errorf("a file of the limit: %d bytes, %v", len(b), err)
	}
	paths := []string{over, vast}
	if _, err := os.Stat("/dev/zero"); err == nil {
		paths = append(paths, "/dev/zero")
	}
	for _, p := range paths {
		start := time.Now()
		_, err := File(p, "board file", 100)
		if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), p) || !strings.Contains(err.Error(), "a board file is at most 100 bytes") {
			t.Errorf("%s: %v, want ErrTooLarge naming the file and the limit", p, err)
		}
		if took := time.Since(start); took > time.Second {
			t.Errorf("%s: refused after %v", p, took)
		}
	}
	if _, err := File(filepath.Join(dir, "none"), "board file", 100); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a missing file: %v, want fs.ErrNotExist", err)
	}
}

// A directory named as a file is refused in os's words, the path said once:
// wrapped again, the message read "read DIR: read DIR: is a directory".
func TestFileNamesADirectoryOnce(t *testing.T) {
	dir := t.TempDir()
	_, err := File(dir, "board file", 100)
	if err == nil || strings.Count(err.Error(), dir) != 1 || !strings.Contains(err.Error(), "is a directory") {
		t.Errorf("a directory: %v, want one mention of %s and that it is a directory", err, dir)
	}
}
