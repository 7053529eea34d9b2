//go:build !unix

package filelock

// Lock does nothing where flock is missing: concurrent writers then each
// make their own copy, and a write by rename keeps every reader's view
// whole either way.
func Lock(string) (func(), error) { return func() {}, nil }
