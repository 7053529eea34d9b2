package index

import "golang.org/x/sys/unix"

// populate fills the page tables of bbolt's mapping at once (MAP_POPULATE):
// the page walk Open runs first touches one header in each of thousands of
// pages, and a fault for each costs twice as long as populating them all in
// one call.
const populate = unix.MAP_POPULATE
