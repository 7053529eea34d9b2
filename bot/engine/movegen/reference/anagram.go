package reference

import (
	"bytes"
	"cmp"
	"math/bits"
	"slices"
	"sync"
	"unsafe"

	"github.com/lexico/lexico/bot/engine/movegen"
	"github.com/lexico/lexico/bot/engine/movegen/internal/line"
	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/bot/game/variant"
	"github.com/lexico/lexico/index/gaddag"
)

// AnagramGenerator finds plays the way a person with an anagram dictionary
// would: it lists the board's slots (every run of squares along a row or
// column that a play could fill: its empty squares, the tiles between them,
// and at least one square touching a tile), then, for each multiset of a
// slot's length made of the slot's fixed letters plus some of the rack,
// looks up the words with exactly those letters and fits each onto the slot.
//
// Slots with the same fixed letters share one lookup, whatever their
// lengths: a walk of the anagram trie (the index's anagram keys held in
// memory, with the lengths below each node: the length buckets) that enters
// only branches holding a key of a wanted length, never passes a required
// letter, and takes from the rack only letters some square of the slots can
// take, so only keys that can fill a slot are reached. What the letters
// alone cannot decide is settled square by square with a mask per square:
// the board's tile on a fixed square; on an empty square the cross-check set
// (H2's line.CrossSet, the same code as the GADDAG generator's) narrowed to the
// rack's letters and, when a fragment test is given, to the letters that
// form a possible part of a word with the tiles beside the square along the
// line (the index's fragment Bloom filter). A square left with no letter ends
// every slot through it before any lookup.
//
// It reports exactly the plays, with exactly the scores, of the GADDAG
// generator, and is slower than it with or without blanks in the rack
// (bench/RESULTS.md, written by make bench): a lookup is by letters, not by
// position, so candidates are rejected at fitting that the GADDAG never
// builds. Being built another way, it checks the GADDAG generator
// (TestAnagramAgreesWithGADDAG compares them play for play). It also builds
// a trie of the whole word list in memory, which the GADDAG, used in place
// in the index's memory map, does not.
type AnagramGenerator struct {
	g        *gaddag.GADDAG // for the cross-check sets only
	trie     *anagramTrie
	fragment func(s string) bool
	pool     sync.Pool
}

// NewAnagram returns the anagram generator over words (upper case A-Z, the
// list g was built from). fragment, if not nil, reports whether s may occur
// inside a word; it may answer true wrongly (a Bloom filter does) but never
// false for a real fragment. Nil skips that pruning: the plays are the same,
// the work larger. Building the trie reads every word once
// (BenchmarkStrategyNew times it).
func NewAnagram(words []string, g *gaddag.GADDAG, fragment func(s string) bool) *AnagramGenerator {
	gen := &AnagramGenerator{g: g, trie: newAnagramTrie(words), fragment: fragment}
	gen.pool.New = func() any {
		s := &anaState{gen: gen}
		s.walk.t = gen.trie
		s.walk.visit = s.visit
		return s
	}
	return gen
}

// Search implements movegen.Generator. Concurrent calls are safe: each takes its
// own working state from a pool. Stop is asked before each lookup (the
// slots that share fixed letters) and, within one, every line.StopEvery steps
// of the walk of the anagram trie. A Keep search values every play.
func (gen *AnagramGenerator) Search(a movegen.Args) bool {
	return movegen.SearchByGenerating(a, func(rec movegen.PlayRecorder, stop func() bool) bool {
		return gen.generate(a.Variant, a.Board, a.Rack, rec, stop)
	})
}

func (gen *AnagramGenerator) generate(v *variant.Variant, b *board.Board, rack tile.Rack, rec movegen.PlayRecorder, stop func() bool) bool {
	s := gen.pool.Get().(*anaState)
	s.walk.ResetStop(stop)
	finished := s.run(v, b, rack, rec)
	s.rec, s.v = nil, nil // keep no caller's data in the pool
	s.walk.ResetStop(nil)
	gen.pool.Put(s)
	return finished
}

// anaSlot is a run of squares a play can fill exactly: along line row of
// s.grid[dir] (a row of the board, or a column), from start for length squares,
// with no tile just before or after it. Its fixed letters, sorted, are
// keyBuf[key : key+nKey].
type anaSlot struct {
	dir, row, start, length int
	key, nKey               int
	fixedSum                int    // face value of its tiles (blanks count 0)
	group                   uint64 // groupOf: slots sharing a lookup sort together
}

