package movegen

import (
	"math/bits"
	"slices"

	"github.com/lexico/lexico/bot/engine/movegen/internal/line"
	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/index/multiset"
)

// Best-move search by bounds ("shadow" play, as in MAGPIE): before searching
// anything, every anchor gets a cheap upper bound on the score of any play
// it can produce, from the squares it can reach, their premiums and cross
// words and the rack's best tiles. The dictionary is asked only about the
// longest plays, through the index's multiset table: which words the whole
// rack and a slot's old tiles spell, and whether one fits the slot (else
// every open slot would carry the bingo bonus). Anchors are then searched
// highest bound first, and the search stops at the first anchor whose
// bound cannot beat the best play found; within an anchor, a left part
// stops growing once no play it can become can beat it.
//
// The word map's answer is used twice more, as MAGPIE's word-map move
// generation does (src/impl/wmp_move_gen.c): a bingo the bound finds is a
// real play whose value sets the bar before any walk (Keep 1), and where
// only a bingo can still beat the bar, the walk of an anchor tries on each
// square only the letters of the bingos that fit it. A blank otherwise
// tries every letter the GADDAG allows on every square, which made a rack
// with one several times as long to search as one without.

// anchor is one anchor of one line, with its bound.
type anchor struct {
	bound      int32
	order      int32 // position in the order of a Keep 0 search, for ties
	vertical   bool
	row, col   int8
	lastAnchor int8 // the left part may not reach this column
	// leftBounds[left : left+nLeft] of the genState that collected the
	// anchors is its leftBound (anchorBound), kept for its search.
	nLeft int8
	left  int32
	// bingos has bit l when a play of the whole rack may take l squares
	// left of the anchor (mayHoldPlay), for prepareWalk; unchecked, when
	// that is only assumed (lazyBingos) until settleLazy asks the word map.
	bingos, unchecked uint16
	// lazy[lazyFrom:lazyTo] of the genState are the bingo extents its
	// bound assumes hold a play (lazyBingos), for settleLazy.
	lazyFrom, lazyTo int32
}

// rackBound is what the bound needs to know of the rack, computed once per
// search.
type rackBound struct {
	// prefix[k] is the value of the rack's best k tiles (a blank is 0).
	prefix [maxRack + 1]int
	// fit has bit l when a rack tile can be letter l: a blank fits any.
	fit uint32
	// key is the rack's letter multiset (blanks aside), and bingoKnown is
	// set when the multiset table (and, for a rack with blanks, the blank
	// table) can say whether rack plus fixed letters spells a word that
	// fits.
	key        multiset.Key
	bingoKnown bool
	// leaves is set with a leave valuation (Args.Leave), which valued the
	// rack's leaves into the tables (all 0 without one).
	leaves bool
	leaveTables
}

// leaveTables is a rack's leaves as a leave valuation values them.
type leaveTables struct {
	// leave[k] is the best value, in fixed point, of what a play of k tiles
	// can keep, and value that of every sub-multiset of the rack, at the
	// index whose digits are its count of each kind of tile the rack holds
	// (kinds and stride).
	leave [maxRack + 1]int32
	// spent[u][k] is leave[k] for the plays that spend at least u of the
	// rack's blanks (u >= 1; at most maxSpent): what they keep holds fewer.
	spent  [maxSpent + 1][maxRack + 1]int32
	nKinds int
	kinds  [maxRack]uint8
	stride [maxRack]int32
	value  [maxLeaves]int32
}

// maxRack bounds the tiles a rack holds, and maxLine a board's side, for
// the bound's fixed-size tables (anchors keep rows and columns in int8).
const (
	maxRack = 16
	maxLine = 127
)

// maxSpent bounds the blanks a rack's leave bounds tell apart (spent): no
// variant deals more than two.
const maxSpent = 2

// maxLeaves bounds the sub-multisets of a rack a search values (128 for
// seven different tiles); a rack with more is searched by generating every
// play.
const maxLeaves = 256

// subRacks is the number of sub-multisets of rack.
func subRacks(rack tile.Rack) int {
	n := 1
	for _, c := range rack.Counts {
		n *= int(c) + 1
		if n > maxLeaves {
			return n
		}
	}
	return n
}

// prepareBound readies the bound of the rack: its best tiles, the letters
// it fits, whether the multiset table can tell a bingo, and with a leave
// valuation the value of every leave it can keep.
func (s *genState) prepareBound(ms *multiset.Table, bl *multiset.BlankTable, leave func(tile.Rack) float64,
	leaves func(*tile.Rack, []float64) bool, key uint64) {
	rb := &s.rb
	rb.fit, rb.key, rb.bingoKnown, rb.leaves = s.rackSet, 0, false, leave != nil
	rb.prefix = [maxRack + 1]int{}
	rb.leave = [maxRack + 1]int32{}
	var values [maxRack]int
	k := 0
	for l := 0; l < tile.NumKinds && k < maxRack; l++ {
		for c := 0; c < int(s.rack[l]) && k < maxRack; c++ {
			values[k] = s.values[l]
			k++
			if l < 26 {
				rb.key = rb.key.Add(l)
			}
		}
	}
	slices.SortFunc(values[:k], func(a, b int) int { return b - a })
	for i := 0; i < k; i++ {
		rb.prefix[i+1] = rb.prefix[i] + values[i]
	}
	for i := k + 1; i <= maxRack; i++ {
		rb.prefix[i] = rb.prefix[k]
	}
	if s.rack[tile.BlankIndex] > 0 {
		rb.fit = uint32(line.AllLetters)
	}
	// With blanks the word map's blank table says what they may be; more
	// than two are not looked up (no variant deals them).
	blanks := s.rack[tile.BlankIndex]
	rb.bingoKnown = ms != nil && (blanks == 0 || blanks <= 2 && bl != nil)
	s.ms, s.blanks = ms, bl
	s.bingo.reset()
	if leave != nil && !s.reuseLeaves(key) {
		s.valueLeaves(leave, leaves)
		s.keepLeaves(key)
	}
}

// valuedRack is a rack's leave tables as valueLeaves left them, under the
// Args.LeaveKey of the search that valued them.
type valuedRack struct {
	key  uint64
	rack [tile.NumKinds]uint8
	leaveTables
}

// valuedRacks is how many racks a generator's state remembers the leave
// values of: a playout alternates between the opponent's rack, the same
// after each candidate, and the mover's, new each time.
const valuedRacks = 2

