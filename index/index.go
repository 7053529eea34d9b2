package index

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/lexico/lexico/internal/boltfile"
	"hash/crc32"
	"io/fs"
	"os"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"time"
	"unsafe"

	"github.com/bits-and-blooms/bloom/v3"
	"github.com/lexico/lexico/index/gaddag"
	"github.com/lexico/lexico/index/multiset"
	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"
)

// Index is an open index file. Its query methods are safe for concurrent use:
// each bbolt query runs in its own read transaction, and the in-memory
// structures (Bloom filters, GADDAG) are read-only.
type Index struct {
	path string
	db   *bolt.DB
	// file is the file bbolt opened (and closes): Verify reads the pages
	// through it, the very file the queries read, whatever is at path now.
	file *os.File
	// size is the file's size when it was opened: bbolt's map covers it.
	size int64
	// pin is a read transaction held for the Index's lifetime so that byte
	// slices taken from the memory map (the GADDAG) stay valid without a copy.
	pin       *bolt.Tx
	meta      Meta
	words     *bloom.BloomFilter
	gaddag    *gaddag.GADDAG
	multisets *multiset.Table
	blanks    *multiset.BlankTable
	// rest is Open's walk of the page structure, the query buckets left
	// (queryBuckets): the first query finishes it, once (restOnce), and
	// every query after a problem it found fails with restErr.
	rest     *pageWalk
	restOnce sync.Once
	restErr  error
	// fragments is the fragment Bloom filter, built from fragRaw (its
	// bytes in the map, checksummed by Open) by the first Fragment (or
	// Verify), once: no move search asks it, and its 2 MB, which bbolt
	// leaves unaligned for a []uint64, are a copy that every bot's
	// start-up would otherwise pay. fragErr is what building it found
	// wrong.
	fragRaw   []byte
	fragOnce  sync.Once
	fragments *bloom.BloomFilter
	fragErr   error
}

// openTimeout bounds the wait for the shared lock. Only a process holding the
// exclusive lock (a writer, which lexico-index never is on a live index: it
// writes a temporary file and renames it) can make Open wait.
const openTimeout = 2 * time.Second

// castagnoli is the CRC table for blob checks; hardware-accelerated on amd64
// and arm64, so checking megabytes at open costs well under a millisecond.
var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// Open opens the index file at path read-only, under a shared lock, and checks
// that it is a complete Lexico index of a format this package reads. Every
// failure is one of the errors in errors.go (or an fs error such as
// fs.ErrNotExist), wrapped with the path.
func Open(path string) (*Index, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("index %s: %w", path, withoutPath(path, err))
	}
	if fi.IsDir() {
		return nil, fmt.Errorf("index %s: is a directory: %w", path, ErrNotIndex)
	}
	if fi.Size() == 0 {
		// Read-only bbolt would try to initialise an empty file.
		return nil, fmt.Errorf("index %s: empty file: %w", path, ErrNotIndex)
	}
	x, err := open(path, fi.Size())
	if err != nil {
		return nil, fmt.Errorf("index %s: %w", path, withoutPath(path, err))
	}
	return x, nil
}

// withoutPath is err without the *fs.PathError naming path again ("stat
// PATH: "), for a message that names the index once; errors.Is still sees
// what the error was (fs.ErrNotExist, fs.ErrPermission).
func withoutPath(path string, err error) error {
	if pe, ok := err.(*fs.PathError); ok && pe.Path == path {
		return pe.Err
	}
	return err
}

// open reads the meta pages itself before bbolt does, to tell a file that is
// no bbolt database at all from a Lexico index with a damaged meta page,
// which bbolt reports alike or passes over.
func open(path string, size int64) (*Index, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	mp := boltfile.ReadMetaPages(f, size)
	m, _, ok := mp.Current()
	switch {
	case !mp.IsBolt():
		f.Close()
		return nil, fmt.Errorf("%w (no bbolt meta page)", ErrNotIndex)
	case !ok:
		f.Close()
		return nil, fmt.Errorf("%w: damaged: %s", ErrCorrupt, mp.Damage())
	case mp.CutShort(m, size):
		f.Close()
		return nil, fmt.Errorf("%w: truncated: %d bytes, the database claims %d pages of %d", ErrCorrupt, size, m.PGID, mp.PageSize)
	}
	db, err := openBolt(path, f) // bbolt now owns f: it closes it
	if err != nil {
		return nil, err
	}
	x := &Index{path: path, db: db, file: f, size: size}
	if err := x.load(size, m); err != nil {
		x.Close()
		switch d := mp.Damage(); {
		case d != "" && (errors.Is(err, ErrNotIndex) || errors.Is(err, errNoMeta)):
			// bbolt fell back on the other meta page, an earlier state of
			// the file from before the build wrote its meta bucket (its
			// last transaction): the damaged page is what is wrong.
			return nil, fmt.Errorf("%w: damaged: %s (the other meta page holds an earlier state, not a whole index)", ErrCorrupt, d)
		case d != "":
			return nil, fmt.Errorf("%w; and %s", err, d)
		}
		return nil, err
	}
	return x, nil
}

