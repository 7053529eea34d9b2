package build

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/lexico/lexico/index"
	"github.com/lexico/lexico/internal/atomicfile"
	"github.com/lexico/lexico/internal/boltfile"
	"github.com/lexico/lexico/internal/quote"
	bolt "go.etcd.io/bbolt"
)

// txKeys bounds the keys put in one bbolt transaction. A bulk load in one
// transaction would hold every dirty page in memory until commit; a
// transaction per key would rewrite the right edge of the tree each time.
// With sorted keys and FillPercent 1.0, 100k keys a commit keeps memory flat
// and pages full.
const txKeys = 100_000

// blob is one large value: a Bloom filter or the GADDAG.
type blob struct {
	bucket, key []byte
	data        []byte
}

// writeAtomic makes the file at out appear complete or not at all: fill writes
// a temporary file beside out (same directory, so the rename cannot cross file
// systems), which is fsynced, renamed over out, and the directory fsynced so
// the rename itself survives a crash. On any error, or a kill before the
// rename, out is untouched; the temporary file is removed on error, and what
// a kill leaves is removed by the next build of out (see removeStaleTemps).
// An out that is a symbolic link is written through (atomicfile.Target):
// the file it points to is replaced and the link stays, where a rename onto
// the link would replace the link and leave its target as it was.
func writeAtomic(out string, fill func(tmp string) error) (err error) {
	if out, err = atomicfile.Target(out); err != nil {
		return err
	}
	// A new index is readable by all (it holds a public word list); one
	// replaced keeps the permissions its owner gave it.
	mode := os.FileMode(0o644)
	if fi, err := os.Stat(out); err == nil && fi.IsDir() {
		return fmt.Errorf("output %s: %w", out, syscall.EISDIR)
	} else if err == nil && !fi.Mode().IsRegular() {
		return fmt.Errorf("output %s is not a regular file (%s): %w", out, atomicfile.Kind(fi.Mode()), ErrOutput)
	} else if err == nil {
		mode = fi.Mode().Perm()
	}
	dir := filepath.Dir(out)
	removeStaleTemps(dir, filepath.Base(out))
	tmp, release, err := createTemp(dir, filepath.Base(out))
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return fmt.Errorf("cannot write in output directory %s: %w", dir, err)
	}
	defer release() // after the removal or the rename: the file is ours till then
	defer func() {
		if err != nil {
			os.Remove(tmp)
		}
	}()
	if err := fill(tmp); err != nil {
		return err
	}
	if err := os.Chmod(tmp, mode); err != nil {
		return err
	}
	if err := os.Rename(tmp, out); err != nil {
		return err
	}
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
	return nil
}

// createTemp creates the temporary file for out (named base) in dir and,
// where the system has the locks (tempLocks), locks it until release, so
// that no other build takes it for a killed build's leftover.
func createTemp(dir, base string) (tmp string, release func(), err error) {
	for range 3 {
		f, err := os.CreateTemp(dir, "."+base+".*.tmp")
		if err != nil {
			return "", nil, err
		}
		if !tempLocks {
			f.Close()
			return f.Name(), func() {}, nil
		}
		if err := lockTemp(f); err != nil {
			f.Close()
			os.Remove(f.Name())
			return "", nil, fmt.Errorf("lock %s: %w", f.Name(), err)
		}
		// Another build may have locked and removed the file between its
		// creation and the lock: then the lock is on a file no longer
		// there, and it takes a new one.
		fi, ferr := f.Stat()
		pi, perr := os.Stat(f.Name())
		if ferr == nil && perr == nil && os.SameFile(fi, pi) {
			return f.Name(), func() { f.Close() }, nil
		}
		f.Close()
	}
	return "", nil, errors.New("temporary files keep vanishing")
}

// staleTemp is the age past which, where temporary files carry no lock, one
// beside the output is taken to be left by a killed build: a live build
// writes its file within seconds of creating it, a slow download within
// minutes.
const staleTemp = time.Hour

// removeStaleTemps deletes what killed builds of out left beside it (a kill
// gives no chance to clean up), sparing the files of builds still running:
// those a build holds the lock of (see createTemp), or where there are no
// such locks, those younger than staleTemp.
func removeStaleTemps(dir, base string) {
	matches, _ := filepath.Glob(filepath.Join(dir, "."+base+".*.tmp"))
	for _, m := range matches {
		if !tempLocks {
			if fi, err := os.Stat(m); err == nil && time.Since(fi.ModTime()) > staleTemp {
				os.Remove(m)
			}
			continue
		}
		f, err := os.OpenFile(m, os.O_RDWR, 0)
		if err != nil {
			continue // gone already, or not ours to remove
		}
		// Removed while locked: a build that created it but has not yet
		// locked it sees it gone once it has (createTemp).
		if free, _ := tryLockTemp(f); free {
			os.Remove(m)
		}
		f.Close()
	}
}