// reuseLeaves fills rb's leave tables from a rack valued under key (not 0)
// and reports whether it could.
func (s *genState) reuseLeaves(key uint64) bool {
	if key == 0 {
		return false
	}
	for i := range s.valued {
		v := &s.valued[i]
		if v.key != key || v.rack != s.owned {
			continue
		}
		s.rb.leaveTables = v.leaveTables
		s.nextValued = (i + 1) % valuedRacks // keep this one, replace the other
		return true
	}
	return false
}

// keepLeaves remembers rb's leave tables under key (not 0), in place of
// the rack remembered longest.
func (s *genState) keepLeaves(key uint64) {
	if key == 0 {
		return
	}
	v := &s.valued[s.nextValued]
	s.nextValued = (s.nextValued + 1) % valuedRacks
	v.key, v.rack, v.leaveTables = key, s.owned, s.rb.leaveTables
}

// valueLeaves fills rb's leave tables: every sub-multiset of the rack
// valued once, and for each number of tiles played the best of what that
// play can keep.
func (s *genState) valueLeaves(leave func(tile.Rack) float64, leaves func(*tile.Rack, []float64) bool) {
	rb := &s.rb
	rb.nKinds = 0
	total := int32(1)
	for l := 0; l < tile.NumKinds; l++ {
		if c := s.owned[l]; c > 0 {
			rb.kinds[rb.nKinds] = uint8(l)
			rb.stride[rb.nKinds] = total
			rb.nKinds++
			total *= int32(c) + 1
		}
	}
	for k := range rb.leave {
		rb.leave[k] = noBound
		for u := range rb.spent {
			rb.spent[u][k] = noBound
		}
	}
	blanks := int(s.owned[tile.BlankIndex])
	all := false
	if leaves != nil {
		// A field, not a local: a local would escape through the func.
		s.leafRack = tile.Rack{Counts: s.owned}
		for _, c := range s.owned {
			s.leafRack.N += int(c)
		}
		all = leaves(&s.leafRack, s.leafValues[:total])
	}
	// r steps through the leaves in the order of their index
	// (tile.Rack.SubRack's numbering), as an odometer whose first wheel is
	// the first kind (stride 1): each step
	// changes a few counts, where working each index's digits out by
	// division was most of the cost once Args.Leaves valued the leaves.
	var r tile.Rack
	for i := int32(0); i < total; i++ {
		if i > 0 {
			for j := 0; j < rb.nKinds; j++ {
				kind := rb.kinds[j]
				if r.Counts[kind] < s.owned[kind] {
					r.Counts[kind]++
					r.N++
					break
				}
				r.N -= int(r.Counts[kind])
				r.Counts[kind] = 0
			}
		}
		var v int32
		if all {
			v = fixedValue(s.leafValues[i])
		} else {
			v = fixedValue(leave(r))
		}
		rb.value[i] = v
		played := s.rackLeft - r.N
		rb.leave[played] = max(rb.leave[played], v)
		if blanks > 0 {
			for u := 1; u <= min(blanks-int(r.Counts[tile.BlankIndex]), maxSpent); u++ {
				rb.spent[u][played] = max(rb.spent[u][played], v)
			}
		}
	}
}

// valueOf is the value of m, a play of the rack searched, as the search
// values its plays: its score, plus with a leave valuation the value of
// what it keeps.
func (s *genState) valueOf(m *move.Move) int32 {
	v := fixedScore(m.Score)
	if !s.rb.leaves {
		return v
	}
	left := tile.Rack{Counts: s.owned}
	for _, pl := range m.Tiles {
		left.Remove(pl.Tile()) // a tile the rack lacks leaves the index in range
	}
	return addValue(v, s.rb.valueOfLeave(&left.Counts))
}

// leaveValue is the value of what the play being reported keeps: the rack
// less the tiles pay has spent (s.owned).
func (s *genState) leaveValue() int32 {
	return s.rb.valueOfLeave(&s.owned)
}

// valueOfLeave is the value valueLeaves gave the leave of counts, a part
// of the rack: its index in rb.value, the counts of the rack's kinds taken
// as the digits of an odometer.
func (rb *rackBound) valueOfLeave(counts *[tile.NumKinds]uint8) int32 {
	i := int32(0)
	for j := 0; j < rb.nKinds; j++ {
		i += int32(counts[rb.kinds[j]]) * rb.stride[j]
	}
	return rb.value[i]
}

// anchorBound bounds the score of every play the generator reports from
// anchor c of the loaded line, whose left part stops short of column
// lastAnchor; it is -1 when no rack tile fits on c. It also leaves in
// s.leftBound[l] the bound of the plays with exactly l tiles left of c, and
// in s.leftMax[l] that of the plays with l or more, which is what lets the
// search of the anchor drop a left part as soon as no play it can grow into
// can beat the best found (goOn).
//
// A play from c places its tiles on c, on the nearest l empty squares to
// its left (up to lastAnchor) and the nearest r to its right, and takes in
// the tiles between and beside them. The bound of such an extent (l, r) is
// exact but for the letters: the rack's best tiles, each earning the word
// multiplier w, and on each square that earns more (a letter premium, a
// cross word) the excess earned by the best tile that fits it; the bingo
// bonus only if a word of the rack and the extent's old tiles fits it
// (mayHoldPlay). Growing an extent never lowers its bound, so for each l
// the bound is that of the largest r the rack allows, unless no play can
// fill that extent: then the next r down.
func (s *genState) anchorBound(c, lastAnchor int) int32 {
	if s.cells[c].Cross&s.rb.fit == 0 || s.rackLeft == 0 {
		s.leftMax[0] = noBound
		return noBound
	}
	maxK := min(s.rackLeft, maxRack)
	kl, kr := s.loadExtent(c, lastAnchor)
	bound := int32(noBound)
	s.bingos, s.unchecked = 0, 0
	for l := 0; l <= kl; l++ {
		b := int32(noBound)
		recorded := false
		for r := min(kr, maxK-1-l); r >= 0; r-- {
			bingo := 1+l+r == s.rackLeft
			switch {
			case bingo && s.lazyBingos:
				// Assumed to hold a play, its bound added below, and
				// recorded with the others' bound for settleLazy.
				s.unchecked |= 1 << l
				s.lazy = append(s.lazy, s.bingoExtent(c, l, r))
				recorded = true
				continue
			case bingo && s.deferBingos:
				s.deferBingo(c, l, r)
				continue
			case !s.mayHoldPlay(c, l, r):
				continue
			}
			if bingo {
				s.bingos |= 1 << l
			}
			b = max(b, s.extentBound(l, r))
			if !s.rb.leaves {
				// The score's bound grows with the extent; the leave's
				// value need not.
				break
			}
		}
		if recorded {
			rec := &s.lazy[len(s.lazy)-1]
			rec.rest = b
			b = max(b, rec.bound)
		}
		s.leftBound[l] = b
		bound = max(bound, b)
	}
	s.leftMax[kl+1] = noBound
	for l := kl; l >= 0; l-- {
		s.leftMax[l] = max(s.leftMax[l+1], s.leftBound[l])
	}
	return bound
}

