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

// -against compares two runs' first seats on the pairs they played from the
// same bags, and only those: a pair whose bag differs (another seed) or
// that one run lacks is left out, and runs against different second seats
// are refused.
func TestAgainstComparesTheSameBagsPairByPair(t *testing.T) {
	seeded := func(rec *arena.Record, seed uint64) *arena.Record {
		rec.Header.Seed = seed
		return rec
	}
	base, run := t.TempDir(), t.TempDir()
	b := [2]string{"magpie", "equity"}
	r := [2]string{"sim", "equity"}
	// Pair 0 (bag 7): base loses both games, run wins both.
	save(t, base, seeded(game(t, 0, b, 300, 50, 400, 50), 7))
	save(t, base, seeded(game(t, 1, b, 300, 50, 400, 50), 7))
	save(t, run, seeded(game(t, 0, r, 410, 50, 400, 50), 7))
	save(t, run, seeded(game(t, 1, r, 430, 50, 400, 50), 7))
	// Pair 1 (bag 8): both split it, by the same margins.
	for _, dir := range []string{base, run} {
		names := b
		if dir == run {
			names = r
		}
		save(t, dir, seeded(game(t, 2, names, 420, 50, 400, 50), 8))
		save(t, dir, seeded(game(t, 3, names, 380, 50, 400, 50), 8))
	}
	// Pair 2: dealt from another bag in each run; pair 3: only in run.
	save(t, base, seeded(game(t, 4, b, 500, 50, 400, 50), 9))
	save(t, base, seeded(game(t, 5, b, 500, 50, 400, 50), 9))
	save(t, run, seeded(game(t, 4, r, 100, 50, 400, 50), 10))
	save(t, run, seeded(game(t, 5, r, 100, 50, 400, 50), 10))
	save(t, run, seeded(game(t, 6, r, 100, 50, 400, 50), 11))
	save(t, run, seeded(game(t, 7, r, 100, 50, 400, 50), 11))

	rp, rn, err := pairsOf(run)
	if err != nil {
		t.Fatal(err)
	}
	bp, bn, err := pairsOf(base)
	if err != nil {
		t.Fatal(err)
	}
	c, err := compare(rp, bp, rn, bn)
	if err != nil {
		t.Fatal(err)
	}
	if c.pairs != 2 {
		t.Fatalf("%d pairs compared, want 2 (the pairs of bags 7 and 8)", c.pairs)
	}
	// Run: pair 0 scores 1, pair 1 ½; base: 0 and ½.
	if c.score != 0.75 || c.baseScore != 0.25 || c.scoreDiff != 0.5 {
		t.Errorf("scores %v against %v, difference %v; want 0.75, 0.25, 0.5", c.score, c.baseScore, c.scoreDiff)
	}
	// Margins: run's pair 0 +20, base's -100, pair 1 level: +60 a pair.
	if c.marginDiff != 60 {
		t.Errorf("margin difference %v, want 60", c.marginDiff)
	}
	if _, err := compare(rp, bp, rn, [2]string{"magpie", "greedy"}); !errors.Is(err, errMismatch) {
		t.Errorf("against another second seat: %v, want errMismatch", err)
	}
	if _, err := compare(rp, map[pairKey]pairResult{}, rn, bn); !errors.Is(err, errNotSameBags) {
		t.Errorf("against a run of other bags: %v, want errNotSameBags", err)
	}
}
