// Package index reads the dictionary index file that lexico-index build
// writes: one bbolt database holding the word list, its anagram, length and
// first-letter orderings, two Bloom filters and the serialised GADDAG.
//
// The file is opened read-only with a shared lock, so any number of bots can
// read one index at once. Every lookup is a bbolt cursor seek into one of a few
// large buckets keyed by composite keys (a length byte then the word; sorted
// letters): a B+tree answers a prefix query with one seek and a short scan,
// where hundreds of tiny per-length or per-letter buckets would cost a bucket
// lookup per query and waste a page per bucket.
package index

import "encoding/binary"

// FormatVersion is the layout this package reads and package build writes.
// Bump it on any change of bucket, key or blob layout: an older binary then
// refuses a newer file with ErrNewerFormat instead of misreading it.
const FormatVersion = 1

// Magic is stored under MetaMagic so a foreign bbolt file is told apart from
// a Lexico index before anything else is read.
const Magic = "lexico-index"

// Bucket names. Exported because package build writes what this package reads;
// the layout lives here, in one place.
var (
	// BucketMeta holds MetaMagic, MetaFormat and MetaJSON.
	BucketMeta = []byte("meta")
	// BucketWords maps each word to an empty value. Keys are sorted, so it is
	// also the first-letter index: the words starting with C are one seek to
	// "C" and a scan while the prefix holds.
	BucketWords = []byte("words")
	// BucketByLength maps LengthKey(word) to an empty value: the words of
	// length n are one seek to the byte n and a scan.
	BucketByLength = []byte("by_length")
	// BucketAnagrams maps a word's sorted letters (tile.Canonical) to the
	// words with exactly those letters, concatenated (they all have the key's
	// length, so no separator is needed).
	BucketAnagrams = []byte("anagrams")
	// BucketBlobs holds the large precomputed structures: BlobWordBloom,
	// BlobFragmentBloom, BlobGADDAG.
	BucketBlobs = []byte("blobs")
)

// Keys in BucketMeta.
var (
	MetaMagic  = []byte("magic")
	MetaFormat = []byte("format_version") // 4 bytes, big-endian
	MetaJSON   = []byte("meta.json")
)

// Keys in BucketBlobs.
var (
	// BlobWordBloom and BlobFragmentBloom hold a Bloom filter's bit array as
	// little-endian uint64 words; its m and k are in Meta.
	BlobWordBloom     = []byte("bloom.words")
	BlobFragmentBloom = []byte("bloom.fragments")
	// BlobGADDAG holds gaddag.(*GADDAG).Bytes().
	BlobGADDAG = []byte("gaddag")
)

// LengthKey is the BucketByLength key of word: its length as one byte, then
// the word. Words are at most 255 letters (the builder caps them far lower).
func LengthKey(word string) []byte {
	k := make([]byte, 0, 1+len(word))
	k = append(k, byte(len(word)))
	return append(k, word...)
}

// EncodeFormat is the MetaFormat value for version v.
func EncodeFormat(v int) []byte { return binary.BigEndian.AppendUint32(nil, uint32(v)) }
