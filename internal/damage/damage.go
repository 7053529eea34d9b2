// Package damage makes damaged copies of a bbolt file, such as a Lexico
// index, for tests that check every kind of damage is reported and none
// crashes a reader. The copies are deterministic: flipped bits at offsets
// drawn from a seeded generator in every kind of page and every part of a
// page, and truncations.
//
// Map reads the file's layout from bbolt's on-disk format itself (that of
// go.etcd.io/bbolt v1.5, in the machine's byte order), independently of the
// reader under test, so that a mistake in the reader's understanding of the
// format is not repeated here. It tells apart the bytes some reader uses from
// those nothing reads (the tail of a meta page, the slack after a page's last
// value, free pages), so a test can demand that damage to the first is
// reported and damage to the second is not.
package damage

import (
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"sort"
)

// bbolt's layout: see internal/common in go.etcd.io/bbolt.
const (
	pageHeaderSize = 16 // id u64, flags u16, count u16, overflow u32
	elemSize       = 16 // leaf: flags, pos, ksize, vsize u32; branch: pos, ksize u32, pgid u64
	metaSize       = 64 // magic, version, page size, flags u32; root, sequence, freelist, pgid, txid, checksum u64
	bucketHeader   = 16 // root page u64, sequence u64
	branchPage     = 0x01
	leafPage       = 0x02
	freelistPage   = 0x10
	bucketLeaf     = 0x01
	noFreelist     = ^uint64(0)
)

var ne = binary.NativeEndian

// Region is a run of bytes with one role in the file.
type Region struct {
	// Kind is the page's kind: "meta 0", "meta 1", "freelist", "branch",
	// "leaf", "inline" (a small bucket's page inside its parent's value),
	// "free" (a page no tree reaches).
	Kind string
	// Part is the role of the bytes: "header", "fields" (of a meta page),
	// "ids" (of the freelist), "elements", "keys", "values", "bucket
	// header" (a bucket's root and sequence), or, for bytes nothing reads,
	// "tail" (of a meta page), "slack" (after a page's last value), "page"
	// (a free page).
	Part string
	// Bucket is the bucket the page belongs to ("" for the root bucket and
	// for pages of no bucket). Key is the key of a value or bucket header in
	// a bucket of at most smallBucket keys, so a test can tell the few values
	// of a small bucket apart; "" in a bigger one.
	Bucket, Key string
	Page        uint64
	Off, Len    int64
	// Used: some reader reads these bytes.
	Used bool
}

// Group names the regions flips are spread over: the same kind, part,
// bucket and key.
func (r Region) Group() string {
	g := r.Kind + " " + r.Part
	if r.Bucket != "" {
		g = fmt.Sprintf("%s in %q", g, r.Bucket)
	}
	if r.Key != "" {
		g = fmt.Sprintf("%s of key %q", g, r.Key)
	}
	return g
}

// smallBucket is the most keys a bucket may have for its values to be told
// apart (see Region.Key).
const smallBucket = 8

// Layout is a file's regions.
type Layout struct {
	Size     int64
	PageSize int
	Pages    uint64 // the high-water mark: pages in use
	Regions  []Region
}

