package gaddag

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"math/bits"
	"runtime/debug"
	"slices"
	"unsafe"
)

// The flat form, all little-endian:
//
//	0  magic "LXGADDAG"
//	8  version (1)
//	12 reserved (0)
//	16 node count
//	20 word count
//	24 array length in uint32s
//	28 CRC-32C of the array bytes
//	32 the array
const (
	headerLen = 32
	version   = 1
	magic     = "LXGADDAG"
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

func encode(raw []byte, a []uint32, nodes, words int) {
	copy(raw, magic)
	le := binary.LittleEndian
	le.PutUint32(raw[8:], version)
	le.PutUint32(raw[12:], 0)
	le.PutUint32(raw[16:], uint32(nodes))
	le.PutUint32(raw[20:], uint32(words))
	le.PutUint32(raw[24:], uint32(len(a)))
	body := raw[headerLen:]
	for i, v := range a {
		le.PutUint32(body[4*i:], v)
	}
	le.PutUint32(raw[28:], crc32.Checksum(body, castagnoli))
}

// Bytes is the flat, self-describing form that Load reads back: a copy the
// caller may keep or modify.
func (g *GADDAG) Bytes() []byte { return append([]byte(nil), g.raw...) }

// WordCount is the number of words the GADDAG was built from.
func (g *GADDAG) WordCount() int { return int(binary.LittleEndian.Uint32(g.raw[20:])) }

var littleEndianHost = func() bool {
	x := uint16(1)
	return *(*byte)(unsafe.Pointer(&x)) == 1
}()

// Load reads the flat form made by Bytes. When b is suitably aligned on a
// little-endian machine the GADDAG uses b's memory directly (no copy, so
// opening a memory-mapped index costs only the validation pass); b must then
// stay valid and unmodified while the GADDAG is in use. Otherwise the array
// is copied.
//
// Load never trusts b: besides the checksum it checks that every node lies
// inside the array, that letter and arc sets use only defined bits, and that
// every arc points forward to the start of a node, so no traversal of a
// loaded GADDAG can index out of range or loop.
func Load(b []byte) (*GADDAG, error) {
	if len(b) < headerLen {
		return nil, fmt.Errorf("%w: %d bytes, header needs %d", ErrTruncated, len(b), headerLen)
	}
	if string(b[:8]) != magic {
		return nil, ErrMagic
	}
	le := binary.LittleEndian
	if v := le.Uint32(b[8:]); v != version {
		return nil, fmt.Errorf("%w: %d (want %d)", ErrVersion, v, version)
	}
	nodes := le.Uint32(b[16:])
	n := uint64(le.Uint32(b[24:]))
	if uint64(len(b)-headerLen) != 4*n {
		return nil, fmt.Errorf("%w: header says %d array bytes, have %d", ErrTruncated, 4*n, len(b)-headerLen)
	}
	body := b[headerLen:]
	// The checksum and the structure are checked at once, on two cores
	// when there are two: each is a pass over the whole array, and opening
	// the index is on the way to a bot's first move. A bad checksum is
	// reported before whatever the structure check found.
	sums := make(chan checksum, 1)
	go func() { sums <- sumOf(body) }()
	a, err := arrayOf(body, n, nodes)
	switch sum := <-sums; {
	case sum.fault != nil:
		return nil, fmt.Errorf("%w: reading the array: %v", ErrTruncated, sum.fault)
	case sum.crc != le.Uint32(b[28:]):
		return nil, fmt.Errorf("%w: stored %08x, computed %08x", ErrChecksum, le.Uint32(b[28:]), sum.crc)
	case err != nil:
		return nil, err
	}
	return &GADDAG{a: a, nodes: int(nodes), raw: b}, nil
}

// checksum is the CRC of a GADDAG's array, or the memory fault that cut
// it short (a mapped file truncated under the map).
type checksum struct {
	crc   uint32
	fault any
}

// sumOf is body's checksum. It runs on a goroutine of its own, which the
// caller's debug.SetPanicOnFault does not cover, so it sets its own and
// turns a fault into a value.
func sumOf(body []byte) (c checksum) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() { c.fault = recover() }()
	return checksum{crc: crc32.Checksum(body, castagnoli)}
}

