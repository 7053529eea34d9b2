package strategy

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/lexico/lexico/bot/engine/movegen"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/platform/gamestate/gamestatetest"
	"github.com/lexico/lexico/build"
	"github.com/lexico/lexico/index"
	"github.com/lexico/lexico/index/gaddag"
	"github.com/lexico/lexico/index/multiset"
	"github.com/lexico/lexico/wordlist"
)

// plays runs gen and returns its plays, each key with its score.
func plays(gen movegen.Generator, rec gamestatetest.Record) map[string]int {
	p := rec.Position
	out := map[string]int{}
	gen.Search(movegen.Args{Variant: p.Variant, Board: p.Board, Rack: p.Rack, Record: func(m *move.Move) { out[m.Key()] = m.Score }})
	return out
}

// differ describes the first differences between two play sets, empty if
// none.
func differ(a, b map[string]int) string {
	var lines []string
	for k, s := range a {
		if t, ok := b[k]; !ok || s != t {
			lines = append(lines, fmt.Sprintf("  %s: %d from the index, %d (found %v) in memory", k, s, t, ok))
		}
	}
	for k, s := range b {
		if _, ok := a[k]; !ok {
			lines = append(lines, fmt.Sprintf("  %s: only in memory (%d)", k, s))
		}
	}
	sort.Strings(lines)
	return strings.Join(lines[:min(len(lines), 25)], "\n")
}

// TestNewFromIndex builds a real index file from a sample of the default
// list (every two- and three-letter word and every 50th longer one) and
// checks that the strategies New returns over it (the GADDAG loaded from
// the file, the exhaustive one pruning with the index's fragment filter)
// find exactly the plays of the GADDAG generator built in memory from the
// same words, in positions of recorded games.
func TestNewFromIndex(t *testing.T) {
	all, err := wordlist.DefaultWords(wordlist.DefaultMinLen, wordlist.DefaultMaxLen)
	if err != nil {
		t.Fatal(err)
	}
	var words []string
	for i, w := range all {
		if len(w) <= 3 || i%50 == 0 {
			words = append(words, w)
		}
	}
	dir := t.TempDir()
	list := filepath.Join(dir, "words.txt")
	if err := os.WriteFile(list, []byte(strings.Join(words, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "small.db")
	if _, err := build.Build(context.Background(), build.Options{Source: list, Out: out}); err != nil {
		t.Fatal(err)
	}
	idx, err := index.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer idx.Close()
	ms, err := multiset.Build(words)
	if err != nil {
		t.Fatal(err)
	}
	inMemory := movegen.NewGADDAG(gaddag.Build(words), movegen.WithMultisets(ms), movegen.WithBlanks(multiset.BuildBlanks(words)))
	recs := gamestatetest.RealGames(t)
	for _, name := range []string{"gaddag", "exhaustive"} {
		gen, err := New(strings.ToUpper(name), idx)
		if err != nil {
			t.Fatalf("New(%s): %v", name, err)
		}
		step := 25
		if name == "exhaustive" {
			step = 100
		}
		compared, found := 0, 0
		for i := 0; i < len(recs); i += step {
			got := plays(gen, recs[i])
			compared, found = compared+1, found+len(got)
			if d := differ(got, plays(inMemory, recs[i])); d != "" {
				t.Fatalf("%s over the index file, %s (%s):\n%s", name, recs[i].ID, recs[i].GCG, d)
			}
		}
		if compared < 4 || found == 0 {
			t.Fatalf("%s: %d positions compared, %d plays found: too few to check anything", name, compared, found)
		}
		t.Logf("%s: %d positions, %d plays, the same as in memory", name, compared, found)
	}
}

func TestNewErrors(t *testing.T) {
	if _, err := New("nonsense", nil); !errors.Is(err, ErrUnknownStrategy) {
		t.Errorf("New(nonsense) error %v, want ErrUnknownStrategy", err)
	}
	if _, err := New("gaddag", nil); !errors.Is(err, ErrNoIndex) {
		t.Errorf("New(gaddag, nil) error %v, want ErrNoIndex", err)
	}
}
