// Package index reads the dictionary index file that lexico-index build
// writes: one bbolt database holding the word list, its anagram, length and
// first-letter orderings, two Bloom filters, a filter of the words' letter
// multisets (with their words) and the serialised GADDAG.
//
// The file is opened read-only with a shared lock, so any number of bots can
// read one index at once. Every lookup is a bbolt cursor seek into one of a few
// large buckets keyed by composite keys (a length byte then the word; sorted
// letters, a length byte then a letter): a B+tree answers a prefix query with
// one seek and a short scan, where hundreds of tiny per-length or per-letter
// buckets would cost a bucket lookup per query and waste a page per bucket.
package index

import (
	"encoding/binary"
	"hash/crc32"
)

// FormatVersion is the layout this package reads and package build writes.
// Bump it on any change of bucket, key or blob layout: an older binary then
// refuses a newer file with ErrNewerFormat instead of misreading it.
//
// Version 2 added BlobMultisets; version 3 made it a multiset.Table (the
// words of each multiset) instead of a Bloom filter of the multisets;
// version 4 added BlobBlanks, the letters a blank may be; version 5 added
// its second part, the letters the first of two blanks may be; version 6
// the word buckets' checksums (Meta.BucketCRC), without which their
// contents were checked only by Verify.
const FormatVersion = 6

// Magic is stored under MetaMagic so a foreign bbolt file is told apart from
// a Lexico index before anything else is read.
const Magic = "lexico-index"

// Bucket names. Exported because package build writes what this package reads;
// the layout lives here, in one place.
var (
	// BucketMeta holds MetaMagic, MetaFormat and MetaJSON.
	BucketMeta = []byte("meta")
	// BucketWords maps each word to an empty value: the exact membership
	// test behind Contains, and the list verify checks everything against.
	BucketWords = []byte("words")
	// BucketLengthLetter maps LengthLetterKey(n, c), two bytes, to the words
	// of n letters starting with c, concatenated in alphabetical order (they
	// all have n letters, so no separator is needed). Length and first-letter
	// queries are one seek and a scan of at most 26 (or 14) keys; the words
	// live in a few hundred large values instead of a quarter of a million
	// keys, which would double the write time of a build.
	BucketLengthLetter = []byte("length_letter")
	// BucketAnagrams maps a word's sorted letters (tile.Canonical) to the
	// words with exactly those letters, concatenated (they all have the key's
	// length, so no separator is needed).
	BucketAnagrams = []byte("anagrams")
	// BucketBlobs holds the filters: BlobWordBloom, BlobFragmentBloom,
	// BlobMultisets, BlobBlanks.
	BucketBlobs = []byte("blobs")
	// BucketGADDAG holds one key, GADDAGKey, whose value is the GADDAG's flat
	// form. A bucket of its own fixes where the value sits in its page: page
	// header (16 bytes), one leaf element (16), the 8-byte key, so the value
	// starts 40 bytes into a page-aligned page and gaddag.Load can use it in
	// place as []uint32, without a copy.
	BucketGADDAG = []byte("gaddag")
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
	// BlobMultisets holds a multiset.Table: the words spelt by each letter
	// multiset, for a move generator's bingo bound.
	BlobMultisets = []byte("multisets")
	// BlobBlanks holds a multiset.BlankTable: for each word's multiset
	// less one letter, the letters that one may be, and less two letters,
	// the letters the first of them may be, for a move generator's bingo
	// bound with one or two blanks in the rack.
	BlobBlanks = []byte("blanks")
)

// GADDAGKey is the only key of BucketGADDAG; its length (8) is part of the
// alignment argument above.
var GADDAGKey = []byte("flat.u32")

// LengthLetterKey is the BucketLengthLetter key of the words of n letters
// starting with letter c.
func LengthLetterKey(n int, c byte) []byte { return []byte{byte(n), c} }

// EncodeFormat is the MetaFormat value for version v.
func EncodeFormat(v int) []byte { return binary.BigEndian.AppendUint32(nil, uint32(v)) }

// BucketSum is the checksum of a word bucket's contents (BucketWords,
// BucketLengthLetter, BucketAnagrams), stored in Meta.BucketCRC: the CRC-32C
// of every key and value in key order, each preceded by its length as a
// uvarint. Package build adds the pairs as it writes them; the first word
// query adds them as it reads them back, and compares.
type BucketSum struct {
	crc uint32
	buf []byte
}

// Add adds a key and its value, in key order.
func (s *BucketSum) Add(k, v []byte) {
	s.buf = binary.AppendUvarint(s.buf[:0], uint64(len(k)))
	s.crc = crc32.Update(s.crc, castagnoli, s.buf)
	s.crc = crc32.Update(s.crc, castagnoli, k)
	s.buf = binary.AppendUvarint(s.buf[:0], uint64(len(v)))
	s.crc = crc32.Update(s.crc, castagnoli, s.buf)
	s.crc = crc32.Update(s.crc, castagnoli, v)
}

// Sum is the checksum of the pairs added.
func (s *BucketSum) Sum() uint32 { return s.crc }
