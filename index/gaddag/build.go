package gaddag

import (
	"math/bits"
	"slices"
)

// key is one GADDAG sequence packed big-endian into 16 bytes, one symbol a
// byte: 0 pads, 1 is the separator, 2..27 are 'A'..'Z'. Comparing keys as
// (hi, lo) is lexicographic order on sequences, which is what incremental
// minimisation needs, and sorting 2.5 million fixed-size keys is far cheaper
// than sorting as many strings.
type key struct{ hi, lo uint64 }

func (k *key) set(i int, sym byte) {
	if i < 8 {
		k.hi |= uint64(sym) << (56 - 8*uint(i))
	} else {
		k.lo |= uint64(sym) << (56 - 8*uint(i-8))
	}
}

func (k key) at(i int) byte {
	if i < 8 {
		return byte(k.hi >> (56 - 8*uint(i)))
	}
	return byte(k.lo >> (56 - 8*uint(i-8)))
}

func cmpKey(a, b key) int {
	switch {
	case a.hi < b.hi:
		return -1
	case a.hi > b.hi:
		return 1
	case a.lo < b.lo:
		return -1
	case a.lo > b.lo:
		return 1
	}
	return 0
}

// validWord reports whether Build can store w: 1..MaxWordLen letters A-Z.
func validWord(w string) bool {
	if len(w) == 0 || len(w) > MaxWordLen {
		return false
	}
	for i := 0; i < len(w); i++ {
		if w[i] < 'A' || w[i] > 'Z' {
			return false
		}
	}
	return true
}

// Build makes the minimised GADDAG of words. Words should be upper-case A-Z,
// 1..MaxWordLen letters; others cannot be played on any board and are
// skipped. Order and duplicates do not matter: the sequences are sorted and
// deduplicated here, so a caller cannot get a silently broken automaton by
// passing an unsorted list.
//
// Every rotation REV(w[:i]) ^ w[i:] (and REV(w) without separator) is added in
// sorted order with Daciuk's incremental algorithm, so the automaton never
// exists unminimised: memory stays proportional to the result, a few MB for
// the 274k-word default list.
func Build(words []string) *GADDAG {
	n := 0
	for _, w := range words {
		if validWord(w) {
			n += len(w)
		}
	}
	keys := make([]key, 0, n)
	for _, w := range words {
		if !validWord(w) {
			continue
		}
		L := len(w)
		for i := 1; i <= L; i++ {
			var k key
			p := 0
			for j := i - 1; j >= 0; j-- {
				k.set(p, w[j]-'A'+2)
				p++
			}
			if i < L {
				k.set(p, 1)
				p++
				for j := i; j < L; j++ {
					k.set(p, w[j]-'A'+2)
					p++
				}
			}
			keys = append(keys, k)
		}
	}
	slices.SortFunc(keys, cmpKey)
	keys = slices.Compact(keys)

	b := newBuilder(len(keys))
	for _, k := range keys {
		b.add(k)
	}
	return b.finish()
}

// pathNode is a node on the path of the last sequence added: still mutable
// because later sequences may add arcs or letters to it.
type pathNode struct {
	ls, am uint32
	child  [27]int32
}

// builder holds the registered (minimised, immutable) nodes in post-order:
// a node's children are registered before it, so the root comes last.
type builder struct {
	ls, am []uint32
	first  []int32 // index of a node's first child in kids
	kids   []int32
	table  []int32 // open addressing over node ids, -1 empty
	mask   uint64

	path  [MaxWordLen + 2]pathNode
	prev  [MaxWordLen + 1]byte // symbols of the last sequence, automaton numbering
	prevN int
	words int // sequences without a separator: one per distinct word
}

func newBuilder(nkeys int) *builder {
	est := nkeys/4 + 16
	b := &builder{
		ls:    make([]uint32, 0, est),
		am:    make([]uint32, 0, est),
		first: make([]int32, 0, est),
		kids:  make([]int32, 0, est*2),
	}
	b.resize(1 << 16)
	return b
}

func (b *builder) resize(size int) {
	b.table = make([]int32, size)
	for i := range b.table {
		b.table[i] = -1
	}
	b.mask = uint64(size - 1)
	for id := range b.ls {
		h := b.hashStored(int32(id)) & b.mask
		for b.table[h] >= 0 {
			h = (h + 1) & b.mask
		}
		b.table[h] = int32(id)
	}
}

func mix(h, v uint64) uint64 {
	h ^= v
	h *= 0x9E3779B97F4A7C15
	return h ^ (h >> 29)
}

func (b *builder) hashStored(id int32) uint64 {
	h := mix(uint64(b.ls[id]), uint64(b.am[id]))
	k := bits.OnesCount32(b.am[id])
	f := b.first[id]
	for i := int32(0); i < int32(k); i++ {
		h = mix(h, uint64(b.kids[f+i]))
	}
	return h
}

