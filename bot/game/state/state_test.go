package state

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/lexico/lexico/bot/engine/movegen"
	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/position"
	"github.com/lexico/lexico/bot/game/rules"
	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/bot/game/variant"
)

// The bag's order is the referee's since its first version, and seeded
// games replay only if it stays so: the variant's tiles in tile order,
// shuffled by math/rand/v2's PCG seeded (seed, seed^0x9e3779b97f4a7c15),
// drawn from the end, the starter's rack first.
func TestStartDrawsTheSeededOrder(t *testing.T) {
	for _, v := range []*variant.Variant{variant.Multipliers, variant.Classic} {
		for seed := uint64(0); seed < 5; seed++ {
			var want []byte
			for i, n := range v.Distribution {
				for range n {
					want = append(want, tile.Byte(i))
				}
			}
			r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
			r.Shuffle(len(want), func(i, j int) { want[i], want[j] = want[j], want[i] })
			for starter := range 2 {
				s, err := Start(v, seed, starter)
				if err != nil {
					t.Fatal(err)
				}
				n := len(want)
				first, second := tile.RackOf(want[n-7:]), tile.RackOf(want[n-14:n-7])
				if s.Turn() != starter || s.Racks()[starter] != first || s.Racks()[1-starter] != second ||
					!slices.Equal(s.Bag(), want[:n-14]) || s.BagLen() != n-14 {
					t.Fatalf("%s seed %d starter %d: racks %v, bag %q; want %s for the starter, %s, bag %q",
						v.Name, seed, starter, s.Racks(), s.Bag(), first.String(), second.String(), want[:n-14])
				}
				if s.Scores() != [2]int{} || s.Passes() != 0 || s.Over() || !s.Board().IsEmpty() {
					t.Fatalf("a new game is not fresh: %+v", snapshot(s))
				}
			}
		}
	}
}

func TestStartRefusesWhatIsNoGame(t *testing.T) {
	for _, v := range []*variant.Variant{nil, {Name: "empty"}, {Name: "no rack", Size: 1, Layout: make([]board.Premium, 1)}} {
		if _, err := Start(v, 1, 0); !errors.Is(err, ErrConfig) {
			t.Errorf("variant %v: %v, want ErrConfig", v, err)
		}
	}
	if _, err := Start(variant.Classic, 1, 2); !errors.Is(err, ErrConfig) {
		t.Errorf("starter 2: %v, want ErrConfig", err)
	}
	for _, p := range []*position.Position{nil, {Variant: variant.Classic}, {Variant: variant.Classic, Board: board.New(5)},
		{Variant: variant.Classic, Board: variant.Classic.NewBoard(), BagCount: -1}} {
		if _, err := FromPosition(p); !errors.Is(err, ErrConfig) {
			t.Errorf("position %+v: %v, want ErrConfig", p, err)
		}
	}
}

// at builds a game from a position: board rows (top first, '.' empty),
// the mover's rack, the opponent's rack and the bag in draw order.
func at(t *testing.T, rows []string, mine, theirs, bag string) *State {
	t.Helper()
	v := variant.Classic
	b := v.NewBoard()
	for r, row := range rows {
		for c := range len(row) {
			if row[c] != '.' {
				b.Set(r, c, board.Square{Letter: row[c]})
			}
		}
	}
	rack, err := tile.ParseRack(mine)
	if err != nil {
		t.Fatal(err)
	}
	s, err := FromPosition(&position.Position{Variant: v, Board: b, Rack: rack, BagCount: len(bag), MyScore: 100, OppScore: 90})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Deal(1, []byte(theirs), []byte(bag)); err != nil {
		t.Fatal(err)
	}
	return s
}

// row7 places word across row 7 from column col.
func row7(word string, col int) move.Move {
	m := move.Move{Kind: move.Play}
	for i := range len(word) {
		m.Tiles = append(m.Tiles, move.Placement{Row: 7, Col: col + i, Letter: word[i]})
	}
	return m
}

// A play puts its tiles down, adds the score it was judged to be worth,
// refills the rack from the end of the bag and passes the turn.
func TestApplyPlay(t *testing.T) {
	s := at(t, nil, "CATSXYZ", "EEEE", "ABCDEFGHIJ")
	m := row7("CAT", 6)
	m.Score = 10
	mustApply(t, s, m)
	if got := s.Board().String(); got[7*16:8*16] != "......CAT......\n" {
		t.Errorf("row 7 is %q", got[7*16:8*16])
	}
	mine, _ := s.Rack(0)
	if s.Scores() != [2]int{110, 90} || mine.String() != "HIJSXYZ" || string(s.Bag()) != "ABCDEFG" ||
		s.Turn() != 1 || s.Over() || s.Passes() != 0 {
		t.Errorf("after CAT: scores %v, rack %s, bag %q, turn %d, over %v", s.Scores(), mine.String(), s.Bag(), s.Turn(), s.Over())
	}
}

