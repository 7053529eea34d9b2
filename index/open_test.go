package index_test

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"hash/crc32"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/lexico/lexico/build"
	"github.com/lexico/lexico/index"
	bolt "go.etcd.io/bbolt"
)

// smallIndexBytes is the small index's file, built once per test binary.
var smallIndexBytes = sync.OnceValues(func() ([]byte, error) {
	dir, err := os.MkdirTemp(defaultDir, "small-")
	if err != nil {
		return nil, err
	}
	out := filepath.Join(dir, "small.db")
	_, err = build.Build(context.Background(), build.Options{
		Source: "-", Stdin: strings.NewReader(strings.Join(smallList, "\n")), Out: out,
	})
	if err != nil {
		return nil, err
	}
	return os.ReadFile(out)
})

// copyIndex copies the small index to a fresh file a test may damage.
func copyIndex(t *testing.T) string {
	t.Helper()
	b, err := smallIndexBytes()
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

// TestOpenRefusesEveryDamagedBlob: every structure a move search reads
// (the GADDAG, the word Bloom filter, the multiset and blank tables) and
// the fragment Bloom filter is checksummed by Open, before any search can
// read it. A flipped bit in any of them is refused with ErrChecksum, in a
// *DamageError naming the structure, in the one line the user sees.
func TestOpenRefusesEveryDamagedBlob(t *testing.T) {
	for _, blob := range []struct {
		bucket, key []byte
		structure   string
	}{
		{index.BucketBlobs, index.BlobWordBloom, index.StructWordBloom},
		{index.BucketBlobs, index.BlobFragmentBloom, index.StructFragmentBloom},
		{index.BucketBlobs, index.BlobMultisets, index.StructMultisetTable},
		{index.BucketBlobs, index.BlobBlanks, index.StructBlankTable},
		{index.BucketGADDAG, index.GADDAGKey, index.StructGADDAG},
	} {
		p := copyIndex(t)
		flipLastBit(t, p, blob.bucket, blob.key)
		x, err := index.Open(p)
		if err == nil {
			x.Close()
			t.Errorf("%s damaged: Open succeeded", blob.structure)
			continue
		}
		var d *index.DamageError
		if !errors.Is(err, index.ErrChecksum) || !errors.As(err, &d) || d.Structure != blob.structure {
			t.Errorf("%s damaged: Open: %v, want ErrChecksum in a DamageError naming it", blob.structure, err)
		}
		if msg := err.Error(); strings.Contains(msg, "\n") || !strings.Contains(msg, ": "+blob.structure+": ") {
			t.Errorf("%s damaged: %q is not one line naming it", blob.structure, msg)
		}
	}
}

// flipLastBit flips one bit in the last word of the value of key in bucket.
func flipLastBit(t *testing.T, p string, bucket, key []byte) {
	t.Helper()
	rewrite(t, p, func(tx *bolt.Tx) error {
		b := tx.Bucket(bucket)
		v := append([]byte(nil), b.Get(key)...)
		v[len(v)-1] ^= 0x10
		return b.Put(key, v)
	})
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

// TestVerifyDetectsBloomFalseNegatives plants an empty fragment filter with a
// matching checksum, as a buggy builder would: Open accepts it, Verify must
// not, since a false negative would make a generator drop real words.
func TestVerifyDetectsBloomFalseNegatives(t *testing.T) {
	p := copyIndex(t)
	rewrite(t, p, func(tx *bolt.Tx) error {
		var m index.Meta
		mb := tx.Bucket(index.BucketMeta)
		if err := json.Unmarshal(mb.Get(index.MetaJSON), &m); err != nil {
			return err
		}
		empty := make([]byte, m.FragmentBloom.Blob.Bytes)
		m.FragmentBloom.Blob.CRC32C = crc32.Checksum(empty, crc32.MakeTable(crc32.Castagnoli))
		js, _ := json.Marshal(m)
		if err := mb.Put(index.MetaJSON, js); err != nil {
			return err
		}
		return tx.Bucket(index.BucketBlobs).Put(index.BlobFragmentBloom, empty)
	})
	x, err := index.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	err = x.Verify()
	if !errors.Is(err, index.ErrCorrupt) || !strings.Contains(err.Error(), "fragment Bloom filter misses") {
		t.Fatalf("Verify = %v, want fragment filter misses", err)
	}
}

// TestManyReadersShareOneFile: several bots open the same index at once (a
// shared lock), and each answers on its own.
func TestManyReadersShareOneFile(t *testing.T) {
	p := copyIndex(t)
	var xs []*index.Index
	for range 4 {
		x, err := index.Open(p)
		if err != nil {
			t.Fatalf("open while %d readers hold the file: %v", len(xs), err)
		}
		xs = append(xs, x)
	}
	for _, x := range xs {
		if !x.Contains("RETAINS") {
			t.Fatal("a shared reader lost a word")
		}
		x.Close()
	}
}
