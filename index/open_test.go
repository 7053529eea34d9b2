package index_test

import (
	"encoding/binary"
	"errors"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/lexico/lexico/index"
	bolt "go.etcd.io/bbolt"
)

// copyIndex copies the small index to a fresh file a test may damage.
func copyIndex(t *testing.T) string {
	t.Helper()
	src := buildSmall(t, smallList)
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	dst := filepath.Join(t.TempDir(), "damaged.db")
	if err := os.WriteFile(dst, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return dst
}

// rewrite changes an index through bbolt itself, as a buggy or foreign
// writer would.
func rewrite(t *testing.T, path string, fn func(tx *bolt.Tx) error) {
	t.Helper()
	db, err := bolt.Open(path, 0o644, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Update(fn); err != nil {
		t.Fatal(err)
	}
	db.Close()
}

func wantOpenError(t *testing.T, path string, want error) {
	t.Helper()
	x, err := index.Open(path)
	if err == nil {
		x.Close()
		t.Fatalf("Open succeeded, want %v", want)
	}
	if !errors.Is(err, want) {
		t.Fatalf("Open error %q, want %v", err, want)
	}
}

func TestOpenMissingFile(t *testing.T) {
	wantOpenError(t, filepath.Join(t.TempDir(), "none.db"), fs.ErrNotExist)
}

func TestOpenForeignFiles(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, b []byte) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, b, 0o644)
		return p
	}
	rng := rand.New(rand.NewPCG(1, 1))
	garbage := make([]byte, 1<<16)
	for i := range garbage {
		garbage[i] = byte(rng.Uint32())
	}
	t.Run("empty file", func(t *testing.T) { wantOpenError(t, write("empty", nil), index.ErrNotIndex) })
	t.Run("word list", func(t *testing.T) { wantOpenError(t, write("list.txt", []byte("CAT\nDOG\n")), index.ErrNotIndex) })
	t.Run("random bytes", func(t *testing.T) { wantOpenError(t, write("garbage", garbage), index.ErrNotIndex) })
	t.Run("directory", func(t *testing.T) { wantOpenError(t, dir, index.ErrNotIndex) })
	t.Run("another bbolt database", func(t *testing.T) {
		p := filepath.Join(dir, "other.db")
		rewrite(t, p, func(tx *bolt.Tx) error {
			b, _ := tx.CreateBucket([]byte("meta"))
			return b.Put([]byte("magic"), []byte("something-else"))
		})
		wantOpenError(t, p, index.ErrNotIndex)
	})
}

func TestOpenNewerAndOlderFormat(t *testing.T) {
	for _, tc := range []struct {
		version int
		want    error
	}{{index.FormatVersion + 1, index.ErrNewerFormat}, {index.FormatVersion - 1, index.ErrOlderFormat}} {
		p := copyIndex(t)
		rewrite(t, p, func(tx *bolt.Tx) error {
			return tx.Bucket(index.BucketMeta).Put(index.MetaFormat, binary.BigEndian.AppendUint32(nil, uint32(tc.version)))
		})
		wantOpenError(t, p, tc.want)
	}
}

func TestOpenBlobChecksumMismatch(t *testing.T) {
	for _, blob := range []struct{ bucket, key []byte }{
		{index.BucketBlobs, index.BlobFragmentBloom},
		{index.BucketBlobs, index.BlobWordBloom},
		{index.BucketGADDAG, index.GADDAGKey},
	} {
		p := copyIndex(t)
		rewrite(t, p, func(tx *bolt.Tx) error {
			b := tx.Bucket(blob.bucket)
			v := append([]byte(nil), b.Get(blob.key)...)
			v[len(v)-1] ^= 0x10 // one flipped bit in the last word
			return b.Put(blob.key, v)
		})
		wantOpenError(t, p, index.ErrChecksum)
	}
}

func TestOpenTruncatedFile(t *testing.T) {
	p := copyIndex(t)
	fi, _ := os.Stat(p)
	if err := os.Truncate(p, fi.Size()/2); err != nil {
		t.Fatal(err)
	}
	wantOpenError(t, p, index.ErrCorrupt)
}

func TestOpenMissingMetadata(t *testing.T) {
	p := copyIndex(t)
	rewrite(t, p, func(tx *bolt.Tx) error { return tx.Bucket(index.BucketMeta).Put(index.MetaJSON, []byte("{not json")) })
	wantOpenError(t, p, index.ErrCorrupt)
}

// TestVerifyDetectsEditedWordList removes a word behind the index's back:
// Open still works (it checks only what queries need quickly), Verify reports
// the checksum mismatch.
func TestVerifyDetectsEditedWordList(t *testing.T) {
	p := copyIndex(t)
	rewrite(t, p, func(tx *bolt.Tx) error { return tx.Bucket(index.BucketWords).Delete([]byte("TEA")) })
	x, err := index.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	if err := x.Verify(); !errors.Is(err, index.ErrChecksum) {
		t.Fatalf("Verify = %v, want ErrChecksum", err)
	}
}

func TestVerifyAcceptsAFreshIndex(t *testing.T) {
	x := openSmall(t)
	if err := x.Verify(); err != nil {
		t.Fatalf("Verify of a fresh index: %v", err)
	}
}

// TestScribbledPagesNeverPanic overwrites data pages with random bytes, as a
// disk or a stray write might. Whatever Open and the queries make of it, they
// must return (an error or an answer), and Verify must not pass.
func TestScribbledPagesNeverPanic(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	const trials = 12
	caught := 0
	for trial := range trials {
		p := copyIndex(t)
		b, _ := os.ReadFile(p)
		const page = 4096
		pages := len(b) / page
		// Leave the two meta pages: damage there is caught by bbolt's own
		// checksum and is covered by TestOpenForeignFiles.
		for range 1 + trial%3 {
			pg := 2 + rng.IntN(pages-2)
			for i := pg * page; i < (pg+1)*page; i++ {
				b[i] = byte(rng.Uint32())
			}
		}
		os.WriteFile(p, b, 0o644)
		x, err := index.Open(p)
		if err != nil {
			caught++ // a clear error is a fine outcome
			continue
		}
		x.Contains("TEA")
		x.SubAnagrams("RETAINS?", 2, 8)
		x.ByLength(3)
		x.ByFirstLetter('Q')
		err = x.Verify()
		x.Close()
		if err != nil {
			caught++
		}
	}
	// A scribble may land on a page freed by an earlier bulk-load
	// transaction, which holds no data; most land on live pages.
	if caught < trials/2 {
		t.Fatalf("only %d of %d damaged files were reported", caught, trials)
	}
}