// Map reads the layout of the sound bbolt file b through its meta page with
// the higher transaction. It fails if b is not a sound bbolt file.
func Map(b []byte) (*Layout, error) {
	if len(b) < pageHeaderSize+metaSize {
		return nil, fmt.Errorf("%d bytes: too short for a bbolt file", len(b))
	}
	ps := int(ne.Uint32(b[pageHeaderSize+8:]))
	if ps < 1024 || 2*ps > len(b) {
		return nil, fmt.Errorf("page size %d in a file of %d bytes", ps, len(b))
	}
	meta := [2][]byte{b[pageHeaderSize : pageHeaderSize+metaSize], b[ps+pageHeaderSize : ps+pageHeaderSize+metaSize]}
	cur := meta[0]
	if ne.Uint64(meta[1][48:]) > ne.Uint64(cur[48:]) {
		cur = meta[1]
	}
	m := &mapper{b: b, ps: uint64(ps), hwm: ne.Uint64(cur[40:])}
	if m.hwm < 2 || m.hwm*m.ps > uint64(len(b)) {
		return nil, fmt.Errorf("%d pages in use in a file of %d pages", m.hwm, len(b)/ps)
	}
	m.reached = make([]bool, m.hwm)
	for i := range 2 {
		kind := fmt.Sprintf("meta %d", i)
		off := int64(i * ps)
		m.add(Region{Kind: kind, Part: "header", Page: uint64(i), Off: off, Len: pageHeaderSize, Used: true})
		m.add(Region{Kind: kind, Part: "fields", Page: uint64(i), Off: off + pageHeaderSize, Len: metaSize, Used: true})
		m.add(Region{Kind: kind, Part: "tail", Page: uint64(i), Off: off + pageHeaderSize + metaSize, Len: int64(ps - pageHeaderSize - metaSize)})
		m.reached[i] = true
	}
	if fl := ne.Uint64(cur[32:]); fl != noFreelist {
		if err := m.freelist(fl); err != nil {
			return nil, err
		}
	}
	if err := m.tree("", ne.Uint64(cur[16:])); err != nil {
		return nil, err
	}
	for id := uint64(2); id < m.hwm; id++ {
		if !m.reached[id] {
			m.add(Region{Kind: "free", Part: "page", Page: id, Off: int64(id * m.ps), Len: int64(m.ps)})
		}
	}
	keys := map[string]int{}
	for _, r := range m.regions {
		if r.Key != "" {
			keys[r.Bucket]++
		}
	}
	for i, r := range m.regions {
		if keys[r.Bucket] > smallBucket {
			m.regions[i].Key = ""
		}
	}
	sort.Slice(m.regions, func(i, j int) bool { return m.regions[i].Off < m.regions[j].Off })
	return &Layout{Size: int64(len(b)), PageSize: ps, Pages: m.hwm, Regions: m.regions}, nil
}

type mapper struct {
	b       []byte
	ps, hwm uint64
	reached []bool
	regions []Region
}

func (m *mapper) add(r Region) {
	if r.Len > 0 {
		m.regions = append(m.regions, r)
	}
}

// page returns page id and its overflow pages, marking them reached.
func (m *mapper) page(id uint64) ([]byte, error) {
	if id < 2 || id >= m.hwm || m.reached[id] {
		return nil, fmt.Errorf("page %d: out of range or reached twice", id)
	}
	overflow := uint64(ne.Uint32(m.b[id*m.ps+12:]))
	if id+overflow >= m.hwm {
		return nil, fmt.Errorf("page %d: %d overflow pages past the end", id, overflow)
	}
	for i := id; i <= id+overflow; i++ {
		m.reached[i] = true
	}
	return m.b[id*m.ps : (id+1+overflow)*m.ps], nil
}

func (m *mapper) freelist(id uint64) error {
	p, err := m.page(id)
	if err != nil {
		return err
	}
	off := int64(id * m.ps)
	count, start := int64(ne.Uint16(p[10:])), int64(pageHeaderSize)
	if count == 0xFFFF {
		count, start = int64(ne.Uint64(p[pageHeaderSize:])), pageHeaderSize+8
	}
	m.add(Region{Kind: "freelist", Part: "header", Page: id, Off: off, Len: start, Used: true})
	m.add(Region{Kind: "freelist", Part: "ids", Page: id, Off: off + start, Len: 8 * count, Used: true})
	m.add(Region{Kind: "freelist", Part: "slack", Page: id, Off: off + start + 8*count, Len: int64(len(p)) - start - 8*count})
	return nil
}

// tree maps the pages of the bucket named bucket, rooted at page id.
func (m *mapper) tree(bucket string, id uint64) error {
	p, err := m.page(id)
	if err != nil {
		return err
	}
	kind := "leaf"
	if ne.Uint16(p[8:]) == branchPage {
		kind = "branch"
	}
	return m.elements(bucket, kind, id, int64(id*m.ps), p)
}