// loadExtent fills s.ext for anchor c of the loaded line, whose left part
// stops short of column lastAnchor, and returns (and keeps in s.kl and
// s.kr) how many empty squares each side offers.
func (s *genState) loadExtent(c, lastAnchor int) (kl, kr int) {
	maxK, fit := min(s.rackLeft, maxRack), s.rb.fit
	ex := &s.ext
	ce := &s.cells[c]
	ex.w, ex.perW, ex.fixedW = int32(ce.WM), (int32(ce.LM)-1)*ce.BestFit, 0
	ex.blankOnly = 0
	if ce.Cross&s.rackSet == 0 {
		ex.blankOnly = 1
	}
	if ce.Has {
		ex.fixedW = (ce.Base + int32(ce.LM)*ce.BestFit) * int32(ce.WM)
	}
	s.kl = s.walkSide(&ex.left, c, -1, lastAnchor, maxK-1, fit)
	s.kr = s.walkSide(&ex.right, c, 1, len(s.cells), maxK-1, fit)
	return s.kl, s.kr
}

// extent is anchorBound's view of the current anchor: the anchor square's
// own terms and each side's running totals.
type extent struct {
	w, perW, fixedW int32
	// blankOnly is 1 when no letter of the rack fits the anchor square,
	// only a blank.
	blankOnly   uint8
	left, right side
}

// side holds running totals over the first k empty squares out from the
// anchor on one side (index 0: none of them), so an extent's bound is a few
// additions.
type side struct {
	// fixed[k] and key[k] are the value and letters of the old tiles out to
	// the (k+1)-th empty square: a word with k tiles on this side takes
	// them all in.
	fixed [maxRack]int32
	key   [maxRack]multiset.Key
	// at[k] is the column of the k-th empty square (k >= 1).
	at [maxRack]int8
	// w[k] is the product of the squares' word multipliers; perW[k] what
	// their letter premiums add per unit of the word's multiplier ((lm-1)
	// times the best tile that fits); fixedW[k] what their cross words add
	// whatever the multiplier (old tiles plus the best tile that fits).
	w, perW, fixedW [maxRack]int32
	// blankOnly[k] counts the squares among the first k that no letter of
	// the rack fits, only a blank.
	blankOnly [maxRack]uint8
}

// walkSide fills sd walking from anchor c in direction step (-1 or 1),
// stopping before column stop, the board's edge, a square no rack tile
// fits, or after limit empty squares; it returns how many it took.
func (s *genState) walkSide(sd *side, c, step, stop, limit int, fit uint32) int {
	cells := s.cells
	n := len(cells)
	sd.w[0], sd.perW[0], sd.fixedW[0], sd.blankOnly[0] = 1, 0, 0, 0
	k, acc, key := 0, int32(0), multiset.Key(0)
	for j := c + step; ; j += step {
		for j >= 0 && j < n && cells[j].Letter != 0 {
			acc += cells[j].OldValue
			key = key.Add(int(cells[j].Letter - 'A'))
			j += step
		}
		sd.fixed[k], sd.key[k] = acc, key
		if j < 0 || j >= n || (step < 0 && j <= stop) || k == limit || cells[j].Cross&fit == 0 {
			return k
		}
		ce := &cells[j]
		k++
		sd.at[k] = int8(j)
		sd.w[k] = sd.w[k-1] * int32(ce.WM)
		sd.perW[k] = sd.perW[k-1] + (int32(ce.LM)-1)*ce.BestFit
		sd.fixedW[k] = sd.fixedW[k-1]
		sd.blankOnly[k] = sd.blankOnly[k-1]
		if ce.Cross&s.rackSet == 0 {
			sd.blankOnly[k]++
		}
		if ce.Has {
			sd.fixedW[k] += (ce.Base + int32(ce.LM)*ce.BestFit) * int32(ce.WM)
		}
	}
}

// extentBound bounds, in fixed point, the value of the plays on the
// anchor, the first l empty squares left of it and the first r right of it
// (see anchorBound): their score's bound plus the best value of what a
// play of that many tiles can keep.
func (s *genState) extentBound(l, r int) int32 {
	return s.extentBoundWith(l, r, 0)
}

// extentBoundWith is extentBound for the plays that spend at least spent
// of the rack's blanks. By equity, a play also spends one on each square
// of the extent that no letter of the rack fits, and keeps at most what
// rb.spent bounds for that many (a rack's best leaves keep its blanks): an
// extent with more such squares than the rack has blanks holds no play.
// By score what a play keeps is worth nothing, and the callers take the
// largest extent's bound as its shorter ones' (the score's bound grows
// with the extent): no extent is ruled out.
func (s *genState) extentBoundWith(l, r, spent int) int32 {
	ex := &s.ext
	L, R := &ex.left, &ex.right
	leave := &s.rb.leave
	if s.rb.leaves {
		if u := max(spent, int(ex.blankOnly+L.blankOnly[l]+R.blankOnly[r])); u > 0 {
			if u > int(s.owned[tile.BlankIndex]) {
				return noBound
			}
			leave = &s.rb.spent[min(u, maxSpent)]
		}
	}
	w := ex.w * L.w[l] * R.w[r]
	perW := ex.perW + L.perW[l] + R.perW[r]
	k := 1 + l + r
	total := int((L.fixed[l]+R.fixed[r]+perW+int32(s.rb.prefix[k]))*w + ex.fixedW + L.fixedW[l] + R.fixedW[r])
	if k >= s.v.RackSize {
		// mayHoldPlay passed this extent: a bingo may fit in it (with a rack
		// larger than the variant's, in a part of it: the bound must not
		// drop as the extent grows).
		total += s.v.BingoBonus
	}
	return addValue(fixedScore(total), leave[k])
}

// mayHoldPlay reports whether a play may fill the extent (l, r) of anchor
// c: tiles on c, on the first l empty squares left of it and the first r
// right of it. When they are the whole rack, the words of the rack's and
// the extent's letters are looked up (bingoWords) and each is checked
// against the extent's old tiles and cross checks, so the answer is exact.
// Plays of fewer tiles are assumed to exist: asking also whether the rack
// less one tile spells a word (a lookup per kind of tile) once paid, but
// since the walk itself got cheap (genAnchor) the lookups cost more than
// the walking they spare.
func (s *genState) mayHoldPlay(c, l, r int) bool {
	if !s.rb.bingoKnown || 1+l+r != s.rackLeft {
		return true
	}
	for _, g := range s.bingoWords(s.rb.key + s.ext.left.key[l] + s.ext.right.key[r]) {
		if s.wordFits(c, l, r, g) {
			return true
		}
	}
	return false
}