// openBolt opens the bbolt file read-only through f and maps bbolt's errors
// onto ours.
func openBolt(path string, f *os.File) (db *bolt.DB, err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer guard(&err, "opening the bbolt database")
	db, err = bolt.Open(path, 0o444, &bolt.Options{
		ReadOnly: true, Timeout: openTimeout, MmapFlags: populate,
		OpenFile: func(string, int, os.FileMode) (*os.File, error) { return f, nil },
	})
	if err == nil {
		return db, nil
	}
	var pe *fs.PathError
	switch {
	case errors.Is(err, berrors.ErrTimeout):
		return nil, ErrLocked
	case errors.As(err, &pe):
		return nil, err
	case errors.Is(err, berrors.ErrChecksum):
		return nil, fmt.Errorf("%w: bbolt meta page checksum", ErrCorrupt)
	default: // ErrInvalid, ErrVersionMismatch, "file size too small", ...
		return nil, fmt.Errorf("%w (%v)", ErrNotIndex, err)
	}
}

// guard turns a panic or a memory fault inside bbolt (a damaged page can send
// it off the map; the caller sets debug.SetPanicOnFault so that a fault
// panics) into ErrCorrupt naming what was being done, so a bad file is an
// error, never a crash.
func guard(err *error, what string) {
	if r := recover(); r != nil {
		*err = fmt.Errorf("%w: %s: %v", ErrCorrupt, what, r)
	}
}

// guardStage is guard for a caller that goes through stages: *stage names
// the one under way.
func guardStage(err *error, stage *string) {
	if r := recover(); r != nil {
		*err = fmt.Errorf("%w: %s: %v", ErrCorrupt, *stage, r)
	}
}

// walk checks the page structure of the file bbolt has open, as meta page m
// describes it: see walkPages. It reads bbolt's own mapping of the file
// (bbolt's DB.Info says where it starts; bbolt mapped at least the size
// the file had when it was opened, x.size, and no more is read), so the pages it touches are the ones bbolt reads next, mapped and
// populated once. The caller sets debug.SetPanicOnFault (a file cut short
// under the map faults).
func (x *Index) walk(size int64, m boltfile.Meta, keys bool, limit int) []string {
	return x.startWalk(size, m, keys, limit, nil).finish()
}

// startWalk is walk leaving the root bucket's buckets named in deferred
// for the walk's finish.
func (x *Index) startWalk(size int64, m boltfile.Meta, keys bool, limit int, deferred map[string]bool) *pageWalk {
	if size == 0 {
		return startWalk(nil, m, keys, limit, deferred)
	}
	info := x.db.Info()
	start := *(*unsafe.Pointer)(unsafe.Pointer(&info.Data))
	return startWalk(unsafe.Slice((*byte)(start), min(size, x.size)), m, keys, limit, deferred)
}

// queryBuckets are the buckets only the word queries read (ByLength,
// Each, Anagrams...): Open leaves their pages, most of the file, to the
// first query (view), so that a bot that only generates moves never walks
// them. Contains reads the GADDAG and the Bloom filter, not them.
var queryBuckets = map[string]bool{string(BucketWords): true, string(BucketLengthLetter): true, string(BucketAnagrams): true}

