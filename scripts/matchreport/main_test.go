package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lexico/lexico/bot/match/arena"
)

// game is a recorded game with two turns: seat 0 scores a at bag0 tiles
// in the bag, seat 1 scores b at bag1; the final scores are a and b.
func game(t *testing.T, n int, players [2]string, a, bag0, b, bag1 int) *arena.Record {
	t.Helper()
	gs := func(bag int) json.RawMessage {
		return json.RawMessage(fmt.Sprintf(`{"NumberOfTilesInBag":%d}`, bag))
	}
	return &arena.Record{
		Header: arena.Header{Game: n, Variant: "multipliers", Players: players, Starter: n % 2},
		Turns: []arena.Turn{
			{Turn: 0, Seat: 0, Gamestate: gs(bag0), Move: json.RawMessage(`"pass"`), Legal: true, Score: a, Total: a, ElapsedMS: 900},
			{Turn: 1, Seat: 1, Gamestate: gs(bag1), Move: json.RawMessage(`"pass"`), Legal: true, Score: b, Total: b, ElapsedMS: 2},
		},
		End: arena.End{Scores: [2]int{a, b}},
	}
}

// save writes rec into dir as `play --record` names it (only the JSON
// lines: the report does not read the GCG file).
func save(t *testing.T, dir string, rec *arena.Record) {
	t.Helper()
	var buf bytes.Buffer
	if err := rec.WriteJSONL(&buf); err != nil {
		t.Fatal(err)
	}
	name := filepath.Join(dir, fmt.Sprintf("game-%04d.jsonl", rec.Header.Game))
	if err := os.WriteFile(name, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestPoolsDirectoriesPairsAndBands(t *testing.T) {
	players := [2]string{"sim", "equity"}
	one, two := t.TempDir(), t.TempDir()
	// Directory one lacks its game 0 (an unfinished pair) and loses games
	// 1 to 3; directory two wins its pair. Were the directories' game
	// numbers not kept apart, one's game 1 would pair with two's game 0.
	save(t, one, game(t, 1, players, 10, 3, 30, 0))
	save(t, one, game(t, 2, players, 5, 9, 30, 8))
	save(t, one, game(t, 3, players, 5, 9, 30, 8))
	save(t, two, game(t, 0, players, 50, 14, 20, 13))
	save(t, two, game(t, 1, players, 40, 0, 20, 1))
	r := &report{sum: arena.Summary{Paired: true}, dirs: 2}
	for i, dir := range []string{one, two} {
		if err := r.addDir(dir, i); err != nil {
			t.Fatal(err)
		}
	}
	r.sum.Finish(0)
	if r.sum.Games != 5 || r.sum.Pairs != 2 {
		t.Fatalf("games %d, pairs %d; want 5 games, 2 pairs", r.sum.Games, r.sum.Pairs)
	}
	if got := r.sum.Seats[0].Pairs.WinRate; got != 0.5 {
		t.Errorf("seat 1's win rate over the pairs %.2f, want 0.5 (one pair lost, one won)", got)
	}
	want := [len(bands)]float64{50, 10, 10, 40}
	if r.points[0] != want {
		t.Errorf("seat 1's points by band %v, want %v", r.points[0], want)
	}
	var out bytes.Buffer
	if err := r.write(&out); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"5 game(s) from 2 directories", "over 2 pairs", "10.0"} {
		if !strings.Contains(out.String(), s) {
			t.Errorf("the report lacks %q:\n%s", s, out.String())
		}
	}
}

func TestRefusesDirectoriesOfOtherSeats(t *testing.T) {
	one, two := t.TempDir(), t.TempDir()
	save(t, one, game(t, 0, [2]string{"sim", "equity"}, 1, 50, 2, 50))
	save(t, two, game(t, 0, [2]string{"equity", "sim"}, 1, 50, 2, 50))
	r := &report{}
	if err := r.addDir(one, 0); err != nil {
		t.Fatal(err)
	}
	if err := r.addDir(two, 1); !errors.Is(err, errMismatch) {
		t.Fatalf("pooling sim-equity with equity-sim: %v, want errMismatch", err)
	}
}
