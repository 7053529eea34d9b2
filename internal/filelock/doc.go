// Package filelock serialises processes that would write the same file:
// the first use of the default index (package build) and the test binaries
// that share one built index (build/buildtest). A lock file beside the
// target is flocked; the writers still rename into place, so readers that
// take no lock never see half a file.
package filelock