// The game ends when a player empties their rack with the bag empty, and
// only then: a rack emptied while the bag has tiles is refilled.
func TestEndByAnEmptyRackWithTheBagEmpty(t *testing.T) {
	s := at(t, nil, "CAT", "EEEE", "")
	mustApply(t, s, row7("CAT", 6))
	if s.End() != Out || !s.Over() {
		t.Fatalf("out with the bag empty: end %v", s.End())
	}
	if err := s.Apply(move.NewPass()); !errors.Is(err, ErrGameOver) {
		t.Errorf("a move after the end: %v, want ErrGameOver", err)
	}
	s = at(t, nil, "CAT", "EEEE", "S")
	mustApply(t, s, row7("CAT", 6))
	if mine, _ := s.Rack(0); s.Over() || mine.String() != "S" {
		t.Fatalf("out with one tile in the bag: end %v, rack %s; want the game on, the S drawn", s.End(), mine.String())
	}
}

// Two passes in a row end the game; an exchange is not a pass and starts
// the count again, and so does a play.
func TestEndByTwoPasses(t *testing.T) {
	s := at(t, []string{"", "", "", "", "", "", "", "......CAT"}, "ABCDEFG", "HIJKLMN", "OPQRSTUVWXYZ")
	pass := move.NewPass()
	mustApply(t, s, pass)
	mustApply(t, s, move.NewExchange([]byte("HI")))
	mustApply(t, s, pass)
	if s.Over() || s.Passes() != 1 {
		t.Fatalf("pass, exchange, pass: end %v after %d passes; want the game on", s.End(), s.Passes())
	}
	m := move.Move{Kind: move.Play, Tiles: []move.Placement{{Row: 8, Col: 8, Letter: 'J'}}} // seat 1 drew Y and Z for H and I
	mustApply(t, s, m)
	mustApply(t, s, pass)
	if s.Over() || s.Passes() != 1 {
		t.Fatalf("a play, a pass: end %v after %d passes; want the game on", s.End(), s.Passes())
	}
	mustApply(t, s, pass)
	if s.End() != Passes || s.Passes() != 2 {
		t.Fatalf("two passes in a row: end %v after %d passes", s.End(), s.Passes())
	}
}

// An exchange draws the new tiles first, then the old go back: under a
// guessed bag (a fixed order), at the bottom, drawn last.
func TestExchangeUnderAGuessedBag(t *testing.T) {
	s := at(t, []string{"", "", "", "", "", "", "", "......CAT"}, "ABCDEFG", "", "QRSTUVWXYZ")
	mustApply(t, s, move.NewExchange([]byte("GAB")))
	mine, _ := s.Rack(0)
	if mine.String() != "CDEFXYZ" || string(s.Bag()) != "GABQRSTUVW" {
		t.Errorf("exchange GAB: rack %s, bag %q; want CDEFXYZ and GABQRSTUVW", mine.String(), s.Bag())
	}
}

// Under a real bag the new tiles are drawn first too, then the old go
// back and the whole bag is shuffled by its own seeded generator: the same
// game exchanges the same way.
func TestExchangeInARealBag(t *testing.T) {
	s, _ := Start(variant.Classic, 3, 0)
	mustApply(t, s, bestPlay(t, s))
	mustApply(t, s, move.NewPass())
	before, mine := s.Bag(), s.Racks()[0]
	out := mine.Tiles()[:4]
	mustApply(t, s, move.NewExchange(out))
	leave, _ := move.NewExchange(out).Leave(mine)
	for _, b := range before[len(before)-4:] {
		leave.Add(b)
	}
	after := s.Bag()
	back := tile.RackOf(append(slices.Clone(before[:len(before)-4]), out...))
	if s.Racks()[0] != leave || tile.RackOf(after) != back || len(after) != len(before) {
		t.Fatalf("exchange %s from %s with the bag ending %q: rack %s, bag %q",
			out, mine.String(), before[len(before)-4:], s.Racks()[0].String(), after)
	}
	again, _ := Start(variant.Classic, 3, 0)
	mustApply(t, again, bestPlay(t, again))
	mustApply(t, again, move.NewPass())
	mustApply(t, again, move.NewExchange(out))
	if !slices.Equal(again.Bag(), after) {
		t.Errorf("the same exchange in the same game shuffled the bag differently")
	}
}