// blankPairs is bingoWords' scratch: the multisets to look up (the key
// itself, or those a rack's blanks may complete: at most one for each pair
// of letters), what the blanks stand for in each, and its words.
type blankPairs struct {
	keys    [26 * 27 / 2]multiset.Key
	blank   [26 * 27 / 2][2]int8
	owner   [26 * 27 / 2]int16
	n       [26 * 27 / 2]int
	letters [26 * 27 / 2][]byte
	// asked is the keys lookUp asks about in one round; with two blanks,
	// firstOf each plus a letter its first blank may be, and second the
	// letters the second may then be.
	asked   [lookUpKeys]multiset.Key
	firstOf [lookUpKeys * 26]multiset.Key
	second  [lookUpKeys * 26]uint32
}

// wordGroup is the words of one multiset, as multiset.Table.Words returns
// them: n letters each, concatenated.
type wordGroup struct {
	n       int
	letters []byte
	// blank is the letters the rack's blanks stand for in these words
	// (-1: no blank).
	blank [2]int8
}

// bingoMemo remembers, for the search under way, the words each key of the
// rack and an extent's old tiles spells (bingoWords). A board's bingo
// extents take in few different sets of old tiles (most take none), so most
// of them ask a key already asked, and a new key costs a few reads of the
// blank table and the multiset table, each a cache miss.
type bingoMemo struct {
	// slot[h] is 1 + the index in keys of a key whose hash is h (0: empty):
	// open addressing over a table kept at most half full.
	slot  [bingoSlots]uint16
	keys  []bingoKey
	words []wordGroup
}

// bingoKey is a key asked and where its words are in bingoMemo.words.
type bingoKey struct {
	key        multiset.Key
	start, end int32
}

// bingoSlots is the memo's table size (bingoBits bits of a key's hash).
const (
	bingoBits  = 9
	bingoSlots = 1 << bingoBits
)

// reset empties m for a new search.
func (m *bingoMemo) reset() {
	if len(m.keys) > 0 {
		m.slot = [bingoSlots]uint16{}
	}
	m.keys, m.words = m.keys[:0], m.words[:0]
}

// bingoWords is the words spelt with the letters of key and the rack's
// blanks, each blank taking the letters the blank table allows: for one
// blank, those it gives for key; for two, for each letter the first may be,
// those it gives for key plus that letter, each pair taken once (the second
// not before the first). Asked once per key and search (bingoMemo); the
// slice is valid until the next search.
func (s *genState) bingoWords(key multiset.Key) []wordGroup {
	m := &s.bingo
	if i := m.find(key); i >= 0 {
		k := &m.keys[i]
		return m.words[k.start:k.end]
	}
	start := len(m.words)
	s.lookUp([]multiset.Key{key})
	if i := m.find(key); i >= 0 {
		k := &m.keys[i]
		return m.words[k.start:k.end]
	}
	return m.words[start:] // the memo is full: its words are the last
}

// find is the index in m.keys of key, -1 if it is not there.
func (m *bingoMemo) find(key multiset.Key) int {
	for h := uint64(key) >> (64 - bingoBits); ; h = (h + 1) % bingoSlots {
		i := m.slot[h]
		if i == 0 {
			return -1
		}
		if m.keys[i-1].key == key {
			return int(i) - 1
		}
	}
}

// add remembers that the words of key are m.words[start:], those appended
// since start; past half full it remembers nothing (the key is looked up
// again when asked).
func (m *bingoMemo) add(key multiset.Key, start int) {
	if len(m.keys) >= bingoSlots/2 {
		return
	}
	h := uint64(key) >> (64 - bingoBits)
	for m.slot[h] != 0 {
		h = (h + 1) % bingoSlots
	}
	m.keys = append(m.keys, bingoKey{key, int32(start), int32(len(m.words))})
	m.slot[h] = uint16(len(m.keys))
}

// lookUpKeys bounds the keys lookUp asks the word map about together.
const lookUpKeys = 32

// lookUp asks the word map for the words of each key not yet in the memo
// (bingoWords' words), appends them to the memo's words, key after key,
// and remembers each key while the memo has room. The keys are read
// together, lookUpKeys at a time, a round of reads for each step: the
// blank table's slots (the letters a blank may be; with two, the first's,
// then the second's), then the multiset table's slots and their words.
// Each read is a cache miss, and asked one key after the other each waited
// for the one before.
func (s *genState) lookUp(keys []multiset.Key) {
	m := &s.bingo
	pw := &s.pairs
	blanks := s.rack[tile.BlankIndex]
	for len(keys) > 0 {
		// The next keys not yet known, each once; through[i] is how many
		// of keys were read up to asked[i].
		nk, read := 0, 0
		var through [lookUpKeys]int
		for read < len(keys) && nk < lookUpKeys {
			k := keys[read]
			read++
			if m.find(k) < 0 && !slices.Contains(pw.asked[:nk], k) {
				pw.asked[nk], through[nk] = k, read
				nk++
			}
		}
		if nk == 0 {
			return // the keys left were known
		}
		// With blanks, the letters each may stand for: first[i] for key i;
		// with two, the first's, and second[j] the second's for the key
		// plus its first letter pw.firstOf[j], j from xs[i] to xs[i+1].
		var first [lookUpKeys]uint32
		var xs [lookUpKeys + 1]int
		switch blanks {
		case 0:
		case 1:
			s.blanks.LettersOf(pw.asked[:nk], first[:nk])
		default:
			s.blanks.FirstLettersOf(pw.asked[:nk], first[:nk])
			nx := 0
			for i := range nk {
				xs[i] = nx
				for f := first[i]; f != 0; f &= f - 1 {
					pw.firstOf[nx] = pw.asked[i].Add(bits.TrailingZeros32(f))
					nx++
				}
			}
			xs[nk] = nx
			s.blanks.LettersOf(pw.firstOf[:nx], pw.second[:nx])
		}
		// The multisets to look up, pw.owner[j] the key each is for, key
		// after key, as many keys as the scratch holds (one key's always
		// fit: 351 pairs of letters at most); the others wait for the next
		// round.
		np, done := 0, 0
		for i := range nk {
			if np+s.multisetsOf(first[i], xs[i], xs[i+1]) > len(pw.keys) {
				break
			}
			switch blanks {
			case 0:
				pw.keys[np], pw.blank[np], pw.owner[np] = pw.asked[i], [2]int8{-1, -1}, int16(i)
				np++
			case 1:
				for b := first[i]; b != 0; b &= b - 1 {
					y := bits.TrailingZeros32(b)
					pw.keys[np], pw.blank[np], pw.owner[np] = pw.asked[i].Add(y), [2]int8{int8(y), -1}, int16(i)
					np++
				}
			default:
				x := xs[i]
				for f := first[i]; f != 0; f &= f - 1 {
					xl := bits.TrailingZeros32(f)
					for b := pw.second[x] &^ (1<<xl - 1); b != 0; b &= b - 1 {
						y := bits.TrailingZeros32(b)
						pw.keys[np], pw.blank[np], pw.owner[np] = pw.firstOf[x].Add(y), [2]int8{int8(xl), int8(y)}, int16(i)
						np++
					}
					x++
				}
			}
			done++
		}
		s.ms.WordsEach(pw.keys[:np], pw.n[:np], pw.letters[:np])
		j := 0
		for i := range done {
			start := len(m.words)
			for ; j < np && int(pw.owner[j]) == i; j++ {
				if pw.n[j] > 0 {
					m.words = append(m.words, wordGroup{pw.n[j], pw.letters[j], pw.blank[j]})
				}
			}
			m.add(pw.asked[i], start)
		}
		keys = keys[through[done-1]:]
	}
}