// load checks the file's page structure (cheaply), identity, version and
// blobs, and pins a read transaction. m is the meta page bbolt reads the file
// through.
//
// Every structure a move search reads is checksummed here, before any
// search can read it: the GADDAG, the word Bloom filter, the multiset
// table and the blank table; and the fragment Bloom filter, which is only
// built at its first use. The blank table is most of the file (48 MiB of
// the default index's 84), so its checksum runs on a goroutine of its own
// beside the GADDAG's and the multiset table's checks, on the second core
// when there is one. Checking it at open rather than at its first use
// costs every bot's start-up that pass (the first touch of its pages is
// most of it); in exchange a damaged table is refused with the file, with
// one line naming it, where a search that found it damaged could only
// loosen its bound or fail mid-move.
func (x *Index) load(fileSize int64, m boltfile.Meta) (err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	what := "checking the page structure"
	defer guardStage(&err, &what)
	var blankSum <-chan error
	defer func() {
		// Wait for the blank table's check, whatever happened meanwhile:
		// it reads the map, which Close unmaps.
		if blankSum == nil {
			return
		}
		if e := <-blankSum; err == nil {
			err = e
		}
	}()
	w := x.startWalk(fileSize, m, false, 1, queryBuckets)
	if len(w.problems) > 0 {
		return fmt.Errorf("%w: damaged: bbolt: %s", ErrCorrupt, w.problems[0])
	}
	x.rest = w
	what = "reading the meta bucket"
	tx, err := x.db.Begin(false)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrCorrupt, err)
	}
	x.pin = tx
	if uint64(tx.ID()) != m.Tx {
		return fmt.Errorf("%w: bbolt reads transaction %d, its meta page says %d", ErrCorrupt, tx.ID(), m.Tx)
	}
	if tx.Size() > fileSize {
		return fmt.Errorf("%w: truncated: %d bytes, the database claims %d", ErrCorrupt, fileSize, tx.Size())
	}
	mb := tx.Bucket(BucketMeta)
	if mb == nil || !bytes.Equal(mb.Get(MetaMagic), []byte(Magic)) {
		for _, name := range [][]byte{BucketWords, BucketLengthLetter, BucketAnagrams, BucketBlobs, BucketGADDAG} {
			if tx.Bucket(name) == nil {
				return ErrNotIndex
			}
		}
		// Every other bucket of an index is there: this is one, damaged
		// (or read through an earlier state, before its meta bucket).
		return errNoMeta
	}
	fv := mb.Get(MetaFormat)
	if len(fv) != 4 {
		return fmt.Errorf("%w: format version field", ErrCorrupt)
	}
	switch v := int(binary.BigEndian.Uint32(fv)); {
	case v > FormatVersion:
		return fmt.Errorf("%w (file %d, program %d)", ErrNewerFormat, v, FormatVersion)
	case v < FormatVersion:
		return fmt.Errorf("%w (file %d, program %d)", ErrOlderFormat, v, FormatVersion)
	}
	if err := json.Unmarshal(mb.Get(MetaJSON), &x.meta); err != nil {
		return fmt.Errorf("%w: metadata: %v", ErrCorrupt, err)
	}
	for _, name := range [][]byte{BucketWords, BucketLengthLetter, BucketAnagrams, BucketBlobs, BucketGADDAG} {
		if tx.Bucket(name) == nil {
			return fmt.Errorf("%w: bucket %q missing", ErrCorrupt, name)
		}
	}
	what = "reading the blobs"
	blobs := tx.Bucket(BucketBlobs)
	if x.blanks, err = loadBlanks(blobs, x.meta.Blanks, x.meta.BlankPairs); err != nil {
		return err
	}
	blankSum = aside(StructBlankTable, func() error { return checkBlanks(x.blanks) })
	if x.words, err = loadBloom(blobs, BlobWordBloom, x.meta.WordBloom, StructWordBloom); err != nil {
		return err
	}
	if x.fragRaw, err = bloomBytes(blobs, BlobFragmentBloom, x.meta.FragmentBloom, StructFragmentBloom); err != nil {
		return err
	}
	if x.multisets, err = loadMultisets(blobs, x.meta.Multisets); err != nil {
		return err
	}
	what = "reading the GADDAG"
	return x.loadGADDAG(tx.Bucket(BucketGADDAG))
}

// aside runs check on a goroutine of its own and delivers its error. The
// goroutine sets its own debug.SetPanicOnFault (the caller's does not
// cover it), so a file cut short under the map is ErrCorrupt naming
// structure, not a crash.
func aside(structure string, check func() error) <-chan error {
	done := make(chan error, 1)
	go func() {
		var err error
		defer func() { done <- err }()
		defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
		defer guard(&err, "reading the "+structure)
		err = check()
	}()
	return done
}

