package movegen

import (
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/lexico/lexico/bot/engine/movegen/internal/gentest"
	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/bot/game/variant"
)

// testPos is a position reached in a random game.
type testPos = gentest.Pos

// lexicon is a word list with the GADDAG generator over it.
type lexicon struct {
	*gentest.Lexicon
	gen *GADDAGGenerator
}

func newLexicon(words []string) *lexicon {
	return lexiconOf(gentest.NewLexicon(words))
}

func lexiconOf(l *gentest.Lexicon) *lexicon {
	return &lexicon{Lexicon: l, gen: NewGADDAG(l.G, WithMultisets(l.MS), WithBlanks(l.Blanks))}
}

// full is the whole default list, built once per test binary.
var full = sync.OnceValue(func() *lexicon { return lexiconOf(gentest.Full()) })

// small is gentest.Small, a sample of the default list, built once per
// test binary.
var small = sync.OnceValue(func() *lexicon { return lexiconOf(gentest.Small()) })

// top5 lists the five best plays by score gen finds, as a random game
// picks from them.
func top5(gen Generator) gentest.Top {
	return func(v *variant.Variant, b *board.Board, rack tile.Rack) []move.Move {
		top := NewTopN(5)
		generate(gen, v, b, rack, top.Record)
		return top.Moves()
	}
}

// randomGame plays a game of random moves among the top few gen finds.
func randomGame(v *variant.Variant, gen Generator, r *rand.Rand, name string) []testPos {
	return gentest.RandomGame(v, top5(gen), r, name)
}

// agreementPositions is gentest.AgreementPositions over gen's plays.
func agreementPositions(gen Generator, games int, seed uint64) []testPos {
	return gentest.AgreementPositions(top5(gen), games, seed)
}

// collect runs gen and returns the plays by key, failing on a play reported
// twice.
func collect(t testing.TB, gen Generator, p testPos) map[string]int {
	return gentest.Collect(t, p, func(rec func(*move.Move)) { generate(gen, p.Variant, p.Board, p.Rack, rec) })
}

// generate reports every play of rack to rec: Search with Keep 0.
func generate(gen Generator, v *variant.Variant, b *board.Board, rack tile.Rack, rec PlayRecorder) {
	gen.Search(Args{Variant: v, Board: b, Rack: rack, Record: rec})
}

// searchOf is gen's search with Keep 0, as the stop tests ask it.
func searchOf(gen Generator) gentest.Search {
	return func(p testPos, rec func(*move.Move), stop func() bool) bool {
		return generateUntil(gen, p.Variant, p.Board, p.Rack, rec, stop)
	}
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
