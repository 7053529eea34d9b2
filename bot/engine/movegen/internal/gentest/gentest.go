// Package gentest holds the fixtures the move generators' tests share: the
// word lists with their GADDAG and multiset table, a plain dictionary,
// positions of random games, and the sizes of the agreement properties. It
// knows no generator (package movegen's own tests import it, so it cannot
// import movegen): a test hands it the plays to choose from as a function.
package gentest

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/rules"
	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/bot/game/variant"
	"github.com/lexico/lexico/build/buildtest"
	"github.com/lexico/lexico/index/gaddag"
	"github.com/lexico/lexico/index/multiset"
	"github.com/lexico/lexico/wordlist"
)

// WordSet is a plain dictionary for the exhaustive generator: a set of words
// and of their prefixes, made on first use (for the whole list, a fraction
// of a second that a test binary whose tests never ask pays for nothing).
//
// The set is a trie of the words' letters (the exhaustive generator asks
// it millions of times a test, most of the time of the agreement tests):
// node n has a child for each letter set in mask[n]'s low 26 bits, stored
// in letter order from first[n], and wordBit set when the letters leading
// to it are a word. A test list is upper-case A-Z, as the index keeps it
// (multiset.Build refuses anything else too); another byte panics.
type WordSet struct {
	list  []string
	once  sync.Once
	mask  []uint32
	first []int32
}

const wordBit = 1 << 31

// NewWordSet is the dictionary of words.
func NewWordSet(words []string) *WordSet { return &WordSet{list: words} }

func (ws *WordSet) sets() {
	ws.once.Do(func() {
		for _, w := range ws.list {
			for i := 0; i < len(w); i++ {
				if w[i] < 'A' || w[i] > 'Z' {
					panic(fmt.Sprintf("gentest: word %q: a test list is upper-case A-Z, as the index keeps it", w))
				}
			}
		}
		ws.trie()
	})
}

// trie builds the trie breadth first from the sorted words: a node is the
// run of words sharing its letters, its children the runs by the next
// letter, numbered in the order they are queued, so a node's children are
// consecutive.
func (ws *WordSet) trie() {
	words := slices.Clone(ws.list)
	slices.Sort(words)
	words = slices.Compact(words)
	type run struct{ lo, hi, depth int }
	queue := []run{{0, len(words), 0}}
	for n := 0; n < len(queue); n++ {
		r := queue[n]
		var m uint32
		lo := r.lo
		if lo < r.hi && len(words[lo]) == r.depth { // sorted: the prefix itself comes first
			m |= wordBit
			lo++
		}
		ws.first = append(ws.first, int32(len(queue)))
		for j := lo; j < r.hi; {
			c := words[j][r.depth]
			k := j + 1
			for k < r.hi && words[k][r.depth] == c {
				k++
			}
			m |= 1 << (c - 'A')
			queue = append(queue, run{j, k, r.depth + 1})
			j = k
		}
		ws.mask = append(ws.mask, m)
	}
}

// node is the trie node s leads to, and whether there is one.
func (ws *WordSet) node(s string) (int32, bool) {
	n := int32(0)
	for i := 0; i < len(s); i++ {
		c := s[i] - 'A'
		if c >= 26 {
			return 0, false
		}
		m, bit := ws.mask[n], uint32(1)<<c
		if m&bit == 0 {
			return 0, false
		}
		n = ws.first[n] + int32(bits.OnesCount32(m&(bit-1)))
	}
	return n, true
}

// Contains reports whether w is one of the words.
func (ws *WordSet) Contains(w string) bool {
	ws.sets()
	n, ok := ws.node(w)
	return ok && ws.mask[n]&wordBit != 0
}

// HasPrefix reports whether s is the first letters (one or more) of a word.
func (ws *WordSet) HasPrefix(s string) bool {
	ws.sets()
	_, ok := ws.node(s)
	return ok && s != ""
}

