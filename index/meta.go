package index

import "time"

// Meta describes an index file: where its words came from, how it was built,
// and the parameters of its derived structures. It is stored as JSON so that
// adding a field does not need a format bump.
type Meta struct {
	FormatVersion int    `json:"format_version"`
	Source        string `json:"source"`
	// SHA256 is the hex SHA-256 of the normalised list: the words in sorted
	// order, each followed by "\n". Two indexes with the same SHA256 hold the
	// same words whatever file, URL or encoding they were built from.
	SHA256    string `json:"sha256"`
	WordCount int    `json:"word_count"`
	MinLen    int    `json:"min_len"`
	MaxLen    int    `json:"max_len"`
	// Rejected counts source lines holding a character outside A-Z;
	// OutOfLength counts words dropped by the length bounds.
	Rejected         int      `json:"rejected"`
	RejectedExamples []string `json:"rejected_examples,omitempty"`
	OutOfLength      int      `json:"out_of_length"`
	Duplicates       int      `json:"duplicates"`

	BuiltAt       time.Time `json:"built_at"`
	BuildDuration Duration  `json:"build_duration"`

	// ByLength[n] is the number of words of length n.
	ByLength map[int]int `json:"by_length"`
	// ByFirstLetter["A"] is the number of words starting with A.
	ByFirstLetter map[string]int `json:"by_first_letter"`
	AnagramKeys   int            `json:"anagram_keys"`

	WordBloom     BloomInfo    `json:"word_bloom"`
	FragmentBloom BloomInfo    `json:"fragment_bloom"`
	GADDAG        BlobInfo     `json:"gaddag"`
	GADDAGNodes   int          `json:"gaddag_nodes"`
	Multisets     MultisetInfo `json:"multisets"`
	Blanks        MultisetInfo `json:"blanks"`
	// BlankPairs is the shape of the blank table's second part (the
	// words' multisets less two letters); Blanks gives its first part's
	// and the whole blob's.
	BlankPairs TableShape `json:"blank_pairs"`
	// BucketCRC holds each word bucket's BucketSum, by bucket name.
	BucketCRC map[string]uint32 `json:"bucket_crc32c"`
}

// TableShape is a hash table's size: 2^Log2Slots slots of 8 bytes holding
// Multisets keys.
type TableShape struct {
	Log2Slots uint `json:"log2_slots"`
	Multisets int  `json:"multisets"`
}

// MultisetInfo describes the stored multiset table (package
// index/multiset).
type MultisetInfo struct {
	// Log2Slots is the table's size: 2^Log2Slots slots of 8 bytes.
	Log2Slots uint `json:"log2_slots"`
	// Multisets is the number of distinct letter multisets of the words.
	Multisets int      `json:"multisets"`
	Blob      BlobInfo `json:"blob"`
}

// BloomInfo is a stored Bloom filter's shape and quality.
type BloomInfo struct {
	// M is the number of bits, K the number of hash functions.
	M uint `json:"m"`
	K uint `json:"k"`
	// Elements is how many distinct strings were added.
	Elements int `json:"elements"`
	// TargetFP is the false-positive rate the filter was sized for;
	// MeasuredFP the rate observed at build time on Probes random strings
	// known not to be in the set.
	TargetFP   float64  `json:"target_fp"`
	MeasuredFP float64  `json:"measured_fp"`
	Probes     int      `json:"probes"`
	Blob       BlobInfo `json:"blob"`
}

// BlobInfo locates a blob's integrity check.
type BlobInfo struct {
	Bytes int `json:"bytes"`
	// CRC32C is the Castagnoli CRC of the blob, checked when it is loaded.
	CRC32C uint32 `json:"crc32c"`
}

// Duration is a time.Duration that reads as text in JSON ("1.234s").
type Duration time.Duration

func (d Duration) String() string { return time.Duration(d).String() }

func (d Duration) MarshalText() ([]byte, error) { return []byte(d.String()), nil }

func (d *Duration) UnmarshalText(b []byte) error {
	v, err := time.ParseDuration(string(b))
	*d = Duration(v)
	return err
}
