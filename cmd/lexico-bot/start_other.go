//go:build !linux

package main

import "time"

// processStart is when main began: elsewhere than Linux the process's own
// start is not read, and the runtime's start-up is not counted.
func processStart() time.Time { return time.Now() }
