package index

import (
	"os"

	bolt "go.etcd.io/bbolt"
)

// BucketStat is the size of one bucket of the file.
type BucketStat struct {
	Name  string `json:"name"`
	Keys  int    `json:"keys"`
	Depth int    `json:"depth"`
	// Pages counts leaf, branch and overflow pages; Bytes is their size,
	// InUse the part holding data (FillPercent 1.0 keeps it close).
	Pages int `json:"pages"`
	Bytes int `json:"bytes"`
	InUse int `json:"in_use"`
}

// Stats is the physical layout of the file.
type Stats struct {
	FileBytes int64        `json:"file_bytes"`
	PageSize  int          `json:"page_size"`
	Buckets   []BucketStat `json:"buckets"`
}

// Stats measures the file and its buckets.
func (x *Index) Stats() (Stats, error) {
	var s Stats
	if x.db == nil {
		return s, ErrClosed
	}
	if fi, err := os.Stat(x.path); err == nil {
		s.FileBytes = fi.Size()
	}
	s.PageSize = x.db.Info().PageSize
	err := x.view(func(tx *bolt.Tx) error {
		for _, name := range [][]byte{BucketMeta, BucketWords, BucketLengthLetter, BucketAnagrams, BucketBlobs, BucketGADDAG} {
			b := tx.Bucket(name)
			if b == nil {
				continue
			}
			st := b.Stats()
			s.Buckets = append(s.Buckets, BucketStat{
				Name: string(name), Keys: st.KeyN, Depth: st.Depth,
				Pages: st.BranchPageN + st.BranchOverflowN + st.LeafPageN + st.LeafOverflowN,
				Bytes: st.BranchAlloc + st.LeafAlloc,
				InUse: st.BranchInuse + st.LeafInuse,
			})
		}
		return nil
	})
	return s, err
}
