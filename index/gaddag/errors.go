package gaddag

import "errors"

// Errors returned by Load. Each wraps the details with %w.
var (
	ErrTruncated = errors.New("gaddag: data truncated")
	ErrMagic     = errors.New("gaddag: not a GADDAG (bad magic)")
	ErrVersion   = errors.New("gaddag: unsupported version")
	ErrChecksum  = errors.New("gaddag: checksum mismatch")
	ErrCorrupt   = errors.New("gaddag: corrupt structure")
)
