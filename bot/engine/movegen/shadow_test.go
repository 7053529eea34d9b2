package movegen

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"sync"
	"testing"

	"github.com/lexico/lexico/bot/engine/movegen/internal/gentest"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/index/multiset"
)

// TestAnchorBoundHolds: no play an anchor produces scores above the bound
// FindBest gave that anchor, nor above the bound for its number of tiles
// left of the anchor. This is what makes FindBest exact: it skips an
// anchor, or a left part, only on the strength of these bounds. Positions from random games in
// both variants, racks with 0, 1 and 2 blanks, over a sample list and over
// the full default list (whose bingos exercise the multiset table).
//
// With a leave valuation the bound is of the value, score plus the leave's
// value (testLeave: negative and positive values, so that neither the
// longest nor the shortest play is always the best).
func TestAnchorBoundHolds(t *testing.T) {
	for _, leave := range []func(tile.Rack) float64{nil, testLeave} {
		checkAnchorBounds(t, leave, small(), agreementPositions(small().gen, 2, 4))
		pos := midGame()
		checkAnchorBounds(t, leave, full(), append(append(pos[0], pos[1]...), pos[2]...))
	}
}

func checkAnchorBounds(t *testing.T, leave func(tile.Rack) float64, lx *lexicon, positions []testPos) {
	t.Helper()
	value := func(p testPos, m *move.Move) int32 {
		v := int32(m.Score) * valueScale
		if leave != nil {
			v += fixedValue(leave(leaveOf(p.Rack, m)))
		}
		return v
	}
	{
		anchors, searched, blankAnchors := 0, 0, 0
		for _, p := range positions {
			s := lx.gen.pool.Get().(*genState)
			var best Best
			if !s.prepare(p.Variant, p.Board, p.Rack, best.Record) {
				continue
			}
			s.prepareBound(lx.gen.ms, lx.gen.blanks, leave, nil, 0)
			s.collectAnchors(p.Board, allLines, allLines)
			n := p.Board.Size
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
				if b := s.anchorBound(s.anchor, s.lastAnchor); b != a.bound {
					t.Fatalf("%s: anchor %+v bounded at %d the second time", p.Name, a, b)
				}
				if kept := s.leftBounds[a.left : a.left+int32(a.nLeft)]; a.bound != noBound && !slices.Equal(kept, s.leftBound[:s.kl+1]) {
					t.Fatalf("%s: anchor %+v kept left bounds %v, bounded again %v", p.Name, a, kept, s.leftBound[:s.kl+1])
				}
				leftBound := s.leftBound
				if leave != nil && p.Rack.Counts[tile.BlankIndex] > 0 && a.bound != noBound {
					blankAnchors++
				}
				bestValue := int32(noBound)
				s.rec = func(m *move.Move) {
					best.Record(m)
					bestValue = max(bestValue, value(p, m))
					left := 0
					for _, pl := range m.Tiles {
						col := pl.Col
						if a.vertical {
							col = pl.Row
						}
						if col < int(a.col) {
							left++
						}
					}
					if v := value(p, m); v > leftBound[left] {
						t.Fatalf("%s: anchor %+v: bound %d for %d tiles to its left, yet %v is worth %d", p.Name, a, leftBound[left], left, m, v)
					}
				}
				s.genAnchor(s.anchor)
				if !best.Found {
					continue
				}
				searched++
				if bestValue > a.bound {
					t.Fatalf("%s: anchor %+v: bound %d, yet a play is worth %d", p.Name, a, a.bound, bestValue)
				}
			}
			lx.gen.pool.Put(s)
		}
		if searched < 100 {
			t.Fatalf("only %d of %d anchors had a play: the test checks too little", searched, anchors)
		}
		if leave != nil && blankAnchors < 100 {
			t.Fatalf("only %d anchors of racks with blanks bounded by equity: the test checks too little", blankAnchors)
		}
	}
}

// FindBest returns the very play a Best recorder keeps from Generate on
// mid-game positions over the full list, where the pruning does most.
func TestFindBestFullList(t *testing.T) {
	lx := full()
	pos := midGame()
	for _, ps := range pos {
		for _, p := range ps {
			var best Best
			generate(lx.gen, p.Variant, p.Board, p.Rack, best.Record)
			got, ok := findBest(lx.gen, p.Variant, p.Board, p.Rack)
			if ok != best.Found || ok && (got.Key() != best.Move.Key() || got.Score != best.Move.Score) {
				t.Fatalf("%s: FindBest %v (%v), Best recorder %v (%v)", p.Name, got, ok, best.Move, best.Found)
			}
		}
	}
}

