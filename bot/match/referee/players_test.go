package referee_test

import (
	"context"
	"sync"
	"testing"

	"github.com/lexico/lexico/wordlist"

	"github.com/lexico/lexico/bot/engine/movegen"
	"github.com/lexico/lexico/bot/engine/movegen/reference"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/rules"
	"github.com/lexico/lexico/bot/platform/gamestate"
)

// smallDict is the embedded list's words of 2 to 4 letters: enough for whole
// games, small enough for the exhaustive generator to be quick.
type smallDict struct{ words, prefixes map[string]bool }

func (d *smallDict) Contains(w string) bool  { return d.words[w] }
func (d *smallDict) HasPrefix(s string) bool { return d.prefixes[s] }

var (
	dictOnce sync.Once
	dict     *smallDict
)

func words(t testing.TB) *smallDict {
	dictOnce.Do(func() {
		list, err := wordlist.DefaultWords(2, 4)
		if err != nil {
			t.Fatal(err)
		}
		d := &smallDict{words: map[string]bool{}, prefixes: map[string]bool{}}
		for _, w := range list {
			d.words[w] = true
			for i := 1; i <= len(w); i++ {
				d.prefixes[w[:i]] = true
			}
		}
		dict = d
	})
	return dict
}

// greedy is a simple legal player: it parses the gamestate, plays the
// highest-scoring play the exhaustive generator finds, else exchanges its
// whole rack when allowed, else passes.
type greedy struct {
	name string
	gen  movegen.Generator
}

func newGreedy(t testing.TB, name string) *greedy {
	return &greedy{name: name, gen: reference.NewExhaustive(words(t))}
}

func (g *greedy) Name() string { return g.name }

func (g *greedy) Move(_ context.Context, gs []byte) ([]byte, error) {
	p, err := gamestate.Parse(gs)
	if err != nil {
		return nil, err
	}
	var best movegen.Best
	g.gen.Search(movegen.Args{Variant: p.Variant, Board: p.Board, Rack: p.Rack, Record: best.Record})
	m := move.NewPass()
	switch {
	case best.Found:
		m = best.Move
	case rules.ExchangeAllowed(p) == nil && p.Rack.N > 0:
		m = move.NewExchange(p.Rack.Tiles())
	}
	return gamestate.EncodeMove(m, p.Board.Size)
}

// scripted answers from a list, then passes.
type scripted struct {
	name    string
	answers []func(gs []byte) ([]byte, error)
	turn    int
}

func (s *scripted) Name() string { return s.name }

func (s *scripted) Move(_ context.Context, gs []byte) ([]byte, error) {
	if s.turn >= len(s.answers) {
		return []byte(`[[],["Pass"]]`), nil
	}
	s.turn++
	return s.answers[s.turn-1](gs)
}

func answer(s string) func([]byte) ([]byte, error) {
	return func([]byte) ([]byte, error) { return []byte(s), nil }
}
