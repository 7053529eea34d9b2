package solver

import (
	"errors"
	"sort"
	"strings"
	"testing"

	"github.com/lexico/lexico/bot/engine/movegen"
	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/rules"
	"github.com/lexico/lexico/bot/game/variant"
	"github.com/lexico/lexico/index/gaddag"
)

// smallWords is the word list of these tests: small enough to reason about,
// with the words the seed's hand xypdqab can make and a few around CAT.
var smallWords = strings.Fields(`AB AD BA BAD BAP BY DAB DAP DAY PA PAD PAY PYX YA YAP
	AT TA AH HA HAT HATS CAT CATS SCAT ACT ACTS TACT`)

func smallGenerator(t *testing.T) (movegen.Generator, map[string]bool) {
	t.Helper()
	return generatorOf(smallWords)
}

func generatorOf(words []string) (movegen.Generator, map[string]bool) {
	ws := append([]string(nil), words...)
	sort.Strings(ws)
	dict := map[string]bool{}
	for _, w := range ws {
		dict[w] = true
	}
	return movegen.NewGADDAG(gaddag.Build(ws)), dict
}

func solveText(t *testing.T, v *variant.Variant, text, hand string, top int) ([]Play, *board.Board, error) {
	t.Helper()
	b, err := ParseBoard([]byte(text), v)
	if err != nil {
		t.Fatal(err)
	}
	h, err := ParseHand(hand, v)
	if err != nil {
		t.Fatal(err)
	}
	gen, _ := smallGenerator(t)
	plays, err := Solve(gen, v, b, h, top)
	return plays, b, err
}

// The seed's example: an empty board and the hand xypdqab, under both rule
// sets. The first move must cover the centre and form a word of the rule
// set's minimum length; every word must be in the list; best first.
func TestSolveEmptyBoardSeedHand(t *testing.T) {
	_, dict := smallGenerator(t)
	for _, c := range []struct {
		v    *variant.Variant
		best string
		// The best score, worked by hand: PYX is P+Y+X.
		score int
	}{
		// Lexico values 3+4+8, doubled by the centre's double-word square.
		{variant.Multipliers, "PYX", 30},
		// WWF values 4+3+8; the WWF centre star carries no premium and no
		// three-letter word through it reaches a premium square.
		{variant.WWF, "PYX", 15},
	} {
		plays, b, err := solveText(t, c.v, boardText(15), "xypdqab", 0)
		if err != nil {
			t.Fatalf("%s: %v", c.v.Name, err)
		}
		if len(plays) == 0 {
			t.Fatalf("%s: no plays on the empty board", c.v.Name)
		}
		shortest := 99
		for i, p := range plays {
			if i > 0 && p.Score > plays[i-1].Score {
				t.Errorf("%s: play %d scores %d, more than play %d's %d", c.v.Name, i+1, p.Score, i, plays[i-1].Score)
			}
			if !p.Covers(c.v.StartRow, c.v.StartCol) {
				t.Errorf("%s: first move %s does not cover the centre", c.v.Name, p.Move)
			}
			if len(p.Words) != 1 || !dict[p.Words[0].Word] {
				t.Errorf("%s: first move %s forms %v", c.v.Name, p.Move, p.Words)
			}
			if score, _ := rules.Score(c.v, b, p.Move); score != p.Score || p.Move.Score != p.Score {
				t.Errorf("%s: %s listed at %d, generator %d, rules engine %d", c.v.Name, p.Move, p.Score, p.Move.Score, score)
			}
			shortest = min(shortest, len(p.Move.Tiles))
		}
		if shortest < c.v.FirstWordMinLen {
			t.Errorf("%s: a first move of %d tiles, the minimum is %d", c.v.Name, shortest, c.v.FirstWordMinLen)
		}
		if shortest != c.v.FirstWordMinLen {
			t.Errorf("%s: shortest first move has %d tiles; the list has %d-letter words", c.v.Name, shortest, c.v.FirstWordMinLen)
		}
		if plays[0].Word != c.best || plays[0].Score != c.score {
			t.Errorf("%s: best play %s %d, want %s %d", c.v.Name, plays[0].Word, plays[0].Score, c.best, c.score)
		}
		top, _, err := solveText(t, c.v, boardText(15), "xypdqab", 5)
		if err != nil || len(top) != 5 {
			t.Fatalf("%s: top 5 gave %d plays, %v", c.v.Name, len(top), err)
		}
		// The listing is the head of the full ranking, even where plays tie
		// at the cut-off (here six PYX placements score alike).
		for i := range top {
			if top[i].Move.Key() != plays[i].Move.Key() || top[i].Score != plays[i].Score {
				t.Errorf("%s: top-5 play %d is %s, the full list's is %s", c.v.Name, i+1, top[i].Move, plays[i].Move)
			}
		}
	}
}