// A rack larger than the bound's tables (no variant has one, a library
// caller might) still gets the best play, the one Generate's Best keeps.
func TestFindBestHugeRack(t *testing.T) {
	lx := small()
	p := agreementPositions(lx.gen, 1, 9)[5]
	rack := p.Rack
	for _, l := range "EEEEAAAAIIIISS" {
		rack.Counts[l-'A']++
		rack.N++
	}
	if rack.N <= maxRack {
		t.Fatalf("rack of %d tiles does not exceed maxRack %d", rack.N, maxRack)
	}
	var best Best
	generate(lx.gen, p.Variant, p.Board, rack, best.Record)
	got, ok := findBest(lx.gen, p.Variant, p.Board, rack)
	if !best.Found || !ok || got.Key() != best.Move.Key() || got.Score != best.Move.Score {
		t.Fatalf("FindBest %v (%v), Best recorder %v (%v)", got, ok, best.Move, best.Found)
	}
}

// FindBestUntil's better hears each new best as it is found: every play it
// hears is a real play with its real score, none beats the play returned,
// and the play returned is among them, so a caller cut short holds it or a
// play as good as any found by then. Both goroutines may call it.
func TestFindBestUntilReportsEachNewBest(t *testing.T) {
	lx := full()
	pos := midGame()
	for _, gen := range []Generator{lx.gen, plainGenerator{lx.gen}} {
		for _, p := range append(pos[0][:10:10], pos[1][:5]...) {
			var mu sync.Mutex
			heard := map[string]int{}
			best, found, finished := findBestUntil(gen, p.Variant, p.Board, p.Rack, nil, func(m *move.Move) {
				mu.Lock()
				heard[m.Key()] = m.Score
				mu.Unlock()
			})
			if !found || !finished {
				t.Fatalf("%T, %s: found %v, finished %v", gen, p.Name, found, finished)
			}
			plays := collect(t, lx.gen, p)
			for k, score := range heard {
				if real, ok := plays[k]; !ok || real != score || score > best.Score {
					t.Fatalf("%T, %s: heard %s scoring %d (a play: %v, scored %d), returned %v (%d)", gen, p.Name, k, score, ok, real, best, best.Score)
				}
			}
			if score, ok := heard[best.Key()]; !ok || score != best.Score {
				t.Fatalf("%T, %s: returned %v (%d), never heard of (heard %d plays)", gen, p.Name, best, best.Score, len(heard))
			}
		}
	}
}

// A search given the LeaveKey of an earlier search of the same rack takes
// that search's leave values instead of asking Leave again (a playout's
// opponent, the same rack after each candidate): the same tables, no call.
// Another rack, or another key, asks Leave.
func TestLeaveKeyReusesTheValuesOfTheSameRack(t *testing.T) {
	lx := small()
	p := agreementPositions(lx.gen, 1, 2)[0]
	s := lx.gen.pool.Get().(*genState)
	calls := 0
	leave := func(r tile.Rack) float64 { calls++; return testLeave(r) }
	other := func(r tile.Rack) float64 { calls++; return 3 - testLeave(r) }
	// tables is what a search of r values its leaves to: the bound's and
	// the recorded plays' tables.
	tables := func(r tile.Rack, lv func(tile.Rack) float64, key uint64) (leaves [maxRack + 1]int32, spent [maxSpent + 1][maxRack + 1]int32, kinds []uint8, values []int32) {
		var best Best
		if !s.prepare(p.Variant, p.Board, r, best.Record) {
			t.Fatal("nothing to search")
		}
		s.prepareBound(lx.gen.ms, lx.gen.blanks, lv, nil, key)
		rb := &s.rb
		return rb.leave, rb.spent, slices.Clone(rb.kinds[:rb.nKinds]), slices.Clone(rb.value[:subRacks(r)])
	}
	same := func(what string, a, b []any) {
		t.Helper()
		for i := range a {
			if !reflect.DeepEqual(a[i], b[i]) {
				t.Fatalf("%s: table %d differs: %v against %v", what, i, a[i], b[i])
			}
		}
	}
	of := func(a, b, c, d any) []any { return []any{a, b, c, d} }
	r1, r2 := gentest.Rack(t, "AEINRST"), gentest.Rack(t, "EEQSU??")
	fresh := of(tables(r1, leave, 0))
	if calls != subRacks(r1) {
		t.Fatalf("%d calls of Leave for %d leaves", calls, subRacks(r1))
	}
	steps := []struct {
		what string
		rack tile.Rack
		lv   func(tile.Rack) float64
		key  uint64
		asks bool
		want []any
	}{
		{what: "first search under key 7", rack: r1, lv: leave, key: 7, asks: true, want: fresh},
		{what: "the same rack and key", rack: r1, lv: leave, key: 7, want: fresh},
		{what: "another rack, key 7", rack: r2, lv: leave, key: 7, asks: true},
		{what: "the first rack again: two racks are remembered", rack: r1, lv: leave, key: 7, want: fresh},
		{what: "the first rack under key 8, valued otherwise", rack: r1, lv: other, key: 8, asks: true, want: of(tables(r1, other, 0))},
	}
	for _, st := range steps {
		before := calls
		got := of(tables(st.rack, st.lv, st.key))
		if asked := calls > before; asked != st.asks {
			t.Fatalf("%s: Leave asked %d times, want asked: %v", st.what, calls-before, st.asks)
		}
		if st.want != nil {
			same(st.what, got, st.want)
		}
	}
}