// anaState is the working memory of one Generate call.
type anaState struct {
	gen *AnagramGenerator
	v   *variant.Variant
	rec movegen.PlayRecorder

	n      int
	values [tile.NumKinds]int
	// grid[0] holds the board's rows and grid[1] its columns (loadGrid):
	// plays run along their lines.
	grid     [2][]line.Cell
	allowed  []line.CrossSet // per direction and square: the letters a play may have there
	anchor   []bool
	first    bool
	minWord  int
	rack     [tile.NumKinds]uint8
	rackN    int
	slots    []anaSlot
	keyBuf   []byte
	fragBuf  []byte
	walk     keyWalk
	group    []anaSlot
	byLen    [maxKeyLen + 1][2]int // the group's slots of each length: group[lo:hi]
	word     []byte
	cur      *anaSlot
	placedBl []bool
	tiles    []move.Placement
	mv       move.Move
}

// run generates, and reports false when s.walk's stop ended it.
func (s *anaState) run(v *variant.Variant, b *board.Board, rack tile.Rack, rec movegen.PlayRecorder) bool {
	n := b.Size
	s.v, s.rec, s.n = v, rec, n
	if rack.N == 0 || n == 0 {
		return true
	}
	s.values = v.Values
	s.values[tile.BlankIndex] = 0
	s.rack, s.rackN = rack.Counts, rack.N
	if len(s.allowed) != 2*n*n {
		s.allowed = make([]line.CrossSet, 2*n*n)
		s.anchor = make([]bool, n)
		s.placedBl = make([]bool, n)
		s.tiles = make([]move.Placement, 0, n)
	}
	s.first = b.IsEmpty()
	s.minWord = 2
	if s.first && v.FirstWordMinLen > 2 {
		s.minWord = v.FirstWordMinLen
	}
	for d := range s.grid {
		if len(s.grid[d]) != n*n {
			s.grid[d] = make([]line.Cell, n*n)
		}
		line.Load(s.gen.g, b, d == 1, &s.values, line.AllLetters, line.RackFit{}, s.grid[d], nil)
	}

	rackMask := line.CrossSet(0)
	for l := 0; l < 26; l++ {
		if rack.Counts[l] > 0 {
			rackMask |= 1 << uint(l)
		}
	}
	if rack.Counts[tile.BlankIndex] > 0 {
		rackMask = line.AllLetters
	}
	s.slots, s.keyBuf = s.slots[:0], s.keyBuf[:0]
	s.findSlots(0, v.StartRow, v.StartCol, rackMask)
	s.findSlots(1, v.StartCol, v.StartRow, rackMask)
	slices.SortFunc(s.slots, func(a, b anaSlot) int { return cmp.Compare(a.group, b.group) })

	s.mv = move.Move{Kind: move.Play}
	w := &s.walk
	for i := 0; i < len(s.slots); {
		if w.CheckStop() {
			s.group = nil
			return false
		}
		j := i + 1
		for j < len(s.slots) && s.sameLookup(&s.slots[i], &s.slots[j]) {
			j++
		}
		s.group = s.slots[i:j]
		sl := &s.slots[i]
		// The group is sorted by length: note where each length's slots are.
		w.targets = 0
		for k := range s.group {
			l := s.group[k].length
			if w.targets&(1<<uint(l)) == 0 {
				w.targets |= 1 << uint(l)
				s.byLen[l][0] = k
			}
			s.byLen[l][1] = k + 1
		}
		w.need, w.needMask, w.needLeft = [26]uint8{}, 0, sl.nKey
		for _, c := range s.keyBuf[sl.key : sl.key+sl.nKey] {
			w.need[c-'A']++
			w.needMask |= 1 << (c - 'A')
		}
		s.letterLimits(&w.limit)
		copy(w.rack[:], s.rack[:26])
		w.blanks = int(s.rack[tile.BlankIndex])
		w.rackLeft = s.rackN - w.blanks
		w.run()
		i = j
	}
	s.group = nil
	return !w.Halted
}

// letterLimits sets, for each letter, the most empty squares of one slot of
// the group that can take it: the walk takes no more of it from the rack, so
// letters the squares refuse (by cross-checks, fragments, or simply because
// the rack has them but they fit nowhere) are never tried.
func (s *anaState) letterLimits(limit *[26]uint8) {
	*limit = [26]uint8{}
	n := s.n
	for i := range s.group {
		sl := &s.group[i]
		base := sl.row*n + sl.start
		sq := s.grid[sl.dir][base : base+sl.length]
		al := s.allowed[sl.dir*n*n+base : sl.dir*n*n+base+sl.length]
		var count [26]uint8
		for j, m := range al {
			if sq[j].Letter != 0 {
				continue
			}
			for ; m != 0; m &= m - 1 {
				count[bits.TrailingZeros32(uint32(m))]++
			}
		}
		for l, c := range count {
			limit[l] = max(limit[l], c)
		}
	}
}