// register returns the id of the stored node equal to p, storing p if new.
func (b *builder) register(p *pathNode) int32 {
	h := mix(uint64(p.ls), uint64(p.am))
	for m := p.am; m != 0; m &= m - 1 {
		h = mix(h, uint64(p.child[bits.TrailingZeros32(m)]))
	}
	i := h & b.mask
	for {
		id := b.table[i]
		if id < 0 {
			break
		}
		if b.ls[id] == p.ls && b.am[id] == p.am && b.sameKids(id, p) {
			return id
		}
		i = (i + 1) & b.mask
	}
	id := int32(len(b.ls))
	b.ls = append(b.ls, p.ls)
	b.am = append(b.am, p.am)
	b.first = append(b.first, int32(len(b.kids)))
	for m := p.am; m != 0; m &= m - 1 {
		b.kids = append(b.kids, p.child[bits.TrailingZeros32(m)])
	}
	b.table[i] = id
	if uint64(len(b.ls))*2 > uint64(len(b.table)) {
		b.resize(len(b.table) * 2)
	}
	return id
}

func (b *builder) sameKids(id int32, p *pathNode) bool {
	f := b.first[id]
	for m := p.am; m != 0; m &= m - 1 {
		if b.kids[f] != p.child[bits.TrailingZeros32(m)] {
			return false
		}
		f++
	}
	return true
}

// minimiseTo registers the path nodes deeper than depth and links each to
// its parent.
func (b *builder) minimiseTo(depth int) {
	for d := b.prevN - 1; d > depth; d-- {
		id := b.register(&b.path[d])
		l := b.prev[d-1]
		b.path[d-1].child[l] = id
		b.path[d-1].am |= 1 << l
	}
}

func (b *builder) add(k key) {
	var sym [MaxWordLen + 1]byte
	m := 0
	whole := true
	for ; m < len(sym); m++ {
		s := k.at(m)
		if s == 0 {
			break
		}
		if s == 1 {
			whole = false
			sym[m] = Separator
		} else {
			sym[m] = s - 2
		}
	}
	// Path nodes exist for the first m-1 symbols; the last one is a letter
	// set bit on the deepest node.
	c := 0
	for c < m-1 && c < b.prevN-1 && sym[c] == b.prev[c] {
		c++
	}
	b.minimiseTo(c)
	for d := c + 1; d <= m-1; d++ {
		b.path[d] = pathNode{}
	}
	b.path[m-1].ls |= 1 << sym[m-1]
	b.prev = sym
	b.prevN = m
	if whole {
		b.words++
	}
}

func (b *builder) finish() *GADDAG {
	if b.prevN == 0 {
		b.prevN = 1
	}
	b.minimiseTo(0)
	root := b.register(&b.path[0])
	order := b.layout(root)
	off := make([]uint32, len(b.ls))
	cur := uint32(0)
	for _, id := range order {
		off[id] = cur
		cur += 2 + uint32(bits.OnesCount32(b.am[id]))
	}
	raw := make([]byte, headerLen+4*int(cur))
	a := make([]uint32, cur)
	for _, id := range order {
		o := off[id]
		a[o] = b.ls[id]
		a[o+1] = b.am[id]
		k := bits.OnesCount32(b.am[id])
		f := b.first[id]
		for i := 0; i < k; i++ {
			a[int(o)+2+i] = off[b.kids[int(f)+i]]
		}
	}
	encode(raw, a, len(order), b.words)
	g, err := Load(raw)
	if err != nil {
		panic("gaddag: Build produced an invalid automaton: " + err.Error()) // a bug here, not bad input
	}
	return g
}

// layout orders the nodes reachable from root by their longest distance from
// it. That is a topological order (every arc points forward, which Load
// checks), and it packs the few shallow nodes every generation walks through
// into the first kilobytes of the array, where they stay in cache; the deep,
// rarely visited nodes come last.
func (b *builder) layout(root int32) []int32 {
	depth := make([]int32, root+1)
	for i := range depth {
		depth[i] = -1
	}
	depth[root] = 0
	var perDepth [MaxWordLen + 3]int
	// Children have smaller ids than all their parents, so one pass from
	// the root down sees every parent of a node before the node.
	for id := root; id >= 0; id-- {
		d := depth[id]
		if d < 0 {
			continue
		}
		perDepth[d]++
		f := b.first[id]
		for i := int32(0); i < int32(bits.OnesCount32(b.am[id])); i++ {
			k := b.kids[f+i]
			depth[k] = max(depth[k], d+1)
		}
	}
	start := make([]int, len(perDepth))
	total := 0
	for d, c := range perDepth {
		start[d] = total
		total += c
	}
	order := make([]int32, total)
	for id := root; id >= 0; id-- {
		if d := depth[id]; d >= 0 {
			order[start[d]] = id
			start[d]++
		}
	}
	return order
}
