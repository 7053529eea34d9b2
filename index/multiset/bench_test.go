package multiset_test

import (
	"testing"

	"github.com/lexico/lexico/index/multiset"
	"github.com/lexico/lexico/wordlist"
)

// BenchmarkLoadDefault times Load on the default list's table, the part of
// opening an index this package owns (checksum and slot check).
func BenchmarkLoadDefault(b *testing.B) {
	words, err := wordlist.DefaultWords(wordlist.DefaultMinLen, wordlist.DefaultMaxLen)
	if err != nil {
		b.Fatal(err)
	}
	t, err := multiset.Build(words)
	if err != nil {
		b.Fatal(err)
	}
	raw := t.Bytes()
	b.SetBytes(int64(len(raw)))
	for b.Loop() {
		if _, err := multiset.Load(raw); err != nil {
			b.Fatal(err)
		}
	}
}
