package multiset

import (
	"encoding/binary"
	"fmt"
	"hash/crc32"
)

// BlankTable is the word map's answer for a blank: for every multiset of
// letters that is some word's letters less one, the letters that one may
// be (bit l for letter l). A rack with a blank asks it whether a bingo can
// exist in a slot with one lookup (the blank's possible letters, usually
// none or one or two, each then checked against the slot as a rack without
// a blank is) instead of one lookup per letter the blank might be; with
// two blanks, one lookup per letter the first might be. This is the blank
// half of MAGPIE's word map (src/ent/wmp.h), kept as small as our bound
// needs: letters, not words.
//
// It is an open-addressing hash table of 8-byte slots at most two thirds
// full: (the key's low 32 bits) << 32 | the letter set, 0 for an empty
// slot (a stored set is never empty). As in Table, a key that matches a
// stored one in those 32 bits but is not stored (about one lookup in four
// billion) gets that one's letters: the bound it feeds is then looser,
// never wrong. 16 MiB for the default list's 1.24 million multisets.
//
// It is immutable and safe for concurrent use.
type BlankTable struct {
	raw   []byte
	slots []byte
	shift uint
	mask  uint64
	nsets int
}

const (
	blankMagic     = "LXBLNK01"
	blankVersion   = 1
	blankHeaderLen = 24 // magic, version, log2 slots, multisets, CRC-32C of the slots
)

// BuildBlanks returns the blank table of words (upper case A-Z; others are
// skipped). Order and duplicates do not matter.
func BuildBlanks(words []string) *BlankTable {
	// Each distinct letter of a word removed gives one key; the keys of
	// the default list come to about 4.6 per word.
	n := 0
	for _, w := range words {
		if valid(w) {
			n += min(len(w), 26)
		}
	}
	log2 := uint(4)
	for 1<<log2 < n/2 { // a first guess; grown below if the keys are more
		log2++
	}
	var slots []byte
	var nsets int
	for {
		slots, nsets = fillBlanks(words, log2)
		if 3*nsets <= 2<<log2 {
			break
		}
		log2++
	}
	raw := make([]byte, blankHeaderLen, blankHeaderLen+len(slots))
	raw = append(raw, slots...)
	le := binary.LittleEndian
	copy(raw, blankMagic)
	le.PutUint32(raw[8:], blankVersion)
	le.PutUint32(raw[12:], uint32(log2))
	le.PutUint32(raw[16:], uint32(nsets))
	le.PutUint32(raw[20:], crc32.Checksum(raw[blankHeaderLen:], castagnoli))
	t, err := LoadBlanks(raw)
	if err != nil {
		panic("multiset: BuildBlanks produced an invalid table: " + err.Error()) // a bug here, not bad input
	}
	return t
}

// fillBlanks fills 2^log2 slots with words' keys, giving up (nsets beyond
// two thirds of the slots) when they do not fit.
func fillBlanks(words []string, log2 uint) (slots []byte, nsets int) {
	slots = make([]byte, slotLen<<log2)
	shift, mask := 64-log2, uint64(1)<<log2-1
	le := binary.LittleEndian
	limit := 2 << log2 / 3
	for _, w := range words {
		if !valid(w) {
			continue
		}
		k := Of(w)
		var seen uint32
		for i := 0; i < len(w); i++ {
			l := w[i] - 'A'
			bit := uint32(1) << l
			if seen&bit != 0 {
				continue
			}
			seen |= bit
			less := k - letterKeys[l]
			want := uint64(uint32(less))
			h := uint64(less) >> shift
			for {
				s := le.Uint64(slots[h*slotLen:])
				if s == 0 {
					if nsets++; nsets > limit {
						return nil, nsets
					}
					le.PutUint64(slots[h*slotLen:], want<<32|uint64(bit))
					break
				}
				if s>>32 == want {
					le.PutUint64(slots[h*slotLen:], s|uint64(bit))
					break
				}
				h = (h + 1) & mask
			}
		}
	}
	return slots, nsets
}

// LoadBlanks uses b (as made by Bytes) in place: b must stay valid and
// unchanged while the table is in use. It checks the header and the sizes
// but not the checksum (Check does): reading 16 MiB at every open cost
// about 5 ms of a bot's start-up (faulting every page of the map in), while
// a search reads a few dozen slots. A damaged slot can only loosen or
// tighten one bingo bound; `lexico-index verify` finds it.
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
	log2 := uint(le.Uint32(b[12:]))
	nsets := int(le.Uint32(b[16:]))
	if log2 < 1 || log2 > 40 || uint64(len(b)-blankHeaderLen) != slotLen<<log2 || nsets > 1<<log2 {
		return nil, fmt.Errorf("%w: %d bytes for 2^%d slots", ErrTruncated, len(b), log2)
	}
	return &BlankTable{raw: b, slots: b[blankHeaderLen:], shift: 64 - log2, mask: 1<<log2 - 1, nsets: nsets}, nil
}

// Check compares t's checksum with its slots: the test LoadBlanks leaves
// out.
func (t *BlankTable) Check() error {
	le := binary.LittleEndian
	if sum := crc32.Checksum(t.slots, castagnoli); sum != le.Uint32(t.raw[20:]) {
		return fmt.Errorf("%w: stored %08x, computed %08x", ErrChecksum, le.Uint32(t.raw[20:]), sum)
	}
	return nil
}

// Bytes is the table's serialised form, the one LoadBlanks reads. The
// caller must not modify it.
func (t *BlankTable) Bytes() []byte { return t.raw }

// Letters is the set of letters l (bit l, 0 for 'A') for which k's
// multiset plus l spells a word: the letters a blank added to k may be.
func (t *BlankTable) Letters(k Key) uint32 {
	want := uint64(uint32(k))
	h := uint64(k) >> t.shift
	for {
		s := binary.LittleEndian.Uint64(t.slots[h*slotLen:])
		if s == 0 {
			return 0
		}
		if s>>32 == want {
			return uint32(s)
		}
		h = (h + 1) & t.mask
	}
}

// LettersEach sets out[l] to Letters(k.Add(l)) for every letter l: what a
// second blank may be once the first is l, for a rack with two. The first
// slot of each of the 26 keys is read before any is looked at, so that
// their cache misses, independent, overlap instead of following one
// another (26 calls of Letters wait for each in turn).
func (t *BlankTable) LettersEach(k Key, out *[26]uint32) {
	var first [26]uint64
	for l := range first {
		first[l] = binary.LittleEndian.Uint64(t.slots[(uint64(k+letterKeys[l])>>t.shift)*slotLen:])
	}
	for l, s := range first {
		kl := k + letterKeys[l]
		switch {
		case s == 0:
			out[l] = 0
		case s>>32 == uint64(uint32(kl)):
			out[l] = uint32(s)
		default: // another key in the first slot: probe on
			out[l] = t.Letters(kl)
		}
	}
}

// Multisets is the number of multisets stored.
func (t *BlankTable) Multisets() int { return t.nsets }

// Log2Slots is the table's size: 2^Log2Slots slots of 8 bytes.
func (t *BlankTable) Log2Slots() uint { return 64 - t.shift }
