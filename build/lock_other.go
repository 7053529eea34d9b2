//go:build !unix

package build

// lockFile is a no-op where flock is missing: concurrent first uses then each
// build their own copy, and the rename keeps the file whole either way.
func lockFile(string) (func(), error) { return func() {}, nil }
