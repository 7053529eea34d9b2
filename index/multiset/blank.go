package multiset

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
)

// BlankTable is the word map's answer for blanks. Its first part holds,
// for every multiset of letters that is some word's letters less one, the
// letters that one may be (bit l for letter l): a rack with a blank asks it
// whether a bingo can exist in a slot with one lookup (the blank's possible
// letters, usually none or one or two, each then checked against the slot
// as a rack without a blank is) instead of one lookup per letter the blank
// might be. Its second part holds, for every multiset that is some word's
// letters less two, the letters the first (alphabetically) of those two
// may be: a rack with two blanks reads it once, then the first part once
// for each such letter, where it read the first part for all 26 letters
// (MAGPIE's word map keeps its double-blank entries for the same reason,
// src/ent/wmp.h). This is the blank half of that word map, kept as small
// as our bound needs: letters, not words.
//
// Each part is an open-addressing hash table of 8-byte slots at most three
// quarters full: (the key's low 32 bits) << 32 | the letter set, 0 for an
// empty slot (a stored set is never empty). As in Table, a key that
// matches a stored one in those 32 bits but is not stored (about one
// lookup in four billion) gets that one's letters: the bound it feeds is
// then looser, never wrong. For the default list: 16 MiB for 1.24 million
// multisets less one letter, 32 MiB for 3.05 million less two.
//
// It is immutable and safe for concurrent use.
type BlankTable struct {
	raw []byte
	// one is the first part (less one letter), two the second (less two).
	one, two blankPart
}

// blankPart is one of a BlankTable's hash tables.
type blankPart struct {
	slots []byte
	shift uint
	mask  uint64
	nsets int
}

const (
	blankMagic   = "LXBLNK02"
	blankVersion = 2
	// The header: magic, version, then for each part log2 slots and
	// multisets, then the CRC-32C of both parts' slots.
	blankHeaderLen = 32
)

// BuildBlanks returns the blank table of words (upper case A-Z; others are
// skipped). Order and duplicates do not matter.
func BuildBlanks(words []string) *BlankTable {
	one, log2One, nOne := buildPart(words, 1)
	two, log2Two, nTwo := buildPart(words, 2)
	raw := make([]byte, blankHeaderLen, blankHeaderLen+len(one)+len(two))
	raw = append(raw, one...)
	raw = append(raw, two...)
	le := binary.LittleEndian
	copy(raw, blankMagic)
	le.PutUint32(raw[8:], blankVersion)
	le.PutUint32(raw[12:], uint32(log2One))
	le.PutUint32(raw[16:], uint32(nOne))
	le.PutUint32(raw[20:], uint32(log2Two))
	le.PutUint32(raw[24:], uint32(nTwo))
	le.PutUint32(raw[28:], crc32.Checksum(raw[blankHeaderLen:], castagnoli))
	t, err := LoadBlanks(raw)
	if err != nil {
		panic("multiset: BuildBlanks produced an invalid table: " + err.Error()) // a bug here, not bad input
	}
	return t
}

// buildPart fills the part of the multisets of words less less letters
// (1 or 2), in the fewest slots that keep it at most three quarters full.
func buildPart(words []string, less int) (slots []byte, log2 uint, nsets int) {
	// A first guess from the words' lengths (keys a word: about 4.6 less
	// one letter for the default list, 11 less two, after those shared),
	// grown below if they are more.
	n := 0
	for _, w := range words {
		if valid(w) {
			n += min(len(w), 26) * less
		}
	}
	log2 = uint(4)
	for 1<<log2 < n/2 {
		log2++
	}
	for {
		if slots, nsets = fillBlanks(words, log2, less); slots != nil {
			return slots, log2, nsets
		}
		log2++
	}
}