// multisetsOf is how many multisets lookUp looks up for a key whose blank
// may be the letters first (with two blanks, the first's; the second's are
// then pw.second from x0 to x1).
func (s *genState) multisetsOf(first uint32, x0, x1 int) int {
	switch s.rack[tile.BlankIndex] {
	case 0:
		return 1
	case 1:
		return bits.OnesCount32(first)
	}
	n, x := 0, x0
	for f := first; f != 0 && x < x1; f &= f - 1 {
		n += bits.OnesCount32(s.pairs.second[x] &^ (1<<bits.TrailingZeros32(f) - 1))
		x++
	}
	return n
}

// deferredBingo is an extent of a play of the whole rack whose question
// to the word map waits (deferBingo) until every anchor is bounded, so
// that the questions of the whole board are asked together (settleBingos).
type deferredBingo struct {
	key   multiset.Key
	bound int32 // the extent's bound (extentBoundWith)
	// rest is, for a lazyBingos record, the bound of the anchor's other
	// plays with l tiles left of it.
	rest int32
	// anchor is the index in s.anchors of the anchor it belongs to, l the
	// tiles it puts left of the anchor, start and end the columns of its
	// word in the anchor's line.
	anchor     int32
	l          int8
	start, end int8
}

// deferBingo records the extent (l, r) of anchor c, which the whole rack
// fills, for settleBingos: it is left out of the anchor's bounds until
// the word map says a word fits it.
func (s *genState) deferBingo(c, l, r int) {
	s.deferred = append(s.deferred, s.bingoExtent(c, l, r))
}

// bingoExtent is the extent (l, r) of anchor c, which the whole rack
// fills, as deferBingo and lazyBingos record it.
func (s *genState) bingoExtent(c, l, r int) deferredBingo {
	start, span := s.extentSpan(c, l, r)
	return deferredBingo{
		key:    s.rb.key + s.ext.left.key[l] + s.ext.right.key[r],
		bound:  s.extentBound(l, r),
		anchor: int32(len(s.anchors)), // the anchor being added (addAnchor)
		l:      int8(l), start: int8(start), end: int8(start + len(span) - 1),
	}
}

// lookUpRecords asks the word map about the keys of recs together
// (lookUp), so that bingoWords finds them in the memo.
func (s *genState) lookUpRecords(recs []deferredBingo) {
	keys := s.deferKeys[:0]
	for i := range recs {
		keys = append(keys, recs[i].key)
	}
	s.deferKeys = keys
	s.lookUp(keys)
}

// recordSpan is the squares of db's word on the line of its anchor a.
func (s *genState) recordSpan(a *anchor, db *deferredBingo) []line.Cell {
	d := 0
	if a.vertical {
		d = 1
	}
	row := int(a.row) * s.n
	return s.lines[d][row+int(db.start) : row+int(db.end)+1]
}

// bingoFits reports whether a word of key (bingoWords) fits span and,
// with Keep 1 (s.seed), the best value of those that do.
func (s *genState) bingoFits(key multiset.Key, span []line.Cell) (fits bool, best int32) {
	best = noBound
	for _, g := range s.bingoWords(key) {
		if g.n != len(span) {
			continue
		}
		for w := 0; w+g.n <= len(g.letters); w += g.n {
			if word := g.letters[w : w+g.n]; fitsSpan(span, word) {
				fits = true
				if !s.seed {
					return true, best
				}
				best = max(best, s.bingoValue(span, word, g.blank))
			}
		}
	}
	return fits, best
}

// settleBingos asks the word map about every deferred extent at once and
// gives each anchor what its bingos that fit add: their bounds, the bits of
// a.bingos, and with Keep 1 the bar raised to the best of them (as
// anchorBound and seedBingo would have one extent at a time).
func (s *genState) settleBingos() {
	if len(s.deferred) == 0 {
		return
	}
	s.lookUpRecords(s.deferred)
	for i := range s.deferred {
		db := &s.deferred[i]
		a := &s.anchors[db.anchor]
		fits, best := s.bingoFits(db.key, s.recordSpan(a, db))
		if !fits {
			continue
		}
		a.bingos |= 1 << db.l
		lb := &s.leftBounds[a.left+int32(db.l)]
		*lb = max(*lb, db.bound)
		a.bound = max(a.bound, db.bound)
		s.keys[db.anchor] = -rank(a.bound, a.order)
		if s.seed && best != noBound {
			s.search.raiseBar(rank(best, a.order) - 1)
		}
	}
}

// wordFits reports whether a word of g fills the extent (l, r) of anchor c
// exactly: its length, the old tiles in it and the cross checks of its
// empty squares (a blank takes its letter's cross checks).
func (s *genState) wordFits(c, l, r int, g wordGroup) bool {
	_, span := s.extentSpan(c, l, r)
	if len(span) != g.n {
		return false
	}
	for w := 0; w+g.n <= len(g.letters); w += g.n {
		if fitsSpan(span, g.letters[w:w+g.n]) {
			return true
		}
	}
	return false
}

