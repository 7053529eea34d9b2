//go:build !linux

package build

import "errors"

// waitForLockWaiter cannot see lock waiters outside Linux.
func waitForLockWaiter[T any](path string, ready chan T) error {
	return errors.New("no /proc/locks")
}
