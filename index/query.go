package index

import (
	"bytes"
	"slices"

	"github.com/lexico/lexico/internal/alphabet"
	bolt "go.etcd.io/bbolt"
)

// upper returns s in upper case, allocating only when s has a lower-case
// letter, so the usual upper-case caller pays nothing.
func upper(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 'a' && c <= 'z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if b[j] >= 'a' && b[j] <= 'z' {
					b[j] -= 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}

// Contains reports whether word (either case) is in the dictionary. It is on
// the move generator's hot path, so it neither allocates (for upper-case
// input) nor opens a transaction: the word Bloom filter rejects most
// non-words after one hash, and the GADDAG, in memory and holding exactly the
// word list (Verify checks this), gives the exact answer for the rest.
func (x *Index) Contains(word string) bool {
	if x.gaddag == nil {
		return false
	}
	word = upper(word)
	if len(word) == 0 || !x.words.TestString(word) {
		return false
	}
	return x.gaddag.Contains(word)
}

// Fragment reports whether s (either case) may be part of a word: false means
// certainly not (no word contains s), true means probably (the fragment
// filter's false-positive rate is in Meta().FragmentBloom). A move generator
// uses it to drop a partial word that can never grow into a word.
//
// The filter is read and checked by the first call, not by Open. Found
// damaged, it is not used: every string may then be part of a word (true,
// which is never wrong, only slower for the caller), and Verify reports the
// damage.
func (x *Index) Fragment(s string) bool {
	if len(s) == 0 {
		return true
	}
	f, err := x.fragmentFilter()
	if err != nil {
		return true
	}
	return f.TestString(upper(s))
}

// ByLength lists the words of n letters in alphabetical order.
func (x *Index) ByLength(n int) ([]string, error) {
	if n <= 0 || n > 255 {
		return nil, nil
	}
	var out []string
	err := x.view(func(tx *bolt.Tx) error {
		c := tx.Bucket(BucketLengthLetter).Cursor()
		for k, v := c.Seek([]byte{byte(n)}); len(k) == 2 && k[0] == byte(n); k, v = c.Next() {
			out = appendPacked(out, v, n)
		}
		return nil
	})
	return out, err
}

// ByFirstLetter lists the words starting with letter (either case) in
// alphabetical order.
func (x *Index) ByFirstLetter(letter byte) ([]string, error) {
	if letter >= 'a' && letter <= 'z' {
		letter -= 'a' - 'A'
	}
	if !alphabet.IsLetter(letter) {
		return nil, nil
	}
	var out []string
	err := x.view(func(tx *bolt.Tx) error {
		c := tx.Bucket(BucketLengthLetter).Cursor()
		for k, v := c.First(); k != nil; k, v = c.Next() {
			if len(k) == 2 && k[1] == letter {
				out = appendPacked(out, v, int(k[0]))
			}
		}
		return nil
	})
	slices.Sort(out)
	return out, err
}

// appendPacked appends the words of length n concatenated in v.
func appendPacked(out []string, v []byte, n int) []string {
	for i := 0; i+n <= len(v); i += n {
		out = append(out, string(v[i:i+n]))
	}
	return out
}

// Each calls fn for every word in alphabetical order until fn returns false.
func (x *Index) Each(fn func(word string) bool) error {
	return x.view(func(tx *bolt.Tx) error {
		c := tx.Bucket(BucketWords).Cursor()
		for k, _ := c.First(); k != nil; k, _ = c.Next() {
			if !fn(string(k)) {
				break
			}
		}
		return nil
	})
}

// Match is a word found by an anagram query. Blanks lists, in alphabetical
// order, the letters of Word that the rack's blanks stand for (they score 0).
type Match struct {
	Word   string
	Blanks string
}

// Anagrams lists the words that use every tile of rack exactly ('?' is a
// blank), in alphabetical order of their letter sets then of the words.
func (x *Index) Anagrams(rack string) ([]Match, error) {
	r, err := alphabet.ParseRack(rack)
	if err != nil {
		return nil, ErrBadRack
	}
	return x.subAnagrams(r, r.N, r.N)
}

