// Package multiset answers, in one or two memory reads, whether some word of
// a dictionary is spelt with exactly a given multiset of letters. A move
// generator that bounds the score of a slot asks it whether a bingo (the
// whole rack plus the fixed letters of the slot) can exist there at all: a
// rack with no such word loses the bingo bonus from its bound, which is
// what lets most slots be skipped unsearched.
//
// The answer comes from a Bloom filter over multiset keys, so "no" is
// certain and "yes" is wrong at the rate Filter.FalsePositiveRate reports
// (0.08% for the 240,000 multisets of the default 270,000-word list in the
// default 2 MiB): a false "yes" only costs a generator a slot it searches
// for nothing.
package multiset

import (
	"errors"
	"fmt"
	"math/bits"
)

// Key identifies a multiset of letters: the sum, wrapping, of one fixed
// random 64-bit value per letter. Adding a letter is one addition, so a
// generator extends a key as it walks a slot, and the order of the letters
// does not matter. Two different multisets share a key with probability
// about 2^-64.
type Key uint64

// letterKeys must never change: keys are stored in index files. They are
// splitmix64 outputs from seed 0x4C4558494B4F (an arbitrary constant).
var letterKeys = func() (ks [26]Key) {
	x := uint64(0x4C4558494B4F)
	for i := range ks {
		x += 0x9E3779B97F4A7C15
		z := x
		z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
		z = (z ^ z>>27) * 0x94D049BB133111EB
		ks[i] = Key(z ^ z>>31)
	}
	return ks
}()

// Letter is the key of the single letter l (0 for 'A' .. 25 for 'Z').
func Letter(l int) Key { return letterKeys[l] }

// Add is the key of k's multiset with one more letter l (0 for 'A').
func (k Key) Add(l int) Key { return k + letterKeys[l] }

// Of is the key of the letters of word (upper case A-Z; other bytes are
// ignored).
func Of(word string) Key {
	var k Key
	for i := 0; i < len(word); i++ {
		if c := word[i]; c >= 'A' && c <= 'Z' {
			k += letterKeys[c-'A']
		}
	}
	return k
}

// DefaultLog2Bits sizes the filter at 2^24 bits (2 MiB): about 0.08% false
// positives for the default list. Each halving of the size roughly
// quadruples the rate; the generator tolerates a few percent, but the file
// and the open time grow only by the bytes, so there is little to gain from
// going smaller.
const DefaultLog2Bits = 24

// Errors returned by Load.
var (
	ErrSize = errors.New("multiset: filter size is not a power of two of at least 64 bits")
)

// Filter is a two-probe Bloom filter over the keys of a dictionary's words.
// It is immutable and safe for concurrent use.
type Filter struct {
	bits  []byte
	shift uint // 64 - log2(number of bits)
	mask  uint64
}

// Build returns a filter of 2^log2Bits bits holding the key of every word.
func Build(words []string, log2Bits uint) *Filter {
	f := newFilter(make([]byte, 1<<log2Bits/8))
	for _, w := range words {
		f.add(Of(w))
	}
	return f
}

// Load uses b (as made by Bytes) in place: b must stay valid and unchanged
// while the filter is in use. Any length that is a power of two of at
// least 8 bytes is a valid filter, so only the size is checked; the caller
// checks integrity (the index keeps a checksum of the blob).
func Load(b []byte) (*Filter, error) {
	if len(b) < 8 || len(b)&(len(b)-1) != 0 {
		return nil, fmt.Errorf("%w: %d bytes", ErrSize, len(b))
	}
	return newFilter(b), nil
}

func newFilter(b []byte) *Filter {
	log2 := uint(bits.TrailingZeros(uint(len(b)))) + 3
	return &Filter{bits: b, shift: 64 - log2, mask: 1<<log2 - 1}
}

// Bytes is the filter's bit array, the form Load reads. The caller must not
// modify it.
func (f *Filter) Bytes() []byte { return f.bits }

// probes are two bit positions: the key's top bits and its bottom bits. The
// letter values are random, so both are uniformly spread and, for one key,
// independent.
func (f *Filter) probes(k Key) (uint64, uint64) {
	return uint64(k) >> f.shift, uint64(k) & f.mask
}

func (f *Filter) add(k Key) {
	i, j := f.probes(k)
	f.bits[i>>3] |= 1 << (i & 7)
	f.bits[j>>3] |= 1 << (j & 7)
}

// MayHaveWord reports whether some word may be spelt with exactly the
// letters of k. False is certain; true is wrong at FalsePositiveRate.
func (f *Filter) MayHaveWord(k Key) bool {
	i, j := f.probes(k)
	return f.bits[i>>3]&(1<<(i&7)) != 0 && f.bits[j>>3]&(1<<(j&7)) != 0
}

// FalsePositiveRate is the chance that MayHaveWord says true for a
// multiset no word uses: the square of the fraction of bits set.
func (f *Filter) FalsePositiveRate() float64 {
	set := 0
	for _, b := range f.bits {
		set += bits.OnesCount8(b)
	}
	p := float64(set) / float64(8*len(f.bits))
	return p * p
}
