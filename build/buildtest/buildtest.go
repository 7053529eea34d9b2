// Package buildtest shares, between test binaries and between runs, the
// indexes of the embedded default word list that tests read. Building the
// whole list costs seconds of CPU, and several packages' tests (index,
// cmd/lexico-bot) read the same file: each is built once, by the real
// build.Build, into a content-addressed cache, like Go's own build cache.
//
// A file's key is everything its bytes depend on: the embedded list, the
// length bounds, the index format, the Go version and architecture, and the
// source of the builder (the non-test Go files of package build and of every
// package of the module it imports, directly or not, and go.sum), so a
// change to any of them builds a new file instead of testing an old
// builder's output: the whole list is built afresh, and every test that
// reads it tests that build, whenever the builder changes. The build
// package's own tests never use this cache: they build small lists (and
// the whole one in make test-long) afresh every run.
//
// The cache is $LEXICO_TEST_CACHE, else os.UserCacheDir()/lexico-test.
// Test binaries that race to create the same file take a lock: one builds,
// the others wait and open its result. Files unused for a day, and all but
// the last used few of each length bounds, are removed when a new one is
// written.
package buildtest

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	gobuild "go/build"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/lexico/lexico/build"
	"github.com/lexico/lexico/data"
	"github.com/lexico/lexico/index"
	"github.com/lexico/lexico/internal/filelock"
	"github.com/lexico/lexico/internal/findup"
	"github.com/lexico/lexico/wordlist"
)

// EnvCache names the environment variable that moves the cache.
const EnvCache = "LEXICO_TEST_CACHE"

// A cached file nobody opened for keepUnused is removed when a new one is
// written, and of the files of one length bounds only the keepFiles used
// last are kept: each edit of the builder makes a new file (88 MB for the
// whole list), while several worktrees of the repository on one machine,
// each with its own builder, must not keep rebuilding each other's.
const (
	keepUnused = 24 * time.Hour
	keepFiles  = 8
)

type entry struct {
	once sync.Once
	path string
	x    *index.Index
	err  error
}

// entries is the process's cache of opened test indexes, by length bounds:
// test-only state, kept for the whole binary so that each file is checked
// and mapped once, never closed, and only read after its entry's once.
var (
	mu      sync.Mutex
	entries = map[[2]int]*entry{}
)

// lookup is the process's entry for the default list's index of minLen to
// maxLen letters (0: build's defaults, 2 and 15), found or built in the
// cache and opened on first use.
func lookup(minLen, maxLen int) *entry {
	if minLen == 0 {
		minLen = wordlist.DefaultMinLen
	}
	if maxLen == 0 {
		maxLen = wordlist.DefaultMaxLen
	}
	mu.Lock()
	e := entries[[2]int{minLen, maxLen}]
	if e == nil {
		e = &entry{}
		entries[[2]int{minLen, maxLen}] = e
	}
	mu.Unlock()
	e.once.Do(func() {
		if e.path, e.x, e.err = cached(minLen, maxLen); e.err != nil {
			e.err = fmt.Errorf("the default list's test index (%d to %d letters): %w", minLen, maxLen, e.err)
		}
	})
	return e
}

// Default returns the path of an index of the embedded default list's words
// of minLen to maxLen letters (0: build's defaults, 2 and 15), as
// build.Build writes it. The file is shared: a test must open it read-only
// (index.Open does) and never change it; a test that damages an index works
// on its own copy.
func Default(tb testing.TB, minLen, maxLen int) string {
	tb.Helper()
	e := lookup(minLen, maxLen)
	if e.err != nil {
		tb.Fatal(e.err)
	}
	return e.path
}

// Open is Default's index, opened once per process and never closed, for
// fixtures built outside a test (sync.OnceValue): the GADDAG and tables it
// hands out are read in place from its memory map, as a bot reads them,
// where building them from the list again would cost seconds.
func Open(minLen, maxLen int) (*index.Index, error) {
	e := lookup(minLen, maxLen)
	return e.x, e.err
}

