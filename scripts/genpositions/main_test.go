package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/platform/gamestate"
	"github.com/lexico/lexico/build"
	"github.com/lexico/lexico/internal/testsize"
)

// smallIndex builds a real index of the embedded list's words of up to four
// letters: whole games, in a fraction of the time of the full list.
func smallIndex(t *testing.T) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), "small.db")
	if _, err := build.Build(context.Background(), build.Options{Out: out, MaxLen: 4}); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestCorpusIsReproducibleAndBalanced: the same seed writes the same file;
// every line is a gamestate the bot reads; racks hold 0, 1 and 2 blanks in
// turn; both variants and all three phases are present.
func TestCorpusIsReproducibleAndBalanced(t *testing.T) {
	idx := smallIndex(t)
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.jsonl"), filepath.Join(dir, "b.jsonl")
	for _, out := range []string{a, b} {
		if err := run(7, 30, out, idx); err != nil {
			t.Fatal(err)
		}
	}
	da, _ := os.ReadFile(a)
	db, _ := os.ReadFile(b)
	if !bytes.Equal(da, db) {
		t.Fatal("the same seed wrote two different corpora")
	}
	lines := strings.Split(strings.TrimSpace(string(da)), "\n")
	if len(lines) != 30 {
		t.Fatalf("%d positions, want 30", len(lines))
	}
	variants := map[bool]bool{} // keyed by "has premium squares": multipliers, not classic
	phases := map[int]bool{}
	for i, l := range lines {
		p, err := gamestate.ParseSynthetic([]byte(l))
		if err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		if want := i % 3; p.Rack.Blanks() != want && p.Rack.N > p.Rack.Blanks() {
			t.Fatalf("line %d: rack %s holds %d blanks, want %d", i+1, p.Rack.String(), p.Rack.Blanks(), want)
		}
		if !strings.Contains(l, `"ResponseDeadline":0,`) {
			t.Fatalf("line %d: a wall-clock deadline makes the file differ run to run", i+1)
		}
		premiums := false
		for _, pr := range p.Board.Premiums {
			premiums = premiums || pr != board.NoPremium
		}
		variants[premiums] = true
		phases[phaseOf(p)] = true
	}
	if len(phases) != 3 {
		t.Fatalf("phases present: %v, want early, middle and late", phases)
	}
	if len(variants) < 2 {
		t.Fatalf("only one variant in the corpus (premium squares: %v)", variants)
	}
}

// The committed corpus is what docs/movegen.md's command writes today: the
// benchmarks' figures are about that file, and anyone must be able to
// regenerate it byte for byte. A change to the players or the generator
// that alters a game (even which of two equal tiles a blank stands for)
// shows here, and the corpus is then regenerated with the change. It builds
// the full default index to play them (most of its cost), so it runs in
// make test-long; make test checks the generator on a small index above.
func TestCommittedCorpusIsRegenerated(t *testing.T) {
	if testing.Short() || !testsize.Long() {
		t.Skip("plays the seeded games over the full default list: make test-long (LEXICO_LONG=1)")
	}
	committed, err := os.ReadFile("../../data/positions/corpus.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "corpus.jsonl")
	// That command opens the default index, built from the embedded
	// list on first use in the user cache directory: here a temporary one
	// (XDG_CACHE_HOME on Linux, HOME elsewhere), so the test leaves no 37 MB
	// file in the user's home.
	t.Setenv("LEXICO_INDEX", "")
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	t.Setenv("HOME", cache)
	if err := run(1, 400, out, ""); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(out)
	if !bytes.Equal(got, committed) {
		gl, cl := strings.Split(string(got), "\n"), strings.Split(string(committed), "\n")
		for i := range min(len(gl), len(cl)) {
			if gl[i] != cl[i] {
				t.Fatalf("line %d differs from data/positions/corpus.jsonl: regenerate it with go run ./scripts/genpositions -seed 1 -n 400 -out data/positions/corpus.jsonl", i+1)
			}
		}
		t.Fatalf("%d lines written, %d committed", len(gl), len(cl))
	}
}
