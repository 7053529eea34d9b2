//go:build unix

package index

import (
	"os"

	"golang.org/x/sys/unix"
)

// mapFile maps the first n bytes of f read-only, so a check can walk the
// file's pages touching only the bytes it looks at. The caller must release
// the mapping and must read it with debug.SetPanicOnFault set: a file cut
// short under the map faults.
func mapFile(f *os.File, n int64) (data []byte, release func(), err error) {
	if n == 0 {
		return nil, func() {}, nil
	}
	data, err = unix.Mmap(int(f.Fd()), 0, int(n), unix.PROT_READ, mapFlags)
	if err != nil {
		return nil, nil, err
	}
	return data, func() { unix.Munmap(data) }, nil
}
