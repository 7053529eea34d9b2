package leaves

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"io"
	"math"
	"unsafe"

	"github.com/lexico/lexico/bot/game/tile"
)

// Table is a learned value for every leave of a Space, in points relative to
// keeping nothing (the empty leave is worth 0). Values are stored in
// hundredths of a point (int16: ±327 points, far beyond any leave), so a
// table for the 100-tile English set with blanks (about 900,000 leaves)
// takes under 2 MB.
type Table struct {
	// Variant names the rule set the table was learned in (information:
	// a table applies to any variant with the same distribution).
	Variant string
	Space   *Space
	Values  []int16
	// Generation, Games and Seed say how the table was learned: the
	// generation of self-play, the games behind it, the trainer's seed.
	Generation int
	Games      uint64
	Seed       uint64
}

// NewTable is an all-zero table over the space of dist.
func NewTable(variantName string, dist [tile.NumKinds]int) *Table {
	s := NewSpace(dist)
	return &Table{Variant: variantName, Space: s, Values: make([]int16, s.Len())}
}

// Value is what keeping leave is worth, and false when the table does not
// hold it (more than MaxTiles tiles, or more of a tile than its bag). It
// does not allocate.
func (t *Table) Value(leave *tile.Rack) (float64, bool) {
	r, ok := t.Space.Rank(leave)
	if !ok {
		return 0, false
	}
	return float64(t.Values[r]) * 0.01, true
}

// Set stores v (points) for the leave ranked r, rounded to a hundredth and
// clamped to the int16 range.
func (t *Table) Set(r int, v float64) {
	t.Values[r] = int16(math.Round(max(min(v*100, math.MaxInt16), math.MinInt16)))
}

// Fits reports whether the table was learned for a bag of dist.
func (t *Table) Fits(dist *[tile.NumKinds]int) bool { return BagFits(&t.Space.Dist, dist) }

// BagFits reports whether a table learned for bag (a distribution capped at
// MaxTiles, as Space.Dist and ReadBag give it) fits a bag of dist.
func BagFits(bag *[tile.NumKinds]uint8, dist *[tile.NumKinds]int) bool {
	for i, n := range dist {
		if uint8(min(max(n, 0), MaxTiles)) != bag[i] {
			return false
		}
	}
	return true
}

// HeadLen is enough of a table file's start for ReadBag.
const HeadLen = 512

// ReadBag is the bag a table file was learned for (as Space.Dist holds it),
// read from the file's header alone (its first HeadLen bytes do): whether
// the table fits a game can be known without reading, or checking, its
// values (ReadTable does both).
func ReadBag(head []byte) ([tile.NumKinds]uint8, error) {
	if !IsTableFile(head) {
		return [tile.NumKinds]uint8{}, fmt.Errorf("%w: not a leave table (no %s header)", ErrFormat, tableMagic)
	}
	rd := &reader{b: head[len(tableMagic):]}
	rd.name()
	var h header
	rd.read(&h)
	return h.Dist, rd.err
}

// The table file: tableMagic, then the header (variant name, the
// distribution capped at MaxTiles, MaxTiles, generation, games, seed, the
// number of values), the values as little-endian int16, and a CRC-32 of
// everything before it.
const tableMagic = "LEXLEAV1"

// MaxFile is the most a program reads of a leave table or statistics file
// (readlimit): a table is two bytes a leave (1.8 MB for the largest bag's
// shipped one, data/leaves), statistics sixteen a leave seen, up to some
// 15 MB; past 64 MiB a file is none of these, and /dev/zero read whole
// hung.
const MaxFile = 64 << 20

// IsTableFile reports whether b starts like a table file (the CSV of the
// hand-tuned model does not).
func IsTableFile(b []byte) bool {
	return len(b) >= len(tableMagic) && string(b[:len(tableMagic)]) == tableMagic
}

type header struct {
	Dist       [tile.NumKinds]uint8
	MaxTiles   uint8
	Generation uint32
	Games      uint64
	Seed       uint64
	N          uint32
}

