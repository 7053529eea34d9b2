package solver

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/variant"
)

// Every board a real game can reach is one group of tiles holding a first
// word through the start square (7,7 under both rule sets); each refusal
// names its reason and the squares at fault as the listing and the drawing
// name them (H8).
func TestCheckBoardShape(t *testing.T) {
	wwf, lexico := variant.WWF, variant.Multipliers
	cat := placed{7, 6, false, "CAT"} // covers the start square
	cases := []struct {
		name  string
		v     *variant.Variant
		words []placed
		err   error // nil: the board is accepted
		says  []string
	}{
		{"empty board (the first move)", wwf, nil, nil, nil},
		{"empty lexico board", lexico, nil, nil, nil},
		{"one word through the start", wwf, []placed{cat}, nil, nil},
		{"a word down through the start", lexico, []placed{{6, 7, true, "CAT"}}, nil, nil},
		{"two words crossing", wwf, []placed{cat, {5, 8, true, "BOT"}}, nil, nil},
		{"blanks count as tiles", wwf, []placed{{7, 6, false, "cAT"}, {8, 8, false, "o"}}, nil, nil},
		{"two-letter first word under wwf", wwf, []placed{{7, 7, false, "AT"}}, nil, nil},

		{"a stray tile far away", wwf, []placed{cat, {0, 14, false, "Q"}}, ErrBoardDisconnected,
			[]string{"1 tile is cut off", ": O1; ", "start square (H8)"}},
		{"a second group", wwf, []placed{cat, {12, 1, false, "DOG"}}, ErrBoardDisconnected,
			[]string{"3 tiles are cut off", "B13; C13; D13"}},
		{"touching corners only", wwf, []placed{cat, {8, 9, false, "A"}}, ErrBoardDisconnected,
			[]string{"J9"}},
		{"a lone tile one square off", wwf, []placed{cat, {9, 7, false, "X"}}, ErrBoardDisconnected,
			[]string{"1 tile is cut off", "H10"}},
		{"a long list is cut short", wwf, []placed{cat, {0, 0, false, "ABCDEFGHIJ"}}, ErrBoardDisconnected,
			[]string{"10 tiles are cut off", "F1; and 4 more"}},

		{"start square uncovered", wwf, []placed{{3, 0, false, "CAT"}}, ErrBoardStart,
			[]string{"H8 is empty", "wwf"}},
		{"start square uncovered next to a word", lexico, []placed{{7, 8, false, "CAT"}}, ErrBoardStart,
			[]string{"H8"}},
		{"a lone tile off the start", wwf, []placed{{0, 0, false, "Q"}}, ErrBoardStart,
			[]string{"H8"}},

		{"a lone tile on the start", wwf, []placed{{7, 7, false, "Q"}}, ErrBoardFirstWord,
			[]string{"(H8) has 1 letter", "wwf", "at least 2"}},
		{"two-letter first word under multipliers", lexico, []placed{{7, 7, false, "AT"}}, ErrBoardFirstWord,
			[]string{"has 2 letters", "multipliers game", "at least 3"}},
		// The across word through the start holds 2 letters and the down
		// word 1: no three-letter first word ever covered (7,7).
		{"longer words only off the start", lexico, []placed{{7, 7, false, "AT"}, {7, 8, true, "TAB"}}, ErrBoardFirstWord,
			[]string{"has 2 letters"}},
	}
	for _, c := range cases {
		b, err := ParseBoard([]byte(boardText(c.v.Size, c.words...)), c.v)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		err = CheckBoard(c.v, b)
		if c.err == nil {
			if err != nil {
				t.Errorf("%s: refused a board a game can reach: %v", c.name, err)
			}
			continue
		}
		wantRefusal(t, c.name, err, c.err, c.says)
	}
}

// wantRefusal checks that err is the refusal want and that its message
// says each of says, as a person reading it needs.
func wantRefusal(t *testing.T, name string, err, want error, says []string) {
	t.Helper()
	if !errors.Is(err, want) {
		t.Errorf("%s: got %v, want %v", name, err, want)
		return
	}
	for _, s := range says {
		if !strings.Contains(err.Error(), s) {
			t.Errorf("%s: message %q does not say %q", name, err, s)
		}
	}
}

func TestCheckBoardSizeAndBag(t *testing.T) {
	if err := CheckBoard(variant.WWF, board.New(11)); !errors.Is(err, ErrBoardSize) || !strings.Contains(err.Error(), "11x11") || !strings.Contains(err.Error(), "15x15") {
		t.Errorf("an 11x11 board under wwf: %v, want ErrBoardSize naming both sizes", err)
	}
	// The bag is checked too, so no caller has to remember both checks.
	b, err := ParseBoard([]byte(boardText(15, placed{7, 0, false, "EEEEEEEEEEEEEE"})), variant.WWF)
	if err != nil {
		t.Fatal(err)
	}
	if err := CheckBoard(variant.WWF, b); !errors.Is(err, ErrBoardOverused) {
		t.Errorf("14 E under wwf: %v, want ErrBoardOverused", err)
	}
}

// LoadBoardFile is where the command meets the checks: the refusal names the
// file, and reading it changes nothing.
func TestLoadBoardFileRefusesUnreachableBoard(t *testing.T) {
	path := filepath.Join(t.TempDir(), "stray.wwf")
	text := boardText(15, placed{7, 6, false, "CAT"}, placed{0, 14, false, "Q"})
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := LoadBoardFile(path, variant.WWF)
	if !errors.Is(err, ErrBoardDisconnected) || !strings.HasPrefix(err.Error(), path+": ") || !strings.Contains(err.Error(), "O1") {
		t.Fatalf("got %v, want ErrBoardDisconnected naming %s and O1", err, path)
	}
	if got, _ := os.ReadFile(path); string(got) != text {
		t.Errorf("loading changed the file")
	}
}

// Save writes only boards the solver would load again: whatever produced
// the board, an impossible one never replaces the file.
func TestSaveRefusesUnreachableBoard(t *testing.T) {
	old := boardText(15, placed{7, 6, false, "CAT"})
	path, f := loadedBoardFile(t, old, 0o644)
	next := f.Board.Clone()
	next.Set(0, 0, board.Square{Letter: 'Q'})
	if err := f.Save(next); !errors.Is(err, ErrBoardDisconnected) || !strings.Contains(err.Error(), "not written") {
		t.Fatalf("saving a board with a stray Q: %v, want ErrBoardDisconnected", err)
	}
	if got, _ := os.ReadFile(path); string(got) != old {
		t.Errorf("the refused board reached the file")
	}
	if _, err := os.Stat(f.BackupPath()); !os.IsNotExist(err) {
		t.Errorf("a refused save left a backup")
	}
}

// Solve refuses what LoadBoardFile refuses, for callers that parse a board
// themselves.
func TestSolveRefusesUnreachableBoard(t *testing.T) {
	_, _, err := solveText(t, variant.WWF, boardText(15, placed{7, 6, false, "CAT"}, placed{14, 0, false, "Z"}), "AB", 0)
	if !errors.Is(err, ErrBoardDisconnected) || !strings.Contains(err.Error(), "A15") {
		t.Errorf("stray Z: %v", err)
	}
	_, _, err = solveText(t, variant.WWF, boardText(15, placed{2, 2, false, "CAT"}), "AB", 0)
	if !errors.Is(err, ErrBoardStart) {
		t.Errorf("CAT off the start square: %v", err)
	}
}
