package lingo

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/lexico/lexico/build"
	"github.com/lexico/lexico/index"
)

var (
	benchIndexOnce sync.Once
	benchIndexPath string
	benchIndexErr  error
	benchIndexDir  string // removed by TestMain: the index is 30 MB
)

func TestMain(m *testing.M) {
	code := m.Run()
	if benchIndexDir != "" {
		os.RemoveAll(benchIndexDir)
	}
	os.Exit(code)
}

// benchIndex is the real default index (274k words, Bloom filters), built
// once per test binary from the embedded list, only when a benchmark
// needs it.
func benchIndex(b *testing.B) *index.Index {
	b.Helper()
	benchIndexOnce.Do(func() {
		dir, err := os.MkdirTemp("", "lexico-lingo-bench-")
		if err != nil {
			benchIndexErr = err
			return
		}
		benchIndexDir = dir
		benchIndexPath = filepath.Join(dir, "default.db")
		_, benchIndexErr = build.Build(context.Background(), build.Options{Out: benchIndexPath})
	})
	if benchIndexErr != nil {
		b.Fatal(benchIndexErr)
	}
	x, err := index.Open(benchIndexPath)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { x.Close() })
	return x
}

// midGame plays turns moves of a seeded bot game and returns the game.
func midGame(b *testing.B, o Options, dict Dictionary, seed uint64, turns int) *Game {
	b.Helper()
	g, err := NewGame(o, names(o.Players), seed, NewLexicon(dict))
	if err != nil {
		b.Fatal(err)
	}
	bots := []Player{NewBot("a"), NewBot("b")}
	for n := 0; n < turns && !g.Over; n++ {
		m, err := bots[g.ToMove].Move(context.Background(), g.Clone())
		if err != nil {
			b.Fatal(err)
		}
		if _, err := g.Play(m); err != nil {
			b.Fatal(err)
		}
	}
	return g
}

// BenchmarkBest is the bot's thinking time for one move, mid-game, with
// the real index: the default game (pool 5, place 2), and the expensive
// corner of the options (full set, pool 10, place 10), where the number of
// stretches the finder grows is what costs.
func BenchmarkBest(b *testing.B) {
	x := benchIndex(b)
	for _, c := range []struct {
		name string
		o    Options
	}{
		{"default", DefaultOptions()},
		{"hex", Options{Players: 2, Pool: 5, Place: 2, Hex: true}},
		{"pool8-place6-full", Options{Players: 2, Pool: 8, Place: 6, Set: SetFull}},
		{"pool10-place10-full", Options{Players: 2, Pool: 10, Place: 10, Set: SetFull}},
	} {
		b.Run(c.name, func(b *testing.B) {
			g := midGame(b, c.o, x, 3, 10)
			f := NewFinder(NewLexicon(x), c.o)
			pool := g.Pool(g.ToMove)
			b.ReportAllocs()
			for b.Loop() {
				f.Best(&g.Board, pool)
			}
		})
	}
}

// BenchmarkGame is a whole default bot game with the real index.
func BenchmarkGame(b *testing.B) {
	x := benchIndex(b)
	for b.Loop() {
		midGame(b, DefaultOptions(), x, 5, 1000)
	}
}
