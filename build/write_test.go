package build

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/lexico/lexico/index"
)

// TestFailedBuildLeavesOldIndexIntact fails the build after every write stage
// in turn and checks what a user relies on: the index already at --out is
// byte-for-byte the same and still opens, and no temporary file remains.
func TestFailedBuildLeavesOldIndexIntact(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "lexico.db")
	if _, err := Build(context.Background(), Options{Source: "-", Stdin: strings.NewReader("old\nwords\n"), Out: out}); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(out)
	boom := errors.New("injected failure")
	for _, stage := range []string{"words", "length_letter", "anagrams", "blobs", "meta", "sync"} {
		t.Run(stage, func(t *testing.T) {
			_, err := Build(context.Background(), Options{
				Source: "-", Stdin: strings.NewReader("new\nlist\nof\nwords\n"), Out: out,
				hook: func(s string) error {
					if s == stage {
						return boom
					}
					return nil
				},
			})
			if !errors.Is(err, boom) {
				t.Fatalf("err = %v, want the injected failure", err)
			}
			after, _ := os.ReadFile(out)
			if !bytes.Equal(before, after) {
				t.Fatalf("failure after %s changed the old index", stage)
			}
			x, err := index.Open(out)
			if err != nil {
				t.Fatalf("old index no longer opens: %v", err)
			}
			ok := x.Contains("OLD") && !x.Contains("NEW")
			x.Close()
			if !ok {
				t.Fatalf("old index lost its words")
			}
			assertNoTemp(t, dir)
		})
	}
}

func TestCancelledBuildLeavesNothing(t *testing.T) {
	out := filepath.Join(t.TempDir(), "lexico.db")
	ctx, cancel := context.WithCancel(context.Background())
	_, err := Build(ctx, Options{
		Source: "-", Stdin: strings.NewReader("some\nwords\n"), Out: out,
		hook: func(s string) error {
			if s == "length_letter" {
				cancel() // as a signal handler would on Ctrl-C
			}
			return nil
		},
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	assertNoFile(t, out)
}

func TestUnwritableOutputDirectory(t *testing.T) {
	// A regular file where a directory should be: unwritable even for root.
	notDir := filepath.Join(t.TempDir(), "file")
	os.WriteFile(notDir, nil, 0o644)
	_, err := Build(context.Background(), Options{Source: "-", Stdin: strings.NewReader("word\n"), Out: filepath.Join(notDir, "x.db")})
	if err == nil || !strings.Contains(err.Error(), "cannot write in output directory") {
		t.Fatalf("err = %v", err)
	}
}

func TestMissingSourceFile(t *testing.T) {
	out := filepath.Join(t.TempDir(), "x.db")
	_, err := Build(context.Background(), Options{Source: filepath.Join(t.TempDir(), "nope.txt"), Out: out})
	if !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("err = %v, want not-exist", err)
	}
	assertNoFile(t, out)
}

func TestBuildRemovesTempFilesOfKilledBuilds(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "lexico.db")
	stale := filepath.Join(dir, ".lexico.db.123.tmp")
	live := filepath.Join(dir, ".lexico.db.456.tmp")
	os.WriteFile(stale, []byte("half an index"), 0o644)
	os.WriteFile(live, []byte("a build in progress"), 0o644)
	old := time.Now().Add(-2 * staleTemp)
	os.Chtimes(stale, old, old)
	if _, err := Build(context.Background(), Options{Source: "-", Stdin: strings.NewReader("word\n"), Out: out}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(stale); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a killed build's temporary file is still there")
	}
	if _, err := os.Stat(live); err != nil {
		t.Errorf("a running build's temporary file was removed: %v", err)
	}
}
