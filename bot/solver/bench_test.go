package solver

import (
	"bytes"
	"sync"
	"testing"

	"github.com/lexico/lexico/bot/engine/movegen"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/variant"
	"github.com/lexico/lexico/data"
	"github.com/lexico/lexico/index/gaddag"
	"github.com/lexico/lexico/wordlist"
)

var (
	fullOnce sync.Once
	fullGen  movegen.Generator
)

// fullGenerator is the GADDAG generator over the embedded default list,
// built once (seconds), for benchmarks only.
func fullGenerator(b *testing.B) movegen.Generator {
	fullOnce.Do(func() {
		r, err := wordlist.Decompress(bytes.NewReader(data.DefaultDictionaryGz))
		if err != nil {
			b.Fatal(err)
		}
		wl, err := wordlist.Normalise(r, 2, 15)
		if err != nil {
			b.Fatal(err)
		}
		fullGen = movegen.NewGADDAG(gaddag.Build(wl.Words))
	})
	return fullGen
}

// BenchmarkSolve times a whole solve (bag checks, generation, ranking and
// descriptions) on the sample boards under WWF rules: the listing (top 25)
// and the interactive loop's full list, beside the generation alone (a
// recorder that keeps nothing) to show what the solver adds.
func BenchmarkSolve(b *testing.B) {
	gen := fullGenerator(b)
	for _, c := range []struct{ name, board, hand string }{
		{"empty/xypdqab", "empty.wwf", "xypdqab"},
		{"midgame/retains", "midgame.wwf", "retains"},
		{"midgame/retai*s", "midgame.wwf", "retai*s"},
	} {
		f, err := LoadBoardFile("../../data/wwf/"+c.board, variant.WWF)
		if err != nil {
			b.Fatal(err)
		}
		hand, err := ParseHand(c.hand, variant.WWF)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(c.name+"/generate-only", func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				gen.Search(movegen.Args{Variant: variant.WWF, Board: f.Board, Rack: hand, Record: func(*move.Move) {}})
			}
		})
		for _, top := range []int{25, 0} {
			name := c.name + "/top25"
			if top == 0 {
				name = c.name + "/all"
			}
			b.Run(name, func(b *testing.B) {
				b.ReportAllocs()
				n := 0
				for i := 0; i < b.N; i++ {
					plays, err := Solve(gen, variant.WWF, f.Board, hand, top)
					if err != nil {
						b.Fatal(err)
					}
					n = len(plays)
				}
				b.ReportMetric(float64(n), "plays")
			})
		}
	}
}
