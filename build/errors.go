package build

import "errors"

// The errors a build can end with, for errors.Is; each is wrapped with the
// detail (source, line, status) so the printed message is one clear line.
var (
	// ErrEmpty: nothing was left after normalisation.
	ErrEmpty = errors.New("the word list is empty")
	// ErrBinary: the source is not text (control bytes, NULs, UTF-16).
	ErrBinary = errors.New("the source is not a text word list")
	// ErrDownload: the download failed after all retries.
	ErrDownload = errors.New("download failed")
	// ErrTruncated: fewer bytes arrived than Content-Length announced, or a
	// gzip stream ended early.
	ErrTruncated = errors.New("the source is truncated")
	// ErrSHA256: the source does not have the SHA-256 given with --sha256.
	ErrSHA256 = errors.New("SHA-256 mismatch")
	// ErrBadOption: an option is out of range.
	ErrBadOption = errors.New("bad option")
)
