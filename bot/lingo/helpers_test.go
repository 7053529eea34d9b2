package lingo

import (
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/lexico/lexico/wordlist"

	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/index/gaddag"
)

// words is a word set: the smallest Dictionary.
type words map[string]bool

func (w words) Contains(s string) bool { return w[s] }

func dict(ws ...string) words {
	out := words{}
	for _, w := range ws {
		out[strings.ToUpper(w)] = true
	}
	return out
}

// fragWords is a word set that also answers Fragment exactly, as the
// index's Bloom filter does without its false positives.
type fragWords struct {
	words
	frags map[string]bool
}

func (f fragWords) Fragment(s string) bool { return f.frags[s] }

func withFragments(w words) fragWords {
	f := fragWords{words: w, frags: map[string]bool{}}
	for s := range w {
		for i := range len(s) {
			for j := i + 1; j <= len(s); j++ {
				f.frags[s[i:j]] = true
			}
		}
	}
	return f
}

// automatonWords is a word set that also has its GADDAG, as the index does.
type automatonWords struct {
	words
	g *gaddag.GADDAG
}

func (a automatonWords) GADDAG() *gaddag.GADDAG { return a.g }

func withGADDAG(w words) automatonWords {
	list := make([]string, 0, len(w))
	for s := range w {
		list = append(list, s)
	}
	sort.Strings(list)
	return automatonWords{words: w, g: gaddag.Build(list)}
}

var (
	shortOnce  sync.Once
	shortWords words
)

// shortList is the embedded dictionary's words of two to five letters
// (about 16,000): real words for whole games, small enough to hold in a map.
func shortList(t testing.TB) words {
	t.Helper()
	shortOnce.Do(func() {
		list, err := wordlist.DefaultWords(2, 5)
		if err != nil {
			t.Fatalf("embedded dictionary: %v", err)
		}
		shortWords = words{}
		for _, w := range list {
			shortWords[w] = true
		}
	})
	if len(shortWords) < 1000 {
		t.Fatalf("embedded dictionary gave %d short words", len(shortWords))
	}
	return shortWords
}

func rack(t testing.TB, s string) tile.Rack {
	t.Helper()
	r, err := tile.ParseRack(s)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func board(t testing.TB, rows ...string) *Board {
	t.Helper()
	b, err := BoardFromRows(rows...)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func parse(t testing.TB, b *Board, s string) Move {
	t.Helper()
	m, err := b.ParseMove(s)
	if err != nil {
		t.Fatalf("ParseMove(%q): %v", s, err)
	}
	return m
}

func wordTexts(r Result) string {
	var s []string
	for _, w := range r.Words {
		s = append(s, w.Text)
	}
	return strings.Join(s, " ")
}
