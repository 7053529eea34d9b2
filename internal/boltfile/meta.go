// Package boltfile reads the meta pages of a bbolt file itself, from plain
// bytes with bounds checks, instead of trusting bbolt with a damaged file:
// bbolt follows the page count and page numbers a meta page holds straight
// into its memory map, so a file cut short of them is a fault (SIGBUS) that
// kills the process, and a flipped bit sends it off the map. The index
// (package index, which also walks the pages) and the web page's games
// file read their meta pages here before bbolt opens them. The layout is
// that of go.etcd.io/bbolt v1.5 (internal/common: meta.go, page.go), in the
// machine's byte order, as bbolt writes it.
package boltfile

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"strings"
)

const (
	// Magic is the number every meta page of a bbolt file holds first.
	Magic = 0xED0CDAED
	// Version is the file format bbolt v1.5 writes.
	Version = 2
	// PageHeaderSize is a page's header: id u64, flags u16, count u16,
	// overflow u32.
	PageHeaderSize = 16
	// MetaSize is a meta page's fields, magic to checksum, after the
	// page header.
	MetaSize = 64
	// MetaPageFlag is a meta page's type in its header's flags.
	MetaPageFlag = 0x04
	// MaxPageSize bounds the page sizes tried when meta page 0 cannot
	// say: bbolt itself tries 1 KiB to 16 MiB.
	MaxPageSize = 16 << 20
)

var ne = binary.NativeEndian

// Meta is a decoded meta page.
type Meta struct {
	PageSize           uint32
	Root               uint64 // the root bucket's root page
	Freelist, PGID, Tx uint64 // PGID: the high-water mark, pages in use
}

// parseMeta decodes meta page id from p (the page's first bytes: its header
// and meta fields) and checks everything bbolt writes there. valid is bbolt's
// own test (magic number, version, checksum): a page that passes it is one
// bbolt may read the file through, and m holds its fields. err is any
// problem, including those bbolt does not look for (the page header, which
// the checksum does not cover; a page size or transaction that cannot be).
func parseMeta(p []byte, id uint64) (m Meta, valid bool, err error) {
	const magicEnd = PageHeaderSize + 4
	if len(p) < magicEnd || ne.Uint32(p[PageHeaderSize:]) != Magic {
		return m, false, ErrNoMagic
	}
	if len(p) < PageHeaderSize+MetaSize {
		return m, false, fmt.Errorf("cut short at %d bytes", len(p))
	}
	f := p[PageHeaderSize:]
	if v := ne.Uint32(f[4:]); v != Version {
		return m, false, fmt.Errorf("bbolt version %d, want %d", v, Version)
	}
	h := fnv.New64a()
	h.Write(f[:MetaSize-8])
	if h.Sum64() != ne.Uint64(f[MetaSize-8:]) {
		return m, false, errors.New("checksum mismatch")
	}
	m = Meta{
		PageSize: ne.Uint32(f[8:]),
		Root:     ne.Uint64(f[16:]),
		Freelist: ne.Uint64(f[32:]),
		PGID:     ne.Uint64(f[40:]),
		Tx:       ne.Uint64(f[48:]),
	}
	if m.PageSize < 1024 || m.PageSize > MaxPageSize || m.PageSize&(m.PageSize-1) != 0 {
		// Written so (the checksum holds), and no file can be read with it.
		return m, false, fmt.Errorf("page size %d", m.PageSize)
	}
	pid, flags, count, overflow := ne.Uint64(p), ne.Uint16(p[8:]), ne.Uint16(p[10:]), ne.Uint32(p[12:])
	switch {
	case pid != id || flags != MetaPageFlag || count != 0 || overflow != 0:
		err = fmt.Errorf("page header (id %d, flags %#x, count %d, overflow %d), want id %d, flags %#x, count and overflow 0",
			pid, flags, count, overflow, id, MetaPageFlag)
	case m.Tx%2 != id:
		// bbolt writes transaction t's meta into page t%2.
		err = fmt.Errorf("transaction %d in meta page %d", m.Tx, id)
	}
	return m, true, err
}

