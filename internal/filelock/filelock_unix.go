//go:build unix

package filelock

import (
	"os"

	"golang.org/x/sys/unix"
)

// Lock takes an exclusive advisory lock on path (created if needed) and
// returns its release. The kernel drops the lock when the process dies, so
// a killed process never leaves a stale lock behind.
func Lock(path string) (func(), error) {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return nil, err
	}
	for {
		err = unix.Flock(int(f.Fd()), unix.LOCK_EX)
		if err != unix.EINTR {
			break
		}
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return func() { f.Close() }, nil
}
