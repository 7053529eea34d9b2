package reference

import (
	"sync"
	"testing"

	"github.com/lexico/lexico/bot/engine/movegen"
	"github.com/lexico/lexico/bot/engine/movegen/internal/gentest"
	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/bot/game/variant"
)

// testPos is a position reached in a random game.
type testPos = gentest.Pos

// lexicon is a word list with the GADDAG generator, which the reference
// generators check, and the exhaustive generator over it.
type lexicon struct {
	*gentest.Lexicon
	gen *movegen.GADDAGGenerator
	exh *Exhaustive
}

func newLexicon(words []string) *lexicon {
	return lexiconOf(gentest.NewLexicon(words))
}

func lexiconOf(l *gentest.Lexicon) *lexicon {
	return &lexicon{Lexicon: l, gen: movegen.NewGADDAG(l.G, movegen.WithMultisets(l.MS), movegen.WithBlanks(l.Blanks)), exh: NewExhaustive(l.Set)}
}

// full is the whole default list, built once per test binary.
var full = sync.OnceValue(func() *lexicon { return lexiconOf(gentest.Full()) })

// small is gentest.Small, a sample of the default list small enough for
// the exhaustive generator, built once per test binary.
var small = sync.OnceValue(func() *lexicon { return lexiconOf(gentest.Small()) })

// top5 lists the five best plays by score gen finds, as a random game
// picks from them.
func top5(gen movegen.Generator) gentest.Top {
	return func(v *variant.Variant, b *board.Board, rack tile.Rack) []move.Move {
		top := movegen.NewTopN(5)
		generate(gen, v, b, rack, top.Record)
		return top.Moves()
	}
}

// agreementPositions is gentest.AgreementPositions over gen's plays.
func agreementPositions(gen movegen.Generator, games int, seed uint64) []testPos {
	return gentest.AgreementPositions(top5(gen), games, seed)
}

// collect runs gen and returns the plays by key, failing on a play reported
// twice.
func collect(t testing.TB, gen movegen.Generator, p testPos) map[string]int {
	return gentest.Collect(t, p, func(rec func(*move.Move)) { generate(gen, p.Variant, p.Board, p.Rack, rec) })
}

// generate reports every play of rack to rec: Search with Keep 0.
func generate(gen movegen.Generator, v *variant.Variant, b *board.Board, rack tile.Rack, rec movegen.PlayRecorder) {
	gen.Search(movegen.Args{Variant: v, Board: b, Rack: rack, Record: rec})
}

// searchOf is gen's search with Keep 0, as the stop tests ask it.
func searchOf(gen movegen.Generator) gentest.Search {
	return func(p testPos, rec func(*move.Move), stop func() bool) bool {
		return gen.Search(movegen.Args{Variant: p.Variant, Board: p.Board, Rack: p.Rack, Record: rec, Stop: stop})
	}
}
