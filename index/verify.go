package index

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"github.com/lexico/lexico/internal/boltfile"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/lexico/lexico/index/multiset"
	"github.com/lexico/lexico/internal/alphabet"
	bolt "go.etcd.io/bbolt"
)

// maxProblems bounds how many problems Verify reports: past a few, the file
// is simply broken and the rest is noise.
const maxProblems = 20

// Verify checks everything the index promises, against the word list in
// BucketWords: bbolt's meta pages (both: the one not in use is what bbolt
// falls back on) and page structure; the words (A-Z, within the length
// bounds, count and SHA-256 as in Meta); the length x letter bucket and the
// anagram sets (exactly the words, under the right keys); both Bloom filters
// (no false negatives: every word, every substring of every word); and the
// GADDAG (every word, and the word count). It returns nil when all holds,
// else the problems joined, each wrapping ErrCorrupt or ErrChecksum. A
// damaged page structure is reported alone: the rest is read through it.
//
// It reads the whole file and tests millions of substrings (a few seconds for
// the default index): Open checks only what a query needs and stays fast.
func (x *Index) Verify() (err error) {
	if x.db == nil {
		return ErrClosed
	}
	var problems []error
	add := func(sentinel error, format string, args ...any) bool {
		if len(problems) < maxProblems {
			problems = append(problems, fmt.Errorf("%w: %s", sentinel, fmt.Sprintf(format, args...)))
		}
		return len(problems) < maxProblems
	}
	// Whatever a damaged file makes a check trip over (a panic, a fault in
	// the map) is one more problem, named by the check under way.
	stage := "checking the bbolt meta pages"
	defer func() { err = errors.Join(problems...) }()
	defer func() {
		if r := recover(); r != nil {
			problems = append(problems, fmt.Errorf("%w: %s: %v", ErrCorrupt, stage, r))
		}
	}()
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))

	fi, err := x.file.Stat()
	if err != nil {
		add(ErrCorrupt, "%v", err)
		return
	}
	mp := boltfile.ReadMetaPages(x.file, fi.Size())
	m, inUse, ok := mp.Current()
	for i, err := range mp.Err {
		if err == nil {
			continue
		}
		role := "the one in use"
		if i != inUse || !ok {
			role = "the copy bbolt falls back on"
		}
		add(ErrCorrupt, "bbolt meta page %d (%s): %v", i, role, err)
	}
	if !ok {
		return
	}

	stage = "checking the bbolt page structure"
	walked := x.walk(fi.Size(), m, true, maxProblems)
	for _, p := range walked {
		add(ErrCorrupt, "bbolt: %s", p)
	}
	if len(walked) > 0 {
		// Reading the buckets through damaged pages would only repeat
		// the damage, or follow it round in circles.
		return
	}
	_ = x.db.View(func(tx *bolt.Tx) error {
		stage = "checking the word buckets' checksums"
		if err := x.checkBuckets(tx); err != nil && len(problems) < maxProblems {
			problems = append(problems, err) // a *DamageError naming the bucket
		}
		stage = "checking the word list"
		words := x.verifyWords(tx, add)
		stage = "checking the length/letter bucket"
		x.verifyLengthLetter(tx, words, add)
		stage = "checking the anagram bucket"
		x.verifyAnagrams(tx, words, add)
		stage = "checking the Bloom filters, GADDAG and multiset table"
		x.verifyDerived(words, add)
		return nil
	})
	return
}

type problemFunc func(sentinel error, format string, args ...any) bool

// verifyWords reads BucketWords and checks it against Meta; the words it
// returns are the reference for the other checks.
func (x *Index) verifyWords(tx *bolt.Tx, add problemFunc) []string {
	m := x.meta
	var words []string
	h := sha256.New()
	c := tx.Bucket(BucketWords).Cursor()
	for k, v := c.First(); k != nil; k, v = c.Next() {
		if len(k) < m.MinLen || len(k) > m.MaxLen || bytes.IndexFunc(k, func(r rune) bool { return r < 'A' || r > 'Z' }) >= 0 {
			add(ErrCorrupt, "word %q is not %d..%d letters A-Z", k, m.MinLen, m.MaxLen)
		}
		if v == nil || len(v) != 0 {
			add(ErrCorrupt, "word %q has a value or is a bucket", k)
		}
		h.Write(k)
		h.Write([]byte{'\n'})
		words = append(words, string(k))
	}
	if len(words) != m.WordCount {
		add(ErrCorrupt, "%d words, metadata says %d", len(words), m.WordCount)
	}
	if sum := hex.EncodeToString(h.Sum(nil)); sum != m.SHA256 {
		add(ErrChecksum, "word list SHA-256 %s, metadata says %s", sum, m.SHA256)
	}
	return words
}