// bulkLoad writes the whole index into the empty file at path the way bbolt
// is meant to be bulk-loaded: keys in sorted order into buckets with
// FillPercent 1.0 (appending never splits a page half-empty), NoSync during
// the load and one Sync at the end, and bounded transactions. The meta bucket
// is written last, so a file cut short is never taken for an index. hook, if
// set, runs after each stage; a test uses it to fail mid-build. begin, if
// set, is told of each stage as it starts (the progress line).
func bulkLoad(ctx context.Context, path string, words []string, meta *index.Meta, blobs func() ([]blob, error), hook func(stage string) error, begin func(stage string)) (err error) {
	db, err := bolt.Open(path, 0o600, &bolt.Options{
		NoSync: true, NoGrowSync: true, NoFreelistSync: true,
		FreelistType: bolt.FreelistMapType,
	})
	if err != nil {
		return fmt.Errorf("create %s: %w", path, err)
	}
	defer func() {
		if cerr := db.Close(); err == nil && cerr != nil {
			err = cerr
		}
	}()
	step := func(stage string, fn func() error) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		if begin != nil {
			begin(stage)
		}
		if err := fn(); err != nil {
			return fmt.Errorf("write %s: %w", stage, err)
		}
		if hook != nil {
			return hook(stage)
		}
		return nil
	}

	// Each word bucket's checksum, over what is written (index.BucketSum).
	meta.BucketCRC = map[string]uint32{}
	sum := func(bucket []byte, n int, kv func(i int) (k, v []byte)) {
		var s index.BucketSum
		for i := range n {
			s.Add(kv(i))
		}
		meta.BucketCRC[string(bucket)] = s.Sum()
	}

	wkeys := wordKeys(words)
	sum(index.BucketWords, len(wkeys), func(i int) ([]byte, []byte) { return wkeys[i], nil })
	if err := step("words", func() error {
		return putSorted(ctx, db, index.BucketWords, len(wkeys), func(i int) ([]byte, []byte) {
			return wkeys[i], nil
		})
	}); err != nil {
		return err
	}

	llKeys, llValues := lengthLetterSets(words)
	sum(index.BucketLengthLetter, len(llKeys), func(i int) ([]byte, []byte) { return llKeys[i], llValues[i] })
	if err := step("length_letter", func() error {
		return putSorted(ctx, db, index.BucketLengthLetter, len(llKeys), func(i int) ([]byte, []byte) {
			return llKeys[i], llValues[i]
		})
	}); err != nil {
		return err
	}

	keys, values := anagramSets(words)
	sum(index.BucketAnagrams, len(keys), func(i int) ([]byte, []byte) { return keys[i], values[i] })
	meta.AnagramKeys = len(keys)
	if err := step("anagrams", func() error {
		return putSorted(ctx, db, index.BucketAnagrams, len(keys), func(i int) ([]byte, []byte) {
			return keys[i], values[i]
		})
	}); err != nil {
		return err
	}

	if err := step("blobs", func() error {
		bs, err := blobs()
		if err != nil {
			return err
		}
		// One transaction for all: blobs sharing a bucket share a leaf
		// page, and a transaction per blob would rewrite that multi-megabyte
		// page each time, leaving the old copies as free pages in the file.
		return db.Update(func(tx *bolt.Tx) error {
			for _, bl := range bs {
				b, err := tx.CreateBucketIfNotExists(bl.bucket)
				if err != nil {
					return err
				}
				b.FillPercent = 1.0
				if err := b.Put(bl.key, bl.data); err != nil {
					return err
				}
			}
			return nil
		})
	}); err != nil {
		return err
	}

	if err := step("meta", func() error {
		return db.Update(func(tx *bolt.Tx) error { return putMeta(tx, meta) })
	}); err != nil {
		return err
	}
	return step("sync", db.Sync)
}