// fragmentFilter is the fragment Bloom filter, read and checked on the
// first call.
func (x *Index) fragmentFilter() (*bloom.BloomFilter, error) {
	if x.db == nil {
		return nil, ErrClosed // the filter may be in the memory map
	}
	x.fragOnce.Do(func() {
		defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
		defer guard(&x.fragErr, "reading the fragment Bloom filter")
		x.fragments = bloomOf(x.fragRaw, x.meta.FragmentBloom)
	})
	return x.fragments, x.fragErr
}

// loadMultisets uses the multiset table in place in the memory map, after
// checking its recorded size; multiset.Load checks its checksum and
// structure.
func loadMultisets(b *bolt.Bucket, info MultisetInfo) (*multiset.Table, error) {
	return loadTable(b, BlobMultisets, StructMultisetTable, info, multiset.Load, (*multiset.Table).Log2Slots, (*multiset.Table).Multisets)
}

// loadTable loads the table of blob key with load, which checks its
// structure (and the multiset table's checksum), after checking its
// recorded size, and checks its shape (slots, multisets) against info.
// Its errors are *DamageError naming structure.
func loadTable[T any](b *bolt.Bucket, key []byte, structure string, info MultisetInfo, load func([]byte) (T, error), log2 func(T) uint, sets func(T) int) (T, error) {
	var zero T
	v, err := getBlob(b, key, info.Blob)
	if err != nil {
		return zero, &DamageError{structure, err}
	}
	t, err := load(v)
	if err != nil {
		return zero, tableDamage(structure, err)
	}
	if log2(t) != info.Log2Slots || sets(t) != info.Multisets {
		return zero, damaged(structure, ErrCorrupt, "2^%d slots and %d multisets, metadata says 2^%d and %d",
			log2(t), sets(t), info.Log2Slots, info.Multisets)
	}
	return t, nil
}

// tableDamage is a multiset table's or blank table's error as a
// *DamageError naming structure: ErrChecksum for a checksum mismatch, else
// ErrCorrupt, with package multiset's detail.
func tableDamage(structure string, err error) error {
	if errors.Is(err, multiset.ErrChecksum) {
		return damaged(structure, ErrChecksum, "%s", strings.TrimPrefix(err.Error(), multiset.ErrChecksum.Error()+": "))
	}
	return damaged(structure, ErrCorrupt, "%v", err)
}

// checkBlanks compares the blank table's checksum with its slots.
func checkBlanks(t *multiset.BlankTable) error {
	if err := t.Check(); err != nil {
		return tableDamage(StructBlankTable, err)
	}
	return nil
}

// Multisets is the table of the words' letter multisets, valid until
// Close.
func (x *Index) Multisets() *multiset.Table { return x.multisets }

// loadBlanks uses the blank table in place in the memory map, after
// checking its recorded size and its parts' shapes (info, pairs); the
// caller checks its checksum (checkBlanks), a pass over most of the file.
func loadBlanks(b *bolt.Bucket, info MultisetInfo, pairs TableShape) (*multiset.BlankTable, error) {
	t, err := loadTable(b, BlobBlanks, StructBlankTable, info, multiset.LoadBlanks, (*multiset.BlankTable).Log2Slots, (*multiset.BlankTable).Multisets)
	if err != nil {
		return nil, err
	}
	if got := (TableShape{t.PairLog2Slots(), t.PairMultisets()}); got != pairs {
		return nil, damaged(StructBlankTable, ErrCorrupt, "its second part has 2^%d slots and %d multisets, metadata says 2^%d and %d",
			got.Log2Slots, got.Multisets, pairs.Log2Slots, pairs.Multisets)
	}
	return t, nil
}

// Blanks is the table of the letters a blank may be, valid until Close.
func (x *Index) Blanks() *multiset.BlankTable { return x.blanks }