// extentSpan is the squares of the word a play on the extent (l, r) of
// anchor c forms, its tiles and the old tiles between and beside them, and
// the column of the first.
func (s *genState) extentSpan(c, l, r int) (int, []line.Cell) {
	cells := s.cells
	start, end := c, c
	if l > 0 {
		start = int(s.ext.left.at[l])
	}
	if r > 0 {
		end = int(s.ext.right.at[r])
	}
	for start > 0 && cells[start-1].Letter != 0 {
		start--
	}
	for end+1 < len(cells) && cells[end+1].Letter != 0 {
		end++
	}
	return start, cells[start : end+1]
}

// fitsSpan reports whether word, as long as span, fits its old tiles and
// the cross checks of its empty squares.
func fitsSpan(span []line.Cell, word []byte) bool {
	for j, ch := range word {
		ce := &span[j]
		if ce.Letter != 0 && ce.Letter != ch || ce.Letter == 0 && ce.Cross&(1<<(ch-'A')) == 0 {
			return false
		}
	}
	return true
}

// prepareWalk readies the search of anchor c (lastAnchor as for
// anchorBound), whose bingos are in s.bingos: the bounds of the plays that
// do not take the whole rack, and the letters the plays that do may put on
// each square. Where only a play of the whole rack can still beat the best
// found (onlyBingos), the walk tries only those letters: the words of those
// plays are few and known (bingoWords), and a blank would otherwise try
// every letter the GADDAG allows on every square.
func (s *genState) prepareWalk(c, lastAnchor int) {
	// Without a bingo the word map can name, there is nothing to restrict
	// the walk to; without a blank by equity, nothing to bound apart.
	s.walkBingos = s.bingos != 0 && s.rb.bingoKnown
	spend := s.owned[tile.BlankIndex] > 0 && s.rb.leaves
	if !s.walkBingos && !spend {
		return
	}
	kl, kr := s.loadExtent(c, lastAnchor)
	if spend {
		s.prepareSpent(kl, kr)
	}
	if !s.walkBingos {
		return
	}
	maxK := min(s.rackLeft, maxRack)
	for l := 0; l <= kl; l++ {
		b := int32(noBound)
		for r := min(kr, maxK-1-l); r >= 0; r-- {
			if 1+l+r == s.rackLeft {
				continue
			}
			b = max(b, s.extentBound(l, r))
			if !s.rb.leaves {
				break // the score's bound grows with the extent
			}
		}
		s.partBound[l] = b
	}
	for l := kl + 1; l <= maxRack; l++ {
		s.partMax[l] = noBound
	}
	for l := kl; l >= 0; l-- {
		s.partMax[l] = max(s.partMax[l+1], s.partBound[l])
	}
	clear(s.bingoLetters)
	s.eachFittingBingo(c, func(start int, _ []line.Cell, word []byte, _ [2]int8) {
		for j, ch := range word {
			s.bingoLetters[start+j] |= 1 << (ch - 'A')
		}
	})
}

// prepareSpent fills spentBound and spentMax for the anchor whose extents
// are loaded: as leftBound and leftMax, for the plays that spend at least
// u blanks, each keeping what such a play can keep (rackBound.spent). A
// play that keeps a blank is often the best by equity, and a blank then
// tried as every letter on every square makes plays that cannot beat it.
func (s *genState) prepareSpent(kl, kr int) {
	maxK := min(s.rackLeft, maxRack)
	for u := 1; u <= min(int(s.owned[tile.BlankIndex]), maxSpent); u++ {
		for l := 0; l <= kl; l++ {
			b, part := int32(noBound), int32(noBound)
			for r := min(kr, maxK-1-l); r >= 0; r-- {
				bingo := 1+l+r == s.rackLeft
				if bingo && s.bingos&(1<<l) == 0 {
					continue
				}
				v := s.extentBoundWith(l, r, u)
				b = max(b, v)
				if !bingo {
					part = max(part, v)
				}
			}
			s.spentBound[u][l], s.spentPart[u][l] = b, part
		}
		s.spentMax[u][kl+1], s.spentPartMax[u][kl+1] = noBound, noBound
		for l := kl; l >= 0; l-- {
			s.spentMax[u][l] = max(s.spentMax[u][l+1], s.spentBound[u][l])
			s.spentPartMax[u][l] = max(s.spentPartMax[u][l+1], s.spentPart[u][l])
		}
		for l := kl + 2; l <= maxRack; l++ {
			s.spentMax[u][l], s.spentPartMax[u][l] = noBound, noBound
		}
	}
}

// spentCannotWin reports whether no play that spends u blanks and puts a
// tile on the empty square col can beat the best play found: sc scores
// the tiles placed before it.
func (s *genState) spentCannotWin(u, col int, sc score) bool {
	var b int32
	switch {
	case col > s.start:
		b = s.spentBound[u][s.left]
	case col == s.anchor:
		b = s.spentMax[u][0]
	default:
		b = s.spentMax[u][sc.tiles]
	}
	return s.cannotWin(b)
}

// spentSoFar is how many of the rack's blanks the walk has spent: the
// plays it can still make spend at least that many (record may pay for a
// letter with a blank too, never the reverse). With a leave valuation they
// keep what rb.spent bounds, far below rb.leave when the rack's best leaves
// keep its blanks. Without a leave valuation it is 0: the spent bounds are
// prepared only with one (prepareWalk), for a rack with a blank.
func (s *genState) spentSoFar() int {
	if !s.rb.leaves {
		return 0
	}
	return min(int(s.owned[tile.BlankIndex]-s.rack[tile.BlankIndex]), maxSpent)
}

// keptBound bounds what a play of k tiles the walk is making keeps.
func (s *genState) keptBound(k int) int32 {
	if u := s.spentSoFar(); u > 0 {
		return s.rb.spent[u][k]
	}
	return s.rb.leave[k]
}

// leftMaxOf is leftMax[l] for the walk of the anchor being searched: the
// bound of its plays with l or more tiles left of the anchor, the tighter
// spentMax once the walk has spent a blank.
func (s *genState) leftMaxOf(l int) int32 {
	if u := s.spentSoFar(); u > 0 {
		return min(s.leftMax[l], s.spentMax[u][l])
	}
	return s.leftMax[l]
}

// leftBoundOf is leftBound[l] as leftMaxOf is leftMax[l].
func (s *genState) leftBoundOf(l int) int32 {
	if u := s.spentSoFar(); u > 0 {
		return min(s.leftBound[l], s.spentBound[u][l])
	}
	return s.leftBound[l]
}

// onlyBingos reports whether, when a tile goes on the empty square col,
// only a play of the whole rack can beat the best play found: sc scores the
// tiles placed so far.
func (s *genState) onlyBingos(col int, sc score) bool {
	u := s.spentSoFar()
	if col > s.start {
		b := s.partBound[s.left]
		if u > 0 {
			b = min(b, s.spentPart[u][s.left])
		}
		return s.cannotWin(b)
	}
	l := sc.tiles
	if col == s.anchor {
		l = 0
	}
	b := s.partMax[l]
	if u > 0 {
		b = min(b, s.spentPartMax[u][l])
	}
	return s.cannotWin(b)
}

