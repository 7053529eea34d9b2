package movegen

import (
	"testing"

	"github.com/lexico/lexico/index/gaddag"
)

// TestAnchorBoundHolds: no play an anchor produces scores above the bound
// FindBest gave that anchor. This is what makes FindBest exact: it skips an
// anchor only on the strength of its bound. Positions from random games in
// both variants, racks with 0, 1 and 2 blanks, over a sample list and over
// the full default list (whose bingos exercise the multiset filter).
func TestAnchorBoundHolds(t *testing.T) {
	check := func(lx *lexicon, positions []testPos) {
		anchors, searched := 0, 0
		for _, p := range positions {
			s := lx.gen.pool.Get().(*genState)
			var best Best
			if !s.prepare(p.v, p.b, p.rack, best.Record) {
				continue
			}
			s.prepareBound(lx.gen.ms)
			s.collectAnchors(p.b, &s.trans)
			n := p.b.Size
			for _, a := range s.anchors {
				anchors++
				best.Reset()
				d := 0
				if a.vertical {
					d = 1
				}
				s.vertical, s.row = a.vertical, int(a.row)
				s.cells = s.lines[d][s.row*n : (s.row+1)*n]
				s.anchor, s.lastAnchor = int(a.col), int(a.lastAnchor)
				s.gen(s.anchor, gaddag.Root, score{mult: 1})
				if !best.Found {
					continue
				}
				searched++
				if best.Move.Score > int(a.bound) {
					t.Fatalf("%s: anchor %+v: bound %d, yet %v scores %d", p.name, a, a.bound, best.Move, best.Move.Score)
				}
			}
			lx.gen.pool.Put(s)
		}
		if searched < 100 {
			t.Fatalf("only %d of %d anchors had a play: the test checks too little", searched, anchors)
		}
	}
	check(small(), agreementPositions(small().gen, 2, 4))
	pos := midGame()
	check(full(), append(append(pos[0], pos[1]...), pos[2]...))
}

// FindBest returns the very play a Best recorder keeps from Generate on
// mid-game positions over the full list, where the pruning does most.
func TestFindBestFullList(t *testing.T) {
	lx := full()
	pos := midGame()
	for _, ps := range pos {
		for _, p := range ps {
			var best Best
			lx.gen.Generate(p.v, p.b, p.rack, best.Record)
			got, ok := lx.gen.FindBest(p.v, p.b, p.rack)
			if ok != best.Found || ok && (got.Key() != best.Move.Key() || got.Score != best.Move.Score) {
				t.Fatalf("%s: FindBest %v (%v), Best recorder %v (%v)", p.name, got, ok, best.Move, best.Found)
			}
		}
	}
}

// A rack larger than the bound's tables (no variant has one, a library
// caller might) still gets the best play, the one Generate's Best keeps.
func TestFindBestHugeRack(t *testing.T) {
	lx := small()
	p := agreementPositions(lx.gen, 1, 9)[5]
	rack := p.rack
	for _, l := range "EEEEAAAAIIIISS" {
		rack.Counts[l-'A']++
		rack.N++
	}
	if rack.N <= maxRack {
		t.Fatalf("rack of %d tiles does not exceed maxRack %d", rack.N, maxRack)
	}
	var best Best
	lx.gen.Generate(p.v, p.b, rack, best.Record)
	got, ok := lx.gen.FindBest(p.v, p.b, rack)
	if !best.Found || !ok || got.Key() != best.Move.Key() || got.Score != best.Move.Score {
		t.Fatalf("FindBest %v (%v), Best recorder %v (%v)", got, ok, best.Move, best.Found)
	}
}
