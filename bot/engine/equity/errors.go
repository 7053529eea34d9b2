package equity

import (
	"errors"
	"fmt"
)

// Errors returned by Parse, wrapped with the line they were found on. Each
// wraps ErrTable.
var (
	// ErrTable is the root of every leave-table error, so callers can test
	// for "bad table" with one errors.Is.
	ErrTable = errors.New("leave table")
	// ErrHeader: the first row is not feature,key,value.
	ErrHeader = fmt.Errorf("%w: first row must be feature,key,value", ErrTable)
	// ErrFeature: a row names a feature this package does not know.
	ErrFeature = fmt.Errorf("%w: unknown feature", ErrTable)
	// ErrKey: a row's key does not fit its feature (a letter that is not A-Z
	// or ?, a balance that is not v:c, an unknown parameter).
	ErrKey = fmt.Errorf("%w: bad key", ErrTable)
	// ErrValue: a row's value is not a finite number.
	ErrValue = fmt.Errorf("%w: bad value", ErrTable)
)
