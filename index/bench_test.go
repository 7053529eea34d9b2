package index_test

import (
	"testing"

	"github.com/lexico/lexico/index"
)

// BenchmarkOpenFirstQuery is what a bot pays at start-up: open the default
// index (checks, Bloom filters, GADDAG in place) and answer one query
// (target: under 20 ms).
func BenchmarkOpenFirstQuery(b *testing.B) {
	openDefault(b).Close() // build it outside the timing
	for b.Loop() {
		x, err := index.Open(defaultPath)
		if err != nil {
			b.Fatal(err)
		}
		if !x.Contains("QUIXOTIC") {
			b.Fatal("QUIXOTIC missing")
		}
		x.Close()
	}
}

func BenchmarkContains(b *testing.B) {
	x := openDefault(b)
	words := []string{"QUIXOTIC", "RETAINS", "XYZZY", "AA", "ZYZZYVAS", "NOTAWORDX"}
	for i := 0; b.Loop(); i++ {
		x.Contains(words[i%len(words)])
	}
}

func BenchmarkFragment(b *testing.B) {
	x := openDefault(b)
	frags := []string{"QUIX", "ETAIN", "XQZ", "ZZYV", "TION"}
	for i := 0; b.Loop(); i++ {
		x.Fragment(frags[i%len(frags)])
	}
}

func BenchmarkSubAnagrams7(b *testing.B) {
	x := openDefault(b)
	for b.Loop() {
		if _, err := x.SubAnagrams("RETAINS", 2, 7); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSubAnagramsTwoBlanks(b *testing.B) {
	x := openDefault(b)
	for b.Loop() {
		if _, err := x.SubAnagrams("RETAI??", 2, 7); err != nil {
			b.Fatal(err)
		}
	}
}
