package multiset

import (
	"errors"
	"math/rand/v2"
	"testing"
)

func TestKeyIgnoresOrder(t *testing.T) {
	if Of("LISTEN") != Of("SILENT") || Of("LISTEN") != Of("ENLIST") {
		t.Fatal("anagrams have different keys")
	}
	if Of("LISTEN") == Of("LISTENS") || Of("AB") == Of("AAB") {
		t.Fatal("different multisets share a key")
	}
	k := Of("")
	for _, l := range []int{'T' - 'A', 'E' - 'A', 'N' - 'A'} {
		k = k.Add(l)
	}
	if k != Of("NET") {
		t.Fatal("Add does not build the key letter by letter")
	}
}

// Every word's multiset is found, whatever order its letters are given in,
// and multisets of no word are refused at about the promised rate.
func TestFilter(t *testing.T) {
	words := []string{"QI", "ZA", "RETAINS", "STAINER", "AEIOU"}
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 20000; i++ {
		b := make([]byte, 2+r.IntN(13))
		for j := range b {
			b[j] = byte('A' + r.IntN(26))
		}
		words = append(words, string(b))
	}
	f := Build(words, 20)
	in := map[Key]bool{}
	for _, w := range words {
		in[Of(w)] = true
		if !f.MayHaveWord(Of(w)) {
			t.Fatalf("%s not found", w)
		}
	}
	if !f.MayHaveWord(Of("NASTIER")) {
		t.Fatal("an anagram of a word is refused")
	}
	fp, probes := 0, 0
	for i := 0; i < 200000; i++ {
		k := Key(r.Uint64())
		if in[k] {
			continue
		}
		probes++
		if f.MayHaveWord(k) {
			fp++
		}
	}
	got, want := float64(fp)/float64(probes), f.FalsePositiveRate()
	if got > 2*want+0.001 {
		t.Fatalf("false positives %.4f, the filter promises %.4f", got, want)
	}
	if want > 0.01 {
		t.Fatalf("20,000 words in 2^20 bits should give well under 1%% false positives, got %.4f", want)
	}
}

func TestLoad(t *testing.T) {
	f := Build([]string{"CAT", "DOG"}, 10)
	g, err := Load(f.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if !g.MayHaveWord(Of("ACT")) || !g.MayHaveWord(Of("GOD")) {
		t.Fatal("a loaded filter lost its words")
	}
	for _, n := range []int{0, 7, 24, 100} {
		if _, err := Load(make([]byte, n)); !errors.Is(err, ErrSize) {
			t.Errorf("Load(%d bytes) = %v, want ErrSize", n, err)
		}
	}
}