// cached finds or builds the index of the default list's words of minLen to
// maxLen letters in the cache, and opens it (once: opening checks the
// file's checksums, most of its bytes).
func cached(minLen, maxLen int) (string, *index.Index, error) {
	dir, err := cacheDir()
	if err != nil {
		return "", nil, err
	}
	src, err := builderSource()
	if err != nil {
		return "", nil, err
	}
	h := sha256.New()
	fmt.Fprintf(h, "lexico test index\nformat %d\nlengths %d-%d\n%s %s/%s\n", index.FormatVersion, minLen, maxLen,
		runtime.Version(), runtime.GOOS, runtime.GOARCH)
	h.Write(data.DefaultDictionaryGz)
	h.Write(src)
	path := filepath.Join(dir, fmt.Sprintf("%d-%d-%s.db", minLen, maxLen, hex.EncodeToString(h.Sum(nil)[:16])))
	if x, err := index.Open(path); err == nil {
		touch(path)
		return path, x, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", nil, err
	}
	unlock, err := filelock.Lock(path + ".lock")
	if err != nil {
		return "", nil, fmt.Errorf("lock: %w", err)
	}
	defer unlock()
	if x, err := index.Open(path); err == nil { // another test binary built it while we waited
		return path, x, nil
	}
	// build.Build writes a temporary file and renames it into place: a
	// reader that does not wait for the lock sees no file or a whole one.
	if _, err := build.Build(context.Background(), build.Options{Out: path, MinLen: minLen, MaxLen: maxLen}); err != nil {
		return "", nil, err
	}
	trim(dir, fmt.Sprintf("%d-%d-", minLen, maxLen), path)
	x, err := index.Open(path)
	return path, x, err
}

// touch marks path as used now, so trim keeps it; at most every ten
// minutes, to write nothing on most runs.
func touch(path string) {
	if fi, err := os.Stat(path); err == nil && time.Since(fi.ModTime()) > 10*time.Minute {
		now := time.Now()
		os.Chtimes(path, now, now)
	}
}

// trim removes, with their lock files, the cached files other than keep
// that nobody used for keepUnused, and those of keep's length bounds
// (named with prefix) beyond the keepFiles used last.
func trim(dir, prefix, keep string) {
	type file struct {
		path string
		used time.Time
	}
	var same []file
	all, _ := filepath.Glob(filepath.Join(dir, "*.db"))
	for _, p := range all {
		fi, err := os.Stat(p)
		if err != nil || p == keep {
			continue
		}
		if time.Since(fi.ModTime()) > keepUnused {
			os.Remove(p)
			os.Remove(p + ".lock")
		} else if strings.HasPrefix(filepath.Base(p), prefix) {
			same = append(same, file{p, fi.ModTime()})
		}
	}
	slices.SortFunc(same, func(a, b file) int { return b.used.Compare(a.used) })
	for i, f := range same {
		if i+1 >= keepFiles { // keep itself is one of the keepFiles
			os.Remove(f.path)
			os.Remove(f.path + ".lock")
		}
	}
}

func cacheDir() (string, error) {
	if d := os.Getenv(EnvCache); d != "" {
		return d, nil
	}
	d, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("no user cache directory for the test indexes (set $%s): %w", EnvCache, err)
	}
	return filepath.Join(d, "lexico-test"), nil
}

// module is the import path prefix of the repository's packages.
const module = "github.com/lexico/lexico/"

// builderSource is the names and contents of Sources' files, in order.
func builderSource() ([]byte, error) {
	root, files, err := Sources()
	if err != nil {
		return nil, err
	}
	var src []byte
	for _, f := range files {
		b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(f)))
		if err != nil {
			return nil, err
		}
		src = fmt.Appendf(src, "%s %d\n", f, len(b))
		src = append(src, b...)
	}
	return src, nil
}

// Sources lists the files a cached index's key covers, relative to the
// module's root (a test binary runs in its package's directory, below it),
// in a fixed order: the non-test Go files (of this platform's build) and
// embedded files of package build, of this package, and of every package
// of the module they import, directly or not; and go.sum.
func Sources() (root string, files []string, err error) {
	goMod, err := findup.Above("go.mod")
	if err != nil {
		return "", nil, fmt.Errorf("the builder's source, part of the cache key, is not found: %w", err)
	}
	root = filepath.Dir(goMod)
	seen := map[string]bool{}
	queue := []string{"build", "build/buildtest"}
	for len(queue) > 0 {
		rel := queue[0]
		queue = queue[1:]
		if seen[rel] {
			continue
		}
		seen[rel] = true
		dir := filepath.Join(root, filepath.FromSlash(rel))
		p, err := gobuild.ImportDir(dir, 0)
		if err != nil {
			return "", nil, fmt.Errorf("reading the builder's source: %w", err)
		}
		names := slices.Clone(p.GoFiles)
		for _, pat := range p.EmbedPatterns {
			matches, _ := filepath.Glob(filepath.Join(dir, filepath.FromSlash(pat)))
			for _, m := range matches {
				if fi, err := os.Stat(m); err == nil && fi.Mode().IsRegular() {
					f, _ := filepath.Rel(dir, m)
					names = append(names, filepath.ToSlash(f))
				}
			}
		}
		slices.Sort(names)
		for _, f := range slices.Compact(names) {
			files = append(files, rel+"/"+f)
		}
		for _, imp := range p.Imports {
			if strings.HasPrefix(imp, module) {
				queue = append(queue, strings.TrimPrefix(imp, module))
			}
		}
	}
	return root, append(files, "go.sum"), nil
}
