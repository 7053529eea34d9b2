package build

import (
	"encoding/binary"
	"hash/crc32"
	"math/bits"
	"math/rand/v2"
	"sync"

	"github.com/bits-and-blooms/bloom/v3"
	"github.com/lexico/lexico/index"
	"github.com/lexico/lexico/index/gaddag"
)

// False-positive rates the filters are sized for.
//
// WordBloomFP: the word filter lets Contains answer a miss without touching
// the B+tree; a false positive only costs one lookup, so 0.1% (about 14 bits
// a word, half a megabyte for 274k words) buys nearly every miss cheaply.
//
// FragmentBloomFP: the fragment filter holds every substring of every word
// (millions of strings). A false positive lets a move generator extend a dead
// partial word a little further, never a wrong answer, so 1% (about 9.6 bits
// a string) keeps the file and the open time small.
const (
	WordBloomFP     = 0.001
	FragmentBloomFP = 0.01
)

// bloomProbes is the number of random non-members each filter is tested with
// at build time: enough to measure a 0.1% rate to about +-0.01%.
const bloomProbes = 200_000

// filter is a built Bloom filter, its description and its stored form.
type filter struct {
	info index.BloomInfo
	blob []byte
}

// encodeBloom stores f's bit array as little-endian uint64s, the layout
// index.Open reads back.
func encodeBloom(f *bloom.BloomFilter, info index.BloomInfo) filter {
	words := f.BitSet().Words()
	blob := make([]byte, 0, (f.Cap()+63)/64*8)
	for i := uint(0); i < (f.Cap()+63)/64; i++ {
		var w uint64
		if int(i) < len(words) {
			w = words[i]
		}
		blob = binary.LittleEndian.AppendUint64(blob, w)
	}
	info.M, info.K = f.Cap(), f.K()
	info.Blob = index.BlobInfo{Bytes: len(blob), CRC32C: crc32.Checksum(blob, crc32.MakeTable(crc32.Castagnoli))}
	return filter{info: info, blob: blob}
}

// wordFilter builds the whole-word membership filter and measures its real
// false-positive rate on random strings of word-like lengths that are not
// words (the GADDAG answers membership exactly).
func wordFilter(words []string, g *gaddag.GADDAG, rng *rand.Rand) filter {
	f := bloom.NewWithEstimates(uint(len(words)), WordBloomFP)
	for _, w := range words {
		f.AddString(w)
	}
	lengthOf := func() int { return len(words[rng.IntN(len(words))]) }
	fp, probes := measure(f, rng, lengthOf, g.Contains)
	return encodeBloom(f, index.BloomInfo{Elements: len(words), TargetFP: WordBloomFP, MeasuredFP: fp, Probes: probes})
}

// fragmentFilter builds the filter of every substring of every word.
//
// The GADDAG already holds them all: every word w has the path REV(w) from
// the root (its last letter folded into a letter set), so the separator-free
// paths from the root spell exactly the reversed substrings of the
// dictionary, each once, because the automaton is deterministic. Walking
// them adds each distinct substring once and needs neither a sort of
// millions of suffixes nor a hash set (an earlier suffix-sort version spent
// 1.4 s here; the walk takes a small fraction of that). The same walk answers
// "is s a fragment?" exactly, which measures the filter's real rate.
//
// The adds (seven random bit writes per string) are the cost, so two halves of
// the walk, split by the substring's last letter, fill two filters of the
// same shape in parallel and are OR-ed together: the result is bit-for-bit
// the filter one goroutine would build.
func fragmentFilter(g *gaddag.GADDAG, rng *rand.Rand) filter {
	var frags int
	walkFragments(g, allLetters, func([]byte) { frags++ })
	f := bloom.NewWithEstimates(uint(frags), FragmentBloomFP)
	half := bloom.New(f.Cap(), f.K())
	var wg sync.WaitGroup
	for part, dst := range []*bloom.BloomFilter{f, half} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			fwd := make([]byte, gaddag.MaxWordLen)
			mask := uint32(0x55555555) << part // even or odd letters
			walkFragments(g, mask&allLetters, func(rev []byte) {
				n := len(rev)
				for i, c := range rev {
					fwd[n-1-i] = c
				}
				dst.Add(fwd[:n])
			})
		}()
	}
	wg.Wait()
	f.Merge(half) // same m and k: cannot fail
	// Short strings are nearly all real fragments; probe the lengths where a
	// generator actually prunes.
	lengthOf := func() int { return 3 + rng.IntN(6) }
	fp, probes := measure(f, rng, lengthOf, func(s string) bool { return isFragment(g, s) })
	return encodeBloom(f, index.BloomInfo{Elements: frags, TargetFP: FragmentBloomFP, MeasuredFP: fp, Probes: probes})
}

// allLetters is the set of all 26 letters as bits.
const allLetters = 1<<26 - 1

// walkFragments calls fn with every distinct substring of the dictionary
// whose last letter is in roots, reversed (the slice is reused between calls).
func walkFragments(g *gaddag.GADDAG, roots uint32, fn func(rev []byte)) {
	buf := make([]byte, 0, gaddag.MaxWordLen)
	var walk func(n gaddag.Node, mask uint32)
	walk = func(n gaddag.Node, mask uint32) {
		arcs := g.ArcSet(n) & allLetters
		for set := (arcs | g.LetterSet(n)) & mask; set != 0; set &= set - 1 {
			l := bits.TrailingZeros32(set)
			buf = append(buf, byte('A'+l))
			fn(buf)
			if arcs&(1<<l) != 0 {
				walk(g.Arc(n, l), allLetters)
			}
			buf = buf[:len(buf)-1]
		}
	}
	walk(gaddag.Root, roots)
}

// isFragment reports exactly whether s occurs in some word: whether REV(s)
// is a path from the GADDAG's root, its last step an arc or a letter that
// completes a word.
func isFragment(g *gaddag.GADDAG, s string) bool {
	n := gaddag.Root
	for i := len(s) - 1; i >= 1; i-- {
		if n = g.Arc(n, int(s[i]-'A')); n == 0 {
			return false
		}
	}
	l := int(s[0] - 'A')
	return g.Arc(n, l) != 0 || g.LetterSet(n)&(1<<l) != 0
}

// measure tests f with bloomProbes random upper-case strings that member
// reports absent, and returns the fraction f accepted.
func measure(f *bloom.BloomFilter, rng *rand.Rand, lengthOf func() int, member func(string) bool) (float64, int) {
	buf := make([]byte, 0, 16)
	probes, positives := 0, 0
	// The attempt cap ends the loop for a list whose members cover nearly
	// every string of the probed lengths.
	for tries := 0; probes < bloomProbes && tries < 20*bloomProbes; tries++ {
		buf = buf[:0]
		for range lengthOf() {
			buf = append(buf, byte('A'+rng.IntN(26)))
		}
		s := string(buf)
		if member(s) {
			continue
		}
		probes++
		if f.TestString(s) {
			positives++
		}
	}
	if probes == 0 {
		return 0, 0
	}
	return float64(positives) / float64(probes), probes
}