// loadGADDAG uses the GADDAG in place in the memory map: the pinned read
// transaction keeps the bytes valid until Close. gaddag.Load checks its own
// checksum and structure.
func (x *Index) loadGADDAG(b *bolt.Bucket) error {
	v := b.Get(GADDAGKey)
	if v == nil {
		return damaged(StructGADDAG, ErrCorrupt, "missing")
	}
	g, err := gaddag.Load(v)
	switch {
	case errors.Is(err, gaddag.ErrChecksum):
		return damaged(StructGADDAG, ErrChecksum, "%s", strings.TrimPrefix(err.Error(), gaddag.ErrChecksum.Error()+": "))
	case err != nil:
		return damaged(StructGADDAG, ErrCorrupt, "%v", err)
	}
	x.gaddag = g
	return nil
}

// GADDAG is the dictionary's GADDAG, valid until Close.
func (x *Index) GADDAG() *gaddag.GADDAG { return x.gaddag }

// checkBlob fetches a blob and checks it against its recorded size and CRC;
// its errors are *DamageError naming structure.
func checkBlob(b *bolt.Bucket, key []byte, info BlobInfo, structure string) ([]byte, error) {
	v, err := getBlob(b, key, info)
	if err != nil {
		return nil, &DamageError{structure, err}
	}
	if sum := crc32.Checksum(v, castagnoli); sum != info.CRC32C {
		return nil, damaged(structure, ErrChecksum, "blob %q: stored %08x, computed %08x", key, info.CRC32C, sum)
	}
	return v, nil
}

// getBlob is checkBlob without the checksum, for a blob whose loader checks
// its own: checksumming 7 MB twice is a few milliseconds of every open.
func getBlob(b *bolt.Bucket, key []byte, info BlobInfo) ([]byte, error) {
	v := b.Get(key)
	if v == nil {
		return nil, fmt.Errorf("%w: blob %q missing", ErrCorrupt, key)
	}
	if len(v) != info.Bytes {
		return nil, fmt.Errorf("%w: blob %q is %d bytes, metadata says %d", ErrCorrupt, key, len(v), info.Bytes)
	}
	return v, nil
}

// loadBloom rebuilds a Bloom filter from its stored bit array. The bits are
// copied once into aligned uint64s (a few hundred microseconds for megabytes):
// bbolt values carry no alignment guarantee, so aliasing the map as []uint64
// would be undefined behaviour on strict-alignment platforms.
func loadBloom(b *bolt.Bucket, key []byte, info BloomInfo, structure string) (*bloom.BloomFilter, error) {
	v, err := bloomBytes(b, key, info, structure)
	if err != nil {
		return nil, err
	}
	return bloomOf(v, info), nil
}

// bloomBytes is a Bloom filter's bit array, checked against its recorded
// size, CRC and shape.
func bloomBytes(b *bolt.Bucket, key []byte, info BloomInfo, structure string) ([]byte, error) {
	v, err := checkBlob(b, key, info.Blob, structure)
	if err != nil {
		return nil, err
	}
	if info.K == 0 || info.M == 0 || uint(len(v)) != (info.M+63)/64*8 {
		return nil, damaged(structure, ErrCorrupt, "shape m=%d k=%d for %d bytes", info.M, info.K, len(v))
	}
	return v, nil
}

// bloomOf is the filter of bit array v (as bloomBytes checked it).
func bloomOf(v []byte, info BloomInfo) *bloom.BloomFilter {
	return bloom.FromWithM(uint64sOf(v), info.M, info.K)
}

// uint64sOf is v read as little-endian words: v's own memory (the memory
// map: no copy, nothing to allocate) when it is aligned and the machine is
// little-endian, as the GADDAG is read, else a copy. The filters are only
// tested, never added to, so the read-only map is never written.
func uint64sOf(v []byte) []uint64 {
	n := len(v) / 8
	if n > 0 && littleEndian && uintptr(unsafe.Pointer(&v[0]))%8 == 0 {
		return unsafe.Slice((*uint64)(unsafe.Pointer(&v[0])), n)
	}
	words := make([]uint64, n)
	if n > 0 && littleEndian {
		copy(unsafe.Slice((*byte)(unsafe.Pointer(&words[0])), 8*n), v) // one memmove
		return words
	}
	for i := range words {
		words[i] = binary.LittleEndian.Uint64(v[8*i:])
	}
	return words
}

// littleEndian: whether this machine stores words as the file does.
var littleEndian = func() bool {
	x := uint16(1)
	return *(*byte)(unsafe.Pointer(&x)) == 1
}()

