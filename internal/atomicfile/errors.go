package atomicfile

import "errors"

// ErrNotRegular: the path names a directory, a device, a named pipe or a
// socket, which a write replaces only by turning it into a plain file, or
// cannot replace at all.
var ErrNotRegular = errors.New("not a regular file to replace")
