package build

import (
	"errors"
	"io"
	"os"

	"golang.org/x/sys/unix"
)

// tempLocks: a build's temporary file carries a lock while the build lives,
// so the next build can tell a killed build's leftover from a live one's
// file whatever their ages.
const tempLocks = true

// The lock is an open file description lock (fcntl F_OFD_SETLK) on the
// whole file, not flock: bbolt flocks the same file through a descriptor of
// its own while it writes it, and on Linux the two kinds of lock do not
// interact. Like flock, and unlike a classic fcntl lock, it belongs to the
// descriptor: bbolt closing its own does not release it. The kernel drops it
// when the process dies, however it dies.
func tempLock() *unix.Flock_t {
	return &unix.Flock_t{Type: unix.F_WRLCK, Whence: io.SeekStart}
}

// lockTemp takes the lock on f, waiting for a build that is removing the
// file to let go of it.
func lockTemp(f *os.File) error {
	for {
		err := unix.FcntlFlock(f.Fd(), unix.F_OFD_SETLKW, tempLock())
		if err != unix.EINTR {
			return err
		}
	}
}

// tryLockTemp takes the lock on f if no one holds it; false means a live
// build does.
func tryLockTemp(f *os.File) (bool, error) {
	err := unix.FcntlFlock(f.Fd(), unix.F_OFD_SETLK, tempLock())
	if errors.Is(err, unix.EAGAIN) || errors.Is(err, unix.EACCES) {
		return false, nil
	}
	return err == nil, err
}
