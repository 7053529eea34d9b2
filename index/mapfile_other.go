//go:build !unix

package index

import (
	"io"
	"os"
)

// mapFile reads the first n bytes of f where mmap is not at hand.
func mapFile(f *os.File, n int64) (data []byte, release func(), err error) {
	data = make([]byte, n)
	if _, err := io.ReadFull(io.NewSectionReader(f, 0, n), data); err != nil {
		return nil, nil, err
	}
	return data, func() {}, nil
}