// WriteTo writes the table file.
func (t *Table) WriteTo(w io.Writer) (int64, error) {
	cw := &crcWriter{w: bufio.NewWriter(w), crc: crc32.NewIEEE()}
	cw.WriteString(tableMagic)
	writeName(cw, t.Variant)
	h := header{Dist: t.Space.Dist, MaxTiles: MaxTiles, Generation: uint32(t.Generation), Games: t.Games, Seed: t.Seed, N: uint32(len(t.Values))}
	binary.Write(cw, binary.LittleEndian, &h)
	binary.Write(cw, binary.LittleEndian, t.Values)
	sum := cw.crc.Sum32()
	binary.Write(cw.w, binary.LittleEndian, sum)
	if err := cw.w.Flush(); err != nil {
		return cw.n, err
	}
	return cw.n + 4, cw.err
}

// ReadTable reads a table file, checking its checksum and that its values
// fit its distribution.
func ReadTable(b []byte) (*Table, error) { return readTable(b, false) }

// TableInPlace reads the table file s, an embedded one (data.LearnedLeaf),
// without copying it: the values are s's own bytes where the platform is
// little-endian and they are 2-byte aligned (else they are copied), so a
// table is ready in microseconds and its pages are read as lookups touch
// them. Its checksum is not checked, which would read every page: s is part
// of the binary, and the test of the shipped tables checks them whole
// (bot/engine/equity TestShippedTablesRead). The table's Values must never
// be written.
func TableInPlace(s string) (*Table, error) {
	if len(s) == 0 {
		return nil, fmt.Errorf("%w: empty", ErrFormat)
	}
	return readTable(unsafe.Slice(unsafe.StringData(s), len(s)), true)
}

// littleEndian is whether the platform stores int16 as the file does.
var littleEndian = binary.NativeEndian.Uint16([]byte{1, 0}) == 1

// readTable is ReadTable, or TableInPlace when inPlace (b then read-only).
func readTable(b []byte, inPlace bool) (*Table, error) {
	if !IsTableFile(b) {
		return nil, fmt.Errorf("%w: not a leave table (no %s header)", ErrFormat, tableMagic)
	}
	if len(b) < len(tableMagic)+4 {
		return nil, fmt.Errorf("%w: truncated", ErrFormat)
	}
	rd := &reader{b: b[len(tableMagic) : len(b)-4]}
	if !inPlace {
		var err error
		if rd, err = checkedBody(b, tableMagic); err != nil {
			return nil, err
		}
	}
	t := &Table{Variant: rd.name()}
	var h header
	rd.read(&h)
	if rd.err != nil {
		return nil, rd.err
	}
	dist, err := shapeOf(h.MaxTiles, h.Dist)
	if err != nil {
		return nil, err
	}
	t.Space = NewSpace(dist)
	if int(h.N) != t.Space.Len() || len(rd.b) != 2*int(h.N) {
		return nil, fmt.Errorf("%w: %d values (%d bytes left), its distribution has %d leaves", ErrFormat, h.N, len(rd.b), t.Space.Len())
	}
	if inPlace && littleEndian && h.N > 0 && uintptr(unsafe.Pointer(&rd.b[0]))%2 == 0 {
		t.Values = unsafe.Slice((*int16)(unsafe.Pointer(&rd.b[0])), h.N)
	} else {
		t.Values = make([]int16, h.N)
		for i := range t.Values {
			t.Values[i] = int16(binary.LittleEndian.Uint16(rd.b[2*i:]))
		}
	}
	t.Generation, t.Games, t.Seed = int(h.Generation), h.Games, h.Seed
	return t, nil
}

// Checksum identifies the values of a table (CRC-32 of them), so that
// statistics gathered with one table are not merged with another's.
func (t *Table) Checksum() uint32 {
	c := crc32.NewIEEE()
	binary.Write(c, binary.LittleEndian, t.Values)
	return c.Sum32()
}

type crcWriter struct {
	w   *bufio.Writer
	crc interface {
		io.Writer
		Sum32() uint32
	}
	n   int64
	err error
}

func (c *crcWriter) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	c.crc.Write(p)
	n, err := c.w.Write(p)
	c.n += int64(n)
	c.err = err
	return n, err
}

func (c *crcWriter) WriteString(s string) { c.Write([]byte(s)) }

func writeName(w io.Writer, name string) {
	if len(name) > 255 {
		name = name[:255]
	}
	w.Write([]byte{byte(len(name))})
	io.WriteString(w, name)
}

type reader struct {
	b   []byte
	err error
}

func (r *reader) name() string {
	if r.err != nil || len(r.b) < 1 || len(r.b) < 1+int(r.b[0]) {
		r.fail()
		return ""
	}
	n := int(r.b[0])
	s := string(r.b[1 : 1+n])
	r.b = r.b[1+n:]
	return s
}

