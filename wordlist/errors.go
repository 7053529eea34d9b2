package wordlist

import "errors"

// The errors reading a word list can end with, for errors.Is; each is
// wrapped with the detail (line, byte) so the printed message is one clear
// line. Package build returns them too, under the same names.
var (
	// ErrEmpty: nothing was left after normalisation.
	ErrEmpty = errors.New("the word list is empty")
	// ErrBinary: the source is not text (control bytes, NULs, UTF-16).
	ErrBinary = errors.New("the source is not a text word list")
	// ErrTruncated: the source ended early (a gzip stream cut off, or fewer
	// bytes than a download announced).
	ErrTruncated = errors.New("the source is truncated")
	// ErrBadOption: an option is out of range.
	ErrBadOption = errors.New("bad option")
)
