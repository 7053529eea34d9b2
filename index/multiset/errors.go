package multiset

import "errors"

// Errors returned by Load.
var (
	ErrMagic     = errors.New("multiset: not a multiset table")
	ErrVersion   = errors.New("multiset: unsupported table version")
	ErrTruncated = errors.New("multiset: table truncated or sizes inconsistent")
	ErrChecksum  = errors.New("multiset: table checksum mismatch")
	ErrCorrupt   = errors.New("multiset: table entry out of range")
	// ErrTooManyWords is Build's error for a multiset spelling more than
	// 65,535 words, more than a group can count (no real list comes near).
	ErrTooManyWords = errors.New("multiset: too many words with one multiset of letters")
)
