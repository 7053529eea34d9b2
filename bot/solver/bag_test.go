package solver

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/bot/game/variant"
)

func mustBoard(t *testing.T, v *variant.Variant, words ...placed) string {
	t.Helper()
	return boardText(v.Size, words...)
}

func TestUnseenTakesBoardTilesOut(t *testing.T) {
	v := variant.WWF
	text := mustBoard(t, v, placed{7, 4, false, "ZEsTs"})
	b, err := ParseBoard([]byte(text), v)
	if err != nil {
		t.Fatal(err)
	}
	left, err := Unseen(v, b)
	if err != nil {
		t.Fatal(err)
	}
	want := map[byte]int{'Z': 0, 'E': 12, 'T': 6, 'S': 5, tile.Blank: 0, 'A': 9}
	for l, n := range want {
		if left[tile.Index(l)] != n {
			t.Errorf("%c unseen: %d, want %d", l, left[tile.Index(l)], n)
		}
	}
}

func TestOverusedLetterRefused(t *testing.T) {
	v := variant.WWF // 13 E
	text := mustBoard(t, v,
		placed{3, 0, false, "EEEEEEEEEEEEEE"}, // 14 E
	)
	b, err := ParseBoard([]byte(text), v)
	if err != nil {
		t.Fatal(err)
	}
	_, err = Unseen(v, b)
	if !errors.Is(err, ErrBoardOverused) {
		t.Fatalf("14 E on a WWF board: %v, want ErrBoardOverused", err)
	}
	for _, s := range []string{"14 E tiles", "only 13", "wwf"} {
		if !strings.Contains(err.Error(), s) {
			t.Errorf("message %q does not say %q", err, s)
		}
	}
	// Lexico's bag has 12 E, and its message says so.
	if _, err := Unseen(variant.Multipliers, b); !errors.Is(err, ErrBoardOverused) || !strings.Contains(err.Error(), "only 12") {
		t.Errorf("14 E on a Lexico board: %v", err)
	}
	// Three played blanks, when the game has two.
	b3, _ := ParseBoard([]byte(mustBoard(t, v, placed{7, 5, false, "abc"})), v)
	if _, err := Unseen(v, b3); !errors.Is(err, ErrBoardOverused) || !strings.Contains(err.Error(), "3 blanks but") || !strings.Contains(err.Error(), "only 2") {
		t.Errorf("3 blanks: %v", err)
	}
}

// A blank is named in words: the user may have typed it '*', '?' or '_', and
// a message naming it by another of these characters would puzzle them.
func TestBlanksNamedInWords(t *testing.T) {
	v := variant.WWF
	hand, err := ParseHand("***ab", v)
	if err != nil {
		t.Fatal(err)
	}
	err = CheckHand(hand, v.Distribution, v)
	if !errors.Is(err, ErrHandNotInBag) || !strings.Contains(err.Error(), "the hand holds 3 blanks but only 2") || strings.ContainsAny(err.Error(), "*?_") {
		t.Errorf("hand ***ab: %v; want it to say 3 blanks, by no character", err)
	}
}

func TestHandChecks(t *testing.T) {
	v := variant.WWF
	b, _ := ParseBoard([]byte(mustBoard(t, v, placed{7, 5, false, "QuIZ"})), v)
	left, err := Unseen(v, b)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		hand string
		err  error
		says []string
	}{
		{"xypdqab", ErrHandNotInBag, []string{"1 Q tile", "only 0", "has 1", "shows 1"}},
		{"ab**", ErrHandNotInBag, []string{"2 blanks but", "only 1"}},
		{"EEEEEEE", nil, nil},
		{"abcdefgh", ErrHandSize, []string{"8 tiles", "holds 7"}},
		{"ab1", ErrHand, []string{"'1'"}},
		{"", ErrHand, []string{"empty"}},
	}
	for _, c := range cases {
		hand, err := ParseHand(c.hand, v)
		if err == nil {
			err = CheckHand(hand, left, v)
		}
		wantRefusal(t, fmt.Sprintf("hand %q", c.hand), err, c.err, c.says)
	}
	// Every blank spelling tile.ParseRack reads, as every other command does.
	if r, _ := ParseHand("xY*?_", v); r.Count('X') != 1 || r.Count('Y') != 1 || r.Blanks() != 3 {
		t.Errorf("ParseHand(xY*?_) = %v", r)
	}
}
