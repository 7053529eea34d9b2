package index

import (
	"errors"
	"fmt"
)

// The errors a caller can test with errors.Is. Open wraps them with the file
// name and the detail, so the message printed to a user is one clear line.
var (
	// ErrNotIndex: the file exists but is not a Lexico index (another bbolt
	// database, a word list passed by mistake, random bytes).
	ErrNotIndex = errors.New("not a Lexico index file")
	// ErrCorrupt: the file is a Lexico index but damaged (truncated, a page
	// or blob that fails its check).
	ErrCorrupt = errors.New("index file is corrupt")
	// ErrNewerFormat: the file was written by a newer lexico-index; this
	// binary cannot read it and must be upgraded (or the index rebuilt).
	ErrNewerFormat = errors.New("index format is newer than this program understands")
	// ErrOlderFormat: the file was written by an older lexico-index whose
	// layout this binary no longer reads; rebuild it.
	ErrOlderFormat = errors.New("index format is older than this program reads; rebuild it")
	// ErrChecksum: a stored checksum does not match the data it covers.
	ErrChecksum = errors.New("index checksum mismatch")
	// ErrLocked: another process holds the file's write lock past the open
	// timeout.
	ErrLocked = errors.New("index file is locked by another process")
	// ErrClosed: a query was made after Close.
	ErrClosed = errors.New("index is closed")
	// ErrBadRack: a query's rack holds something other than letters and blanks.
	ErrBadRack = errors.New("rack must hold letters A-Z and blanks (?)")
)

// The structures of an index that a damaged file is reported by: the
// Structure of a *DamageError.
const (
	StructGADDAG         = "GADDAG"
	StructWordBloom      = "word Bloom filter"
	StructFragmentBloom  = "fragment Bloom filter"
	StructMultisetTable  = "multiset table"
	StructBlankTable     = "blank table"
	StructWordsBucket    = "words bucket"
	StructLengthLetter   = "length/letter bucket"
	StructAnagramsBucket = "anagrams bucket"
)

// DamageError is damage found in one structure of the index before it was
// used: the message names the structure ("index F: blank table: index
// checksum mismatch: ..."), errors.Is sees Err (ErrChecksum or
// ErrCorrupt), and errors.As gives the structure to a caller that reports
// or counts it.
type DamageError struct {
	Structure string // one of the Struct constants
	Err       error  // wraps ErrChecksum or ErrCorrupt, with the detail
}

func (e *DamageError) Error() string { return e.Structure + ": " + e.Err.Error() }
func (e *DamageError) Unwrap() error { return e.Err }

// damaged is a *DamageError of structure, sentinel (ErrChecksum or
// ErrCorrupt) and a detail.
func damaged(structure string, sentinel error, format string, args ...any) error {
	return &DamageError{Structure: structure, Err: fmt.Errorf("%w: %s", sentinel, fmt.Sprintf(format, args...))}
}

// Unexported: reasons behind the errors above, that Open tells apart.
var (
	// errNoMeta: the file has an index's buckets but not its meta bucket, or
	// not the magic number there: an index, damaged (or read through an
	// earlier state of the file, from before the build wrote its meta
	// bucket).
	errNoMeta = fmt.Errorf("%w: the meta bucket or its magic number is damaged", ErrCorrupt)
)
