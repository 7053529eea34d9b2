package boltfile

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	bolt "go.etcd.io/bbolt"
)

// A real bbolt file is read as bbolt reads it: its current meta page, its
// page count within the file; cut short, CutShort says so; a file that is
// no bbolt database has no magic number; a flipped byte in a meta page is
// named by Damage, the other page still current.
func TestMetaPagesOfARealFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.db")
	db, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 200 {
		if err := db.Update(func(tx *bolt.Tx) error {
			b, err := tx.CreateBucketIfNotExists([]byte("b"))
			if err != nil {
				return err
			}
			return b.Put([]byte{byte(i), byte(i >> 8)}, bytes.Repeat([]byte{1}, 500))
		}); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	size := int64(len(data))
	mp := ReadMetaPages(bytes.NewReader(data), size)
	m, _, ok := mp.Current()
	if !mp.IsBolt() || !ok || mp.Damage() != "" || mp.PageSize != os.Getpagesize() || m.PGID < 3 {
		t.Fatalf("a sound file: %+v, current %+v ok %v; want both pages sound, the machine's page size", mp, m, ok)
	}
	if mp.CutShort(m, size) {
		t.Errorf("a sound file of %d bytes taken for one cut short of %d pages", size, m.PGID)
	}
	short := int64(m.PGID-1) * int64(mp.PageSize) // the last page in use gone (bbolt grows a file past its pages in use)
	if cut := ReadMetaPages(bytes.NewReader(data[:short]), short); !cut.CutShort(m, short) {
		t.Errorf("cut by a page: not seen cut short")
	}
	if other := ReadMetaPages(bytes.NewReader(bytes.Repeat([]byte("not bolt"), 1024)), 8192); other.IsBolt() {
		t.Errorf("a text file taken for a bbolt file")
	}
	flipped := bytes.Clone(data)
	flipped[PageHeaderSize+20] ^= 0xFF // inside meta page 0's fields: its checksum fails
	fm := ReadMetaPages(bytes.NewReader(flipped), size)
	if _, page, ok := fm.Current(); !ok || page != 1 || fm.Damage() == "" || fm.Valid[0] {
		t.Errorf("meta page 0 flipped: current page %d ok %v, damage %q; want page 1 current and page 0 named", page, ok, fm.Damage())
	}
}
