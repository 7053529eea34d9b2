package index

import "golang.org/x/sys/unix"

// mapFlags fills the page tables of a mapping at once: the walk Open runs
// touches one header in each of thousands of pages, and a fault for each
// costs twice as long as populating them all in one call.
const mapFlags = unix.MAP_SHARED | unix.MAP_POPULATE
