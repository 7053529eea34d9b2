package gamestate_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/platform/gamestate"
	"github.com/lexico/lexico/bot/platform/gamestate/gamestatetest"
)

// tAfterOdious is a legal play on the doc's example: T after ODIOUS.
var tAfterOdious = move.Move{Kind: move.Play, Tiles: []move.Placement{{Row: 9, Col: 14, Letter: 'T'}}}

// words is a dictionary of the words a test names.
type words map[string]bool

func (w words) Contains(s string) bool { return w[s] }

// Judge reads a platform move (T after ODIOUS scores 8: O1 D2 I1 O1 U1 S1 T1, no premium), checks it by the rules against the words it
// forms, and speaks in the platform's squares; a move it cannot read is
// ErrMove.
func TestJudge(t *testing.T) {
	p := gamestatetest.DocExample(t)
	legal, err := gamestate.EncodeMove(tAfterOdious, p.Board.Size)
	if err != nil {
		t.Fatal(err)
	}
	m, res, err := gamestate.Judge(p, legal, words{"ODIOUST": true})
	if err != nil || !res.Legal || m.Key() != tAfterOdious.Key() || res.Score != 8 || len(res.Words) != 1 {
		t.Fatalf("T after ODIOUS in a dictionary that has ODIOUST: %+v, %v", res, err)
	}
	_, res, err = gamestate.Judge(p, legal, words{})
	if err != nil || res.Legal || !strings.Contains(res.Reason, "ODIOUST") {
		t.Fatalf("T after ODIOUS with no such word: %+v, %v; want refused, naming the word", res, err)
	}
	// A tile on ODIOUS's O, named by its platform square [x, y], y up.
	_, res, err = gamestate.Judge(p, []byte(`[["T"],[[8,5]]]`), words{})
	if err != nil || res.Legal || !strings.Contains(res.Reason, "[8, 5]") || res.Words == nil {
		t.Fatalf("a tile on the O at [8, 5]: %+v, %v; want refused, naming [8, 5], with a list of words", res, err)
	}
	if _, _, err := gamestate.Judge(p, []byte(`[["T"]]`), words{}); !errors.Is(err, gamestate.ErrMove) {
		t.Fatalf("an unreadable move: %v; want ErrMove", err)
	}
}
