// Package multiset answers, in one memory read, whether some word of a
// dictionary is spelt with exactly a given multiset of letters (Words
// returns none), and in one more which words those are. A move generator that bounds the score of a
// slot asks it whether a bingo (the whole rack plus the fixed letters of the
// slot) can exist there: it looks up the words of those letters and checks
// each against the slot's fixed letters and cross checks, so a slot gets
// the bingo bonus in its bound only if a bingo really fits it. That is what
// lets most slots be skipped unsearched.
package multiset

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"slices"
)

// Key identifies a multiset of letters: the sum, wrapping, of one fixed
// random 64-bit value per letter. Adding a letter is one addition, so a
// generator extends a key as it walks a slot, and the order of the letters
// does not matter. Two different multisets share a key with probability
// about 2^-64.
type Key uint64

// letterKeys must never change: keys are stored in index files. They are
// splitmix64 outputs from seed 0x4C4558494B4F (an arbitrary constant).
var letterKeys = func() (ks [26]Key) {
	x := uint64(0x4C4558494B4F)
	for i := range ks {
		x += 0x9E3779B97F4A7C15
		z := x
		z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
		z = (z ^ z>>27) * 0x94D049BB133111EB
		ks[i] = Key(z ^ z>>31)
	}
	return ks
}()

// Letter is the key of the single letter l (0 for 'A' .. 25 for 'Z').
func Letter(l int) Key { return letterKeys[l] }

// Add is the key of k's multiset with one more letter l (0 for 'A').
func (k Key) Add(l int) Key { return k + letterKeys[l] }

// Of is the key of the letters of word (upper case A-Z; other bytes are
// ignored).
func Of(word string) Key {
	var k Key
	for i := 0; i < len(word); i++ {
		if c := word[i]; c >= 'A' && c <= 'Z' {
			k += letterKeys[c-'A']
		}
	}
	return k
}

// Table maps the key of every multiset of letters that spells a word to
// those words. It is an open-addressing hash table of 8-byte slots at most
// half full, so a lookup reads one slot (rarely two or three, on the same
// cache line) and a miss is as cheap as a hit. A slot holds 32 bits of the
// key, not all 64, which keeps the table at 4 MiB for the default list: a
// key that matches a stored one in those bits but is not stored (about one
// lookup in four billion) is answered with that one's words. A caller that
// needs certainty compares the letters (HasWord does); the move generator
// only loosens a bound by it, which costs it a slot searched for nothing.
//
// It is immutable and safe for concurrent use.
type Table struct {
	raw   []byte // header, slots, groups: the form Bytes returns
	slots []byte // 8 bytes a slot, little endian
	data  []byte // the groups
	shift uint   // 64 - log2(slots)
	mask  uint64 // slots - 1
	nsets int
	words int
}