// Lower-case letters on the board are blanks: they score 0, so a play
// through the blank c of "cAT" scores C's value less than through "CAT".
func TestSolveBoardWithBlanks(t *testing.T) {
	v := variant.WWF
	find := func(plays []Play, word string) *Play {
		for i := range plays {
			if strings.EqualFold(plays[i].Word, word) && len(plays[i].Move.Tiles) == 1 {
				return &plays[i]
			}
		}
		t.Fatalf("no one-tile play forming %s in %v", word, plays)
		return nil
	}
	withBlank, _, err := solveText(t, v, boardText(15, placed{7, 6, false, "cAT"}), "S", 0)
	if err != nil {
		t.Fatal(err)
	}
	real, _, err := solveText(t, v, boardText(15, placed{7, 6, false, "CAT"}), "S", 0)
	if err != nil {
		t.Fatal(err)
	}
	pb, pr := find(withBlank, "CATS"), find(real, "CATS")
	if pb.Word != "cATS" {
		t.Errorf("play through the blank shows %q, want cATS", pb.Word)
	}
	// (7,9) carries no premium: CATS is C+A+T+S.
	if pr.Score != 4+1+1+1 || pb.Score != 0+1+1+1 {
		t.Errorf("CATS scores %d with a C tile and %d with a blank c, want 7 and 3", pr.Score, pb.Score)
	}
	if pb.Row != 7 || pb.Col != 6 || pb.Dir != Across {
		t.Errorf("CATS described at r%d c%d %s, want r7 c6 across", pb.Row, pb.Col, pb.Dir)
	}
	if pb.Square() != "G8" {
		t.Errorf("CATS starts at %s, want G8 (column G, row 8 from the top)", pb.Square())
	}
	// A blank in the hand scores 0 too.
	viaBlank, _, err := solveText(t, v, boardText(15, placed{7, 6, false, "CAT"}), "*", 0)
	if err != nil {
		t.Fatal(err)
	}
	pw := find(viaBlank, "CATS")
	if pw.Word != "CATs" || pw.Score != 4+1+1+0 {
		t.Errorf("CATS with a blank s: %q scores %d, want CATs 6", pw.Word, pw.Score)
	}
}

func TestSolveRefusesImpossibleInput(t *testing.T) {
	v := variant.WWF
	_, _, err := solveText(t, v, boardText(15, placed{7, 0, false, "EEEEEEEEEEEEEE"}), "AB", 0)
	if !errors.Is(err, ErrBoardOverused) || !strings.Contains(err.Error(), "14 E tiles") || !strings.Contains(err.Error(), "13") {
		t.Errorf("14 E: %v", err)
	}
	_, _, err = solveText(t, v, boardText(15, placed{7, 6, false, "PYX"}), "xypdqab", 0)
	if !errors.Is(err, ErrHandNotInBag) || !strings.Contains(err.Error(), "1 X tile") {
		t.Errorf("hand with the only X, which is on the board: %v", err)
	}
}

// A WWF play that uses a triple word and a triple letter, worked by hand on
// the sample mid-game board, so the layout, the values and the blank rule
// are checked together against the rules engine's scoring.
func TestSolveWWFPremiums(t *testing.T) {
	v := variant.WWF
	f, err := LoadBoardFile("../../data/wwf/midgame.wwf", v)
	if err != nil {
		t.Fatal(err)
	}
	gen, _ := generatorOf([]string{"HAZE", "HAZER", "QINDAR", "QI"})
	hand, _ := ParseHand("qadi*ne", v)
	plays, err := Solve(gen, v, f.Board, hand, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(plays) == 0 {
		t.Fatal("no plays")
	}
	best := plays[0]
	// QINDAr across row 11 from column 0, the blank r hooking HAZE into
	// HAZER: Q on the triple word (11,0), D on the triple letter (11,3):
	// (10+1+2+3*2+1+0)*3 = 60, plus HAZER 3+1+10+1+0 = 15.
	if best.Word != "QINDAr" || best.Row != 11 || best.Col != 0 || best.Dir != Across || best.Score != 75 {
		t.Fatalf("best play %s, want QINDAr r11 c0 across 75", best.String())
	}
	// The listing names its first square as the drawing labels it: column
	// A, row 12 from the top.
	if got, want := best.String(), "   1. QINDAr          A12 across   75  (also HAZER 15)"; got != want {
		t.Errorf("listed as %q, want %q", got, want)
	}
	if len(best.Words) != 2 || best.Words[1].Word != "HAZER" || best.Words[1].Score != 15 {
		t.Errorf("QINDAr forms %v, want HAZER 15 beside it", best.Words)
	}
}
