package arena

import (
	"context"
	"testing"
	"time"

	"github.com/lexico/lexico/bot/match/referee"
)

// A Config that leaves the variant to the referee's default (Multipliers)
// must still give a whole record: the arena reads the variant from the game,
// not from the config it was handed.
func TestRefereeWithDefaultVariantRecordsTheGame(t *testing.T) {
	dict, _ := testWords(t)
	eq, greedy := testBots(t)
	table := Referee(referee.Config{Dictionary: dict, MoveTime: 5 * time.Second})
	rec, err := table(context.Background(), 5, 0, [2]string{"equity", "greedy"}, [2]Agent{eq, greedy})
	if err != nil {
		t.Fatal(err)
	}
	if len(rec.Turns) == 0 || len(rec.End.Board) != 15 {
		t.Fatalf("record has %d turns and a %d-row final board, want a played 15x15 game", len(rec.Turns), len(rec.End.Board))
	}
}