// Detach copies every structure a search reads (the GADDAG, the multiset
// and blank tables, both Bloom filters) out of the memory map into the
// process's own memory, in place: the GADDAG and tables already handed out
// read the copies, with the same answers. Only the word queries (ByLength,
// Anagrams, Each...) still read the map, and they report a fault there as
// ErrCorrupt.
//
// It is for a long-running reader such as a server: a file truncated in
// place under a mapping (cp or a shell redirect over it) faults the next
// read of a page past its new end, which would kill the process with
// SIGBUS; a detached Index keeps answering moves from what it read. (A
// file replaced by rename, as lexico-index build writes, leaves the map
// whole: it keeps the old file's pages.) The trade: the copies, about 70
// MB for the default index and some tens of milliseconds once, beside the
// page cache's. Detach must not run while the Index is in use.
func (x *Index) Detach() (err error) {
	if x.db == nil {
		return ErrClosed
	}
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer guard(&err, "copying the index out of its memory map (the file changed under it)")
	x.gaddag.Detach()
	x.multisets.Detach()
	x.blanks.Detach()
	x.words = detachBloom(x.words)
	x.fragRaw = bytes.Clone(x.fragRaw)
	if x.fragments != nil {
		x.fragments = bloomOf(x.fragRaw, x.meta.FragmentBloom)
	}
	return nil
}

// detachBloom is f with its bits in the process's own memory (f's may be
// the memory map's: uint64sOf).
func detachBloom(f *bloom.BloomFilter) *bloom.BloomFilter {
	return bloom.FromWithM(slices.Clone(f.BitSet().Words()), f.Cap(), f.K())
}

// Close releases the file. Queries after Close report ErrClosed (or false);
// Close must not run while queries are in flight, and the GADDAG returned by
// GADDAG must not be used after it (its bytes live in the memory map).
func (x *Index) Close() error {
	if x == nil || x.db == nil {
		return nil
	}
	if x.pin != nil {
		x.pin.Rollback()
		x.pin = nil
	}
	err := x.db.Close()
	x.db = nil
	x.gaddag, x.fragRaw = nil, nil // their bytes were in the map
	return err
}

// Path is the file the index was opened from.
func (x *Index) Path() string { return x.path }

// Meta describes the index (a copy; callers may keep it).
func (x *Index) Meta() Meta { return x.meta }

// wordBuckets names the word buckets and the structures they are.
var wordBuckets = []struct {
	name      []byte
	structure string
}{
	{BucketWords, StructWordsBucket},
	{BucketLengthLetter, StructLengthLetter},
	{BucketAnagrams, StructAnagramsBucket},
}

// checkBuckets compares each word bucket's contents with its checksum in
// Meta.BucketCRC: the first word query's check, a pass over every key (some
// tens of milliseconds for the default index, that no bot that only
// generates moves pays). The page walk must have passed first: the
// cursors follow the pages.
func (x *Index) checkBuckets(tx *bolt.Tx) error {
	for _, b := range wordBuckets {
		want, ok := x.meta.BucketCRC[string(b.name)]
		if !ok {
			return damaged(b.structure, ErrCorrupt, "no checksum in the metadata")
		}
		var s BucketSum
		c := tx.Bucket(b.name).Cursor()
		for k, v := c.First(); k != nil; k, v = c.Next() {
			s.Add(k, v)
		}
		if got := s.Sum(); got != want {
			return damaged(b.structure, ErrChecksum, "stored %08x, computed %08x", want, got)
		}
	}
	return nil
}

// view runs fn in a read transaction, turning a damaged page into ErrCorrupt.
func (x *Index) view(fn func(tx *bolt.Tx) error) (err error) {
	if x.db == nil {
		return ErrClosed
	}
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer guard(&err, "reading the file (changed under the running program?)")
	x.restOnce.Do(func() {
		defer guard(&x.restErr, "checking the word buckets")
		// Every key of the word buckets, with the order a seek relies on
		// (a flipped branch key misroutes a seek, and the checksum's
		// cursor walk passes it): the checksum reads them all anyway.
		x.rest.keys = true
		if problems := x.rest.finish(); len(problems) > 0 {
			x.restErr = fmt.Errorf("%w: damaged: bbolt: %s", ErrCorrupt, problems[0])
		} else {
			x.restErr = x.checkBuckets(x.pin)
		}
		x.rest = nil
	})
	if x.restErr != nil {
		return x.restErr
	}
	return x.db.View(fn)
}