// bestPlay is the generator's highest-scoring play for the seat to move.
func bestPlay(t *testing.T, s *State) move.Move {
	t.Helper()
	var best movegen.Best
	gen().Search(movegen.Args{Variant: s.Variant(), Board: s.Board(), Rack: s.Racks()[s.Turn()], Record: best.Record})
	if !best.Found {
		t.Fatal("no play")
	}
	return best.Move
}

// A move the state cannot carry out is refused with the rule it breaks,
// and changes nothing.
func TestApplyRefusesAndChangesNothing(t *testing.T) {
	s := at(t, []string{"", "", "", "", "", "", "", "......CAT"}, "ABC?", "", "DEFGHIJKLM")
	p := func(ps ...move.Placement) move.Move { return move.Move{Kind: move.Play, Tiles: ps} }
	for _, tc := range []struct {
		m    move.Move
		want error
	}{
		{p(), rules.ErrNoTiles},
		{p(move.Placement{Row: 8, Col: 8, Letter: 'Z'}), rules.ErrNotInRack},
		{p(move.Placement{Row: 8, Col: 8, Letter: 'A'}, move.Placement{Row: 8, Col: 9, Letter: 'A'}), rules.ErrNotInRack},
		{p(move.Placement{Row: 7, Col: 6, Letter: 'A'}), rules.ErrOccupied},
		{p(move.Placement{Row: 15, Col: 0, Letter: 'A'}), rules.ErrOffBoard},
		{p(move.Placement{Row: -1, Col: 0, Letter: 'A'}), rules.ErrOffBoard},
		{p(move.Placement{Row: 8, Col: 8, Letter: 'A'}, move.Placement{Row: 8, Col: 8, Letter: 'B'}), rules.ErrSameSquare},
		{p(move.Placement{Row: 8, Col: 8, Letter: 'a'}), rules.ErrBadLetter},
		{p(move.Placement{Row: 8, Col: 8, Letter: 0, Blank: true}), rules.ErrBadLetter},
		{move.Move{Kind: move.Exchange}, rules.ErrExchangeNone},
		{move.NewExchange([]byte("AZ")), rules.ErrNotInRack},
		{move.Move{Kind: 9}, rules.ErrUnknownKind},
	} {
		before := snapshot(s)
		if err := s.Apply(tc.m); !errors.Is(err, tc.want) {
			t.Errorf("%v: %v, want %v", tc.m, err, tc.want)
		}
		if !snapshot(s).equal(before) {
			t.Errorf("%v was refused but changed the state", tc.m)
		}
	}
	// The opponent's rack, and the bag's order, are unknown until dealt.
	v := variant.Classic
	b := v.NewBoard()
	b.Set(7, 7, board.Square{Letter: 'A'})
	u, _ := FromPosition(&position.Position{Variant: v, Board: b, Rack: tile.RackOf([]byte("AT")), BagCount: 10})
	if err := u.Apply(p(move.Placement{Row: 7, Col: 8, Letter: 'T'})); !errors.Is(err, ErrUnknown) {
		t.Errorf("a play drawing from an unknown bag: %v, want ErrUnknown", err)
	}
	mustApply(t, u, move.NewPass())
	if err := u.Apply(move.NewPass()); !errors.Is(err, ErrUnknown) && err != nil {
		t.Errorf("a pass needs no tile: %v", err)
	}
	u.Undo()
	if r, known := u.Rack(1); known || r.N != 0 {
		t.Errorf("the opponent's rack is known before the deal: %s", r.String())
	}
}

func TestDealRefusesWhatIsNoDeal(t *testing.T) {
	s := at(t, nil, "ABC", "", "DEF")
	for _, tc := range []struct {
		seat      int
		rack, bag string
	}{
		{2, "", "ABC"},
		{1, "ABCDEFGH", "ABC"},
		{1, "", "AB"},
		{1, "a", "ABC"},
		{1, "", "AB1"},
	} {
		if err := s.Deal(tc.seat, []byte(tc.rack), []byte(tc.bag)); !errors.Is(err, ErrConfig) {
			t.Errorf("Deal(%d, %q, %q): %v, want ErrConfig", tc.seat, tc.rack, tc.bag, err)
		}
	}
	mustApply(t, s, move.NewPass())
	if err := s.Deal(1, nil, []byte("ABC")); !errors.Is(err, ErrNotAtStart) {
		t.Errorf("a deal after a move: %v, want ErrNotAtStart", err)
	}
}