// putSorted puts n keys, given in ascending order by kv, into bucket.
func putSorted(ctx context.Context, db *bolt.DB, bucket []byte, n int, kv func(i int) (k, v []byte)) error {
	for start := 0; start < n || start == 0; start += txKeys {
		if err := ctx.Err(); err != nil {
			return err
		}
		err := db.Update(func(tx *bolt.Tx) error {
			b, err := tx.CreateBucketIfNotExists(bucket)
			if err != nil {
				return err
			}
			b.FillPercent = 1.0
			for i := start; i < min(n, start+txKeys); i++ {
				k, v := kv(i)
				if err := b.Put(k, v); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// putMeta writes the identity, format version and description. It must be
// the last write: Open trusts a file only once these are present.
func putMeta(tx *bolt.Tx, meta *index.Meta) error {
	b, err := tx.CreateBucketIfNotExists(index.BucketMeta)
	if err != nil {
		return err
	}
	js, err := metaJSON(meta)
	if err != nil {
		return err
	}
	for _, kv := range [][2][]byte{
		{index.MetaFormat, index.EncodeFormat(index.FormatVersion)},
		{index.MetaMagic, []byte(index.Magic)},
		{index.MetaJSON, js},
	} {
		if err := b.Put(kv[0], kv[1]); err != nil {
			return err
		}
	}
	return nil
}

// lengthLetterSets groups sorted words by (length, first letter): keys
// ascending, values the words of each group concatenated in order.
func lengthLetterSets(words []string) (keys, values [][]byte) {
	var groups [256][26][]byte
	for _, w := range words {
		g := &groups[len(w)][w[0]-'A']
		*g = append(*g, w...)
	}
	for n := range groups {
		for c, v := range groups[n] {
			if len(v) > 0 {
				keys = append(keys, index.LengthLetterKey(n, byte('A'+c)))
				values = append(values, v)
			}
		}
	}
	return keys, values
}

// anagramSets groups words by their sorted letters: keys ascending, values
// the words of each set concatenated in alphabetical order. Keys and values
// are slices of two arenas, so a quarter of a million sets cost four
// allocations, not half a million.
func anagramSets(words []string) (keys, values [][]byte) {
	total := 0
	for _, w := range words {
		total += len(w)
	}
	type pair struct {
		key  []byte
		word string
	}
	pairs := make([]pair, len(words))
	keyArena := make([]byte, 0, total)
	for i, w := range words {
		start := len(keyArena)
		keyArena = appendCanonical(keyArena, w)
		pairs[i] = pair{keyArena[start:len(keyArena):len(keyArena)], w}
	}
	slices.SortFunc(pairs, func(a, b pair) int {
		if c := bytes.Compare(a.key, b.key); c != 0 {
			return c
		}
		return strings.Compare(a.word, b.word)
	})
	valArena := make([]byte, 0, total)
	for i := 0; i < len(pairs); {
		start := len(valArena)
		j := i
		for ; j < len(pairs) && bytes.Equal(pairs[j].key, pairs[i].key); j++ {
			valArena = append(valArena, pairs[j].word...)
		}
		keys = append(keys, pairs[i].key)
		values = append(values, valArena[start:len(valArena):len(valArena)])
		i = j
	}
	return keys, values
}

// appendCanonical appends w's letters in alphabetical order (tile.Canonical
// without the allocation).
func appendCanonical(dst []byte, w string) []byte {
	var counts [26]uint8
	for i := 0; i < len(w); i++ {
		counts[w[i]-'A']++
	}
	for c, n := range counts {
		for ; n > 0; n-- {
			dst = append(dst, byte('A'+c))
		}
	}
	return dst
}

// wordKeys lays the words out in one arena and returns them as byte slices:
// bbolt keys without an allocation per word.
func wordKeys(words []string) [][]byte {
	total := 0
	for _, w := range words {
		total += len(w)
	}
	arena := make([]byte, 0, total)
	keys := make([][]byte, len(words))
	for i, w := range words {
		start := len(arena)
		arena = append(arena, w...)
		keys[i] = arena[start:len(arena):len(arena)]
	}
	return keys
}

// metaJSON stamps the build duration (the build started at meta.BuiltAt) and
// encodes meta.
func metaJSON(meta *index.Meta) ([]byte, error) {
	meta.BuildDuration = index.Duration(time.Since(meta.BuiltAt).Round(time.Millisecond))
	return json.Marshal(meta)
}

// checkReplaceable refuses an output named by the caller that holds
// something other than a bbolt database: `--out words.txt` typed for
// `--source words.txt` would replace the list with the index. An index,
// damaged or not (either meta page holds bbolt's magic), and an empty file
// may be replaced; a file damaged past that must be removed by hand, the
// price of never replacing a user's other files. The default output, in
// the cache, is the program's own and is not asked about. Checked before
// the source is read, which may be a long download.
func checkReplaceable(out string) error {
	target, err := atomicfile.Target(out)
	if err != nil {
		return nil // writeAtomic reports it
	}
	// Stat before opening: opening a named pipe to read would wait for a
	// writer.
	fi, err := os.Stat(target)
	if err != nil || !fi.Mode().IsRegular() || fi.Size() == 0 {
		return nil // not there yet, or writeAtomic says why it cannot be replaced
	}
	f, err := os.Open(target)
	if err != nil {
		return nil // writeAtomic says why it cannot be written
	}
	defer f.Close()
	if mp := boltfile.ReadMetaPages(f, fi.Size()); mp.IsBolt() {
		return nil
	}
	return fmt.Errorf("output %s holds %s and is not an index: name another file, or remove it first if it is to go: %w",
		out, quote.Count(int(fi.Size()), "byte"), ErrOutput)
}