// Lexicon is a word list with what generators are built from: the
// dictionary, the GADDAG and the multiset table.
type Lexicon struct {
	Words []string
	Set   *WordSet
	G     *gaddag.GADDAG
	MS    *multiset.Table
	// Blanks is the word map's blank table of Words.
	Blanks *multiset.BlankTable
}

// NewLexicon builds the lexicon of words.
func NewLexicon(words []string) *Lexicon {
	lx := &Lexicon{Words: words, Set: NewWordSet(words), G: gaddag.Build(words)}
	ms, err := multiset.Build(words)
	if err != nil {
		panic(err) // test lists are small and sane
	}
	lx.MS = ms
	lx.Blanks = multiset.BuildBlanks(words)
	return lx
}

// defaultWords is the embedded list as the index keeps it: upper case,
// 2..15 letters A-Z, decompressed and normalised once per test binary (Full
// and Small both start from it). Callers must not modify it.
var defaultWords = sync.OnceValue(func() []string {
	words, err := wordlist.DefaultWords(wordlist.DefaultMinLen, wordlist.DefaultMaxLen)
	if err != nil {
		panic(err) // the embedded list is part of the binary: unreadable means a broken build
	}
	return words
})

// Full is the whole default list, once per test binary. Its GADDAG and
// tables are the default index's, read in place as a bot reads them
// (buildtest keeps one index file for every test binary and run): building
// them from the list again costs seconds in each binary that uses Full.
// NewLexicon's building is tested on Small, and gaddag.Build and
// multiset.Build by their own packages.
var Full = sync.OnceValue(func() *Lexicon {
	x, err := buildtest.Open(0, 0)
	if err != nil {
		panic(err)
	}
	words := defaultWords()
	return &Lexicon{Words: words, Set: NewWordSet(words), G: x.GADDAG(), MS: x.Multisets(), Blanks: x.Blanks()}
})

// Small is a deterministic sample of the default list (every two- and
// three-letter word, so boards fill up, and every 50th longer word), small
// enough for the exhaustive generator, built once per test binary.
var Small = sync.OnceValue(func() *Lexicon {
	var ws []string
	for i, w := range defaultWords() {
		if len(w) <= 3 || i%50 == 0 {
			ws = append(ws, w)
		}
	}
	return NewLexicon(ws)
})

// Pos is a position reached in a random game.
type Pos struct {
	Name    string
	Variant *variant.Variant
	Board   *board.Board
	Rack    tile.Rack
}

// Top lists the plays a random game picks its move from: in the tests, the
// five best by score that a generator finds (movegen.TopN's order).
type Top func(v *variant.Variant, b *board.Board, rack tile.Rack) []move.Move

func newBag(v *variant.Variant, r *rand.Rand) []byte {
	var bag []byte
	for k, n := range v.Distribution {
		for ; n > 0; n-- {
			bag = append(bag, tile.Byte(k))
		}
	}
	r.Shuffle(len(bag), func(i, j int) { bag[i], bag[j] = bag[j], bag[i] })
	return bag
}

func draw(rack *tile.Rack, bag *[]byte, want int) {
	for rack.N < want && len(*bag) > 0 {
		rack.Add((*bag)[len(*bag)-1])
		*bag = (*bag)[:len(*bag)-1]
	}
}

// RandomGame plays a game of random legal moves, each one of the plays top
// lists (the top few by score, so boards get dense and varied), and returns
// the position before every move.
func RandomGame(v *variant.Variant, top Top, r *rand.Rand, name string) []Pos {
	b := v.NewBoard()
	bag := newBag(v, r)
	var racks [2]tile.Rack
	draw(&racks[0], &bag, v.RackSize)
	draw(&racks[1], &bag, v.RackSize)
	var out []Pos
	stuck := 0
	for turn := 0; stuck < 4 && turn < 60; turn++ {
		rack := &racks[turn%2]
		if rack.N == 0 {
			break
		}
		out = append(out, Pos{Name: fmt.Sprintf("%s turn %d", name, turn), Variant: v, Board: b.Clone(), Rack: *rack})
		ms := top(v, b, *rack)
		if len(ms) == 0 {
			stuck++
			// Change the rack, as an exchange would.
			for _, t := range rack.Tiles() {
				bag = append([]byte{t}, bag...)
			}
			*rack = tile.Rack{}
			draw(rack, &bag, v.RackSize)
			continue
		}
		stuck = 0
		m := ms[r.IntN(len(ms))]
		rules.Apply(b, m)
		*rack, _ = m.Leave(*rack)
		draw(rack, &bag, v.RackSize)
	}
	return out
}