// fillBlanks fills 2^log2 slots with the keys of words less less letters
// (1 or 2), giving up (nil) when they are more than three quarters of the
// slots.
func fillBlanks(words []string, log2 uint, less int) (slots []byte, nsets int) {
	slots = make([]byte, slotLen<<log2)
	shift, mask := 64-log2, uint64(1)<<log2-1
	le := binary.LittleEndian
	limit := 3 << log2 / 4
	add := func(k Key, bit uint32) bool {
		want := uint64(uint32(k))
		h := uint64(k) >> shift
		for {
			s := le.Uint64(slots[h*slotLen:])
			if s == 0 {
				if nsets++; nsets > limit {
					return false
				}
				le.PutUint64(slots[h*slotLen:], want<<32|uint64(bit))
				return true
			}
			if s>>32 == want {
				le.PutUint64(slots[h*slotLen:], s|uint64(bit))
				return true
			}
			h = (h + 1) & mask
		}
	}
	for _, w := range words {
		if !valid(w) {
			continue
		}
		k := Of(w)
		var counts [26]uint8
		for i := 0; i < len(w); i++ {
			counts[w[i]-'A']++
		}
		for x := range 26 {
			if counts[x] == 0 {
				continue
			}
			if less == 1 {
				if !add(k-letterKeys[x], 1<<x) {
					return nil, nsets
				}
				continue
			}
			// Less x and y, y not before x: the set stored is the first's.
			for y := x; y < 26; y++ {
				if counts[y] == 0 || y == x && counts[x] < 2 {
					continue
				}
				if !add(k-letterKeys[x]-letterKeys[y], 1<<x) {
					return nil, nsets
				}
			}
		}
	}
	return slots, nsets
}

// LoadBlanks uses b (as made by Bytes) in place: b must stay valid and
// unchanged while the table is in use. It checks the header and the sizes
// but not the checksum, which Check compares: a pass over 48 MiB for the
// default list, that a caller may run beside other work (index.Open runs
// it on a goroutine of its own) before any search reads the table.
func LoadBlanks(b []byte) (*BlankTable, error) {
	if len(b) < blankHeaderLen {
		return nil, fmt.Errorf("%w: %d bytes, the header needs %d", ErrTruncated, len(b), blankHeaderLen)
	}
	if string(b[:8]) != blankMagic {
		return nil, ErrMagic
	}
	le := binary.LittleEndian
	if v := le.Uint32(b[8:]); v != blankVersion {
		return nil, fmt.Errorf("%w: %d (want %d)", ErrVersion, v, blankVersion)
	}
	log2One, log2Two := uint(le.Uint32(b[12:])), uint(le.Uint32(b[20:]))
	nOne, nTwo := int(le.Uint32(b[16:])), int(le.Uint32(b[24:]))
	for _, p := range [][2]int{{int(log2One), nOne}, {int(log2Two), nTwo}} {
		if p[0] < 1 || p[0] > 40 || p[1] > 1<<p[0] {
			return nil, fmt.Errorf("%w: %d multisets in 2^%d slots", ErrTruncated, p[1], p[0])
		}
	}
	sizeOne := uint64(slotLen) << log2One
	if uint64(len(b)-blankHeaderLen) != sizeOne+uint64(slotLen)<<log2Two {
		return nil, fmt.Errorf("%w: %d bytes for 2^%d and 2^%d slots", ErrTruncated, len(b), log2One, log2Two)
	}
	slots := b[blankHeaderLen:]
	return &BlankTable{raw: b,
		one: blankPart{slots: slots[:sizeOne], shift: 64 - log2One, mask: 1<<log2One - 1, nsets: nOne},
		two: blankPart{slots: slots[sizeOne:], shift: 64 - log2Two, mask: 1<<log2Two - 1, nsets: nTwo},
	}, nil
}

// Check compares t's checksum with its slots: the test LoadBlanks leaves
// out.
func (t *BlankTable) Check() error {
	le := binary.LittleEndian
	if sum := crc32.Checksum(t.raw[blankHeaderLen:], castagnoli); sum != le.Uint32(t.raw[28:]) {
		return fmt.Errorf("%w: stored %08x, computed %08x", ErrChecksum, le.Uint32(t.raw[28:]), sum)
	}
	return nil
}

