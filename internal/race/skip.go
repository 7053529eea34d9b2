// Package race says whether the race detector is built in, for the tests
// that count allocations: under it sync.Pool drops a share of what it is
// given (sync/pool.go), so code that allocates nothing from a warm pool
// allocates now and then, and those counts mean nothing.
package race

// SkipAllocCounts skips the test t under the race detector: its
// allocation counts would not be the program's.
func SkipAllocCounts(t interface {
	Helper()
	Skip(args ...any)
}) {
	if Enabled {
		t.Helper()
		t.Skip("the race detector makes sync.Pool drop items: allocation counts mean nothing under -race")
	}
}
