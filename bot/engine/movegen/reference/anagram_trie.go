package reference

import (
	"cmp"
	"math/bits"
	"slices"
	"strings"
	"sync"

	"github.com/lexico/lexico/bot/engine/movegen/internal/line"
	"github.com/lexico/lexico/bot/game/tile"
)

// maxKeyLen is the longest word the anagram trie keeps: its per-node length
// set is a uint32. Longer words fit on no board a Lexico variant uses.
const maxKeyLen = 31

// anagramTrie is the dictionary keyed by anagram key (a word's letters in
// sorted order, tile.Canonical): one path per key, the key's words stored at
// its last node. It is the index's anagram bucket held in memory, with the
// length buckets folded into every node (the set of key lengths below it), so
// a walk for keys of one length never enters a branch without one.
//
// It lives in memory rather than being queried in bbolt because the anagram
// generator makes hundreds of lookups per position and the per-query bbolt
// cost would dominate: a query through bbolt pays a cursor seek per trie
// step and a string per word, tens of times what a walk of this trie costs.
// The trade: building it from the index's words takes a few hundred
// milliseconds at construction, and it holds about 15 MB for the default
// list.
type anagramTrie struct {
	nodes []akNode
	words []byte // every key's words, concatenated; all of a key's words have its length
}

// akNode is one key prefix. Children are contiguous, in letter order.
type akNode struct {
	first   uint32 // index of the first child
	words   uint32 // offset in words of this key's first word
	lengths uint32 // bit l: some key of length l ends at or below this node
	kids    uint32 // bit x: a child by letter x (the walk picks children by mask)
	nWords  uint16 // words whose key ends here
	letter  uint8  // letter index of the arc into this node (0 for 'A')
}

// newAnagramTrie builds the trie of words (upper case A-Z; others, and words
// longer than maxKeyLen, are skipped). It runs once per generator, so it is
// kept lean: the keys are slices of one arena, not a string each, and the
// two halves of the list are sorted on two cores, then merged.
func newAnagramTrie(words []string) *anagramTrie {
	type entry struct {
		packed    uint64
		key, word string
	}
	total := 0
	for _, w := range words {
		total += len(w)
	}
	arena := make([]byte, 0, total)
	bounds := make([]int32, 0, len(words))
	kept := make([]string, 0, len(words))
	for _, w := range words {
		ok := len(w) > 0 && len(w) <= maxKeyLen
		var counts [26]uint8
		for i := 0; ok && i < len(w); i++ {
			if ok = tile.IsLetter(w[i]); ok {
				counts[w[i]-'A']++
			}
		}
		if !ok {
			continue
		}
		for l, c := range counts {
			for ; c > 0; c-- {
				arena = append(arena, byte('A'+l))
			}
		}
		bounds = append(bounds, int32(len(arena)))
		kept = append(kept, w)
	}
	keyArena := string(arena)
	// Sort by the first twelve letters of the key packed into an integer
	// (5 bits a letter, A=1, so a shorter key sorts first as strings do);
	// only keys sharing those compare as strings.
	es := make([]entry, len(kept))
	for i, w := range kept {
		k := keyArena[int(bounds[i])-len(w) : bounds[i]]
		var packed uint64
		for j := range 12 {
			packed <<= 5
			if j < len(k) {
				packed |= uint64(k[j]-'A') + 1
			}
		}
		es[i] = entry{packed, k, w}
	}
	cmpEntry := func(a, b entry) int {
		if a.packed != b.packed {
			return cmp.Compare(a.packed, b.packed)
		}
		if c := strings.Compare(a.key, b.key); c != 0 {
			return c
		}
		return strings.Compare(a.word, b.word)
	}
	half := len(es) / 2
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { defer wg.Done(); slices.SortFunc(es[:half], cmpEntry) }()
	slices.SortFunc(es[half:], cmpEntry)
	wg.Wait()
	merged := make([]entry, 0, len(es))
	for i, j := 0, half; i < half || j < len(es); {
		if j == len(es) || i < half && cmpEntry(es[i], es[j]) <= 0 {
			merged = append(merged, es[i])
			i++
		} else {
			merged = append(merged, es[j])
			j++
		}
	}
	merged = slices.CompactFunc(merged, func(a, b entry) bool { return a.word == b.word })
	t := &anagramTrie{nodes: make([]akNode, 1, 2*len(merged)+1), words: make([]byte, 0, total)}
	keys := make([]string, len(merged))
	ws := make([]string, len(merged))
	for i, e := range merged {
		keys[i], ws[i] = e.key, e.word
	}
	t.build(0, keys, ws, 0)
	return t
}

// build fills node ni from the sorted keys sharing their first depth letters
// (and the matching words), and returns the node's length set.
func (t *anagramTrie) build(ni int, keys, words []string, depth int) uint32 {
	var lengths uint32
	i := 0
	for i < len(keys) && len(keys[i]) == depth {
		i++
	}
	if i > 0 {
		t.nodes[ni].words = uint32(len(t.words))
		t.nodes[ni].nWords = uint16(i)
		for _, w := range words[:i] {
			t.words = append(t.words, w...)
		}
		lengths |= 1 << uint(depth)
	}
	keys, words = keys[i:], words[i:]
	groups := 0
	for j := 0; j < len(keys); j++ {
		if j == 0 || keys[j][depth] != keys[j-1][depth] {
			groups++
		}
	}
	first := len(t.nodes)
	t.nodes = slices.Grow(t.nodes, groups)[:first+groups]
	clear(t.nodes[first:])
	t.nodes[ni].first = uint32(first)
	for g, j := 0, 0; j < len(keys); g++ {
		k := j
		for k < len(keys) && keys[k][depth] == keys[j][depth] {
			k++
		}
		t.nodes[first+g].letter = keys[j][depth] - 'A'
		t.nodes[ni].kids |= 1 << (keys[j][depth] - 'A')
		lengths |= t.build(first+g, keys[j:k], words[j:k], depth+1)
		j = k
	}
	t.nodes[ni].lengths = lengths
	return lengths
}

