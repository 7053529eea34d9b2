//go:build !linux

package index

// populate: MAP_POPULATE is Linux's; elsewhere pages fault in as touched.
const populate = 0
