package rules_test

import (
	"testing"

	"github.com/lexico/lexico/bot/game/rules"
	"github.com/lexico/lexico/bot/platform/gamestate/gamestatetest"
)

// TestRealGames parses every gamestate of 29 recorded Quackle games, scores
// the move played from it and compares with the score in the game record
// (standard Scrabble scoring is Lexico's Multipliers scoring), and checks the
// move is legal under Scrabble's rules: words aside (they are TWL06), those
// differ from Lexico's only in allowing a two-letter opening word.
func TestRealGames(t *testing.T) {
	recs := gamestatetest.RealGames(t)
	for _, rec := range recs {
		p, m := rec.Position, rec.Move
		got, words := rules.Score(p.Variant, p.Board, m)
		if got != rec.Score {
			t.Errorf("%s (%s): scored %d %v, record says %d\n%s", rec.ID, rec.GCG, got, words, rec.Score, p.Board)
		}
		p.Variant.FirstWordMinLen = 2
		if res := rules.Check(p, m, nil); !res.Legal || res.Score != rec.Score {
			t.Errorf("%s (%s): Check says legal=%v %q score %d", rec.ID, rec.GCG, res.Legal, res.Reason, res.Score)
		}
	}
	if len(recs) != 689 {
		t.Fatalf("read %d moves, want 689", len(recs))
	}
}
