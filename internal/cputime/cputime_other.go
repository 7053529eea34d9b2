//go:build !unix

// Package cputime reads the CPU time the process has used, for benchmarks
// on a machine shared with other work: the wall clock also counts the time
// spent waiting for a core, which swamps a difference of a few percent
// when every core is busy, while the CPU time counts only the work done.
package cputime

import "time"

// Process is not read outside Unix: it reports false.
func Process() (time.Duration, bool) { return 0, false }
