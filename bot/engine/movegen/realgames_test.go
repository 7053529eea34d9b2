package movegen

import (
	"slices"
	"testing"

	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/rules"
	"github.com/lexico/lexico/bot/platform/gamestate/gamestatetest"
)

// TestRealGames: in every position of 29 recorded Quackle games whose played
// move forms only words of the default list, the GADDAG generator must find
// that move with the score the game record gives.
func TestRealGames(t *testing.T) {
	recs := gamestatetest.RealGames(t)
	lx := full()
	checked, skipped := 0, 0
	for _, rec := range recs {
		p, want := rec.Position, rec.Move
		_, words := rules.Score(p.Variant, p.Board, want)
		inDict := true
		for _, w := range words {
			_, found := slices.BinarySearch(lx.Words, w.Word) // sorted and unique
			inDict = inDict && found
		}
		if !inDict {
			skipped++
			continue
		}
		// Scrabble allows a two-letter opening; Lexico wants three.
		p.Variant.FirstWordMinLen = 2
		key := want.Key()
		found, score := false, 0
		generate(lx.gen, p.Variant, p.Board, p.Rack, func(m *move.Move) {
			if m.Key() == key {
				found, score = true, m.Score
			}
		})
		checked++
		switch {
		case !found:
			t.Errorf("%s (%s): move %s not generated\n%s", rec.ID, rec.GCG, key, p.Board)
		case score != rec.Score:
			t.Errorf("%s (%s): generated score %d, record says %d", rec.ID, rec.GCG, score, rec.Score)
		}
	}
	if checked < 500 {
		t.Errorf("only %d of the recorded moves checked (%d skipped)", checked, skipped)
	}
	t.Logf("%d recorded moves found with their scores; %d skipped (words not in the default list)", checked, skipped)
}
