package variant

import (
	"errors"
	"testing"

	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/tile"
)

// The useful facts: classic Lexico has 98 tiles and no blanks or premiums;
// the Multipliers game has 100 with 2 blanks.
func TestLexicoBags(t *testing.T) {
	if n := Classic.TotalTiles(); n != 98 {
		t.Errorf("classic bag %d tiles, want 98", n)
	}
	if Classic.Distribution[tile.BlankIndex] != 0 {
		t.Error("classic bag holds blanks")
	}
	for i, p := range Classic.Layout {
		if p != board.NoPremium {
			t.Fatalf("classic square %d has premium %d", i, p)
		}
	}
	if n := Multipliers.TotalTiles(); n != 100 || Multipliers.Distribution[tile.BlankIndex] != 2 {
		t.Errorf("multipliers bag %d tiles with %d blanks, want 100 with 2", n, Multipliers.Distribution[tile.BlankIndex])
	}
}

// The standard layout: 8 triple words, 17 double words (with the centre),
// 12 triple letters, 24 double letters, symmetric under transposition.
func TestStandardLayout(t *testing.T) {
	count := map[board.Premium]int{}
	for r := 0; r < 15; r++ {
		for c := 0; c < 15; c++ {
			p := StandardLayout[r*15+c]
			count[p]++
			if p != StandardLayout[c*15+r] || p != StandardLayout[(14-r)*15+c] {
				t.Fatalf("layout not symmetric at (%d,%d)", r, c)
			}
		}
	}
	want := map[board.Premium]int{board.TripleWord: 8, board.DoubleWord: 17, board.TripleLetter: 12, board.DoubleLetter: 24}
	for p, n := range want {
		if count[p] != n {
			t.Errorf("premium %d on %d squares, want %d", p, count[p], n)
		}
	}
	if StandardLayout[7*15+7] != board.DoubleWord {
		t.Error("the centre is not a double word")
	}
}

func TestByName(t *testing.T) {
	if v, err := ByName("Classic"); err != nil || v != Classic {
		t.Fatalf("ByName(Classic) = %v, %v", v, err)
	}
	if _, err := ByName("scrabble-deluxe"); err == nil {
		t.Fatal("an unknown variant was found")
	}
}

func TestParseLayoutRejectsBadPictures(t *testing.T) {
	if _, err := ParseLayout("..", "."); err == nil {
		t.Error("a ragged layout was accepted")
	}
	if _, err := ParseLayout("x"); err == nil {
		t.Error("an unknown premium letter was accepted")
	}
}

func TestByNameTakesOldNamesAndRefusesUnknownOnes(t *testing.T) {
	for _, name := range []string{"multipliers", "Multipliers", "lexico", " LEXICO "} {
		if v, err := ByName(name); err != nil || v != Multipliers {
			t.Errorf("ByName(%q) = %v, %v; want multipliers", name, v, err)
		}
	}
	if cur, old := Renamed("Lexico"); !old || cur != "multipliers" {
		t.Errorf("Renamed(Lexico) = %q, %v; want multipliers, true", cur, old)
	}
	if _, old := Renamed("wwf"); old {
		t.Errorf("Renamed(wwf) says wwf is an old name")
	}
	if _, err := ByName("boggle"); !errors.Is(err, ErrUnknown) {
		t.Errorf("ByName(boggle): %v, want ErrUnknown", err)
	}
}
