package atomicfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
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
