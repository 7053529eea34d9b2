//go:build unix

package main

import "syscall"

// openFiles is how many files the process may open (0: unknown). Go
// raises the soft limit to the hard one at start-up, so this is the limit
// the server runs under.
func openFiles() int {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil || lim.Cur > 1<<30 {
		return 0
	}
	return int(lim.Cur)
}
