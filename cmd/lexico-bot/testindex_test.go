package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/lexico/lexico/build"
	"github.com/lexico/lexico/wordlist"
)

// testRoot holds every index the tests build; TestMain removes it, so a
// test run leaves nothing behind in the temporary directory.
var testRoot string

func TestMain(m *testing.M) {
	// The test binary doubles as lexico-bot itself, so that tests can seat
	// it as an external player (cmd:env LEXICO_BOT_MAIN=1 BINARY run --lines).
	if os.Getenv("LEXICO_BOT_MAIN") == "1" {
		os.Exit(runFrom(time.Now(), os.Args, os.Stdin, os.Stdout, os.Stderr))
	}
	dir, err := os.MkdirTemp("", "lexico-bot-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	testRoot = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

type builtIndex struct {
	once sync.Once
	path string
	err  error
}

var (
	indexesMu sync.Mutex
	indexes   = map[string]*builtIndex{}
)

// testIndex builds, once per test binary, a real index file through the real
// pipeline from the words list returns; opts adds length bounds and the
// like. (An index of the whole embedded list comes from buildtest.Default.)
func testIndex(t *testing.T, name string, list func() ([]string, error), opts build.Options) string {
	t.Helper()
	indexesMu.Lock()
	bi := indexes[name]
	if bi == nil {
		bi = &builtIndex{}
		indexes[name] = bi
	}
	indexesMu.Unlock()
	bi.once.Do(func() {
		dir := filepath.Join(testRoot, name)
		if bi.err = os.MkdirAll(dir, 0o755); bi.err != nil {
			return
		}
		words, err := list()
		if err != nil {
			bi.err = err
			return
		}
		opts.Source = filepath.Join(dir, "words.txt")
		if bi.err = os.WriteFile(opts.Source, []byte(strings.Join(words, "\n")), 0o644); bi.err != nil {
			return
		}
		opts.Out = filepath.Join(dir, name+".db")
		bi.path = opts.Out
		_, bi.err = build.Build(context.Background(), opts)
	})
	if bi.err != nil {
		t.Fatalf("building the %s test index: %v", name, bi.err)
	}
	return bi.path
}

// fixedWords is a fixed word list for testIndex.
func fixedWords(words []string) func() ([]string, error) {
	return func() ([]string, error) { return words, nil }
}

// embeddedWords is the embedded default list's words that keep accepts (i
// counts the list's lines), for testIndex.
func embeddedWords(keep func(i int, w string) bool) func() ([]string, error) {
	return func() ([]string, error) {
		all, err := wordlist.DefaultWords(wordlist.DefaultMinLen, wordlist.DefaultMaxLen)
		if err != nil {
			return nil, err
		}
		var words []string
		for i, w := range all {
			if keep(i, w) {
				words = append(words, w)
			}
		}
		return words, nil
	}
}
