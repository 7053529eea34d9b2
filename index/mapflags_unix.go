//go:build unix && !linux

package index

import "golang.org/x/sys/unix"

// mapFlags: MAP_POPULATE is Linux's; elsewhere pages fault in as touched.
const mapFlags = unix.MAP_SHARED