// arrayOf is body as the GADDAG's array of n words, validated.
func arrayOf(body []byte, n uint64, nodes uint32) ([]uint32, error) {
	var a []uint32
	if n > 0 && littleEndianHost && uintptr(unsafe.Pointer(&body[0]))%4 == 0 {
		a = unsafe.Slice((*uint32)(unsafe.Pointer(&body[0])), n)
	} else {
		a = make([]uint32, n)
		for i := range a {
			a[i] = binary.LittleEndian.Uint32(body[4*i:])
		}
	}
	if err := validate(a, nodes); err != nil {
		return nil, err
	}
	return a, nil
}

// validate checks that a is a sequence of whole nodes, nodes of them, whose
// arcs each point forward to the start of a node, so that a walk can never
// index outside a or loop. It reads a once: each arc's target is marked in
// a bitmap beside the nodes' starts (arcs point forward, so a target's node
// is not known yet when the arc is read), and the two bitmaps are compared
// at the end; only when they differ is a walked again to name the arc.
func validate(a []uint32, nodes uint32) error {
	if len(a) < 2 {
		return fmt.Errorf("%w: no root node", ErrCorrupt)
	}
	if uint64(len(a)) >= 1<<31 {
		return fmt.Errorf("%w: array too large", ErrCorrupt)
	}
	starts := make([]uint64, (len(a)+63)/64)
	targets := make([]uint64, len(starts))
	count := uint32(0)
	for i := 0; i < len(a); {
		if i+2 > len(a) {
			return fmt.Errorf("%w: node at %d runs past the end", ErrCorrupt, i)
		}
		if a[i]>>26 != 0 || a[i+1]>>27 != 0 {
			return fmt.Errorf("%w: node at %d has undefined letter bits", ErrCorrupt, i)
		}
		k := bits.OnesCount32(a[i+1])
		if i+2+k > len(a) {
			return fmt.Errorf("%w: arcs of node at %d run past the end", ErrCorrupt, i)
		}
		starts[i/64] |= 1 << (uint(i) % 64)
		count++
		for j, t := range a[i+2 : i+2+k] {
			if int(t) <= i || int(t) >= len(a) {
				return fmt.Errorf("%w: arc %d of node at %d points to %d", ErrCorrupt, j, i, t)
			}
			targets[t/64] |= 1 << (t % 64)
		}
		i += 2 + k
	}
	if count != nodes {
		return fmt.Errorf("%w: %d nodes, header says %d", ErrCorrupt, count, nodes)
	}
	for w := range targets {
		if targets[w]&^starts[w] != 0 {
			return badArc(a, starts)
		}
	}
	return nil
}

// badArc names the first arc of a (whole nodes, validate found) that does
// not point to the start of a node.
func badArc(a []uint32, starts []uint64) error {
	for i := 0; i < len(a); {
		k := bits.OnesCount32(a[i+1])
		for j, t := range a[i+2 : i+2+k] {
			if starts[t/64]&(1<<(t%64)) == 0 {
				return fmt.Errorf("%w: arc %d of node at %d points to %d", ErrCorrupt, j, i, t)
			}
		}
		i += 2 + k
	}
	return fmt.Errorf("%w: an arc points inside a node", ErrCorrupt)
}

// Detach makes g read a copy of its array in the process's own memory
// instead of b, the bytes Load was given (an index's memory map): a file
// truncated under a mapping faults at the next read of a page past its
// new end, and Detach is how a long-running reader is immune to that. It
// must not run while g is in use; g reads the same array, so its answers
// do not change.
func (g *GADDAG) Detach() {
	raw := bytes.Clone(g.raw)
	body := raw[headerLen:]
	if len(g.a) > 0 && littleEndianHost && uintptr(unsafe.Pointer(&body[0]))%4 == 0 {
		g.a = unsafe.Slice((*uint32)(unsafe.Pointer(&body[0])), len(g.a))
	} else {
		g.a = slices.Clone(g.a)
	}
	g.raw = raw
}