// Undo gives back exactly the state before the move, whatever the move,
// all along random games: the real bag's and a guessed one's. Applying the
// move again gives exactly the state after it (the bag's generator is
// restored too), and undoing the whole game gives back its start.
func TestUndoRestoresTheStateBefore(t *testing.T) {
	var plays movegen.AllPlays
	kinds := map[move.Kind]int{}
	ends := map[End]int{}
	for seed := uint64(1); seed <= 8; seed++ {
		v := variant.Multipliers
		if seed%2 == 0 {
			v = variant.Classic
		}
		r := rand.New(rand.NewPCG(seed, 99))
		s, err := Start(v, seed, int(seed%2))
		if err != nil {
			t.Fatal(err)
		}
		if seed > 4 { // the same game from the mover's view at turn 8, the rest dealt
			for range 8 {
				mustApply(t, s, randomMove(s, r, &plays))
			}
			view := s.View()
			opp, _ := s.Rack(1 - s.Turn())
			bag := s.Bag()
			if s, err = FromPosition(&view); err != nil {
				t.Fatal(err)
			}
			if err := s.Deal(1, opp.Tiles(), bag); err != nil {
				t.Fatal(err)
			}
		}
		var befores []snap
		for turn := 0; !s.Over() && turn < 200; turn++ {
			m := randomMove(s, r, &plays)
			before := snapshot(s)
			mustApply(t, s, m)
			after := snapshot(s)
			if !s.Undo() {
				t.Fatal("nothing to undo after a move")
			}
			if got := snapshot(s); !got.equal(before) {
				t.Fatalf("seed %d turn %d: %v undone:\n got %+v\nwant %+v", seed, turn, m, got, before)
			}
			mustApply(t, s, m)
			if got := snapshot(s); !got.equal(after) {
				t.Fatalf("seed %d turn %d: %v applied again:\n got %+v\nwant %+v", seed, turn, m, got, after)
			}
			befores = append(befores, before)
			kinds[m.Kind]++
		}
		ends[s.End()]++
		for i := len(befores) - 1; i >= 0; i-- {
			if !s.Undo() || !snapshot(s).equal(befores[i]) {
				t.Fatalf("seed %d: undoing back to move %d does not give the state before it", seed, i)
			}
		}
		if s.Undo() {
			t.Fatalf("seed %d: undid more moves than were applied", seed)
		}
	}
	if kinds[move.Play] < 100 || kinds[move.Exchange] < 5 || kinds[move.Pass] < 5 || ends[Running] > 0 {
		t.Errorf("the games did not visit every kind of move and end: %v, ends %v", kinds, ends)
	}
	t.Logf("moves %v, ends %v", kinds, ends)
}

// Apply and Undo do not allocate once the journal has grown: the
// simulation plays millions of moves through them.
func TestApplyAndUndoDoNotAllocate(t *testing.T) {
	s, _ := Start(variant.Multipliers, 5, 0)
	m := bestPlay(t, s)
	theirs := s.Racks()[1]
	ex := move.NewExchange(theirs.Tiles()[:1])
	allocs := testing.AllocsPerRun(100, func() {
		if s.Apply(m) != nil || s.Apply(ex) != nil || s.Apply(move.NewPass()) != nil {
			t.Fatal("refused")
		}
		s.Undo()
		s.Undo()
		s.Undo()
	})
	if allocs != 0 {
		t.Errorf("%v allocations per play, exchange, pass and their undoing", allocs)
	}
}

// Reserve makes room for a search's depth at once: the first line searched
// then allocates no more than the next (the simulation's first world no
// more than its millionth).
func TestReserveMakesTheFirstLineFree(t *testing.T) {
	var fresh []*State // one per run of AllocsPerRun, its warm-up included
	for range 3 {
		s, _ := Start(variant.Multipliers, 6, 0)
		s.Reserve(3)
		fresh = append(fresh, s)
	}
	m := bestPlay(t, fresh[0])
	theirs := fresh[0].Racks()[1]
	ex := move.NewExchange(theirs.Tiles())
	allocs := testing.AllocsPerRun(2, func() {
		s := fresh[0]
		fresh = fresh[1:]
		if s.Apply(m) != nil || s.Apply(ex) != nil || s.Apply(move.NewPass()) != nil {
			t.Fatal("refused")
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations for the first three moves, reserved", allocs)
	}
}