// sameLookup reports whether two slots share a lookup: the same fixed
// letters, whatever their lengths. (Equal hashes almost always mean that; a
// hash collision only splits a lookup in two, it never merges different
// ones.)
func (s *anaState) sameLookup(a, b *anaSlot) bool {
	return a.group>>8 == b.group>>8 && bytes.Equal(s.keyBuf[a.key:a.key+a.nKey], s.keyBuf[b.key:b.key+b.nKey])
}

// groupOf numbers a slot for sorting: a hash of its fixed letters above, its
// length in the low byte, so slots that share a lookup come together, in
// order of length, with a cheap integer comparison.
func groupOf(length int, key []byte) uint64 {
	h := uint64(14695981039346656037) // FNV-1a
	for _, c := range key {
		h ^= uint64(c)
		h *= 1099511628211
	}
	return h&^0xff | uint64(length)
}

// findSlots lists the slots along the lines of s.grid[dir]; the start square
// is (startRow, startCol) as line and square of that direction.
func (s *anaState) findSlots(dir, startRow, startCol int, rackMask line.CrossSet) {
	n := s.n
	for r := 0; r < n; r++ {
		sq := s.grid[dir][r*n : (r+1)*n]
		al := s.allowed[(dir*n+r)*n : (dir*n+r+1)*n]
		for c := 0; c < n; c++ {
			s.anchor[c] = false
			if sq[c].Letter != 0 {
				al[c] = 1 << (sq[c].Letter - 'A')
				continue
			}
			al[c] = line.CrossSet(sq[c].Cross) & rackMask
			if s.first {
				s.anchor[c] = r == startRow && c == startCol
			} else {
				// A cross word forms exactly where a tile stands across.
				s.anchor[c] = sq[c].Has || c > 0 && sq[c-1].Letter != 0 || c+1 < n && sq[c+1].Letter != 0
			}
		}
		if s.gen.fragment != nil {
			s.pruneByFragments(sq, al)
		}
		for st := 0; st < n; st++ {
			if st > 0 && sq[st-1].Letter != 0 {
				continue
			}
			var counts [26]uint8
			empties, lastEmpty, anchored, fixedSum := 0, 0, false, 0
			for e := st; e < n; e++ {
				if l := sq[e].Letter; l != 0 {
					counts[l-'A']++
					fixedSum += int(sq[e].OldValue)
				} else {
					if al[e] == 0 {
						break // no letter can go here: no slot through it
					}
					if empties++; empties > s.rackN {
						break
					}
					lastEmpty = e
					anchored = anchored || s.anchor[e]
				}
				if e+1 < n && sq[e+1].Letter != 0 {
					continue // a play ending here would run on into that tile
				}
				length := e - st + 1
				if empties == 0 || !anchored || length < s.minWord || length > maxKeyLen {
					continue
				}
				if dir == 1 && empties == 1 && sq[lastEmpty].Has {
					continue // a lone tile with neighbours across: the row pass reports it
				}
				key := len(s.keyBuf)
				for l, k := range counts {
					for ; k > 0; k-- {
						s.keyBuf = append(s.keyBuf, byte('A'+l))
					}
				}
				s.slots = append(s.slots, anaSlot{dir: dir, row: r, start: st, length: length,
					key: key, nKey: len(s.keyBuf) - key, fixedSum: fixedSum, group: groupOf(length, s.keyBuf[key:])})
			}
		}
	}
}

// minFragment is the shortest string worth a fragment test: nearly every
// pair of letters occurs in some word, so a tile and one letter beside it
// prune nothing and only cost the filter's hashing.
const minFragment = 3

