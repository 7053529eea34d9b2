package index

import "golang.org/x/sys/unix"

// populate fills the page tables of bbolt's mapping at once (MAP_POPULATE):
// Open's checksums read the GADDAG and the word map's tables whole, most of
// the file, and a fault a page costs more than populating them in one call.
// The trade: the word buckets' pages are populated too, though only the
// first word query reads them; leaving them out measured no faster.
const populate = unix.MAP_POPULATE