// A slot is (the key's low 32 bits) << 32 | (offset of its group in data
// + 1); 0 is an empty slot. A group is its words' length (1 byte), their
// number (2 bytes, little endian), then their letters, concatenated: the
// words of one multiset all have its size. The slot index is the key's top
// bits, and the key is random, so no further hashing is needed.
const (
	magic     = "LXMSET01"
	version   = 1
	headerLen = 32 // magic, version, log2 slots, multisets, words, data bytes, CRC-32C of the rest
	slotLen   = 8
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// Build returns the table of words (upper case A-Z, at most 255 letters;
// others are skipped). Order and duplicates do not matter.
func Build(words []string) (*Table, error) {
	type entry struct {
		key  Key
		word string
	}
	es := make([]entry, 0, len(words))
	for _, w := range words {
		if valid(w) {
			es = append(es, entry{Of(w), w})
		}
	}
	slices.SortFunc(es, func(a, b entry) int {
		if a.key != b.key {
			if a.key < b.key {
				return -1
			}
			return 1
		}
		switch {
		case a.word < b.word:
			return -1
		case a.word > b.word:
			return 1
		}
		return 0
	})
	es = slices.CompactFunc(es, func(a, b entry) bool { return a.word == b.word })
	nsets := 0
	for i := range es {
		if i == 0 || es[i].key != es[i-1].key {
			nsets++
		}
	}
	log2 := uint(4)
	for 1<<log2 < 2*nsets {
		log2++
	}
	var data []byte
	slots := make([]byte, slotLen<<log2)
	shift, mask := 64-log2, uint64(1)<<log2-1
	for i := 0; i < len(es); {
		j := i
		for j < len(es) && es[j].key == es[i].key {
			j++
		}
		if j-i > 0xffff {
			return nil, fmt.Errorf("%w: %d spell %s", ErrTooManyWords, j-i, es[i].word)
		}
		off := len(data)
		data = append(data, byte(len(es[i].word)), byte(j-i), byte((j-i)>>8))
		for _, e := range es[i:j] {
			data = append(data, e.word...)
		}
		k := es[i].key
		h := uint64(k) >> shift
		for binary.LittleEndian.Uint64(slots[h*slotLen:]) != 0 {
			h = (h + 1) & mask
		}
		binary.LittleEndian.PutUint64(slots[h*slotLen:], uint64(uint32(k))<<32|uint64(off+1))
		i = j
	}
	raw := make([]byte, headerLen, headerLen+len(slots)+len(data))
	raw = append(append(raw, slots...), data...)
	le := binary.LittleEndian
	copy(raw, magic)
	le.PutUint32(raw[8:], version)
	le.PutUint32(raw[12:], uint32(log2))
	le.PutUint32(raw[16:], uint32(nsets))
	le.PutUint32(raw[20:], uint32(len(es)))
	le.PutUint32(raw[24:], uint32(len(data)))
	le.PutUint32(raw[28:], crc32.Checksum(raw[headerLen:], castagnoli))
	t, err := Load(raw)
	if err != nil {
		panic("multiset: Build produced an invalid table: " + err.Error()) // a bug here, not bad input
	}
	return t, nil
}

// valid reports whether Build can store w.
func valid(w string) bool {
	if len(w) == 0 || len(w) > 255 {
		return false
	}
	for i := 0; i < len(w); i++ {
		if w[i] < 'A' || w[i] > 'Z' {
			return false
		}
	}
	return true
}

// Load uses b (as made by Bytes) in place: b must stay valid and unchanged
// while the table is in use. It checks the header, the checksum and that
// every slot points at a whole group inside the table, so a damaged table
// is an error here rather than a wrong answer or a crash later.
func Load(b []byte) (*Table, error) {
	if len(b) < headerLen {
		return nil, fmt.Errorf("%w: %d bytes, the header needs %d", ErrTruncated, len(b), headerLen)
	}
	if string(b[:8]) != magic {
		return nil, ErrMagic
	}
	le := binary.LittleEndian
	if v := le.Uint32(b[8:]); v != version {
		return nil, fmt.Errorf("%w: %d (want %d)", ErrVersion, v, version)
	}
	log2 := uint(le.Uint32(b[12:]))
	nsets, nwords, ndata := int(le.Uint32(b[16:])), int(le.Uint32(b[20:])), uint64(le.Uint32(b[24:]))
	if log2 > 40 || uint64(len(b)-headerLen) != slotLen<<log2+ndata || nsets > 1<<log2 {
		return nil, fmt.Errorf("%w: %d bytes for 2^%d slots and %d bytes of words", ErrTruncated, len(b), log2, ndata)
	}
	if sum := crc32.Checksum(b[headerLen:], castagnoli); sum != le.Uint32(b[28:]) {
		return nil, fmt.Errorf("%w: stored %08x, computed %08x", ErrChecksum, le.Uint32(b[28:]), sum)
	}
	t := &Table{raw: b, slots: b[headerLen : headerLen+slotLen<<log2], data: b[headerLen+slotLen<<log2:],
		shift: 64 - log2, mask: 1<<log2 - 1, nsets: nsets, words: nwords}
	// One sequential, branch-free pass over the slots: following each
	// into the words would cost a cache miss per slot, milliseconds on
	// every open. The words themselves are covered by the checksum, and
	// Words stays in bounds whatever a forged table holds; `lexico-index
	// verify` looks every word up.
	used, last := 0, uint64(0)
	for i := 0; i+slotLen <= len(t.slots); i += slotLen {
		s := le.Uint64(t.slots[i:])
		used += int((s | -s) >> 63) // 1 when the slot is in use
		last = max(last, uint64(uint32(s)))
	}
	if used != nsets {
		return nil, fmt.Errorf("%w: %d slots in use, the header says %d multisets", ErrCorrupt, used, nsets)
	}
	if last > 0 && last-1+3 > ndata {
		return nil, fmt.Errorf("%w: a slot points past the words", ErrCorrupt)
	}
	return t, nil
}

// Bytes is the table's serialised form, the one Load reads. The caller
// must not modify it.
func (t *Table) Bytes() []byte { return t.raw }

// find returns the offset in data of k's group, or -1.
func (t *Table) find(k Key) int {
	want := uint64(uint32(k))
	h := uint64(k) >> t.shift
	for {
		s := binary.LittleEndian.Uint64(t.slots[h*slotLen:])
		if s == 0 {
			return -1
		}
		if s>>32 == want {
			return int(uint32(s)) - 1
		}
		h = (h + 1) & t.mask
	}
}

// Words returns the words spelt with exactly the letters of k: n letters
// each, concatenated in alphabetical order in letters (a slice of the
// table, not to be modified), or n == 0 when there are none.
func (t *Table) Words(k Key) (n int, letters []byte) {
	off := t.find(k)
	if off < 0 {
		return 0, nil
	}
	n = int(t.data[off])
	count := int(binary.LittleEndian.Uint16(t.data[off+1:]))
	if end := off + 3 + n*count; n == 0 || end > len(t.data) {
		return 0, nil // only a forged table gets here (see Load)
	}
	return n, t.data[off+3 : off+3+n*count]
}

// WordsEach sets n[i] and letters[i] to what Words(keys[i]) returns, for
// every key (n and letters as long as keys). The keys' slots are read in
// one pass and their groups in another, loads that do not wait on each
// other: looked up one after the other, each key waits for its slot's
// cache miss and then its group's, and a search with two blanks asks
// dozens of keys at once (every letter pair the blanks may stand for).
func (t *Table) WordsEach(keys []Key, n []int, letters [][]byte) {
	const batch = 32
	var slot [batch]uint64
	var off [batch]int
	for lo := 0; lo < len(keys); lo += batch {
		ks := keys[lo:min(lo+batch, len(keys))]
		for i, k := range ks {
			slot[i] = binary.LittleEndian.Uint64(t.slots[(uint64(k)>>t.shift)*slotLen:])
		}
		for i, k := range ks {
			switch s := slot[i]; {
			case s == 0:
				off[i] = -1
			case s>>32 == uint64(uint32(k)):
				off[i] = int(uint32(s)) - 1
			default: // another key in the first slot: probe on
				off[i] = t.find(k)
			}
		}
		var head [batch]byte
		for i := range ks {
			if off[i] >= 0 {
				head[i] = t.data[off[i]]
			}
		}
		for i := range ks {
			n[lo+i], letters[lo+i] = 0, nil
			if off[i] < 0 || head[i] == 0 {
				continue
			}
			o, w := off[i], int(head[i])
			count := int(binary.LittleEndian.Uint16(t.data[o+1:]))
			if end := o + 3 + w*count; end <= len(t.data) {
				n[lo+i], letters[lo+i] = w, t.data[o+3:end]
			}
		}
	}
}

// Multisets is the number of distinct multisets stored, and WordCount the
// number of words.
func (t *Table) Multisets() int { return t.nsets }

// WordCount is the number of distinct words stored.
func (t *Table) WordCount() int { return t.words }

// Log2Slots is the table's size: 2^Log2Slots slots of 8 bytes.
func (t *Table) Log2Slots() uint { return 64 - t.shift }

// HasWord reports whether word, whose key is k, is stored: an exact test,
// for checking a table against its word list.
func (t *Table) HasWord(k Key, word string) bool {
	n, letters := t.Words(k)
	if n != len(word) {
		return false
	}
	for i := 0; i < len(letters); i += n {
		if string(letters[i:i+n]) == word {
			return true
		}
	}
	return false
}

// Detach makes t read a copy of its bytes in the process's own memory
// instead of those Load was given (an index's memory map), so that a file
// truncated under the map cannot fault a lookup. It must not run while t
// is in use; its answers do not change.
func (t *Table) Detach() {
	raw := bytes.Clone(t.raw)
	slots := uint64(len(t.slots))
	t.raw, t.slots, t.data = raw, raw[headerLen:headerLen+slots], raw[headerLen+slots:]
}
