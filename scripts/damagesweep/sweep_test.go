package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lexico/lexico/bot/engine/equity"
	"github.com/lexico/lexico/bot/game/position"
	"github.com/lexico/lexico/build"
	"github.com/lexico/lexico/data"
	"github.com/lexico/lexico/internal/damage"
	"github.com/lexico/lexico/wordlist"
)

// TestNoDamagedIndexIsUsed is the sweep on a small index (every 23rd word
// of the default list: its word buckets have branch pages, its GADDAG and
// tables overflow pages, like the default index's), a flipped bit in every
// group of regions and the truncations: every damaged copy is refused at
// open or at its first word query, with one line, or answers exactly as
// the clean index does; and damage in what a search reads (the blobs: the
// GADDAG, the Bloom filters, the multiset and blank tables) is refused,
// whether or not these positions would meet it. make test-damage sweeps
// the default index.
func TestNoDamagedIndexIsUsed(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "sample.db")
	r, err := wordlist.Decompress(bytes.NewReader(data.DefaultDictionaryGz))
	if err != nil {
		t.Fatal(err)
	}
	wl, err := wordlist.Normalise(r, wordlist.DefaultMinLen, wordlist.DefaultMaxLen)
	if err != nil {
		t.Fatal(err)
	}
	var words []string
	for i, w := range wl.Words {
		if i%23 == 0 {
			words = append(words, w)
		}
	}
	if _, err := build.Build(context.Background(), build.Options{
		Source: "-", Stdin: strings.NewReader(strings.Join(words, "\n")), Out: path,
	}); err != nil {
		t.Fatal(err)
	}
	clean, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := cases(clean, 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	all, err := loadPositions("../../data/positions/corpus.jsonl", 0)
	if err != nil {
		t.Fatal(err)
	}
	// Racks with blanks and without: the blank table is read only for
	// the first.
	var pos []*position.Position
	withBlanks := 0
	for _, p := range all {
		if b := p.Rack.Blanks() > 0; b && withBlanks < 4 || !b && len(pos)-withBlanks < 6 {
			pos = append(pos, p)
			if b {
				withBlanks++
			}
		}
	}
	table, err := equity.DefaultTable()
	if err != nil {
		t.Fatal(err)
	}
	pr := &probe{positions: pos, words: append(words[:40:40], sampleWords()...), racks: []string{"RETAINS", "AEINRST", "CADAVER", "QUIXOTI?"}, table: table}
	results, err := pr.sweep(clean, filepath.Join(dir, "damaged.db"), cs, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range results {
		switch {
		case r.Outcome == Wrong:
			t.Errorf("%s: used: %s", r.Case.Name, r.Why)
		case r.Outcome == Refused && strings.Contains(r.Why, "\n"):
			t.Errorf("%s: refused in more than one line: %q", r.Case.Name, r.Why)
		case r.Outcome != Refused && searched(r.Case.Region):
			// The search may not have met the damaged bytes this time:
			// it must not be able to.
			t.Errorf("%s: damage in what a search reads, not refused (%s)", r.Case.Name, r.Outcome)
		case r.Outcome == Refused && r.Case.Size < 0 && !r.Case.Region.Used:
			t.Errorf("%s: nothing reads these bytes, yet: %s", r.Case.Name, r.Why)
		}
	}
	c := count(results)
	if c.Refused == 0 || c.Harmless == 0 {
		t.Errorf("%+v: the sweep damaged nothing a reader reads, or nothing only where none does", c)
	}
	t.Logf("%d damaged copies: %d refused, %d answered identically (%d damaged only where nothing reads), %d used wrongly",
		c.Copies, c.Refused, c.Identical, c.Harmless, c.Wrong)
}

// searched reports whether r holds the bytes of a structure a search reads.
func searched(r damage.Region) bool {
	return r.Part == "values" && (r.Bucket == "blobs" || r.Bucket == "gaddag")
}

// A sweep that would prove less than it says is refused, naming the flag:
// -per-group 0 made no flipped bit and -positions -5 answered no position,
// and both passed.
func TestCheckFlags(t *testing.T) {
	if err := checkFlags(40, 1); err != nil {
		t.Errorf("the defaults refused: %v", err)
	}
	if err := checkFlags(0, 3); err != nil {
		t.Errorf("-positions 0 (all) refused: %v", err)
	}
	for flag, err := range map[string]error{"-positions": checkFlags(-5, 1), "-per-group": checkFlags(40, 0)} {
		if err == nil || !strings.HasPrefix(err.Error(), flag+" ") {
			t.Errorf("%s out of range: %v, want an error naming it", flag, err)
		}
	}
}