// collectAnchors loads the lines of b that across (rows) and down
// (columns) mark, lists every anchor of those lines, across then down,
// with its bound in s.anchors, in the order of a Keep 0 search, and their
// negated ranks, a min-heap, in s.keys, for searchAnchors.
func (s *genState) collectAnchors(b *board.Board, across, down uint64) {
	n := s.n
	v := s.v
	s.anchors, s.keys, s.leftBounds, s.lazy = s.anchors[:0], s.keys[:0], s.leftBounds[:0], s.lazy[:0]
	s.deferBingos, s.deferred = s.rb.bingoKnown && !s.lazyBingos, s.deferred[:0]
	for d := range 2 {
		startRow, startCol := v.StartRow, v.StartCol
		if d == 1 {
			startRow, startCol = v.StartCol, v.StartRow
		}
		lines := across
		if d == 1 {
			lines = down
		}
		s.loadGrid(b, d, lines)
		s.vertical = d == 1
		for r := 0; r < n; r++ {
			if lines != allLines && (r >= 64 || lines>>uint(r)&1 == 0) {
				continue
			}
			s.row = r
			s.cells = s.lines[d][r*n : (r+1)*n]
			if s.first {
				if r == startRow && startCol >= 0 && startCol < n {
					s.addAnchor(d, r, startCol, -2)
				}
				continue
			}
			last := -2
			for c := 0; c < n; c++ {
				if s.isAnchor(c) {
					s.addAnchor(d, r, c, last)
					last = c
				}
			}
		}
	}
	s.settleBingos()
	s.deferBingos = false
	// The negated ranks, smallest first, give the anchors best bound first,
	// ties in the order of a Keep 0 search. The search takes them from a
	// heap: it stops after a fraction of them, so sorting them all is wasted.
	heapify(s.keys)
}

// settleLazy refines anchor a, whose bound assumed that its bingo extents
// hold a play (lazyBingos), from the extents recorded when it was bounded:
// the word map is asked about them (together), each left part's bound is
// the other plays' (rest) and the bingo's where one fits, and with Keep 1
// the bar goes up to the best bingo that fits. The same bounds as bounding
// it again without lazyBingos, without walking its squares again.
func (s *genState) settleLazy(a *anchor) {
	recs := s.lazy[a.lazyFrom:a.lazyTo]
	s.lookUpRecords(recs)
	lb := s.leftBounds[a.left : a.left+int32(a.nLeft)]
	a.bingos = 0
	for i := range recs {
		db := &recs[i]
		lb[db.l] = db.rest
		fits, best := s.bingoFits(db.key, s.recordSpan(a, db))
		if !fits {
			continue
		}
		a.bingos |= 1 << db.l
		lb[db.l] = max(lb[db.l], db.bound)
		if s.seed && best != noBound {
			s.search.raiseBar(rank(best, a.order) - 1)
		}
	}
	a.bound = noBound
	for _, b := range lb {
		a.bound = max(a.bound, b)
	}
	a.unchecked = 0
}

// seedBingo raises the bar, in a search keeping one play, to just below
// the best bingo that fits anchor c (of the given bound and order), whose
// extents are loaded (s.ext, s.bingos): it is a play the search will find,
// so nothing ranked below it can be the best.
func (s *genState) seedBingo(c int, bound, order int32) {
	if !s.seed || s.bingos == 0 || !s.rb.bingoKnown || s.cannotWinAt(bound, order) {
		return
	}
	if v := s.bestBingo(c); v != noBound {
		s.search.raiseBar(rank(v, order) - 1)
	}
}

// addAnchor bounds the anchor at column c of line r of direction d (the
// line loaded in s.cells) and lists it.
func (s *genState) addAnchor(d, r, c, last int) {
	order := int32(len(s.anchors)) // across anchors come first, as a Keep 0 search takes them
	deferred, lazy := len(s.deferred), int32(len(s.lazy))
	bound := s.anchorBound(c, last)
	a := anchor{bound: bound, order: order,
		vertical: d == 1, row: int8(r), col: int8(c), lastAnchor: int8(last), left: int32(len(s.leftBounds)),
		lazyFrom: lazy, lazyTo: int32(len(s.lazy))}
	if bound != noBound || len(s.deferred) > deferred {
		a.nLeft = int8(s.kl + 1)
		a.bingos, a.unchecked = s.bingos, s.unchecked
		if !s.lazyBingos && bound != noBound {
			s.seedBingo(c, bound, order)
		}
		s.leftBounds = append(s.leftBounds, s.leftBound[:s.kl+1]...)
	}
	s.anchors = append(s.anchors, a)
	s.keys = append(s.keys, -rank(bound, order))
}

// bestSearch is the state of one Keep search beyond its keeper: the rank
// a play must beat and the best found so far.
//
// It is one goroutine's. A helper goroutine joining long searches could
// shorten a lone search on an idle machine, but a bot's other cores are
// busy with the simulation's worlds, and on two cores the helper did not
// make the median or the tail better: one goroutine keeps the search
// simple and its cost where the caller sees it.
type bestSearch struct {
	// bar: a play ranked at or below it is beaten by the Keep plays
	// already kept (noPlay until the keeper is full, or a bingo found by
	// the bound raises it: seedBingo).
	bar int64
	// top is the rank of the best play found (noPlay for none), for
	// better.
	top int64
	// stopped is set when the search's stop ended it.
	stopped bool
	// better, when set, is told each play that becomes the best found so
	// far.
	better PlayRecorder
}

// reset readies sr for a new search that tells better each new best.
func (sr *bestSearch) reset(better PlayRecorder) {
	*sr = bestSearch{bar: noPlay, top: noPlay, better: better}
}

// raiseBar raises the bar to r if r is higher.
func (sr *bestSearch) raiseBar(r int64) {
	sr.bar = max(sr.bar, r)
}

// anchorSteps is what starting an anchor counts for in the countdown to
// the next question to stop (line.StopEvery steps).
const anchorSteps = 64