// SubAnagrams lists the words formable from some of rack's tiles ('?' is a
// blank), with minLen <= length <= maxLen (maxLen <= 0 means no upper bound).
// A blank is used only for a letter the rack has run out of, so each word is
// listed once, with the highest-scoring use of the tiles.
func (x *Index) SubAnagrams(rack string, minLen, maxLen int) ([]Match, error) {
	r, err := alphabet.ParseRack(rack)
	if err != nil {
		return nil, ErrBadRack
	}
	if maxLen <= 0 || maxLen > r.N {
		maxLen = r.N
	}
	if minLen < 1 {
		minLen = 1
	}
	return x.subAnagrams(r, minLen, maxLen)
}

func (x *Index) subAnagrams(r alphabet.Rack, minLen, maxLen int) ([]Match, error) {
	var out []Match
	if minLen > maxLen {
		return nil, nil
	}
	err := x.view(func(tx *bolt.Tx) error {
		w := anagramWalk{
			c: tx.Bucket(BucketAnagrams).Cursor(), rack: r,
			minLen: minLen, maxLen: maxLen, out: &out,
			prefix: make([]byte, 0, maxLen), blanks: make([]byte, 0, maxLen),
		}
		if r.Blanks() == 0 && minLen == r.N && maxLen == r.N {
			// Exact anagram of a blank-free rack: one lookup.
			key := []byte(alphabet.Canonical(r.String()))
			if k, v := w.c.Seek(key); bytes.Equal(k, key) {
				w.prefix = append(w.prefix, key...)
				w.emit(v)
			}
			return nil
		}
		w.walk('A')
		return nil
	})
	return out, err
}

// anagramWalk enumerates the anagram keys (sorted letter strings) that fit a
// rack by walking the bucket's sorted keys as a trie: from a prefix p, one
// seek to p+c finds the smallest existing key above it, whose next letter is
// the next child that exists, so absent branches cost nothing. Only prefixes
// of real keys are visited; a plain scan would touch every key.
type anagramWalk struct {
	c              *bolt.Cursor
	rack           alphabet.Rack
	minLen, maxLen int
	prefix, blanks []byte
	out            *[]Match
}

func (w *anagramWalk) walk(from byte) {
	n := len(w.prefix)
	if n == w.maxLen {
		return
	}
	seek := append(w.prefix, from)
	for c := from; c <= 'Z'; c++ {
		if w.rack.Blanks() == 0 {
			for c <= 'Z' && w.rack.Count(c) == 0 {
				c++
			}
			if c > 'Z' {
				return
			}
		}
		seek = append(seek[:n], c)
		k, v := w.c.Seek(seek)
		if len(k) <= n || !bytes.Equal(k[:n], w.prefix) {
			return // no key extends the prefix with c or a later letter
		}
		if k[n] != c {
			c = k[n] // the next letter that some key has here
			if w.rack.Blanks() == 0 && w.rack.Count(c) == 0 {
				continue
			}
		}
		useBlank := false
		switch {
		case w.rack.Remove(c):
		case w.rack.Blanks() > 0:
			w.rack.Remove(alphabet.Blank)
			w.blanks = append(w.blanks, c)
			useBlank = true
		default:
			continue
		}
		w.prefix = append(w.prefix[:n], c)
		if len(k) == n+1 && n+1 >= w.minLen {
			w.emit(v)
		}
		w.walk(c)
		w.prefix = w.prefix[:n]
		if useBlank {
			w.rack.Add(alphabet.Blank)
			w.blanks = w.blanks[:len(w.blanks)-1]
		} else {
			w.rack.Add(c)
		}
	}
}

// emit appends the words stored under the current key: a concatenation of
// words of the key's length.
func (w *anagramWalk) emit(v []byte) {
	l := len(w.prefix)
	if l == 0 {
		return
	}
	blanks := string(w.blanks)
	for i := 0; i+l <= len(v); i += l {
		*w.out = append(*w.out, Match{Word: string(v[i : i+l]), Blanks: blanks})
	}
}
