package leaves

import (
	"math/rand/v2"
	"testing"

	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/bot/game/variant"
	"github.com/lexico/lexico/data"
)

// BenchmarkSubValues: every sub-leave of a rack valued at once, as a search
// by equity does for each rack, on the shipped multipliers table and racks
// of seven tiles drawn from its bag (many racks, so that the table's 1.8 MB
// are read as a search reads them, mostly out of the nearest caches).
func BenchmarkSubValues(b *testing.B) {
	var tb *Table
	for _, l := range data.LearnedLeaves() {
		if l.Name == "multipliers" {
			t, err := TableInPlace(l.Data)
			if err != nil {
				b.Fatal(err)
			}
			tb = t
		}
	}
	if tb == nil {
		b.Fatal("no shipped multipliers table")
	}
	var bag []byte
	for k, n := range variant.Multipliers.Distribution {
		for range n {
			bag = append(bag, tile.Byte(k))
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	racks := make([]tile.Rack, 4096)
	for i := range racks {
		rng.Shuffle(len(bag), func(x, y int) { bag[x], bag[y] = bag[y], bag[x] })
		for _, t := range bag[:7] {
			racks[i].Add(t)
		}
	}
	dst := make([]float64, 256)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		tb.SubValues(&racks[i%len(racks)], dst)
	}
}
