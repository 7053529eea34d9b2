package leaves

import (
	"errors"
	"fmt"
)

// Errors of reading tables and statistics files, and of merging statistics.
var (
	// ErrFormat: the file is not a leave table or statistics file of this
	// version, or is damaged (checksum, lengths).
	ErrFormat = errors.New("leave file")
	// ErrMismatch: statistics that cannot be added up (another variant,
	// generation, seed or playing table, or the same shard twice).
	ErrMismatch = fmt.Errorf("%w: statistics do not belong together", ErrFormat)
)
