package rules_test

import (
	"bufio"
	"encoding/json"
	"os"
	"testing"

	"github.com/lexico/lexico/bot/gamestate"
	"github.com/lexico/lexico/bot/move"
	"github.com/lexico/lexico/bot/rules"
)

const realGames = "/work/shared/realgames/quackle-selfplay.jsonl"

// record is one line of the real-games file: a gamestate in the platform's
// format and the move played from it, with the score the game record gives.
type record struct {
	ID        string          `json:"id"`
	Gamestate json.RawMessage `json:"gamestate"`
	Move      struct {
		// Tiles show the letters played, blanks included; Blanks lists the
		// positions of the tiles that are blanks.
		Tiles     []string `json:"tiles"`
		Positions [][2]int `json:"positions"`
		Blanks    [][2]int `json:"blanks"`
		Score     int      `json:"score"`
	} `json:"move"`
	GCG string `json:"gcg_line"`
}

// TestRealGames parses every gamestate of 29 recorded Quackle games, scores
// the move played from it and compares with the score in the game record
// (standard Scrabble scoring is Lexico's Multipliers scoring), and checks the
// move is legal under Scrabble's rules: words aside (they are TWL06), those
// differ from Lexico's only in allowing a two-letter opening word.
func TestRealGames(t *testing.T) {
	f, err := os.Open(realGames)
	if err != nil {
		t.Skipf("real games not available: %v", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	n := 0
	for sc.Scan() {
		var rec record
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			t.Fatalf("line %d: %v", n+1, err)
		}
		n++
		p, err := gamestate.Parse(rec.Gamestate)
		if err != nil {
			t.Fatalf("%s: %v", rec.ID, err)
		}
		size := p.Board.Size
		m := move.Move{Kind: move.Play}
		for i, tl := range rec.Move.Tiles {
			xy := rec.Move.Positions[i]
			pl := move.Placement{Row: size - 1 - xy[1], Col: xy[0], Letter: tl[0]}
			for _, bl := range rec.Move.Blanks {
				pl.Blank = pl.Blank || bl == xy
			}
			m.Tiles = append(m.Tiles, pl)
		}
		got, words := rules.Score(p.Variant, p.Board, m)
		if got != rec.Move.Score {
			t.Errorf("%s (%s): scored %d %v, record says %d\n%s", rec.ID, rec.GCG, got, words, rec.Move.Score, p.Board)
		}
		p.Variant.FirstWordMinLen = 2
		if res := rules.Check(p, m, nil); !res.Legal || res.Score != rec.Move.Score {
			t.Errorf("%s (%s): Check says legal=%v %q score %d", rec.ID, rec.GCG, res.Legal, res.Reason, res.Score)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if n != 689 {
		t.Fatalf("read %d moves, want 689", n)
	}
}