// elements maps the page p at file offset off (an inline page lies inside
// its parent's page) and the pages and buckets it refers to.
func (m *mapper) elements(bucket, kind string, id uint64, off int64, p []byte) error {
	count := int(ne.Uint16(p[10:]))
	leaf := kind != "branch"
	m.add(Region{Kind: kind, Part: "header", Bucket: bucket, Page: id, Off: off, Len: pageHeaderSize, Used: true})
	m.add(Region{Kind: kind, Part: "elements", Bucket: bucket, Page: id, Off: off + pageHeaderSize, Len: int64(elemSize * count), Used: true})
	end := int64(pageHeaderSize + elemSize*count)
	for i := range count {
		e := int64(pageHeaderSize + elemSize*i)
		var pos, ksize, vsize int64
		var flags uint32
		var child uint64
		if leaf {
			flags = ne.Uint32(p[e:])
			pos, ksize, vsize = int64(ne.Uint32(p[e+4:])), int64(ne.Uint32(p[e+8:])), int64(ne.Uint32(p[e+12:]))
		} else {
			pos, ksize, child = int64(ne.Uint32(p[e:])), int64(ne.Uint32(p[e+4:])), ne.Uint64(p[e+8:])
		}
		at := e + pos
		if at+ksize+vsize > int64(len(p)) {
			return fmt.Errorf("page %d element %d runs past the page", id, i)
		}
		key := string(p[at : at+ksize])
		m.add(Region{Kind: kind, Part: "keys", Bucket: bucket, Page: id, Off: off + at, Len: ksize, Used: true})
		end = max(end, at+ksize+vsize)
		switch {
		case !leaf:
			if err := m.tree(bucket, child); err != nil {
				return err
			}
		case flags&bucketLeaf != 0:
			v := p[at+ksize : at+ksize+vsize]
			m.add(Region{Kind: kind, Part: "bucket header", Bucket: bucket, Key: key, Page: id, Off: off + at + ksize, Len: bucketHeader, Used: true})
			if root := ne.Uint64(v); root != 0 {
				if err := m.tree(key, root); err != nil {
					return err
				}
			} else if err := m.elements(key, "inline", id, off+at+ksize+bucketHeader, v[bucketHeader:]); err != nil {
				return err
			}
		default:
			m.add(Region{Kind: kind, Part: "values", Bucket: bucket, Key: key, Page: id, Off: off + at + ksize, Len: vsize, Used: true})
		}
	}
	if kind != "inline" {
		m.add(Region{Kind: kind, Part: "slack", Bucket: bucket, Page: id, Off: off + end, Len: int64(len(p)) - end})
	}
	return nil
}

// Case is one damaged copy: a flipped bit or a truncation.
type Case struct {
	Name string
	// Region is where the flip lands (zero for a truncation).
	Region Region
	// Off and Mask: the copy has b[Off] ^= Mask.
	Off  int64
	Mask byte
	// Size, if not -1, is the length the copy is cut to.
	Size int64
}

// Apply returns the damaged copy of orig (orig is not changed).
func (c Case) Apply(orig []byte) []byte {
	if c.Size >= 0 {
		return append([]byte(nil), orig[:c.Size]...)
	}
	b := append([]byte(nil), orig...)
	b[c.Off] ^= c.Mask
	return b
}

// Flips returns perGroup single-bit flips in each group of regions (see
// Region.Group) that keep passes, at offsets drawn from a generator seeded
// with seed and spread over the group's bytes.
func (l *Layout) Flips(perGroup int, seed uint64, keep func(Region) bool) []Case {
	groups := map[string][]Region{}
	var names []string
	for _, r := range l.Regions {
		if keep != nil && !keep(r) {
			continue
		}
		g := r.Group()
		if groups[g] == nil {
			names = append(names, g)
		}
		groups[g] = append(groups[g], r)
	}
	sort.Strings(names)
	rng := rand.New(rand.NewPCG(seed, 0x1e71c0))
	var cases []Case
	for _, g := range names {
		rs := groups[g]
		var total int64
		for _, r := range rs {
			total += r.Len
		}
		for range perGroup {
			n := rng.Int64N(total)
			i := 0
			for n >= rs[i].Len {
				n -= rs[i].Len
				i++
			}
			r := rs[i]
			bit := byte(1) << rng.IntN(8)
			cases = append(cases, Case{
				Name:   fmt.Sprintf("bit %#02x at %d (%s, page %d)", bit, r.Off+n, g, r.Page),
				Region: r, Off: r.Off + n, Mask: bit, Size: -1,
			})
		}
	}
	return cases
}

// Truncations returns copies cut short: inside each meta page, between
// them, and inside, at the start of and just before the end of the pages in
// use.
func (l *Layout) Truncations() []Case {
	ps := int64(l.PageSize)
	inUse := int64(l.Pages) * ps
	var cases []Case
	for _, size := range []int64{40, ps / 2, ps + 40, 2 * ps, 2*ps + ps/2, inUse / 2, inUse - ps, inUse - 1} {
		if size > 0 && size < l.Size {
			cases = append(cases, Case{Name: fmt.Sprintf("cut to %d of %d bytes", size, l.Size), Off: -1, Size: size})
		}
	}
	return cases
}