func (r *reader) read(v any) {
	if r.err != nil {
		return
	}
	n := binary.Size(v)
	if n < 0 || len(r.b) < n {
		r.fail()
		return
	}
	if _, err := binary.Decode(r.b[:n], binary.LittleEndian, v); err != nil {
		r.err = fmt.Errorf("%w: %v", ErrFormat, err)
		return
	}
	r.b = r.b[n:]
}

func (r *reader) fail() {
	if r.err == nil {
		r.err = fmt.Errorf("%w: truncated header", ErrFormat)
	}
}

// checkedBody checks the trailing checksum of a file of ours and returns a
// reader of what follows its magic.
func checkedBody(b []byte, magic string) (*reader, error) {
	body, tail := b[:len(b)-4], b[len(b)-4:]
	if got, want := crc32.ChecksumIEEE(body), binary.LittleEndian.Uint32(tail); got != want {
		return nil, fmt.Errorf("%w: checksum %08x, file says %08x (damaged or truncated)", ErrFormat, got, want)
	}
	return &reader{b: body[len(magic):]}, nil
}

// shapeOf is a file's distribution, if its leaves are this program's size.
func shapeOf(maxTiles uint8, d [tile.NumKinds]uint8) ([tile.NumKinds]int, error) {
	var dist [tile.NumKinds]int
	if maxTiles != MaxTiles {
		return dist, fmt.Errorf("%w: leaves of up to %d tiles, this program's tables hold %d", ErrFormat, maxTiles, MaxTiles)
	}
	for i, n := range d {
		dist[i] = int(n)
	}
	return dist, nil
}

// SubValues writes to dst[i] the value of r.SubRack(i) for every i <
// r.SubRacks(), the way a search over r's leaves indexes them; a leave the
// table does not hold (more than MaxTiles tiles, or more of a tile than
// its bag) gets NaN, for the caller to value otherwise. The values are
// Value's, found by adding up ranks kind by kind instead of ranking each
// leave. It does not allocate for a rack of at most 256 sub-leaves.
func (t *Table) SubValues(r *tile.Rack, dst []float64) {
	var kinds, counts [tile.NumKinds]uint8
	var strides [tile.NumKinds]int32
	n, stride := 0, int32(1)
	for k, c := range r.Counts {
		if c > 0 {
			kinds[n], counts[n], strides[n] = uint8(k), c, stride
			stride *= int32(c) + 1
			n++
		}
	}
	// The ranks first, then the values: a search values a rack's leaves
	// after its walks have pushed the table out of the caches, and the
	// values read in a plain loop have their cache misses overlap, where
	// read as each rank is found, deep in the recursion, fewer do. It
	// costs a buffer of ranks (on the stack for any real rack).
	var small [maxSubRacks]int32
	ranks := small[:]
	if int(stride) > len(small) {
		ranks = make([]int32, stride) // no search asks for so many
	}
	t.subRanks(ranks, &kinds, &counts, &strides, n, 0, 0, 0, MaxTiles, true)
	for i, r := range ranks[:min(int(stride), len(dst))] {
		if r < 0 {
			dst[i] = math.NaN()
			continue
		}
		dst[i] = float64(t.Values[r]) * 0.01
	}
}

// maxSubRacks is how many sub-multisets' ranks SubValues holds without
// allocating: 256, as many as the searches value (seven different tiles
// have 128).
const maxSubRacks = 256

// subRanks fills the ranks of the sub-multisets that take the counts
// chosen for kinds before j (index and rank so far, k tiles still allowed,
// held false once the table cannot hold them: rank -1).
func (t *Table) subRanks(dst []int32, kinds, counts *[tile.NumKinds]uint8, strides *[tile.NumKinds]int32, n, j int, index, rank int32, k int, held bool) {
	if j == n {
		if held {
			dst[index] = rank
		} else {
			dst[index] = -1
		}
		return
	}
	kind := kinds[j]
	for c := 0; c <= int(counts[j]); c++ {
		h, r, left := held, rank, k-c
		if h && (c > int(t.Space.Dist[kind]) || left < 0) {
			h = false
		}
		if h {
			r += t.Space.before[kind][k][c]
		}
		t.subRanks(dst, kinds, counts, strides, n, j+1, index+int32(c)*strides[j], r, left, h)
	}
}
