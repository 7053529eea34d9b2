package multiset

import (
	"encoding/binary"
	"errors"
	"hash/crc32"
	"math/rand/v2"
	"slices"
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

// Every word is found under its multiset, whatever order its letters are
// given in, with exactly the other words of that multiset; multisets of no
// word are refused.
func TestTable(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	words := append([]string{"QI", "ZA", "RETAINS", "STAINER", "AEIOU", "NASTIER", "STAINER", "bad", ""}, randomWords(r, 20000)...)
	tb, err := Build(words)
	if err != nil {
		t.Fatal(err)
	}
	want := map[Key][]string{}
	for _, w := range words {
		if w == "" || w == "bad" {
			continue
		}
		k := Of(w)
		if !slices.Contains(want[k], w) {
			want[k] = append(want[k], w)
		}
	}
	if tb.Multisets() != len(want) {
		t.Fatalf("%d multisets stored, want %d", tb.Multisets(), len(want))
	}
	for k, ws := range want {
		slices.Sort(ws)
		n, letters := tb.Words(k)
		var got []string
		for i := 0; n > 0 && i < len(letters); i += n {
			got = append(got, string(letters[i:i+n]))
		}
		if !slices.Equal(got, ws) || !hasWords(tb, k) {
			t.Fatalf("words of %s: %q, want %q", ws[0], got, ws)
		}
	}
	if n, letters := tb.Words(Of("SATINER")); n != 7 || string(letters) != "NASTIERRETAINSSTAINER" {
		t.Fatalf("anagrams of SATINER: %d %q", n, letters)
	}
	for i := 0; i < 200000; i++ {
		k := Key(r.Uint64())
		if want[k] == nil && hasWords(tb, k) {
			t.Fatalf("random key %x found", k)
		}
	}
	if f := tb.fill(); f > 0.5 || f < 0.2 {
		t.Fatalf("table %.2f full, want between a quarter and a half", f)
	}
}

// A damaged table is refused with an error naming the damage, never read.
func TestLoad(t *testing.T) {
	tb, err := Build([]string{"CAT", "DOG", "ACT"})
	if err != nil {
		t.Fatal(err)
	}
	good := tb.Bytes()
	g, err := Load(good)
	if err != nil {
		t.Fatal(err)
	}
	if !hasWords(g, Of("TAC")) || !hasWords(g, Of("GOD")) || g.WordCount() != 3 {
		t.Fatal("a loaded table lost its words")
	}
	damage := func(f func(b []byte) []byte) []byte { return f(slices.Clone(good)) }
	cases := []struct {
		name string
		b    []byte
		want error
	}{
		{"empty", nil, ErrTruncated},
		{"short", good[:len(good)-1], ErrTruncated},
		{"magic", damage(func(b []byte) []byte { b[0] = 'X'; return b }), ErrMagic},
		{"version", damage(func(b []byte) []byte { b[8] = 9; return b }), ErrVersion},
		{"checksum", damage(func(b []byte) []byte { b[len(b)-1] ^= 1; return b }), ErrChecksum},
		{"slots", damage(func(b []byte) []byte { b[12] = 30; return b }), ErrTruncated},
		{"offset", damage(func(b []byte) []byte {
			// A slot pointing past the words, under a checksum that
			// matches: only the structural check can catch it.
			for i := headerLen; ; i += slotLen {
				if binary.LittleEndian.Uint64(b[i:]) != 0 {
					binary.LittleEndian.PutUint32(b[i:], 1<<20)
					break
				}
			}
			binary.LittleEndian.PutUint32(b[28:], crc32.Checksum(b[headerLen:], castagnoli))
			return b
		}), ErrCorrupt},
	}
	for _, c := range cases {
		if _, err := Load(c.b); !errors.Is(err, c.want) {
			t.Errorf("%s: Load = %v, want %v", c.name, err, c.want)
		}
	}
}

// hasWords reports whether some word is stored under k.
func hasWords(t *Table, k Key) bool {
	n, _ := t.Words(k)
	return n > 0
}

// fill is the fraction of slots in use.
func (t *Table) fill() float64 { return float64(t.nsets) / float64(len(t.slots)/slotLen) }

// WordsEach answers each key as Words does, for keys stored and not, in
// batches of every size (the table of TestTable's words: 20,000 random
// ones, so that some keys probe past their first slot).
func TestWordsEachIsWords(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	words := randomWords(r, 20000)
	tb, err := Build(words)
	if err != nil {
		t.Fatal(err)
	}
	var keys []Key
	for i, w := range words {
		keys = append(keys, Of(w))
		if i%3 == 0 {
			keys = append(keys, Key(r.Uint64())) // most likely stored under no word
		}
	}
	probed := 0
	for lo := 0; lo < len(keys); {
		size := 1 + r.IntN(80)
		ks := keys[lo:min(lo+size, len(keys))]
		lo += len(ks)
		n := make([]int, len(ks))
		letters := make([][]byte, len(ks))
		tb.WordsEach(ks, n, letters)
		for i, k := range ks {
			wn, wl := tb.Words(k)
			if n[i] != wn || string(letters[i]) != string(wl) {
				t.Fatalf("key %x: WordsEach %d %q, Words %d %q", k, n[i], letters[i], wn, wl)
			}
			if s := binary.LittleEndian.Uint64(tb.slots[(uint64(k)>>tb.shift)*slotLen:]); s != 0 && s>>32 != uint64(uint32(k)) {
				probed++
			}
		}
	}
	if probed == 0 {
		t.Fatal("no key probed past its first slot: the test checks too little")
	}
}

// randomWords is n strings of 2 to 14 random letters: a table of them
// fills enough that some keys probe past their first slot.
func randomWords(r *rand.Rand, n int) []string {
	words := make([]string, 0, n)
	for range n {
		b := make([]byte, 2+r.IntN(13))
		for j := range b {
			b[j] = byte('A' + r.IntN(26))
		}
		words = append(words, string(b))
	}
	return words
}
