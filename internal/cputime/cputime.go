//go:build unix

// Package cputime reads the CPU time the process has used, for benchmarks
// on a machine shared with other work: the wall clock also counts the time
// spent waiting for a core, which swamps a difference of a few percent
// when every core is busy, while the CPU time counts only the work done.
package cputime

import (
	"syscall"
	"time"
)

// Process is the CPU time (user and system) of the whole process so far,
// and false where it cannot be read.
func Process() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