// pruneByFragments narrows the mask of each empty square that has tiles
// beside it along the line: whatever play fills the square, its word
// contains those tiles with the new letter between them, so a letter that
// makes no fragment of a word is dropped. The filter only hashes the string
// during the call, so the test reads the reused buffer in place without
// allocating.
func (s *anaState) pruneByFragments(sq []line.Cell, al []line.CrossSet) {
	n := len(sq)
	for c := 0; c < n; c++ {
		if sq[c].Letter != 0 || al[c] == 0 {
			continue
		}
		if !(c > 0 && sq[c-1].Letter != 0 || c+1 < n && sq[c+1].Letter != 0) {
			continue
		}
		l0 := c
		for l0 > 0 && sq[l0-1].Letter != 0 {
			l0--
		}
		buf := s.fragBuf[:0]
		for j := l0; j < c; j++ {
			buf = append(buf, sq[j].Letter)
		}
		at := len(buf)
		buf = append(buf, 'A')
		for j := c + 1; j < n && sq[j].Letter != 0; j++ {
			buf = append(buf, sq[j].Letter)
		}
		if len(buf) < minFragment {
			s.fragBuf = buf
			continue
		}
		var keep line.CrossSet
		for m := al[c]; m != 0; m &= m - 1 {
			l := bits.TrailingZeros32(uint32(m))
			buf[at] = byte('A' + l)
			if s.gen.fragment(unsafe.String(&buf[0], len(buf))) {
				keep |= 1 << uint(l)
			}
		}
		al[c] = keep
		s.fragBuf = buf
	}
}

// visit is the trie walk's callback: try word on every slot of the group
// with its length.
func (s *anaState) visit(word []byte) {
	n := s.n
	span := s.byLen[len(word)]
	slots := s.group[span[0]:span[1]]
	for i := range slots {
		sl := &slots[i]
		base := (sl.dir*n+sl.row)*n + sl.start
		al := s.allowed[base : base+sl.length]
		fits := true
		for j, c := range word {
			if al[j]&(1<<(c-'A')) == 0 {
				fits = false
				break
			}
		}
		if !fits {
			continue
		}
		// Each slot a word fits is a step of the walk too: on an open board
		// a word fits dozens, and the walk finds thousands of words below a
		// few nodes.
		if s.walk.UntilStop--; s.walk.UntilStop < 0 && s.walk.CheckStop() {
			return
		}
		s.cur, s.word = sl, word
		s.place(0, score{main: sl.fixedSum, mult: 1})
	}
}

// score is a play's score as it is built square by square: the main word's
// letter values and word multiplier, the cross words' total and the tiles
// placed so far. The reference generators keep their own (the GADDAG
// generator has its like) so that they are written apart from the
// generator they check.
type score struct {
	main, mult, cross, tiles int
}

// place puts the word's letter on the slot's next empty square from i on,
// as a real tile and as a blank where the rack allows (each is a different
// play), scoring as it goes; past the last square it records the play.
func (s *anaState) place(i int, sc score) {
	sl := s.cur
	sq := s.grid[sl.dir][sl.row*s.n+sl.start : sl.row*s.n+sl.start+sl.length]
	for i < sl.length && sq[i].Letter != 0 {
		i++
	}
	if i == sl.length {
		s.record(sc)
		return
	}
	l := int(s.word[i] - 'A')
	ce := &sq[i]
	lm, wm := int(ce.LM), int(ce.WM)
	hasCross, crossBase := ce.Has, int(ce.Base)
	for _, blank := range [2]bool{false, true} {
		k := l
		if blank {
			k = tile.BlankIndex
		}
		if s.rack[k] == 0 {
			continue
		}
		s.rack[k]--
		s.placedBl[i] = blank
		lv := 0
		if !blank {
			lv = s.values[l] * lm
		}
		nsc := score{main: sc.main + lv, mult: sc.mult * wm, cross: sc.cross, tiles: sc.tiles + 1}
		if hasCross {
			nsc.cross += (crossBase + lv) * wm
		}
		s.place(i+1, nsc)
		s.rack[k]++
	}
}

// record reports the play that fills the current slot with the current word.
func (s *anaState) record(sc score) {
	sl := s.cur
	sq := s.grid[sl.dir][sl.row*s.n+sl.start : sl.row*s.n+sl.start+sl.length]
	ts := s.tiles[:0]
	for i := range sq {
		if sq[i].Letter != 0 {
			continue
		}
		p := move.Placement{Row: sl.row, Col: sl.start + i, Letter: s.word[i], Blank: s.placedBl[i]}
		if sl.dir == 1 {
			p.Row, p.Col = p.Col, p.Row
		}
		ts = append(ts, p)
	}
	s.tiles = ts
	total := sc.main*sc.mult + sc.cross
	if sc.tiles == s.v.RackSize {
		total += s.v.BingoBonus
	}
	s.mv.Tiles = ts
	s.mv.Score = total
	s.rec(&s.mv)
}