// MetaPages is what the two meta pages of a file say.
type MetaPages struct {
	Meta  [2]Meta
	Valid [2]bool  // bbolt may read the file through the page
	Err   [2]error // nil: the page is sound
	// PageSize is the file's page size, 0 when neither page is valid.
	PageSize int
}

// ReadMetaPages reads both meta pages of the file r of size bytes, and
// takes the file's page size from them as bbolt does: from page 0 when it is
// valid, else from page 1, found at the power of two where a valid meta page
// 1 lies.
func ReadMetaPages(r io.ReaderAt, size int64) MetaPages {
	var mp MetaPages
	read := func(off int64) []byte {
		b := make([]byte, PageHeaderSize+MetaSize)
		n, _ := r.ReadAt(b, off)
		return b[:n]
	}
	mp.Meta[0], mp.Valid[0], mp.Err[0] = parseMeta(read(0), 0)
	var sizes []int64
	if mp.Valid[0] {
		sizes = []int64{int64(mp.Meta[0].PageSize)}
	} else {
		for ps := int64(1024); ps <= MaxPageSize && ps < size; ps *= 2 {
			sizes = append(sizes, ps)
		}
	}
	mp.Err[1] = ErrNoMagic
	for _, ps := range sizes {
		m, valid, err := parseMeta(read(ps), 1)
		if valid && (mp.Valid[0] || int64(m.PageSize) == ps) {
			mp.Meta[1], mp.Valid[1], mp.Err[1] = m, valid, err
			break
		}
		if errors.Is(mp.Err[1], ErrNoMagic) && !errors.Is(err, ErrNoMagic) {
			// What is wrong with the first candidate that has the magic
			// number, in case none is valid.
			mp.Meta[1], mp.Err[1] = m, err
		}
	}
	switch {
	case mp.Valid[0]:
		mp.PageSize = int(mp.Meta[0].PageSize)
		if mp.Valid[1] && mp.Err[1] == nil && mp.Meta[1].PageSize != mp.Meta[0].PageSize {
			mp.Err[1] = fmt.Errorf("page size %d, meta page 0 says %d", mp.Meta[1].PageSize, mp.PageSize)
		}
		mp.Meta[1].PageSize = mp.Meta[0].PageSize // bbolt reads the file with one page size
	case mp.Valid[1]:
		mp.PageSize = int(mp.Meta[1].PageSize)
	}
	return mp
}

// isBolt reports whether either meta page carries bbolt's magic number: a
// file that does is a bbolt database, damaged or not; one that does not is
// something else altogether.
func (mp *MetaPages) IsBolt() bool {
	return !errors.Is(mp.Err[0], ErrNoMagic) || !errors.Is(mp.Err[1], ErrNoMagic)
}

// current is the meta page bbolt reads the file through, by bbolt's own rule:
// of the valid ones, the one with the higher transaction. ok is false when
// neither is valid.
func (mp *MetaPages) Current() (m Meta, page int, ok bool) {
	switch {
	case mp.Valid[0] && (!mp.Valid[1] || mp.Meta[0].Tx >= mp.Meta[1].Tx):
		return mp.Meta[0], 0, true
	case mp.Valid[1]:
		return mp.Meta[1], 1, true
	}
	return Meta{}, 0, false
}

// damage describes the damaged meta pages, "" when both are sound.
func (mp *MetaPages) Damage() string {
	var parts []string
	for i, err := range mp.Err {
		if err != nil {
			parts = append(parts, fmt.Sprintf("bbolt meta page %d: %v", i, err))
		}
	}
	return strings.Join(parts, "; ")
}

// CutShort reports whether a file of size bytes is shorter than the pages m
// counts: bbolt would map them and fault on the first it reads.
func (mp *MetaPages) CutShort(m Meta, size int64) bool {
	return mp.PageSize > 0 && m.PGID > uint64(size)/uint64(mp.PageSize)
}
