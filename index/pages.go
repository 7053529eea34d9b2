package index

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"github.com/lexico/lexico/internal/boltfile"
)

// This file reads bbolt's on-disk layout itself, from plain bytes with
// bounds checks, instead of trusting bbolt to walk a damaged file: bbolt
// follows page numbers and offsets straight into its memory map, so a flipped
// bit there sends it off the map (a fault) or round a cycle (a hang), and its
// own consistency check (Tx.Check) rebuilds the freelist of a file written
// without one in a goroutine of its own, where a panic kills the process
// whatever the caller recovers. The layout is that of go.etcd.io/bbolt v1.5
// (internal/common: meta.go, page.go, bucket.go, inode.go), in the machine's
// byte order, as bbolt writes it.
// The meta pages are read by package boltfile, which the games file of the
// web page shares.
const (
	pageHeaderSize = boltfile.PageHeaderSize
	elemSize       = 16 // a leaf or a branch element
	bucketHeader   = 16 // a bucket's root page id u64, sequence u64
	// Page types (the header's flags); exactly one is set.
	branchPage   = 0x01
	leafPage     = 0x02
	metaPage     = boltfile.MetaPageFlag
	freelistPage = 0x10
	// bucketLeaf marks a leaf element whose value is a bucket.
	bucketLeaf = 0x01
	// noFreelist is the meta's freelist page when the freelist is not stored
	// (package build writes with NoFreelistSync): every page the trees do not
	// reach is then free by definition.
	noFreelist = ^uint64(0)
)

var ne = binary.NativeEndian

// pageWalk checks the page structure of a bbolt file held in data: every
// page a tree reaches is in the file, is the page it claims to be, of the
// right type, reached once and not free (so no walk through the trees can
// leave the file or go round in circles); its elements and their keys and
// values lie inside it, packed as bbolt packs them; bucket values are
// well-formed; with a stored freelist, every page is in use or free.
//
// With keys set (Verify) it checks every page's elements, and the key order
// bbolt's B+trees rely on, and that no bucket has a sequence (lexico-index
// never sets one). Without (Open) it checks the elements of branch pages and
// of buckets' root pages only: that covers the small buckets Open reads
// whole and every page a search goes through, and leaves the leaves of the
// big buckets, most of the file, to Verify; reading every key there would
// double the time Open takes.
//
// Buckets named in deferred are left for finish: Open walks the buckets it
// reads at once (the meta, the blobs, the GADDAG), and the word buckets,
// most of the pages, only when a query first reads them (Index.view).
type pageWalk struct {
	data     []byte
	ps       uint64 // page size
	hwm      uint64 // pages in use: the high-water mark
	seen     []bool // pages reached
	free     []bool // pages on the stored freelist, nil if none
	keys     bool
	problems []string
	limit    int
	deferred map[string]bool
	later    []laterBucket
}

// laterBucket is a bucket of the root bucket whose walk was deferred: its
// name and its value (the bucket header).
type laterBucket struct {
	name  string
	value []byte
}

// rootBucket names the bucket of buckets in problems.
const rootBucket = "the root bucket"

func (w *pageWalk) add(format string, args ...any) {
	if len(w.problems) < w.limit {
		w.problems = append(w.problems, fmt.Sprintf(format, args...))
	}
}

func (w *pageWalk) full() bool { return len(w.problems) >= w.limit }

// walkPages checks the file's page structure as meta m describes it and
// returns the problems found (at most limit).
func walkPages(data []byte, m boltfile.Meta, keys bool, limit int) []string {
	w := startWalk(data, m, keys, limit, nil)
	return w.finish()
}

// startWalk checks the file's page structure as meta m describes it, but
// for the buckets of the root bucket named in deferred, which finish
// walks; the problems found so far are in w.problems.
func startWalk(data []byte, m boltfile.Meta, keys bool, limit int, deferred map[string]bool) *pageWalk {
	w := &pageWalk{data: data, ps: uint64(m.PageSize), hwm: m.PGID, keys: keys, limit: limit, deferred: deferred}
	if m.PGID < 2 || m.PGID > uint64(len(data))/w.ps {
		w.add("the file has %d pages, the meta page claims %d", uint64(len(data))/w.ps, m.PGID)
		return w
	}
	w.seen = make([]bool, m.PGID)
	w.seen[0], w.seen[1] = true, true
	if m.Freelist != noFreelist {
		w.free = make([]bool, m.PGID)
		w.freelist(m.Freelist)
	}
	w.bucket(rootBucket, m.Root, nil)
	return w
}

// finish walks the buckets startWalk deferred and then, with a stored
// freelist, checks that every page is in use or free; it returns every
// problem found.
func (w *pageWalk) finish() []string {
	if w.seen == nil {
		return w.problems // the page count was wrong: nothing was walked
	}
	for _, b := range w.later {
		if w.full() {
			break
		}
		w.bucketValue(b.name, b.value)
	}
	w.later = nil
	if w.free != nil && !w.full() {
		for id := uint64(2); id < w.hwm; id++ {
			if !w.seen[id] && !w.free[id] {
				w.add("page %d is neither in use nor free", id)
				if w.full() {
					break
				}
			}
		}
	}
	return w.problems
}

