package player

import (
	"sync"
	"testing"

	"github.com/lexico/lexico/build/buildtest"
	"github.com/lexico/lexico/index"
	"github.com/lexico/lexico/index/gaddag"
	"github.com/lexico/lexico/wordlist"
)

var (
	wordsOnce sync.Once
	wordList  []string
	wordSet   map[string]bool
	wordGraph *gaddag.GADDAG
	wordsErr  error
)

// wordSetDict is a rules.Dictionary over a set of words.
type wordSetDict map[string]bool

func (d wordSetDict) Contains(w string) bool { return d[w] }

// embeddedWords loads the embedded default dictionary once per test binary,
// with the default index's GADDAG, read in place as a bot reads it
// (buildtest keeps one index file for every test binary and run, where
// building the GADDAG again costs a second): the self-play test and the
// benchmark share them.
func embeddedWords(tb testing.TB) ([]string, wordSetDict, *gaddag.GADDAG) {
	tb.Helper()
	wordsOnce.Do(func() {
		if wordList, wordsErr = wordlist.DefaultWords(wordlist.DefaultMinLen, wordlist.DefaultMaxLen); wordsErr != nil {
			return
		}
		wordSet = map[string]bool{}
		for _, w := range wordList {
			wordSet[w] = true
		}
		var x *index.Index
		if x, wordsErr = buildtest.Open(0, 0); wordsErr == nil {
			wordGraph = x.GADDAG()
		}
	})
	if wordsErr != nil {
		tb.Fatalf("loading the embedded dictionary: %v", wordsErr)
	}
	return wordList, wordSet, wordGraph
}
