package player

import (
	"sync"
	"testing"

	"github.com/lexico/lexico/build"

	"github.com/lexico/lexico/index/gaddag"
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

// embeddedWords loads the embedded default dictionary and its GADDAG once
// per test binary: the self-play test and the benchmark share them.
func embeddedWords(tb testing.TB) ([]string, wordSetDict, *gaddag.GADDAG) {
	tb.Helper()
	wordsOnce.Do(func() {
		if wordList, wordsErr = build.DefaultWords(build.DefaultMinLen, build.DefaultMaxLen); wordsErr != nil {
			return
		}
		wordSet = map[string]bool{}
		for _, w := range wordList {
			wordSet[w] = true
		}
		wordGraph = gaddag.Build(wordList)
	})
	if wordsErr != nil {
		tb.Fatalf("loading the embedded dictionary: %v", wordsErr)
	}
	return wordList, wordSet, wordGraph
}
