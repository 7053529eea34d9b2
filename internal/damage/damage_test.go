package damage

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	bolt "go.etcd.io/bbolt"
)

// TestMapCoversEveryByte maps a bbolt file with every kind of page (branch
// pages, a value on overflow pages, a bucket in a bucket, which bbolt keeps
// inline, free pages, a stored freelist): the regions must not overlap and
// must cover every page in use, so that no part of the file escapes the
// flips and none is counted twice.
func TestMapCoversEveryByte(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.db")
	db, err := bolt.Open(path, 0o644, nil)
	if err != nil {
		t.Fatal(err)
	}
	err = db.Update(func(tx *bolt.Tx) error {
		many, _ := tx.CreateBucket([]byte("many"))
		for i := range 2000 {
			many.Put(fmt.Appendf(nil, "key%05d", i), []byte("value"))
		}
		big, _ := tx.CreateBucket([]byte("big"))
		big.Put([]byte("blob"), make([]byte, 3*4096+100))
		small, _ := tx.CreateBucket([]byte("small"))
		small.Put([]byte("a"), []byte("1"))
		inner, _ := small.CreateBucket([]byte("inner"))
		return inner.Put([]byte("b"), []byte("2"))
	})
	if err == nil {
		// Rewriting keys frees the pages they were on.
		err = db.Update(func(tx *bolt.Tx) error { return tx.Bucket([]byte("many")).Put([]byte("key00000"), []byte("new")) })
	}
	db.Close()
	if err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(path)
	l, err := Map(b)
	if err != nil {
		t.Fatal(err)
	}
	end := int64(0)
	kinds := map[string]bool{}
	for _, r := range l.Regions {
		if r.Off != end {
			t.Fatalf("region %+v starts at %d, the one before ends at %d", r, r.Off, end)
		}
		end = r.Off + r.Len
		kinds[r.Kind+" "+r.Part] = true
	}
	if want := int64(l.Pages) * int64(l.PageSize); end != want {
		t.Fatalf("regions end at %d, the pages in use at %d", end, want)
	}
	for _, k := range []string{"meta 0 fields", "meta 1 tail", "freelist ids", "branch keys", "leaf values",
		"leaf bucket header", "inline elements", "inline values", "free page", "leaf slack"} {
		if !kinds[k] {
			t.Errorf("no %s region", k)
		}
	}
}