func (x *Index) verifyLengthLetter(tx *bolt.Tx, words []string, add problemFunc) {
	want := map[string][]byte{}
	for _, w := range words {
		k := string(LengthLetterKey(len(w), w[0]))
		want[k] = append(want[k], w...)
	}
	byLen := map[int]int{}
	byLetter := map[string]int{}
	c := tx.Bucket(BucketLengthLetter).Cursor()
	n := 0
	for k, v := c.First(); k != nil; k, v = c.Next() {
		n++
		if !bytes.Equal(want[string(k)], v) {
			add(ErrCorrupt, "length/letter group %v differs from the word list", k)
		}
		if len(k) == 2 && k[0] > 0 {
			byLen[int(k[0])] += len(v) / int(k[0])
			byLetter[string(k[1:])] += len(v) / int(k[0])
		}
	}
	if n != len(want) {
		add(ErrCorrupt, "%d length/letter groups, the word list makes %d", n, len(want))
	}
	for l, cnt := range x.meta.ByLength {
		if byLen[l] != cnt {
			add(ErrCorrupt, "%d words of length %d, metadata says %d", byLen[l], l, cnt)
		}
	}
	for l, cnt := range x.meta.ByFirstLetter {
		if byLetter[l] != cnt {
			add(ErrCorrupt, "%d words starting with %s, metadata says %d", byLetter[l], l, cnt)
		}
	}
}

func (x *Index) verifyAnagrams(tx *bolt.Tx, words []string, add problemFunc) {
	isWord := make(map[string]bool, len(words))
	for _, w := range words {
		isWord[w] = true
	}
	keys, total := 0, 0
	c := tx.Bucket(BucketAnagrams).Cursor()
	for k, v := c.First(); k != nil; k, v = c.Next() {
		keys++
		n := len(k)
		if n == 0 || len(v) == 0 || len(v)%n != 0 {
			add(ErrCorrupt, "anagram set %q has %d bytes", k, len(v))
			continue
		}
		for i := 0; i < len(v); i += n {
			w := string(v[i : i+n])
			total++
			if !isWord[w] || alphabet.Canonical(w) != string(k) {
				add(ErrCorrupt, "anagram set %q holds %q", k, w)
			}
		}
	}
	if total != len(words) || keys != x.meta.AnagramKeys {
		add(ErrCorrupt, "anagram sets hold %d words under %d keys; want %d words, %d keys", total, keys, len(words), x.meta.AnagramKeys)
	}
}

// verifyDerived checks the structures a Bloom filter or GADDAG query relies
// on: a false negative there would silently drop a word.
func (x *Index) verifyDerived(words []string, add problemFunc) {
	// Open checked every blob's checksum before Verify could run, and
	// leaves building the fragment filter to its first use.
	fragments, err := x.fragmentFilter()
	if err != nil {
		if !add(ErrCorrupt, "%s", strings.TrimPrefix(err.Error(), ErrCorrupt.Error()+": ")) {
			return
		}
	}
	prev := ""
	for _, w := range words {
		if !x.words.TestString(w) {
			if !add(ErrCorrupt, "word Bloom filter misses %s", w) {
				return
			}
		}
		// A substring inside the prefix w shares with the previous word
		// was tested with that word: start past it.
		shared := 0
		for shared < min(len(w), len(prev)) && w[shared] == prev[shared] {
			shared++
		}
		prev = w
		for i := range len(w) {
			if fragments == nil {
				break
			}
			for j := max(i, shared) + 1; j <= len(w); j++ {
				if !fragments.TestString(w[i:j]) {
					if !add(ErrCorrupt, "fragment Bloom filter misses %s (in %s)", w[i:j], w) {
						return
					}
				}
			}
		}
		if !x.gaddag.Contains(w) {
			if !add(ErrCorrupt, "GADDAG misses %s", w) {
				return
			}
		}
		if !x.multisets.HasWord(multiset.Of(w), w) {
			if !add(ErrCorrupt, "multiset table misses %s", w) {
				return
			}
		}
		if l, ok := blankMiss(x.blanks, w); !ok {
			if !add(ErrCorrupt, "blank table misses %s with a blank for its %c", w, l) {
				return
			}
		}
		if p, ok := blankPairMiss(x.blanks, w); !ok {
			if !add(ErrCorrupt, "blank table misses %s with two blanks for its %s", w, p) {
				return
			}
		}
	}
	if n := x.gaddag.WordCount(); n != len(words) {
		add(ErrCorrupt, "GADDAG holds %d words, the list %d", n, len(words))
	}
}

// blankMiss checks that t gives back each letter of w as one a blank may
// be among the others, and returns the first it does not.
func blankMiss(t *multiset.BlankTable, w string) (byte, bool) {
	k := multiset.Of(w)
	for i := 0; i < len(w); i++ {
		l := int(w[i] - 'A')
		if t.Letters(k-multiset.Letter(l))&(1<<l) == 0 {
			return w[i], false
		}
	}
	return 0, true
}

// blankPairMiss checks that t gives back the first of two letters of w as
// one the first of two blanks may be, for the two letters first in the
// alphabet and the two last (every pair would be one lookup per pair of
// letters of every word; the checksum covers every slot), and returns the
// pair it does not.
func blankPairMiss(t *multiset.BlankTable, w string) (string, bool) {
	if len(w) < 2 {
		return "", true
	}
	b := []byte(w)
	slices.Sort(b)
	k := multiset.Of(w)
	for _, i := range []int{0, len(b) - 2} {
		x, y := int(b[i]-'A'), int(b[i+1]-'A')
		if t.FirstLetters(k-multiset.Letter(x)-multiset.Letter(y))&(1<<x) == 0 {
			return string(b[i : i+2]), false
		}
	}
	return "", true
}