// searchAnchors searches the anchors, best bound first, until none left
// can beat the best play found or s.stop answers true.
func (s *genState) searchAnchors() {
	sr := &s.search
	n := s.n
	for len(s.keys) > 0 {
		// Ranks come best first: once one anchor cannot beat the best play,
		// none after it can. A negative bound (nothing fits) ranks below
		// every play.
		r := -s.keys[0]
		if r <= sr.bar {
			return
		}
		// An anchor counts as anchorSteps steps of the walk towards the
		// next question to stop: most anchors of a bounded search are
		// walked in a few steps, and asking before each read the clock
		// more often than the walks did.
		if s.BeforeUnit(anchorSteps) {
			sr.stopped = true
			return
		}
		a := &s.anchors[0x7fffffff-int32(r)]
		if a.unchecked != 0 {
			// Its bingo extents were only assumed to hold a play
			// (lazyBingos): settled, it goes back in its place.
			s.settleLazy(a)
			s.keys[0] = -rank(a.bound, a.order)
			siftDown(s.keys, 0)
			continue
		}
		s.keys[0] = s.keys[len(s.keys)-1]
		s.keys = s.keys[:len(s.keys)-1]
		siftDown(s.keys, 0)
		d := 0
		if a.vertical {
			d = 1
		}
		s.vertical = a.vertical
		s.row = int(a.row)
		s.cells = s.lines[d][s.row*n : (s.row+1)*n]
		s.lastAnchor = int(a.lastAnchor)
		s.order = a.order
		s.useLeftBounds(s.leftBounds[a.left : a.left+int32(a.nLeft)])
		s.bingos = a.bingos
		s.prepareWalk(int(a.col), int(a.lastAnchor))
		s.pruning = true
		s.genAnchor(int(a.col))
		s.pruning = false
		if s.Halted {
			sr.stopped = true
			return
		}
	}
}

// heapify makes h a min-heap.
func heapify(h []int64) {
	for i := len(h)/2 - 1; i >= 0; i-- {
		siftDown(h, i)
	}
}

// siftDown restores the min-heap order below i.
func siftDown(h []int64, i int) {
	for {
		c := 2*i + 1
		if c >= len(h) {
			return
		}
		if c+1 < len(h) && h[c+1] < h[c] {
			c++
		}
		if h[i] <= h[c] {
			return
		}
		h[i], h[c] = h[c], h[i]
		i = c
	}
}

// recordBest is a Keep search's recorder: it keeps the play if it
// outranks the bar. Within an anchor the first of equal value is kept,
// as Keep 0 reports it first.
func (s *genState) recordBest(m *move.Move) {
	v := fixedScore(m.Score)
	if s.rb.leaves {
		v = addValue(v, s.leaveValue())
	}
	r := rank(v, s.order)
	sr := &s.search
	if r <= sr.bar || !s.keep.offer(r, m) {
		return
	}
	sr.raiseBar(s.keep.bar())
	if sr.better != nil && r > sr.top {
		sr.top = r
		sr.better(m)
	}
}

// cannotWin reports whether a play of this anchor scoring bound would not
// beat the best play either goroutine has found.
func (s *genState) cannotWin(bound int32) bool {
	return s.cannotWinAt(bound, s.order)
}

// cannotWinAt is cannotWin for the anchor of the given order.
func (s *genState) cannotWinAt(bound, order int32) bool {
	return rank(bound, order) <= s.search.bar
}

// useLeftBounds readies the per-left-part bounds of the anchor to search
// from those its collection kept: a little memory per anchor instead of
// bounding each searched anchor a second time.
func (s *genState) useLeftBounds(lb []int32) {
	copy(s.leftBound[:], lb)
	s.leftMax[len(lb)] = -1
	for l := len(lb) - 1; l >= 0; l-- {
		s.leftMax[l] = max(s.leftMax[l+1], lb[l])
	}
}

// bestBingo is the best value of the plays of the whole rack on the anchor
// c of the loaded line, whose extents anchorBound has just loaded (s.ext)
// and found able to hold one (s.bingos), or noBound when it has none. Each
// is one of the words the word map gives for the extent, with each blank on
// the square of its letter where it costs least (a real play, if not
// always the best way to pay for the word: a floor, not a bound).
func (s *genState) bestBingo(c int) int32 {
	best := int32(noBound)
	s.eachFittingBingo(c, func(_ int, span []line.Cell, word []byte, blank [2]int8) {
		best = max(best, s.bingoValue(span, word, blank))
	})
	return best
}

// eachFittingBingo calls f with every play of the whole rack on the anchor
// c of the loaded line (its extents in s.ext, those able to hold one in
// s.bingos): a word the word map gives for an extent that fits the
// extent's squares (span, starting at column start), and the letters its
// blanks stand for.
func (s *genState) eachFittingBingo(c int, f func(start int, span []line.Cell, word []byte, blank [2]int8)) {
	for m := s.bingos; m != 0; m &= m - 1 {
		l := bits.TrailingZeros16(m)
		r := s.rackLeft - 1 - l
		start, span := s.extentSpan(c, l, r)
		for _, g := range s.bingoWords(s.rb.key + s.ext.left.key[l] + s.ext.right.key[r]) {
			if g.n != len(span) {
				continue
			}
			for w := 0; w+g.n <= len(g.letters); w += g.n {
				if word := g.letters[w : w+g.n]; fitsSpan(span, word) {
					f(start, span, word, g.blank)
				}
			}
		}
	}
}

// bingoValue is the value of word played on span, the rack's blanks
// standing for the letters of blank, each on the square of its letter
// where it loses least, scored as record scores a play.
func (s *genState) bingoValue(span []line.Cell, word []byte, blank [2]int8) int32 {
	main, mult, cross, tiles := 0, 1, 0, 0
	for j, ch := range word {
		ce := &span[j]
		if ce.Letter != 0 {
			main += int(ce.OldValue)
			continue
		}
		tiles++
		lv := s.values[ch-'A'] * int(ce.LM)
		main += lv
		mult *= int(ce.WM)
		if ce.Has {
			cross += (int(ce.Base) + lv) * int(ce.WM)
		}
	}
	total := main*mult + cross
	if tiles == s.v.RackSize {
		total += s.v.BingoBonus
	}
	taken := -1
	for _, x := range blank {
		if x < 0 {
			continue
		}
		at, least := -1, 0
		for j, ch := range word {
			ce := &span[j]
			if ce.Letter != 0 || int(ch-'A') != int(x) || j == taken {
				continue
			}
			lv := s.values[x] * int(ce.LM)
			cost := lv * mult
			if ce.Has {
				cost += lv * int(ce.WM)
			}
			if at < 0 || cost < least {
				at, least = j, cost
			}
		}
		if at < 0 {
			return noBound // not a word of this rack (cannot happen)
		}
		total -= least
		taken = at
	}
	v := fixedScore(total)
	if s.rb.leaves {
		v = addValue(v, s.rb.value[0]) // index 0: the empty leave
	}
	return v
}
