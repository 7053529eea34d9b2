package arena

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/lexico/lexico/bot/game/variant"
	"github.com/lexico/lexico/bot/match/referee"
)

func entrant(name string, a Agent) Entrant {
	return Entrant{Name: name, Agent: func(context.Context, int) Agent { return a }}
}

// A match between our two policies, recorded to disk: every game reads back
// from its JSON lines and, played again through the referee with the same
// seed by agents that only repeat the recorded moves, reaches the same
// scores turn by turn and the same final board.
func TestRecordedGameReplaysToTheSameScore(t *testing.T) {
	dict, _ := testWords(t)
	eq, greedy := testBots(t)
	dir := t.TempDir()
	cfg := referee.Config{Variant: variant.Multipliers, Dictionary: dict, MoveTime: 5 * time.Second}
	m := &Match{
		Seats: [2]Entrant{entrant("equity", eq), entrant("greedy", greedy)},
		Games: 2, Seed: 42, Parallel: 2, PlayGame: Referee(cfg),
		Record: func(r *Record) error { return r.Save(dir) },
	}
	sum, err := m.Run(context.Background(), "multipliers")
	if err != nil {
		t.Fatal(err)
	}
	if sum.Games != 2 {
		t.Fatalf("%d games summarised, want 2", sum.Games)
	}
	for game := range 2 {
		f, err := os.Open(filepath.Join(dir, fmt.Sprintf("game-%04d.jsonl", game)))
		if err != nil {
			t.Fatal(err)
		}
		rec, err := ReadJSONL(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		if rec.Header.Starter != game%2 || rec.Header.Seed != GameSeed(42, game) {
			t.Errorf("game %d: starter %d seed %d, want starter %d seed %d", game, rec.Header.Starter, rec.Header.Seed, game%2, GameSeed(42, game))
		}
		if len(rec.Turns) < 10 || rec.End.Reason == "" || rec.End.Scores[0]+rec.End.Scores[1] < 100 {
			t.Fatalf("game %d does not look played out: %d turns, end %q, scores %v", game, len(rec.Turns), rec.End.Reason, rec.End.Scores)
		}
		replay := Referee(cfg)
		again, err := replay(context.Background(), rec.Header.Seed, rec.Header.Starter, rec.Header.Players,
			[2]Agent{NewReplay(rec, 0), NewReplay(rec, 1)})
		if err != nil {
			t.Fatalf("game %d: replay: %v", game, err)
		}
		if again.End.Scores != rec.End.Scores {
			t.Errorf("game %d: replay ends %v, the record says %v", game, again.End.Scores, rec.End.Scores)
		}
		if len(again.Turns) != len(rec.Turns) {
			t.Fatalf("game %d: replay has %d turns, the record %d", game, len(again.Turns), len(rec.Turns))
		}
		for i, tr := range again.Turns {
			if want := rec.Turns[i]; tr.Score != want.Score || tr.Total != want.Total || !tr.Legal {
				t.Errorf("game %d turn %d: replay scores %d (total %d, legal %v), the record %d (total %d)",
					game, i, tr.Score, tr.Total, tr.Legal, want.Score, want.Total)
			}
		}
		if !slices.Equal(again.End.Board, rec.End.Board) {
			t.Errorf("game %d: replay's final board\n%v\nthe record's\n%v", game, again.End.Board, rec.End.Board)
		}
	}
}

// The replay really plays the record: a record whose first play is turned
// into a pass no longer replays to the recorded score.
func TestReplayOfATamperedRecordDiffers(t *testing.T) {
	dict, _ := testWords(t)
	eq, greedy := testBots(t)
	cfg := referee.Config{Variant: variant.Classic, Dictionary: dict, MoveTime: 5 * time.Second}
	table := Referee(cfg)
	rec, err := table(context.Background(), 7, 0, [2]string{"equity", "greedy"}, [2]Agent{eq, greedy})
	if err != nil {
		t.Fatal(err)
	}
	rec.Turns[0].Move = []byte(`[[],["Pass"]]`)
	again, err := table(context.Background(), 7, 0, rec.Header.Players, [2]Agent{NewReplay(rec, 0), NewReplay(rec, 1)})
	if err != nil {
		t.Fatal(err)
	}
	if again.Turns[0].Score != 0 || again.End.Scores == rec.End.Scores {
		t.Errorf("the tampered record replays to %v, as the original %v", again.End.Scores, rec.End.Scores)
	}
}