// WithBlanks replaces tiles of the rack by blanks until it holds n blanks
// (adding blanks if the rack is short).
func WithBlanks(rack tile.Rack, n int, r *rand.Rand) tile.Rack {
	for rack.Blanks() < n {
		ts := rack.Tiles()
		var letters []byte
		for _, t := range ts {
			if t != tile.Blank {
				letters = append(letters, t)
			}
		}
		if len(letters) > 0 {
			rack.Remove(letters[r.IntN(len(letters))])
		}
		rack.Add(tile.Blank)
	}
	for rack.Blanks() > n {
		rack.Remove(tile.Blank)
		rack.Add(byte('A' + r.IntN(26)))
	}
	return rack
}

// AgreementPositions plays random games with top under both variants and
// returns every position of them, each with a rack of 0, 1 and 2 blanks in
// turn.
func AgreementPositions(top Top, games int, seed uint64) []Pos {
	r := rand.New(rand.NewPCG(seed, 7))
	var out []Pos
	for g := 0; g < games; g++ {
		for _, v := range []*variant.Variant{variant.Classic, variant.Multipliers} {
			for _, p := range RandomGame(v, top, r, fmt.Sprintf("%s game %d", v.Name, g)) {
				blanks := len(out) % 3
				p.Rack = WithBlanks(p.Rack, blanks, r)
				p.Name = fmt.Sprintf("%s, %d blank(s), rack %s", p.Name, blanks, p.Rack.String())
				out = append(out, p)
			}
		}
	}
	return out
}

// Collect runs generate, which reports every play of p to its argument,
// and returns the plays by key, failing on a play reported twice.
func Collect(t testing.TB, p Pos, generate func(rec func(m *move.Move))) map[string]int {
	out := map[string]int{}
	dup := 0
	generate(func(m *move.Move) {
		k := m.Key()
		if _, ok := out[k]; ok {
			dup++
			if dup < 5 {
				t.Errorf("%s: play %s reported twice", p.Name, k)
			}
		}
		out[k] = m.Score
	})
	return out
}

// Diff describes the differences between two play sets, empty if none.
func Diff(aName string, a map[string]int, bName string, b map[string]int) string {
	var lines []string
	for k, s := range a {
		if t, ok := b[k]; !ok {
			lines = append(lines, fmt.Sprintf("  only %s: %s (%d)", aName, k, s))
		} else if s != t {
			lines = append(lines, fmt.Sprintf("  score differs: %s %s=%d %s=%d", k, aName, s, bName, t))
		}
	}
	for k, s := range b {
		if _, ok := a[k]; !ok {
			lines = append(lines, fmt.Sprintf("  only %s: %s (%d)", bName, k, s))
		}
	}
	sort.Strings(lines)
	if len(lines) > 25 {
		lines = append(lines[:25], fmt.Sprintf("  ... and %d more", len(lines)-25))
	}
	return strings.Join(lines, "\n")
}

// Put writes a word on b from (r, c), across or down; lower case is a blank.
func Put(b *board.Board, r, c int, down bool, word string) {
	for i := 0; i < len(word); i++ {
		l, blank := word[i], false
		if l >= 'a' && l <= 'z' {
			l, blank = l-'a'+'A', true
		}
		b.Set(r, c, board.Square{Letter: l, Blank: blank})
		if down {
			r++
		} else {
			c++
		}
	}
}

// Rack parses s, failing the test if it is not a rack.
func Rack(t testing.TB, s string) tile.Rack {
	r, err := tile.ParseRack(s)
	if err != nil {
		t.Fatal(err)
	}
	return r
}
