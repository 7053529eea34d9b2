package build

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/lexico/lexico/data"
	"github.com/lexico/lexico/index"
	"github.com/lexico/lexico/internal/filelock"
	"github.com/lexico/lexico/internal/testsize"
)

func smallIndex(t *testing.T, words string) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), "small.db")
	if _, err := Build(context.Background(), Options{Source: "-", Stdin: strings.NewReader(words), Out: out}); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestOpenIndexPrefersFlagThenEnvironment(t *testing.T) {
	flagged, env := smallIndex(t, "flag\n"), smallIndex(t, "env\n")
	t.Setenv(EnvIndex, env)
	x, err := OpenIndex(flagged, nil)
	if err != nil {
		t.Fatal(err)
	}
	ok := x.Contains("FLAG")
	x.Close()
	if !ok {
		t.Fatalf("the flag's index was not the one opened")
	}
	x, err = OpenIndex("", nil)
	if err != nil {
		t.Fatal(err)
	}
	ok = x.Contains("ENV")
	x.Close()
	if !ok {
		t.Fatalf("$%s was not used", EnvIndex)
	}
}

func TestOpenIndexNeverBuildsAnExplicitPath(t *testing.T) {
	t.Setenv(EnvIndex, "")
	missing := filepath.Join(t.TempDir(), "missing.db")
	if _, err := OpenIndex(missing, nil); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("err = %v, want not-exist", err)
	}
	if _, err := os.Stat(missing); err == nil {
		t.Fatalf("OpenIndex created the explicit path")
	}
}

// TestOpenIndexBuildsDefaultOnceConcurrently: with no flag and no variable,
// the default index is built from the embedded list in the user cache
// directory on first use; two first uses at once both get a whole, working
// index, built once. make test builds the list's words of 2 and 3 letters
// (the path, the lock and the build are those of the whole list, which
// only costs seconds more); make test-long the whole list, as the commands.
func TestOpenIndexBuildsDefaultOnceConcurrently(t *testing.T) {
	o, word := Options{MaxLen: 3}, "ZAX"
	if testsize.Long() {
		o, word = Options{}, "QUIXOTIC"
	}
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	t.Setenv("HOME", cache)
	t.Setenv(EnvIndex, "")
	var wg sync.WaitGroup
	errs := make([]error, 2)
	var logs [2]strings.Builder
	for i := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			x, _, err := openIndexTimed("", &logs[i], o)
			if err == nil {
				if !x.Contains(word) || x.Meta().Source != data.DefaultDictionaryName {
					err = fmt.Errorf("default index lacks %s or names the wrong source (%s)", word, x.Meta().Source)
				}
				x.Close()
			}
			errs[i] = err
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("caller %d: %v", i, err)
		}
	}
	def := filepath.Join(cache, "lexico", "default.db")
	if n := strings.Count(logs[0].String()+logs[1].String(), "building the default index "+def); n != 1 {
		t.Fatalf("%d builds announced, want 1: %q %q", n, logs[0].String(), logs[1].String())
	}
	assertNoTemp(t, filepath.Dir(def))
	// A second use opens the file without building.
	var log strings.Builder
	x, err := OpenIndex("", &log)
	if err != nil {
		t.Fatal(err)
	}
	x.Close()
	if log.Len() != 0 {
		t.Fatalf("second use rebuilt: %q", log.String())
	}
	// A damaged default is rebuilt rather than failing every command.
	good, err := os.ReadFile(def)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(def, []byte("garbage that is not an index"), 0o644)
	if !testsize.Long() {
		damagedDefaultTakesTheBuildPath(t, def, good)
		return
	}
	x, _, err = openIndexTimed("", nil, o)
	if err != nil {
		t.Fatalf("damaged default was not rebuilt: %v", err)
	}
	x.Close()
}

// damagedDefaultTakesTheBuildPath checks that OpenIndex treats the damaged
// default index at def as one to rebuild, without paying for a second build
// of the full list (make test-long does that): the test holds the build lock,
// waits until OpenIndex blocks on it (so it took the damaged file for one to
// rebuild rather than failing), then puts the good index in place and lets
// it go, as a concurrent builder would have; OpenIndex must open that one.
func damagedDefaultTakesTheBuildPath(t *testing.T, def string, good []byte) {
	t.Helper()
	unlock, err := filelock.Lock(def + ".lock")
	if err != nil {
		t.Fatal(err)
	}
	type result struct {
		x     *index.Index
		built time.Duration
		err   error
	}
	done := make(chan result, 1)
	// waitForLockWaiter stops when done is ready (OpenIndex returned
	// without waiting): the receive below reads it.
	var log strings.Builder
	go func() {
		x, built, err := OpenIndexTimed("", &log)
		done <- result{x, built, err}
	}()
	if err := waitForLockWaiter(def+".lock", done); err != nil {
		unlock()
		if r := <-done; r.err != nil {
			t.Fatalf("damaged default was not rebuilt: %v", r.err)
		}
		t.Skipf("cannot see lock waiters (%v); make test-long rebuilds the damaged index instead", err)
	}
	if err := os.WriteFile(def, good, 0o644); err != nil {
		unlock()
		t.Fatal(err)
	}
	unlock()
	r := <-done
	if r.err != nil {
		t.Fatalf("damaged default was not rebuilt: %v", r.err)
	}
	r.x.Close()
	if r.built == 0 || log.Len() != 0 {
		t.Fatalf("OpenIndex did not take the index built while it waited (built %v, log %q)", r.built, log.String())
	}
}

// A default index damaged past its bbolt magic (zero-filled by a crash,
// its head overwritten) is the program's own file: it is rebuilt, not
// refused as a named --out that holds something else would be.
func TestOpenIndexRebuildsADefaultWithNoBoltMagic(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	t.Setenv("HOME", cache)
	t.Setenv(EnvIndex, "")
	def := filepath.Join(cache, "lexico", "default.db")
	if err := os.MkdirAll(filepath.Dir(def), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(def, make([]byte, 8192), 0o644); err != nil {
		t.Fatal(err)
	}
	x, _, err := openIndexTimed("", nil, Options{MaxLen: 3})
	if err != nil {
		t.Fatalf("a zero-filled default index was not rebuilt: %v", err)
	}
	defer x.Close()
	if !x.Contains("ZAX") {
		t.Errorf("the rebuilt default index lacks ZAX")
	}
}
