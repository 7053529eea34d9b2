package movegen

import (
	"reflect"
	"sync"
	"testing"

	"github.com/lexico/lexico/bot/engine/movegen/internal/gentest"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/rules"
	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/bot/game/variant"
)

func TestFirstMove(t *testing.T) {
	lx := newLexicon([]string{"AT", "CAT", "ACT", "TA", "SCAT"})
	v := variant.Multipliers
	b := v.NewBoard()
	got := collect(t, lx.gen, testPos{Name: "first", Variant: v, Board: b, Rack: gentest.Rack(t, "CAT")})
	// CAT and ACT, across and down, in every position covering the centre;
	// AT/TA are too short for an opening.
	if len(got) != 2*2*3 {
		t.Errorf("%d plays, want 12: %v", len(got), got)
	}
	// CAT across from the centre: C(3)+A+T on the centre double word = 10.
	if s, ok := got["7,7C 7,8A 7,9T"]; !ok || s != 10 {
		t.Errorf("CAT at 7,7 across: %d, %v", s, ok)
	}
}

func TestSingleTileOnce(t *testing.T) {
	// A at 1,1 makes AT across and AT down: one play, scored once for each
	// word, as rules.Score scores it.
	lx := newLexicon([]string{"AT"})
	v := variant.Classic
	b := v.NewBoard()
	gentest.Put(b, 1, 2, false, "T")
	gentest.Put(b, 2, 1, false, "T")
	var plays []move.Move
	generate(lx.gen, v, b, gentest.Rack(t, "A"), func(m *move.Move) {
		c := *m
		c.Tiles = append([]move.Placement(nil), m.Tiles...)
		plays = append(plays, c)
	})
	// AT across at row 2, AT down at column 2, and the double play at 1,1.
	count := map[string]int{}
	for _, m := range plays {
		count[m.Key()]++
		if want, _ := rules.Score(v, b, m); m.Score != want {
			t.Errorf("%s: score %d, rules.Score %d", m.Key(), m.Score, want)
		}
	}
	if len(plays) != 3 || count["1,1A"] != 1 || count["2,0A"] != 1 || count["0,2A"] != 1 {
		t.Fatalf("plays %v, want 1,1A once, 2,0A and 0,2A", plays)
	}
}

func TestRecorders(t *testing.T) {
	lx := small()
	v := variant.Multipliers
	b := v.NewBoard()
	gentest.Put(b, 7, 5, false, "CAT")
	gentest.Put(b, 8, 5, false, "ON")
	r := gentest.Rack(t, "AEIRST?")
	var all AllPlays
	generate(lx.gen, v, b, r, all.Record)
	if len(all.Moves) < 50 {
		t.Fatalf("only %d plays", len(all.Moves))
	}
	all.SortByScore()
	top := NewTopN(10)
	generate(lx.gen, v, b, r, top.Record)
	tm := top.Moves()
	if len(tm) != 10 {
		t.Fatalf("TopN kept %d", len(tm))
	}
	for i := range tm {
		if tm[i].Score != all.Moves[i].Score {
			t.Errorf("TopN[%d] scores %d, all-plays rank %d scores %d", i, tm[i].Score, i, all.Moves[i].Score)
		}
	}
	var best Best
	generate(lx.gen, v, b, r, best.Record)
	if !best.Found || best.Move.Score != all.Moves[0].Score {
		t.Errorf("Best %v, want score %d", best.Move, all.Moves[0].Score)
	}
	// Kept copies survive the generator reusing its buffers.
	seen := map[string]bool{}
	for _, m := range all.Moves {
		if seen[m.Key()] {
			t.Fatalf("AllPlays holds %s twice: a kept move was overwritten", m.Key())
		}
		seen[m.Key()] = true
		if s, _ := rules.Score(v, b, m); s != m.Score {
			t.Fatalf("%s: kept score %d, rules.Score %d", m.Key(), m.Score, s)
		}
	}
}

func TestEmptyRackAndFullBoard(t *testing.T) {
	lx := small()
	v := variant.Classic
	b := v.NewBoard()
	n := 0
	generate(lx.gen, v, b, tile.Rack{}, func(*move.Move) { n++ })
	for r := 0; r < v.Size; r++ {
		gentest.Put(b, r, 0, false, "AAAAAAAAAAAAAAA")
	}
	generate(lx.gen, v, b, gentest.Rack(t, "ABC"), func(*move.Move) { n++ })
	if n != 0 {
		t.Fatalf("%d plays from an empty rack or a full board", n)
	}
}

// TestGADDAGConcurrent: one generator shared by goroutines (as a server
// answering several games does) gives each call the plays a lone call gives.
func TestGADDAGConcurrent(t *testing.T) {
	lx := small()
	positions := agreementPositions(lx.gen, 1, 3)
	want := make([]map[string]int, len(positions))
	for i, p := range positions {
		want[i] = collect(t, lx.gen, p)
	}
	var wg sync.WaitGroup
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := w; i < len(positions); i += 2 {
				if d := gentest.Diff("concurrent", collect(t, lx.gen, positions[i]), "alone", want[i]); d != "" {
					t.Errorf("%s:\n%s", positions[i].Name, d)
				}
			}
		}(w)
	}
	wg.Wait()
}

// TestFindBest: the two-goroutine search returns the very play (same key,
// same score) that a Best recorder keeps from Generate, on every position
// of random games.
func TestFindBest(t *testing.T) {
	lx := small()
	for _, p := range agreementPositions(lx.gen, 1, 4) {
		var best Best
		generate(lx.gen, p.Variant, p.Board, p.Rack, best.Record)
		got, ok := findBest(lx.gen, p.Variant, p.Board, p.Rack)
		if ok != best.Found || ok && (got.Key() != best.Move.Key() || got.Score != best.Move.Score) {
			t.Fatalf("%s: FindBest %v (%v), Best recorder %v (%v)", p.Name, got, ok, best.Move, best.Found)
		}
	}
}

// AllPlays reused across positions (Reset between them) holds exactly the
// plays a fresh one holds, over positions whose plays fill several of its
// tile chunks (two blanks, the full list), and once its chunks suffice it
// allocates nothing more.
func TestAllPlaysResetReusesStorage(t *testing.T) {
	lx := full()
	ps := midGame()[2][:2]
	var reused AllPlays
	chunks := 0
	for round := 0; round < 2; round++ {
		for _, p := range ps {
			reused.Reset()
			generate(lx.gen, p.Variant, p.Board, p.Rack, reused.Record)
			var fresh AllPlays
			generate(lx.gen, p.Variant, p.Board, p.Rack, fresh.Record)
			if !reflect.DeepEqual(reused.Moves, fresh.Moves) {
				t.Fatalf("%s, round %d: %d plays after Reset differ from a fresh recorder's %d", p.Name, round, len(reused.Moves), len(fresh.Moves))
			}
			chunks = max(chunks, reused.used)
		}
	}
	if chunks < 2 {
		t.Fatalf("the positions filled %d tile chunk(s): the test checks no reuse of a second one", chunks)
	}
	p := ps[0]
	if n := testing.AllocsPerRun(3, func() {
		reused.Reset()
		generate(lx.gen, p.Variant, p.Board, p.Rack, reused.Record)
	}); n > 1 {
		t.Errorf("a search into a reset AllPlays allocated %.0f times, want none beyond the search's own", n)
	}
}
