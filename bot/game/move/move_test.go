package move

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/tile"
)

func TestKeyIgnoresListingOrder(t *testing.T) {
	a := Move{Kind: Play, Tiles: []Placement{{Row: 7, Col: 7, Letter: 'C'}, {Row: 7, Col: 8, Letter: 'A'}}}
	b := Move{Kind: Play, Tiles: []Placement{{Row: 7, Col: 8, Letter: 'A'}, {Row: 7, Col: 7, Letter: 'C'}}}
	if a.Key() != b.Key() {
		t.Fatalf("same tiles, different keys: %q vs %q", a.Key(), b.Key())
	}
}

func TestKeyTellsABlankFromTheRealTile(t *testing.T) {
	real := Move{Kind: Play, Tiles: []Placement{{Row: 1, Col: 2, Letter: 'S'}}}
	blank := Move{Kind: Play, Tiles: []Placement{{Row: 1, Col: 2, Letter: 'S', Blank: true}}}
	if real.Key() == blank.Key() {
		t.Fatalf("a blank S and a real S share the key %q", real.Key())
	}
}

func TestExchangeKeyIgnoresOrder(t *testing.T) {
	if NewExchange([]byte("QAZ")).Key() != NewExchange([]byte("ZQA")).Key() {
		t.Fatal("exchange keys depend on order")
	}
	if NewPass().Key() == NewExchange(nil).Key() {
		t.Fatal("a pass and an empty exchange share a key")
	}
}

func TestLeave(t *testing.T) {
	rack, _ := tile.ParseRack("CAT?S")
	m := Move{Kind: Play, Tiles: []Placement{{Letter: 'C'}, {Letter: 'X', Blank: true}}}
	leave, ok := m.Leave(rack)
	if !ok || leave.String() != "AST" {
		t.Fatalf("leave %q ok=%v, want AST true", leave.String(), ok)
	}
	if _, ok := (Move{Kind: Play, Tiles: []Placement{{Letter: 'Q'}}}).Leave(rack); ok {
		t.Fatal("a move using a tile not on the rack has a leave")
	}
}

// A drawn play marks its own tiles, blanks as blanks; an exchange marks no
// square, whatever its Tiles field holds.
func TestHighlights(t *testing.T) {
	m := Move{Kind: Play, Tiles: []Placement{{Row: 7, Col: 7, Letter: 'C'}, {Row: 7, Col: 8, Letter: 'A', Blank: true}}}
	want := []board.Highlight{
		{Row: 7, Col: 7, Square: board.Square{Letter: 'C'}},
		{Row: 7, Col: 8, Square: board.Square{Letter: 'A', Blank: true}},
	}
	got := m.Highlights()
	if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("play highlights %v, want %v", got, want)
	}
	m.Kind = Exchange
	if got := m.Highlights(); len(got) != 0 {
		t.Errorf("an exchange highlights %v", got)
	}
}

// Key writes each square as row,column and the letter (lower case for a
// blank), in order of row then column, one space between: the form every
// stored key (quality references, solver listings) has, checked against a
// plain formatting of the sorted squares on random plays.
func TestKeyIsTheSortedSquaresFormatted(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 5000 {
		n := 1 + r.IntN(15)
		seen := map[[2]int]bool{}
		var m Move
		for len(m.Tiles) < n {
			sq := [2]int{r.IntN(21), r.IntN(21)}
			if seen[sq] {
				continue
			}
			seen[sq] = true
			m.Tiles = append(m.Tiles, Placement{Row: sq[0], Col: sq[1], Letter: byte('A' + r.IntN(26)), Blank: r.IntN(4) == 0})
		}
		sorted := slices.Clone(m.Tiles)
		slices.SortFunc(sorted, func(a, b Placement) int { return cmp.Or(a.Row-b.Row, a.Col-b.Col) })
		var want []string
		for _, p := range sorted {
			l := p.Letter
			if p.Blank {
				l += 'a' - 'A'
			}
			want = append(want, fmt.Sprintf("%d,%d%c", p.Row, p.Col, l))
		}
		if got := m.Key(); got != strings.Join(want, " ") {
			t.Fatalf("Key of %v = %q, want %q", m.Tiles, got, strings.Join(want, " "))
		}
	}
	seven := Move{Tiles: []Placement{{7, 9, 'S', false}, {7, 3, 'Q', true}, {7, 4, 'U', false}, {7, 5, 'I', false}, {7, 6, 'R', false}, {7, 7, 'T', false}, {7, 8, 'S', false}}}
	if a := testing.AllocsPerRun(100, func() { _ = seven.Key() }); a > 1 {
		t.Errorf("Key of a seven-tile play allocates %v times, want only its string", a)
	}
}
