package multiset

import (
	"errors"
	"math/rand/v2"
	"testing"
)

// checkPairs checks what a rack with two blanks asks of k: FirstLetters(k)
// is every letter x that some y, not before x, completes to a word with k
// (isWord).
func checkPairs(t *testing.T, tb *BlankTable, k Key, isWord map[Key]bool) {
	t.Helper()
	var want uint32
	for x := range 26 {
		for y := x; y < 26; y++ {
			if isWord[k.Add(x).Add(y)] {
				want |= 1 << x
			}
		}
	}
	if first := tb.FirstLetters(k); first != want {
		t.Fatalf("FirstLetters %026b, want %026b", first, want)
	}
}

// The blank table answers, for a multiset, exactly the letters that make
// it a word's multiset: every word less any one of its letters gives that
// letter back, and no letter is answered that spells no word, on a list
// of real words and thousands of random ones, asked with the multisets of
// the words less one letter and with random multisets; and for two blanks,
// exactly the first letters of the pairs that do, asked with the words
// less two letters and with random multisets.
func TestBlankTable(t *testing.T) {
	words := []string{"QI", "ZA", "RETAINS", "STAINER", "AEIOU", "NASTIER", "STAINER", "bad", "", "A"}
	r := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 20000; i++ {
		b := make([]byte, 2+r.IntN(13))
		for j := range b {
			b[j] = byte('A' + r.IntN(26))
		}
		words = append(words, string(b))
	}
	tb := BuildBlanks(words)
	isWord := map[Key]bool{}
	for _, w := range words {
		if valid(w) {
			isWord[Of(w)] = true
		}
	}
	truth := func(k Key) uint32 {
		var set uint32
		for l := 0; l < 26; l++ {
			if isWord[k.Add(l)] {
				set |= 1 << l
			}
		}
		return set
	}
	asked := 0
	for _, w := range words {
		if !valid(w) {
			continue
		}
		for i := 0; i < len(w); i++ {
			if i+1 < len(w) {
				checkPairs(t, tb, Of(w[:i]+w[i+2:]), isWord)
			}
			k := Of(w[:i] + w[i+1:])
			got := tb.Letters(k)
			if got&(1<<(w[i]-'A')) == 0 || got != truth(k) {
				t.Fatalf("%s less %c: letters %026b, want %026b", w, w[i], got, truth(k))
			}
			asked++
		}
	}
	var random []Key
	for i := 0; i < 20000; i++ {
		b := make([]byte, 1+r.IntN(8))
		for j := range b {
			b[j] = byte('A' + r.IntN(26))
		}
		k := Of(string(b))
		checkPairs(t, tb, k, isWord)
		random = append(random, k)
		if tb.Letters(k) != truth(k) {
			t.Fatalf("%s: letters %026b, want %026b", b, tb.Letters(k), truth(k))
		}
	}
	// LettersOf and FirstLettersOf answer for many keys at once as Letters
	// and FirstLetters do for each.
	of := make([]uint32, len(random))
	tb.LettersOf(random, of)
	for i, k := range random {
		if of[i] != tb.Letters(k) {
			t.Fatalf("LettersOf, key %d: %026b, Letters %026b", i, of[i], tb.Letters(k))
		}
	}
	tb.FirstLettersOf(random, of)
	for i, k := range random {
		if of[i] != tb.FirstLetters(k) {
			t.Fatalf("FirstLettersOf, key %d: %026b, FirstLetters %026b", i, of[i], tb.FirstLetters(k))
		}
	}
	if asked < 100000 || float64(tb.Multisets()) > float64(int(1)<<tb.Log2Slots())*3/4 ||
		float64(tb.PairMultisets()) > float64(int(1)<<tb.PairLog2Slots())*3/4 {
		t.Fatalf("asked %d, %d multisets in 2^%d slots, %d in 2^%d", asked, tb.Multisets(), tb.Log2Slots(),
			tb.PairMultisets(), tb.PairLog2Slots())
	}
}

// A damaged blank table is refused when loaded (its header) or checked (its
// slots), whichever part is damaged.
func TestLoadBlanksRefusesDamage(t *testing.T) {
	raw := BuildBlanks([]string{"CAT", "ACT", "DOG", "ZEBRA"}).Bytes()
	if _, err := LoadBlanks(raw); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		edit func([]byte) []byte
		want error
	}{
		{"magic", func(b []byte) []byte { b[0] ^= 1; return b }, ErrMagic},
		{"version", func(b []byte) []byte { b[8]++; return b }, ErrVersion},
		{"truncated", func(b []byte) []byte { return b[:len(b)-8] }, ErrTruncated},
		{"header only", func(b []byte) []byte { return b[:10] }, ErrTruncated},
		{"a slot", func(b []byte) []byte { b[blankHeaderLen+3] ^= 0x40; return b }, ErrChecksum},
		{"a slot of the second part", func(b []byte) []byte { b[len(b)-5] ^= 0x40; return b }, ErrChecksum},
		{"the second part's size", func(b []byte) []byte { b[20]++; return b }, ErrTruncated},
	} {
		b := c.edit(append([]byte(nil), raw...))
		tb, err := LoadBlanks(b)
		if err == nil {
			err = tb.Check() // the checksum is Check's
		}
		if !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", c.name, err, c.want)
		}
	}
}