// page returns the bytes of page id and its overflow pages after checking its
// header, and marks them in use; ok is false (the problem reported) when the
// page cannot be used.
func (w *pageWalk) page(id uint64, what string, want ...uint16) (p []byte, count int, ok bool) {
	if id < 2 || id >= w.hwm {
		w.add("%s: page %d is outside the file's %d pages", what, id, w.hwm)
		return nil, 0, false
	}
	if w.seen[id] {
		w.add("%s: page %d is referenced twice", what, id)
		return nil, 0, false
	}
	w.seen[id] = true
	h := w.data[id*w.ps:]
	pid, flags, cnt, overflow := ne.Uint64(h), ne.Uint16(h[8:]), ne.Uint16(h[10:]), uint64(ne.Uint32(h[12:]))
	if pid != id {
		w.add("%s: page %d says it is page %d", what, id, pid)
		return nil, 0, false
	}
	typeOK := false
	for _, f := range want {
		typeOK = typeOK || flags == f
	}
	if !typeOK {
		w.add("%s: page %d has type %#x", what, id, flags)
		return nil, 0, false
	}
	if overflow >= w.hwm-id {
		w.add("%s: page %d runs over %d more pages, past the file's %d", what, id, overflow, w.hwm)
		return nil, 0, false
	}
	for i := id + 1; i <= id+overflow; i++ {
		if w.seen[i] {
			w.add("%s: page %d overlaps page %d, in use elsewhere", what, id, i)
			return nil, 0, false
		}
		w.seen[i] = true
	}
	if w.free != nil {
		for i := id; i <= id+overflow; i++ {
			if w.free[i] {
				w.add("%s: page %d is in use and on the freelist", what, i)
				return nil, 0, false
			}
		}
	}
	return w.data[id*w.ps : (id+1+overflow)*w.ps], int(cnt), true
}

// freelist reads the freelist page and marks the pages it lists.
func (w *pageWalk) freelist(id uint64) {
	p, count, ok := w.page(id, "the freelist", freelistPage)
	if !ok {
		return
	}
	ids := p[pageHeaderSize:]
	if count == 0xFFFF {
		// A longer list keeps its length in the first id's place.
		count64 := ne.Uint64(ids)
		if count64 > uint64(len(ids)/8-1) {
			w.add("the freelist: page %d lists %d pages, more than it holds", id, count64)
			return
		}
		count, ids = int(count64), ids[8:]
	}
	if count*8 > len(ids) {
		w.add("the freelist: page %d lists %d pages, more than it holds", id, count)
		return
	}
	for i := range count {
		f := ne.Uint64(ids[8*i:])
		switch {
		case f < 2 || f >= w.hwm:
			w.add("the freelist: page %d is outside the file's %d pages", f, w.hwm)
		case w.free[f]:
			w.add("the freelist: page %d is listed twice", f)
		case w.seen[f]:
			w.add("the freelist: page %d lists itself", f)
		default:
			w.free[f] = true
			continue
		}
		return
	}
}

// bucket checks a bucket's tree: the page root, or the inline page when root
// is 0.
func (w *pageWalk) bucket(name string, root uint64, inline []byte) {
	if root != 0 {
		w.tree(name, root, nil, nil)
		return
	}
	if len(inline) < pageHeaderSize {
		w.add("%s: inline page of %d bytes", name, len(inline))
		return
	}
	// bbolt writes an inline page into a fresh buffer: id and overflow 0.
	if pid, flags, overflow := ne.Uint64(inline), ne.Uint16(inline[8:]), ne.Uint32(inline[12:]); pid != 0 || flags != leafPage || overflow != 0 {
		w.add("%s: inline page header (id %d, flags %#x, overflow %d)", name, pid, flags, overflow)
		return
	}
	w.elements(name, label("inline page"), inline, int(ne.Uint16(inline[10:])), true, nil, nil, true)
}

// tree checks the page id of bucket name and everything under it. lo is
// the key its parent holds for it, which must be its first key (nil for a
// bucket's root page), and its keys must be below hi (nil: unbounded).
func (w *pageWalk) tree(name string, id uint64, lo, hi []byte) {
	if w.full() {
		return
	}
	p, count, ok := w.page(id, name, branchPage, leafPage)
	if !ok {
		return
	}
	leaf := ne.Uint16(p[8:]) == leafPage
	if leaf && !w.keys && lo != nil {
		return // a leaf below a branch: see pageWalk
	}
	w.elements(name, pageName(id), p, count, leaf, lo, hi, false)
}

// pageName is "page id", formatted only when a problem is reported.
type pageName uint64

func (id pageName) String() string { return fmt.Sprintf("page %d", uint64(id)) }

// label is a fixed name for where a problem is.
type label string

func (l label) String() string { return string(l) }

