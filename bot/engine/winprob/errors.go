package winprob

import (
	"errors"
	"fmt"
)

// Errors of reading tables and statistics files, and of merging statistics.
var (
	// ErrFormat: the file is not a win probability table or statistics
	// file of this version, or is damaged (checksum, lengths, values).
	ErrFormat = errors.New("win probability file")
	// ErrMismatch: statistics that cannot be added up (another bag or
	// seed, the same shard twice, a shard missing or unfinished).
	ErrMismatch = fmt.Errorf("%w: statistics do not belong together", ErrFormat)
)