// Args.Leaves fills the same tables as asking Leave leave by leave, when it
// values each sub-rack at the index it documents, and the search asks Leave
// when it declines; the plays kept are then the same.
func TestLeavesValuesAsLeaveDoes(t *testing.T) {
	lx := small()
	p := agreementPositions(lx.gen, 1, 2)[0]
	s := lx.gen.pool.Get().(*genState)
	defer lx.gen.pool.Put(s)
	calls := 0
	leave := func(r tile.Rack) float64 { calls++; return testLeave(r) }
	// all values each sub-rack of rack at the index Args.Leaves documents:
	// its counts of the rack's kinds as digits, the first kind's lowest.
	all := func(rack *tile.Rack, dst []float64) bool {
		for i := range rack.SubRacks() {
			dst[i] = testLeave(rack.SubRack(i))
		}
		return true
	}
	declines := func(*tile.Rack, []float64) bool { return false }
	for _, r := range []string{"AEINRST", "EEQSU??", "QQZ?", "E"} {
		rack := gentest.Rack(t, r)
		tables := func(leaves func(*tile.Rack, []float64) bool) []any {
			var best Best
			if !s.prepare(p.Variant, p.Board, rack, best.Record) {
				t.Fatal("nothing to search")
			}
			s.prepareBound(lx.gen.ms, lx.gen.blanks, leave, leaves, 0)
			rb := &s.rb
			return []any{rb.leave, rb.spent, slices.Clone(rb.value[:subRacks(rack)])}
		}
		calls = 0
		want := tables(nil)
		if calls != subRacks(rack) {
			t.Fatalf("%q: Leave asked %d times for %d leaves", r, calls, subRacks(rack))
		}
		calls = 0
		if got := tables(all); !reflect.DeepEqual(got, want) || calls != 0 {
			t.Fatalf("%q: with Leaves, tables %v (Leave asked %d times), want %v", r, got, calls, want)
		}
		if got := tables(declines); !reflect.DeepEqual(got, want) || calls != subRacks(rack) {
			t.Fatalf("%q: Leaves declining, tables %v (Leave asked %d times), want %v", r, got, calls, want)
		}
	}
	var a, b Best
	lx.gen.Search(Args{Variant: p.Variant, Board: p.Board, Rack: p.Rack, Keep: 1, Leave: testLeave, Record: a.Record})
	lx.gen.Search(Args{Variant: p.Variant, Board: p.Board, Rack: p.Rack, Keep: 1, Leave: testLeave, Leaves: all, Record: b.Record})
	if !a.Found || a.Move.Key() != b.Move.Key() {
		t.Fatalf("best by equity %v with Leave alone, %v with Leaves", a.Move, b.Move)
	}
}

// lookUp, asked about hundreds of keys at once (the bingo extents of a
// whole board, settleBingos), gives each key the words a search of that key
// alone must find: for each letter (or pair of letters, not the second
// before the first) a rack's blanks may stand for, the words of the key
// plus those letters, asked of the multiset table one by one. Keys repeat,
// some spell nothing, more are asked than the memo remembers, and with two
// blanks short keys have hundreds of pairs, so rounds of lookUpKeys keys
// are cut short by the scratch's room.
func TestLookUpAnswersAsOneKeyAtATime(t *testing.T) {
	lx := full()
	r := rand.New(rand.NewPCG(5, 6))
	letters := "EEEEAAAIIOONNRRTTLSUDGBCMPFHVWYKJXQZ"
	for blanks := range 3 {
		var keys []multiset.Key
		for len(keys) < 300 {
			n := 1 + r.IntN(7)
			if len(keys)%10 == 0 {
				n = 1 // hundreds of pairs with two blanks
			}
			var k multiset.Key
			for range n {
				k = k.Add(int(letters[r.IntN(len(letters))] - 'A'))
			}
			keys = append(keys, k)
			if len(keys)%7 == 0 {
				keys = append(keys, keys[r.IntN(len(keys))]) // asked again
			}
		}
		s := &genState{ms: lx.MS, blanks: lx.Blanks}
		s.rack[tile.BlankIndex] = uint8(blanks)
		s.bingo.reset()
		s.lookUp(keys)
		for i, k := range keys {
			var want []wordGroup
			add := func(key multiset.Key, blank [2]int8) {
				if n, ls := lx.MS.Words(key); n > 0 {
					want = append(want, wordGroup{n, ls, blank})
				}
			}
			switch blanks {
			case 0:
				add(k, [2]int8{-1, -1})
			case 1:
				for y := range 26 {
					add(k.Add(y), [2]int8{int8(y), -1})
				}
			default:
				for x := range 26 {
					for y := x; y < 26; y++ {
						add(k.Add(x).Add(y), [2]int8{int8(x), int8(y)})
					}
				}
			}
			if got := s.bingoWords(k); !reflect.DeepEqual(slices.Clone(got), want) && !(len(got) == 0 && len(want) == 0) {
				t.Fatalf("%d blanks, key %d: %d groups, want %d", blanks, i, len(got), len(want))
			}
		}
	}
}
