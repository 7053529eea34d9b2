package movegen

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/lexico/lexico/build"

	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/rules"
	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/bot/game/variant"
	"github.com/lexico/lexico/index/gaddag"
	"github.com/lexico/lexico/index/multiset"
)

// wordSet is a plain dictionary for the exhaustive generator: a set of words
// and of their prefixes.
type wordSet struct {
	words, prefixes map[string]bool
}

func newWordSet(words []string) *wordSet {
	ws := &wordSet{words: map[string]bool{}, prefixes: map[string]bool{}}
	for _, w := range words {
		ws.words[w] = true
		for i := 1; i <= len(w); i++ {
			ws.prefixes[w[:i]] = true
		}
	}
	return ws
}

func (ws *wordSet) Contains(w string) bool  { return ws.words[w] }
func (ws *wordSet) HasPrefix(s string) bool { return ws.prefixes[s] }

// lexicon is a word list with both generators over it.
type lexicon struct {
	words []string
	set   *wordSet
	g     *gaddag.GADDAG
	gen   *GADDAGGenerator
	exh   *Exhaustive
}

func newLexicon(words []string) *lexicon {
	lx := &lexicon{words: words, set: newWordSet(words), g: gaddag.Build(words)}
	ms, err := multiset.Build(words)
	if err != nil {
		panic(err) // test lists are small and sane
	}
	lx.gen = NewGADDAG(lx.g, WithMultisets(ms), WithBlanks(multiset.BuildBlanks(words)))
	lx.exh = NewExhaustive(lx.set)
	return lx
}

var (
	fullOnce, smallOnce sync.Once
	fullLex, smallLex   *lexicon
)

// defaultWords is the embedded list as the index keeps it: upper case,
// 2..15 letters A-Z, decompressed and normalised once per test binary (full
// and small both start from it). Callers must not modify it.
var defaultWords = sync.OnceValue(func() []string {
	words, err := build.DefaultWords(build.DefaultMinLen, build.DefaultMaxLen)
	if err != nil {
		panic(err) // the embedded list is part of the binary: unreadable means a broken build
	}
	return words
})

// full is the whole default list, built once per test binary.
func full() *lexicon {
	fullOnce.Do(func() { fullLex = newLexicon(defaultWords()) })
	return fullLex
}

// small is a deterministic sample of the default list (every two- and
// three-letter word, so boards fill up, and every 50th longer word), small
// enough for the exhaustive generator.
func small() *lexicon {
	smallOnce.Do(func() {
		var ws []string
		for i, w := range defaultWords() {
			if len(w) <= 3 || i%50 == 0 {
				ws = append(ws, w)
			}
		}
		smallLex = newLexicon(ws)
	})
	return smallLex
}

// testPos is a position reached in a random game.
type testPos struct {
	name string
	v    *variant.Variant
	b    *board.Board
	rack tile.Rack
}

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

// randomGame plays a game of random legal moves found by gen (one of the
// top few by score, so boards get dense and varied) and returns the
// position before every move.
func randomGame(v *variant.Variant, gen Generator, r *rand.Rand, name string) []testPos {
	b := v.NewBoard()
	bag := newBag(v, r)
	var racks [2]tile.Rack
	draw(&racks[0], &bag, v.RackSize)
	draw(&racks[1], &bag, v.RackSize)
	var out []testPos
	stuck := 0
	for turn := 0; stuck < 4 && turn < 60; turn++ {
		rack := &racks[turn%2]
		if rack.N == 0 {
			break
		}
		out = append(out, testPos{name: fmt.Sprintf("%s turn %d", name, turn), v: v, b: b.Clone(), rack: *rack})
		top := NewTopN(5)
		generate(gen, v, b, *rack, top.Record)
		ms := top.Moves()
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

// withBlanks replaces tiles of the rack by blanks until it holds n blanks
// (adding blanks if the rack is short).
func withBlanks(rack tile.Rack, n int, r *rand.Rand) tile.Rack {
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

// collect runs gen and returns the plays by key, failing on a play reported
// twice.
func collect(t testing.TB, gen Generator, p testPos) map[string]int {
	out := map[string]int{}
	dup := 0
	generate(gen, p.v, p.b, p.rack, func(m *move.Move) {
		k := m.Key()
		if _, ok := out[k]; ok {
			dup++
			if dup < 5 {
				t.Errorf("%s: play %s reported twice", p.name, k)
			}
		}
		out[k] = m.Score
	})
	return out
}

// diff describes the differences between two play sets, empty if none.
func diff(aName string, a map[string]int, bName string, b map[string]int) string {
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

// generate reports every play of rack to rec: Search with Keep 0.
func generate(gen Generator, v *variant.Variant, b *board.Board, rack tile.Rack, rec PlayRecorder) {
	gen.Search(Args{Variant: v, Board: b, Rack: rack, Record: rec})
}

// generateUntil is generate asking stop.
func generateUntil(gen Generator, v *variant.Variant, b *board.Board, rack tile.Rack, rec PlayRecorder, stop func() bool) bool {
	return gen.Search(Args{Variant: v, Board: b, Rack: rack, Record: rec, Stop: stop})
}

// findBest is the best play by score: Search with Keep 1.
func findBest(gen Generator, v *variant.Variant, b *board.Board, rack tile.Rack) (move.Move, bool) {
	m, found, _ := findBestUntil(gen, v, b, rack, nil, nil)
	return m, found
}

// findBestUntil is findBest asking stop and telling better each new best.
func findBestUntil(gen Generator, v *variant.Variant, b *board.Board, rack tile.Rack, stop func() bool, better PlayRecorder) (m move.Move, found, finished bool) {
	var best Best
	finished = gen.Search(Args{Variant: v, Board: b, Rack: rack, Keep: 1, Stop: stop, Better: better, Record: best.Record})
	return best.Move, best.Found, finished
}

// testLeave is a leave valuation for tests: a value per letter (some
// negative), less 3 per repeated tile, and a blank worth 20, so that the
// best play by equity often differs from the best by score. It depends on
// nothing but the leave, as Args.Leave must.
func testLeave(r tile.Rack) float64 {
	v := 0.0
	for l, c := range r.Counts {
		if c == 0 {
			continue
		}
		if l == tile.BlankIndex {
			v += 20 * float64(c)
			continue
		}
		v += float64(c)*(float64(l%7)-2.5) - 3*float64(c-1)
	}
	return v
}
