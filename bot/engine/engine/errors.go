package engine

import "errors"

// Errors returned by the constructors.
var (
	// ErrNoGenerator: New was given no move generator.
	ErrNoGenerator = errors.New("engine: no move generator")
	// ErrStrategy wraps every error of Options.Strategy (an unknown name,
	// an index without the structure the strategy reads), which also
	// wraps strategy's own.
	ErrStrategy = errors.New("move generator strategy")
)

// strategyError is the strategy package's error, said as it is, and
// ErrStrategy for errors.Is.
type strategyError struct{ err error }

func (e strategyError) Error() string   { return e.err.Error() }
func (e strategyError) Unwrap() []error { return []error{ErrStrategy, e.err} }
