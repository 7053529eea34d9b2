package atomicfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// A successful write replaces the file with the given mode and leaves
// nothing else in the directory.
func TestWriteReplaces(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.txt")
	if err := os.WriteFile(path, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(path, []byte("new"), 0o600); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(path)
	st, _ := os.Stat(path)
	entries, _ := os.ReadDir(dir)
	if string(got) != "new" || st.Mode().Perm() != 0o600 || len(entries) != 1 {
		t.Fatalf("content %q, mode %v, %d entries; want \"new\", 0600, 1", got, st.Mode().Perm(), len(entries))
	}
}

// A writer that fails part-way leaves the old file as it was and no
// temporary file behind, and the error names the file.
func TestFailedWriteLeavesTheFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.txt")
	if err := os.WriteFile(path, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("boom")
	err := Write(path, 0o644, func(w io.Writer) error {
		io.WriteString(w, "half")
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("err %v, want boom", err)
	}
	got, _ := os.ReadFile(path)
	entries, _ := os.ReadDir(dir)
	if string(got) != "old" || len(entries) != 1 {
		t.Fatalf("content %q, %d entries; want \"old\" and the file alone", got, len(entries))
	}
}

func TestWriteIntoMissingDirectoryFails(t *testing.T) {
	if err := WriteFile(filepath.Join(t.TempDir(), "no", "such", "f"), nil, 0o644); err == nil {
		t.Fatal("writing into a missing directory succeeded")
	}
}

// A write to a symbolic link replaces the file it points to, in another
// directory, through a chain of links: the links stay links, the target
// gets the new content, and no temporary file is left beside the link.
func TestWriteThroughSymlink(t *testing.T) {
	dir, elsewhere := t.TempDir(), t.TempDir()
	target := filepath.Join(elsewhere, "real.txt")
	if err := os.WriteFile(target, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	mid := filepath.Join(dir, "mid.txt")
	link := filepath.Join(dir, "link.txt")
	if err := os.Symlink(target, mid); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("mid.txt", link); err != nil { // relative to the link's directory
		t.Fatal(err)
	}
	if err := WriteFile(link, []byte("new"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, l := range []string{link, mid} {
		if fi, err := os.Lstat(l); err != nil || fi.Mode()&os.ModeSymlink == 0 {
			t.Fatalf("%s after the write: %v, %v; want it still a link", l, fi.Mode(), err)
		}
	}
	if got, _ := os.ReadFile(target); string(got) != "new" {
		t.Fatalf("the link's target holds %q, want \"new\"", got)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 2 {
		t.Fatalf("%d entries beside the links, want the 2 links", len(entries))
	}
}

// A dangling link is written through, making the file it names; a loop of
// links is an error, and nothing is written.
func TestWriteThroughDanglingLinkAndLoop(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "made.txt")
	link := filepath.Join(dir, "link.txt")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(link, []byte("new"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(target); string(got) != "new" {
		t.Fatalf("the dangling link's target holds %q, want \"new\"", got)
	}
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	os.Symlink(b, a)
	os.Symlink(a, b)
	if err := WriteFile(a, []byte("x"), 0o644); err == nil {
		t.Fatal("a write through a loop of links succeeded")
	}
	for _, l := range []string{a, b} {
		if fi, err := os.Lstat(l); err != nil || fi.Mode()&os.ModeSymlink == 0 {
			t.Fatalf("%s after the refused write: %v, %v; want it still a link", l, fi.Mode(), err)
		}
	}
}

// A named pipe or a directory at the path is refused and left as it was: a
// rename over a pipe (or, as root, a device such as /dev/null) turned it into
// a plain file.
func TestWriteRefusesWhatIsNotARegularFile(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	sub := filepath.Join(dir, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	for path, kind := range map[string]string{fifo: "a named pipe", sub: "a directory"} {
		err := WriteFile(path, []byte("new"), 0o644)
		if !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), kind) {
			t.Errorf("writing %s: %v; want ErrNotRegular naming %s", filepath.Base(path), err, kind)
		}
	}
	if fi, err := os.Lstat(fifo); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the pipe after the write: %v, %v", fi.Mode(), err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 2 {
		t.Errorf("%d entries in the directory, want the pipe and the directory alone", len(entries))
	}
}
