// Package readlimit reads an input whole, up to a limit, for every file a
// user names: a gamestate, a board file, a leave table, a win probability
// table or a trainer's statistics. Read without one, an endless file
// (/dev/zero, a pipe that never closes) hung the program while its memory
// grew, and a huge one was held whole before its first byte was checked.
// Each kind of file has its own limit, set beside its format: far above
// what the programs write (so no real file is refused), far below what
// would strain a machine.
package readlimit

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/lexico/lexico/internal/quote"
)

// All reads r to its end, or to limit+1 bytes when it is longer (then over
// is true), so that no input costs more memory than its limit.
func All(r io.Reader, limit int64) (b []byte, over bool, err error) {
	b, err = io.ReadAll(io.LimitReader(r, limit+1))
	return b, int64(len(b)) > limit, err
}

// Oversized reports whether f is a regular file larger than limit: its
// size is known, so it is refused unread. Anything else (a pipe, a device)
// can only be read up to the limit.
func Oversized(f *os.File, limit int64) bool {
	st, err := f.Stat()
	return err == nil && st.Mode().IsRegular() && st.Size() > limit
}

// File reads the file at path, a what ("board file", "leave table"), of at
// most limit bytes. A longer one is an error wrapping ErrTooLarge that names
// the file and the limit; the errors of opening and reading are os's own
// (errors.Is(err, fs.ErrNotExist) holds as with os.ReadFile).
func File(path, what string, limit int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if Oversized(f, limit) {
		return nil, tooLarge(path, what, limit)
	}
	b, over, err := All(f, limit)
	var pe *os.PathError
	switch {
	case errors.As(err, &pe):
		return nil, err // os named the file already ("read DIR: is a directory")
	case err != nil:
		return nil, &os.PathError{Op: "read", Path: path, Err: err}
	case over:
		return nil, tooLarge(path, what, limit)
	}
	return b, nil
}

func tooLarge(path, what string, limit int64) error {
	return fmt.Errorf("%s: %w: a %s is at most %d bytes", quote.String(path), ErrTooLarge, what, limit)
}