// elemAt decodes element i of page p: the key and value bytes run from
// byte at for ksize and vsize bytes; flags is a leaf element's (bucketLeaf or
// 0), child a branch element's page.
func elemAt(p []byte, i int, leaf bool) (at, ksize, vsize uint64, flags uint32, child uint64) {
	off := uint64(pageHeaderSize + elemSize*i)
	e := p[off:]
	if leaf {
		return off + uint64(ne.Uint32(e[4:])), uint64(ne.Uint32(e[8:])), uint64(ne.Uint32(e[12:])), ne.Uint32(e), 0
	}
	return off + uint64(ne.Uint32(e)), uint64(ne.Uint32(e[4:])), 0, 0, ne.Uint64(e[8:])
}

// elements checks the count elements of page p (a leaf or branch page, or
// an inline page, which must end exactly at its last value) and recurses
// into the pages and buckets they refer to. In order: the first pass checks
// the page itself, the second follows its references, so a page is whole
// before anything it points to is read. (The elements are decoded twice
// rather than kept: a slice of them per page was most of the walk's time.)
func (w *pageWalk) elements(name string, where fmt.Stringer, p []byte, count int, leaf bool, lo, hi []byte, inline bool) {
	if count == 0 && (!leaf || lo != nil) {
		// bbolt removes a page that empties, except a bucket's root leaf.
		w.add("%s: %s: no elements", name, where)
		return
	}
	if uint64(pageHeaderSize+elemSize*count) > uint64(len(p)) {
		w.add("%s: %s: %d elements do not fit in its %d bytes", name, where, count, len(p))
		return
	}
	// bbolt packs keys and values right after the elements, in element
	// order: the offset each element records is fixed by the ones before, so
	// a damaged offset or size is caught here, not just one that points out
	// of the page.
	off := uint64(pageHeaderSize + elemSize*count)
	var prev []byte
	for i := range count {
		at, ksize, vsize, flags, _ := elemAt(p, i, leaf)
		if flags&^bucketLeaf != 0 {
			w.add("%s: %s: element %d has flags %#x", name, where, i, flags)
			return
		}
		if at != off || ksize == 0 || off+ksize+vsize > uint64(len(p)) {
			w.add("%s: %s: element %d has a %d-byte key and a %d-byte value at byte %d; want a key at byte %d, all within %d bytes",
				name, where, i, ksize, vsize, at, off, len(p))
			return
		}
		key := p[off : off+ksize]
		off += ksize + vsize
		if !w.keys {
			continue
		}
		// The key order a B+tree search relies on: ascending and unique,
		// the first key the one the parent holds for the page (bbolt sets
		// that from the page's first key whenever it writes either), all
		// below the parent's next key.
		switch {
		case i == 0 && lo != nil && !bytes.Equal(key, lo):
			w.add("%s: %s: first key %q, its parent says %q", name, where, key, lo)
		case i > 0 && bytes.Compare(prev, key) >= 0:
			w.add("%s: %s: key %q after %q, out of order", name, where, key, prev)
		case hi != nil && bytes.Compare(key, hi) >= 0:
			w.add("%s: %s: key %q not below %q, the next key of its parent", name, where, key, hi)
		default:
			prev = key
			continue
		}
		return
	}
	if inline && off != uint64(len(p)) {
		w.add("%s: %s ends at byte %d of %d", name, where, off, len(p))
		return
	}
	for i := range count {
		if w.full() {
			return
		}
		at, ksize, vsize, flags, child := elemAt(p, i, leaf)
		key := p[at : at+ksize]
		switch {
		case !leaf:
			next := hi
			if i+1 < count {
				nat, nksize, _, _, _ := elemAt(p, i+1, leaf)
				next = p[nat : nat+nksize]
			}
			w.tree(name, child, key, next)
		case flags == bucketLeaf && name == rootBucket && w.deferred[string(key)]:
			w.later = append(w.later, laterBucket{fmt.Sprintf("bucket %q", key), p[at+ksize : at+ksize+vsize]})
		case flags == bucketLeaf:
			child := fmt.Sprintf("bucket %q", key)
			if name != rootBucket {
				child = fmt.Sprintf("%s, sub-bucket %q", name, key)
			}
			w.bucketValue(child, p[at+ksize:at+ksize+vsize])
		}
	}
}

// bucketValue checks a bucket's header (its root page and sequence) and
// then the bucket.
func (w *pageWalk) bucketValue(name string, v []byte) {
	if len(v) < bucketHeader {
		w.add("%s: %d-byte bucket header", name, len(v))
		return
	}
	root, seq := ne.Uint64(v), ne.Uint64(v[8:])
	switch {
	case w.keys && seq != 0:
		w.add("%s: sequence %d; lexico-index never sets one", name, seq)
	case root != 0 && len(v) != bucketHeader:
		// A bucket with pages of its own is its header alone.
		w.add("%s: %d bytes for the header of a bucket at page %d", name, len(v), root)
	default:
		w.bucket(name, root, v[bucketHeader:])
	}
}
