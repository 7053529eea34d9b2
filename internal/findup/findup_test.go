package findup

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// From this package's directory the module's go.mod is found two levels
// up; a name no directory holds is an fs.ErrNotExist.
func TestAboveFindsTheModuleRoot(t *testing.T) {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	p, err := Above("go.mod")
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(filepath.Dir(filepath.Dir(wd)), "go.mod"); p != want {
		t.Fatalf("go.mod found at %s, want %s", p, want)
	}
	if _, err := Above("no-such-file-anywhere.lexico"); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("a missing file: %v, want fs.ErrNotExist", err)
	}
}
