package index

import "golang.org/x/sys/unix"

// populate fills the page tables of bbolt's mapping at once (MAP_POPULATE):
// Open's checksums read the GADDAG and the word map's tables whole, most of
// the file, and a fault a page costs more than populating them in one call
// (with the word buckets' walk left to the first query, not populating was
// no faster: run's CPU and BenchmarkOpenFirstQuery alternated, 25 Nov
// 23:31 UTC, within the noise at load 5.7).
const populate = unix.MAP_POPULATE