// keyWalk enumerates the keys of the target lengths that hold every letter
// of a required multiset (a slot's fixed letters) plus letters from a rack,
// blanks standing for any letter. Slots with the same fixed letters share one
// walk whatever their lengths: keys of different lengths share their
// prefixes, so one walk costs little more than the longest one. Each key is
// visited once: a letter is taken from the required set first, then from the
// rack's real tiles, and from a blank only when neither has one left, so the
// walk never reaches a key twice by different choices of source. Letters the
// rack supplies are also capped by limit: the slots' squares say which
// letters can go on them at all.
type keyWalk struct {
	t        *anagramTrie
	targets  uint32 // bit l: find keys of length l
	need     [26]uint8
	needMask uint32 // letters with need > 0
	needLeft int
	rack     [26]uint8
	rackMask uint32 // letters with rack > 0
	rackLeft int
	blanks   int
	// limit[x] caps the letters x taken from the rack (tiles or blanks):
	// at most as many as there are empty squares that can take x.
	limit     [26]uint8
	limitMask uint32 // letters with limit > 0
	// ge[x] is how many tiles of letters x..Z the rack can still give (each
	// letter capped by limit), as at the start of the walk; below a node
	// reached by x, ge[x+1] is still exact (the path took only letters up
	// to x) and x's own count is read live.
	ge    [27]uint8
	visit func(word []byte) // called for every word of every key found
	// Counted down by the nodes that go on to their children and by each
	// slot visit fits a word on; once it has stopped, no word is visited.
	line.Stop
}

// run walks the whole trie.
func (w *keyWalk) run() {
	w.ge[26] = 0
	w.rackMask, w.limitMask = 0, 0
	for l := 25; l >= 0; l-- {
		w.ge[l] = w.ge[l+1] + min(w.rack[l], w.limit[l])
		if w.rack[l] > 0 {
			w.rackMask |= 1 << uint(l)
		}
		if w.limit[l] > 0 {
			w.limitMask |= 1 << uint(l)
		}
	}
	w.walk(0, 0)
}

// lengthsBetween is the set of lengths lo..hi.
func lengthsBetween(lo, hi int) uint32 {
	if hi > maxKeyLen {
		hi = maxKeyLen
	}
	if lo > hi {
		return 0
	}
	return (1<<uint(hi+1) - 1) &^ (1<<uint(lo) - 1)
}

func (w *keyWalk) walk(ni uint32, depth int) {
	nd := &w.t.nodes[ni]
	if nd.nWords > 0 && w.needLeft == 0 && w.targets&(1<<uint(depth)) != 0 && !w.Halted {
		ws := w.t.words[nd.words : nd.words+uint32(nd.nWords)*uint32(depth)]
		for i := 0; i+depth <= len(ws); i += depth {
			w.visit(ws[i : i+depth])
		}
	}
	// Keys are sorted, so below a node reached by letter x only letters
	// from x on can follow: the rack's tiles before x no longer count.
	avail := w.rackLeft
	if depth > 0 {
		x := nd.letter
		avail = int(w.ge[x+1]) + int(min(w.rack[x], w.limit[x]))
	}
	// The lengths still worth going on for: every required letter placed,
	// and no more letters than the rack can still give.
	want := w.targets & lengthsBetween(depth+max(w.needLeft, 1), depth+w.needLeft+avail+w.blanks)
	if want == 0 {
		return
	}
	if w.UntilStop--; w.UntilStop < 0 && w.CheckStop() {
		return
	}
	// The letters that can come next: a required one, or one the squares
	// take and the rack (a tile or a blank) can give; never past the first
	// required letter still missing, since keys are sorted.
	can := w.rackMask
	if w.blanks > 0 {
		can = 1<<26 - 1
	}
	next := nd.kids & (w.needMask | w.limitMask&can)
	if w.needMask != 0 {
		next &= 2<<uint(bits.TrailingZeros32(w.needMask)) - 1
	}
	for ; next != 0; next &= next - 1 {
		x := uint8(bits.TrailingZeros32(next))
		ki := nd.first + uint32(bits.OnesCount32(nd.kids&(1<<x-1)))
		if w.t.nodes[ki].lengths&want == 0 {
			continue
		}
		switch {
		case w.need[x] > 0:
			w.need[x]--
			w.needLeft--
			if w.need[x] == 0 {
				w.needMask &^= 1 << x
			}
			w.walk(ki, depth+1)
			w.need[x]++
			w.needLeft++
			w.needMask |= 1 << x
		case w.rack[x] > 0:
			w.take(x, false)
			w.walk(ki, depth+1)
			w.give(x, false)
		default: // a blank
			w.take(x, true)
			w.walk(ki, depth+1)
			w.give(x, true)
		}
	}
}

// take removes a tile for letter x (a blank if blank) from the rack and one
// x from the squares' allowance; give puts them back.
func (w *keyWalk) take(x uint8, blank bool) {
	if blank {
		w.blanks--
	} else {
		if w.rack[x]--; w.rack[x] == 0 {
			w.rackMask &^= 1 << x
		}
		w.rackLeft--
	}
	if w.limit[x]--; w.limit[x] == 0 {
		w.limitMask &^= 1 << x
	}
}

func (w *keyWalk) give(x uint8, blank bool) {
	if blank {
		w.blanks++
	} else {
		w.rack[x]++
		w.rackMask |= 1 << x
		w.rackLeft++
	}
	w.limit[x]++
	w.limitMask |= 1 << x
}
