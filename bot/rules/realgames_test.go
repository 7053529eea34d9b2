package rules_test

import (
	"bufio"
	"encoding/json"
	"os"
	"testing"

	"github.com/lexico/lexico/bot/board"
	"github.com/lexico/lexico/bot/move"
	"github.com/lexico/lexico/bot/position"
	"github.com/lexico/lexico/bot/rules"
	"github.com/lexico/lexico/bot/tile"
	"github.com/lexico/lexico/bot/variant"
)

const realGames = "/work/shared/realgames/quackle-selfplay.jsonl"

// record is one line of the real-games file: a gamestate in the platform's
// format and the move played from it, with the score the game record gives.
type record struct {
	ID        string `json:"id"`
	Gamestate struct {
		Board            [][]string
		BlanksList       [][2]int
		DoubleLetterList [][2]int
		TripleLetterList [][2]int
		DoubleWordList   [][2]int
		TripleWordList   [][2]int
		MyHand           []string
		FirstGo          bool
	} `json:"gamestate"`
	Move struct {
		Tiles     []string `json:"tiles"`
		Positions [][2]int `json:"positions"`
		// Blanks are the positions of the placed tiles that are blanks
		// (the tiles themselves show the letters they stand for).
		Blanks [][2]int `json:"blanks"`
		Score  int      `json:"score"`
	} `json:"move"`
	GCG string `json:"gcg_line"`
}

// TestRealGameScores scores every move of 29 recorded Quackle games and
// compares with the score in the game record: standard Scrabble scoring is
// Lexico's Multipliers scoring. Platform coordinates [x, y] with y up become
// Row = size-1-y, Col = x.
func TestRealGameScores(t *testing.T) {
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
		gs := rec.Gamestate
		size := len(gs.Board)
		b := board.New(size)
		rc := func(xy [2]int) (int, int) { return size - 1 - xy[1], xy[0] }
		for y, row := range gs.Board {
			for x, s := range row {
				if s != " " {
					b.Set(size-1-y, x, board.Square{Letter: s[0]})
				}
			}
		}
		for _, xy := range gs.BlanksList {
			r, c := rc(xy)
			sq := b.At(r, c)
			sq.Blank = true
			b.Set(r, c, sq)
		}
		for prem, list := range map[board.Premium][][2]int{board.DoubleLetter: gs.DoubleLetterList,
			board.TripleLetter: gs.TripleLetterList, board.DoubleWord: gs.DoubleWordList, board.TripleWord: gs.TripleWordList} {
			for _, xy := range list {
				r, c := rc(xy)
				b.Premiums[r*size+c] = prem
			}
		}
		m := move.Move{Kind: move.Play}
		for i, tl := range rec.Move.Tiles {
			xy := rec.Move.Positions[i]
			r, c := rc(xy)
			p := move.Placement{Row: r, Col: c, Letter: tl[0]}
			for _, bl := range rec.Move.Blanks {
				p.Blank = p.Blank || bl == xy
			}
			m.Tiles = append(m.Tiles, p)
		}
		got, words := rules.Score(variant.Multipliers, b, m)
		if got != rec.Move.Score {
			t.Errorf("%s (%s): scored %d %v, record says %d\n%s", rec.ID, rec.GCG, got, words, rec.Move.Score, b)
		}
		// Every recorded move was legal under Scrabble's rules (words aside:
		// they are TWL06), which differ from Lexico's only in allowing a
		// two-letter opening word.
		var rack tile.Rack
		for _, h := range gs.MyHand {
			if h == "Blank" {
				rack.Add(tile.Blank)
			} else {
				rack.Add(h[0])
			}
		}
		p := &position.Position{Variant: firstTwo(), Board: b, Rack: rack, FirstGo: gs.FirstGo}
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
