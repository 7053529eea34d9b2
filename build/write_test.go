package build

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
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

// TestBuildRemovesTempFilesOfKilledBuilds: leftovers beside --out that no
// build holds go, whatever their age where temporary files carry locks, and
// only when an hour old where they do not.
func TestBuildRemovesTempFilesOfKilledBuilds(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "lexico.db")
	stale := filepath.Join(dir, ".lexico.db.123.tmp")
	fresh := filepath.Join(dir, ".lexico.db.456.tmp")
	os.WriteFile(stale, []byte("half an index"), 0o644)
	os.WriteFile(fresh, []byte("half an index, just now"), 0o644)
	old := time.Now().Add(-2 * staleTemp)
	os.Chtimes(stale, old, old)
	if _, err := Build(context.Background(), Options{Source: "-", Stdin: strings.NewReader("word\n"), Out: out}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(stale); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a killed build's old temporary file is still there")
	}
	if _, err := os.Stat(fresh); tempLocks != errors.Is(err, os.ErrNotExist) {
		t.Errorf("a new temporary file no build holds: stat error %v; with locks it must go, without it must stay", err)
	}
}

// heldBuild: the test binary re-executes itself as a build of the file this
// variable names that stops part way, its temporary file written and held,
// and waits to be killed.
const heldBuild = "LEXICO_BUILD_TEST_HELD_BUILD"

func init() {
	out := os.Getenv(heldBuild)
	if out == "" {
		return
	}
	_, err := Build(context.Background(), Options{
		Source: "-", Stdin: strings.NewReader("held\nbuild\n"), Out: out,
		hook: func(stage string) error {
			if stage == "words" {
				fmt.Println("writing")
				time.Sleep(time.Hour)
			}
			return nil
		},
	})
	fmt.Fprintln(os.Stderr, "held build:", err)
	os.Exit(1)
}

// TestBuildSparesLiveBuildsAndRemovesKilledOnes runs a real build in another
// process and stops it part way: a build of the same file meanwhile keeps
// its temporary file; once it is killed with SIGKILL (no chance to clean
// up), the next build removes what it left, young as it is.
func TestBuildSparesLiveBuildsAndRemovesKilledOnes(t *testing.T) {
	if !tempLocks {
		t.Skip("temporary files carry no lock here: a leftover goes when an hour old")
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "lexico.db")
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), heldBuild+"="+out)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	if line, err := bufio.NewReader(stdout).ReadString('\n'); line != "writing\n" {
		t.Fatalf("held build: %q, %v (stderr %q)", line, err, stderr.String())
	}
	held, _ := filepath.Glob(filepath.Join(dir, ".lexico.db.*.tmp"))
	if len(held) != 1 {
		t.Fatalf("the held build's temporary files: %v, want one", held)
	}
	build := func(word string) {
		t.Helper()
		if _, err := Build(context.Background(), Options{Source: "-", Stdin: strings.NewReader(word), Out: out}); err != nil {
			t.Fatal(err)
		}
	}

	build("live\n")
	if _, err := os.Stat(held[0]); err != nil {
		t.Fatalf("a live build's temporary file was removed: %v", err)
	}

	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	if _, err := os.Stat(held[0]); err != nil {
		t.Fatalf("the killed build left nothing to clean up: %v", err)
	}
	build("after\n")
	assertNoTemp(t, dir)
	x, err := index.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	if !x.Contains("AFTER") {
		t.Fatal("the last build's index is not at --out")
	}
}
