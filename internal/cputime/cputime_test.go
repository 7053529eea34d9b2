package cputime

import (
	"runtime"
	"testing"
)

// Work done shows in the CPU time, which never goes back.
func TestProcessCountsWork(t *testing.T) {
	before, ok := Process()
	if !ok {
		if runtime.GOOS == "windows" || runtime.GOOS == "plan9" || runtime.GOOS == "js" || runtime.GOOS == "wasip1" {
			t.Skip("no CPU time here")
		}
		t.Fatal("the process's CPU time cannot be read")
	}
	x := uint64(1)
	for i := 0; i < 50_000_000; i++ {
		x = x*6364136223846793005 + 1442695040888963407
	}
	after, _ := Process()
	if after <= before || x == 0 {
		t.Errorf("CPU time %v after work, %v before", after, before)
	}
}
