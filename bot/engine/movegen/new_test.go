package movegen

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lexico/lexico/build"
	"github.com/lexico/lexico/index"
)

// TestNewFromIndex builds a real index file from the small sample list and
// checks that the strategies New returns over it (the GADDAG loaded from
// the file, the exhaustive one pruning with the index's fragment filter)
// find exactly the plays the generators built in memory find.
func TestNewFromIndex(t *testing.T) {
	lx := small()
	dir := t.TempDir()
	list := filepath.Join(dir, "words.txt")
	if err := os.WriteFile(list, []byte(strings.Join(lx.words, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "small.db")
	if _, err := build.Build(context.Background(), build.Options{Source: list, Out: out}); err != nil {
		t.Fatal(err)
	}
	idx, err := index.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer idx.Close()
	positions := agreementPositions(lx.gen, 1, 5)
	for _, name := range []string{"gaddag", "exhaustive"} {
		gen, err := New(strings.ToUpper(name), idx)
		if err != nil {
			t.Fatalf("New(%s): %v", name, err)
		}
		for i, p := range positions {
			if name == "exhaustive" && i%8 != 0 {
				continue
			}
			if d := diff(name, collect(t, gen, p), "in-memory", collect(t, lx.gen, p)); d != "" {
				t.Fatalf("%s over the index file, %s:\n%s", name, p.name, d)
			}
		}
	}
}

func TestNewErrors(t *testing.T) {
	if _, err := New("nonsense", nil); !errors.Is(err, ErrUnknownStrategy) {
		t.Errorf("New(nonsense) error %v, want ErrUnknownStrategy", err)
	}
	if _, err := New("gaddag", nil); !errors.Is(err, ErrNoIndex) {
		t.Errorf("New(gaddag, nil) error %v, want ErrNoIndex", err)
	}
}
