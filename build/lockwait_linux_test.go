package build

import (
	"errors"
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// waitForLockWaiter returns nil once /proc/locks shows someone blocked on
// the flock of path, and an error when it cannot tell or when ready (the
// waiter's result) fills first.
func waitForLockWaiter[T any](path string, ready chan T) error {
	fi, err := os.Stat(path)
	if err != nil {
		return err
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return errors.New("no inode number")
	}
	inode := ":" + strconv.FormatUint(st.Ino, 10) + " "
	for range 2000 {
		if len(ready) > 0 {
			return errors.New("returned without waiting")
		}
		locks, err := os.ReadFile("/proc/locks")
		if err != nil {
			return err
		}
		for _, line := range strings.Split(string(locks), "\n") {
			if strings.Contains(line, "->") && strings.Contains(line, "FLOCK") && strings.Contains(line, inode) {
				return nil
			}
		}
		time.Sleep(5 * time.Millisecond)
	}
	return errors.New("no waiter on the lock after 10 s")
}