// Bytes is the table's serialised form, the one LoadBlanks reads. The
// caller must not modify it.
func (t *BlankTable) Bytes() []byte { return t.raw }

// Letters is the set of letters l (bit l, 0 for 'A') for which k's
// multiset plus l spells a word: the letters a blank added to k may be.
func (t *BlankTable) Letters(k Key) uint32 { return t.one.letters(k) }

// FirstLetters is the set of letters x (bit x) for which k's multiset plus
// x and some letter y, not before x, spells a word: the letters the first
// of two blanks added to k may be, the second then being one of
// Letters(k.Add(x)) from x on.
func (t *BlankTable) FirstLetters(k Key) uint32 { return t.two.letters(k) }

// letters is the set stored for k, 0 if none.
func (p *blankPart) letters(k Key) uint32 {
	want := uint64(uint32(k))
	h := uint64(k) >> p.shift
	for {
		s := binary.LittleEndian.Uint64(p.slots[h*slotLen:])
		if s == 0 {
			return 0
		}
		if s>>32 == want {
			return uint32(s)
		}
		h = (h + 1) & p.mask
	}
}

// LettersOf sets out[i] to Letters(keys[i]) for each key, reading the
// first slot of every key before looking at any, so that their cache
// misses overlap: a move generator asks about every bingo extent of a
// board at once. out must be at least as long as keys.
func (t *BlankTable) LettersOf(keys []Key, out []uint32) { t.one.lettersOf(keys, out) }

// FirstLettersOf sets out[i] to FirstLetters(keys[i]) for each key, as
// LettersOf does for Letters.
func (t *BlankTable) FirstLettersOf(keys []Key, out []uint32) { t.two.lettersOf(keys, out) }

// lettersOf sets out[i] to the set stored for keys[i], the first slots of a
// batch of keys read before any is looked at.
func (p *blankPart) lettersOf(keys []Key, out []uint32) {
	const batch = 32
	var first [batch]uint64
	for lo := 0; lo < len(keys); lo += batch {
		ks := keys[lo:min(lo+batch, len(keys))]
		for i, k := range ks {
			first[i] = binary.LittleEndian.Uint64(p.slots[(uint64(k)>>p.shift)*slotLen:])
		}
		for i, k := range ks {
			switch s := first[i]; {
			case s == 0:
				out[lo+i] = 0
			case s>>32 == uint64(uint32(k)):
				out[lo+i] = uint32(s)
			default: // another key in the first slot: probe on
				out[lo+i] = p.letters(k)
			}
		}
	}
}

// Multisets is the number of multisets stored in the first part (a word's
// letters less one).
func (t *BlankTable) Multisets() int { return t.one.nsets }

// Log2Slots is the first part's size: 2^Log2Slots slots of 8 bytes.
func (t *BlankTable) Log2Slots() uint { return 64 - t.one.shift }

// PairMultisets is the number of multisets stored in the second part (a
// word's letters less two).
func (t *BlankTable) PairMultisets() int { return t.two.nsets }

// PairLog2Slots is the second part's size: 2^PairLog2Slots slots of 8
// bytes.
func (t *BlankTable) PairLog2Slots() uint { return 64 - t.two.shift }

// Detach makes t read a copy of its bytes in the process's own memory
// instead of those LoadBlanks was given (an index's memory map), so that a
// file truncated under the map cannot fault a lookup. It must not run
// while t is in use; its answers do not change.
func (t *BlankTable) Detach() {
	raw := bytes.Clone(t.raw)
	one := uint64(len(t.one.slots))
	slots := raw[blankHeaderLen:]
	t.raw, t.one.slots, t.two.slots = raw, slots[:one], slots[one:]
}
