package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lexico/lexico/bot/board"
	"github.com/lexico/lexico/bot/gamestate"
	"github.com/lexico/lexico/build"
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
		p, err := gamestate.Parse([]byte(l))
		if err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		if want := i % 3; p.Rack.Blanks() != want && p.Rack.N > p.Rack.Blanks() {
			t.Fatalf("line %d: rack %s holds %d blanks, want %d", i+1, p.Rack.String(), p.Rack.Blanks(), want)
		}
		if !p.Deadline.IsZero() {
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
