package player

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/lexico/lexico/data"
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
		zr, err := gzip.NewReader(bytes.NewReader(data.DefaultDictionaryGz))
		if err != nil {
			wordsErr = err
			return
		}
		wordSet = map[string]bool{}
		sc := bufio.NewScanner(zr)
		for sc.Scan() {
			w := strings.ToUpper(strings.TrimSpace(sc.Text()))
			if len(w) < 2 || len(w) > 15 || strings.IndexFunc(w, func(r rune) bool { return r < 'A' || r > 'Z' }) >= 0 || wordSet[w] {
				continue
			}
			wordSet[w] = true
			wordList = append(wordList, w)
		}
		if wordsErr = sc.Err(); wordsErr != nil {
			return
		}
		slices.Sort(wordList)
		wordGraph = gaddag.Build(wordList)
	})
	if wordsErr != nil {
		tb.Fatalf("loading the embedded dictionary: %v", wordsErr)
	}
	return wordList, wordSet, wordGraph
}
