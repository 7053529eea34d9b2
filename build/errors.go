package build

import (
	"errors"

	"github.com/lexico/lexico/wordlist"
)

// The errors a build can end with, for errors.Is; each is wrapped with the
// detail (source, line, status) so the printed message is one clear line.
// Those of reading the list are package wordlist's own values under the
// same names, so errors.Is matches either name.
var (
	// ErrEmpty: nothing was left after normalisation.
	ErrEmpty = wordlist.ErrEmpty
	// ErrBinary: the source is not text (control bytes, NULs, UTF-16).
	ErrBinary = wordlist.ErrBinary
	// ErrDownload: the download failed after all retries.
	ErrDownload = errors.New("download failed")
	// ErrTruncated: fewer bytes arrived than Content-Length announced (an
	// ErrDownload too), or a gzip stream ended early.
	ErrTruncated = wordlist.ErrTruncated
	// ErrSHA256: the source does not have the SHA-256 given with --sha256.
	ErrSHA256 = errors.New("SHA-256 mismatch")
	// ErrBadOption: an option is out of range.
	ErrBadOption = wordlist.ErrBadOption
	// ErrURL: the source is a URL no download can fetch (no host, a
	// syntax error, a scheme other than http and https).
	ErrURL = errors.New("not a URL to download")
	// ErrOutput: the output names what the index must not replace (the
	// word list the build reads, a device or a pipe, a file that is not an
	// index): a build renames a new file over its output, which would lose
	// the file or turn the device into a plain file.
	ErrOutput = errors.New("not a file the index may replace")
)
