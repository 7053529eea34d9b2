package build

import (
	"encoding/binary"
	"hash/crc32"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/bits-and-blooms/bloom/v3"
	"github.com/lexico/lexico/index"
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
// words (words is sorted, so membership is a binary search).
func wordFilter(words []string, rng *rand.Rand) filter {
	f := bloom.NewWithEstimates(uint(len(words)), WordBloomFP)
	for _, w := range words {
		f.AddString(w)
	}
	isWord := func(s string) bool { _, ok := slices.BinarySearch(words, s); return ok }
	lengthOf := func() int { return len(words[rng.IntN(len(words))]) }
	fp, probes := measure(f, rng, lengthOf, isWord)
	return encodeBloom(f, index.BloomInfo{Elements: len(words), TargetFP: WordBloomFP, MeasuredFP: fp, Probes: probes})
}

// fragmentFilter builds the filter of every substring of every word. The
// substrings of a word are the prefixes of its suffixes, so sorting all
// suffixes puts equal substrings next to each other: a suffix contributes
// exactly its prefixes longer than its common prefix with the previous one.
// That adds each distinct substring once (and counts them, to size the filter)
// without a hash set of millions of strings. The suffixes are bucketed by
// first letter and the buckets sorted on all cores.
func fragmentFilter(words []string, rng *rand.Rand) filter {
	var buckets [26][]string
	for _, w := range words {
		for i := range len(w) {
			buckets[w[i]-'A'] = append(buckets[w[i]-'A'], w[i:])
		}
	}
	var wg sync.WaitGroup
	next := make(chan int, 26)
	for i := range 26 {
		next <- i
	}
	close(next)
	for range workers() {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				slices.Sort(buckets[i])
			}
		}()
	}
	wg.Wait()
	distinct := 0
	for _, b := range buckets {
		prev := ""
		for _, s := range b {
			distinct += len(s) - commonPrefix(prev, s)
			prev = s
		}
	}
	f := bloom.NewWithEstimates(uint(distinct), FragmentBloomFP)
	for _, b := range buckets {
		prev := ""
		for _, s := range b {
			for l := commonPrefix(prev, s) + 1; l <= len(s); l++ {
				f.AddString(s[:l])
			}
			prev = s
		}
	}
	isFragment := func(s string) bool {
		b := buckets[s[0]-'A']
		i := sort.SearchStrings(b, s)
		return i < len(b) && strings.HasPrefix(b[i], s)
	}
	// Short strings are nearly all real fragments; probe the lengths where a
	// generator actually prunes.
	lengthOf := func() int { return 3 + rng.IntN(6) }
	fp, probes := measure(f, rng, lengthOf, isFragment)
	return encodeBloom(f, index.BloomInfo{Elements: distinct, TargetFP: FragmentBloomFP, MeasuredFP: fp, Probes: probes})
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

func commonPrefix(a, b string) int {
	n := min(len(a), len(b))
	for i := range n {
		if a[i] != b[i] {
			return i
		}
	}
	return n
}
