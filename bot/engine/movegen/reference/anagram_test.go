package reference

import (
	"fmt"
	"math/rand/v2"
	"os"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/lexico/lexico/bot/engine/movegen"
	"github.com/lexico/lexico/bot/engine/movegen/internal/gentest"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/rules"
	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/bot/platform/gamestate"
)

// shortFragments is an exact fragment test for strings of up to four
// letters (a table of every substring that short) that answers true for
// anything longer: a weaker filter than the index's Bloom filter but, like
// it, never false for a real fragment, so pruning with it must not lose a
// play.
func shortFragments(words []string) func(string) bool {
	const maxLen = 4
	seen := make([]bool, 27*27*27*27)
	code := func(s string) int {
		c := 0
		for i := 0; i < len(s); i++ {
			c = c*27 + int(s[i]-'A') + 1
		}
		return c
	}
	for _, w := range words {
		for i := range len(w) {
			for j := i + 1; j <= len(w) && j-i <= maxLen; j++ {
				seen[code(w[i:j])] = true
			}
		}
	}
	return func(s string) bool { return len(s) > maxLen || seen[code(s)] }
}

var (
	anaSmallOnce, anaFullOnce sync.Once
	anaSmall, anaFull         *AnagramGenerator
)

func smallAnagram() *AnagramGenerator {
	anaSmallOnce.Do(func() {
		lx := small()
		anaSmall = NewAnagram(lx.Words, lx.G, shortFragments(lx.Words))
	})
	return anaSmall
}

func fullAnagram() *AnagramGenerator {
	anaFullOnce.Do(func() {
		lx := full()
		anaFull = NewAnagram(lx.Words, lx.G, shortFragments(lx.Words))
	})
	return anaFull
}

// TestAnagramAgreesWithExhaustive is the agreement property for the anagram
// strategy: on every position of random games (both variants, early to late,
// racks with 0, 1 and 2 blanks) it reports the same plays with the same
// scores as the plainly correct exhaustive generator, over a word sample
// small enough for that one.
func TestAnagramAgreesWithExhaustive(t *testing.T) {
	lx := small()
	ana := smallAnagram()
	// Every 4th position of one game per variant (every other one in the
	// long sweep) keeps the exhaustive generator's time in bounds (the
	// blank counts still come in turn: 0, 1, 2, ...): the thousands of positions are compared against the
	// GADDAG generator, itself compared with the exhaustive one.
	games, step := 1, 4
	if gentest.LongRun() {
		step = 2
	}
	positions := agreementPositions(lx.gen, games, 11)
	total, n := 0, 0
	for i, p := range positions {
		if i%step != 0 {
			continue
		}
		n++
		got := collect(t, ana, p)
		exp := collect(t, lx.exh, p)
		total += len(exp)
		if d := gentest.Diff("anagram", got, "exhaustive", exp); d != "" {
			t.Fatalf("position %d, %s: plays differ:\n%s\n%s", i, p.Name, d, p.Board)
		}
	}
	t.Logf("%d positions, %d plays agree", n, total)
}

// TestAnagramAgreesWithGADDAG compares the two index strategies over the
// whole default list on every position of the agreement games (about 80
// in make test, about 1,450 in make test-long): the real dictionary has the
// long words and rare hooks a sample lacks. Plays are compared by fingerprint, and listed
// side by side only for a position where they differ. The GADDAG generator
// is itself checked against the exhaustive one (agreement_test.go).
func TestAnagramAgreesWithGADDAG(t *testing.T) {
	lx := full()
	ana := fullAnagram()
	positions := agreementPositions(lx.gen, gentest.GamesToCompare(), 12)
	total := 0
	byBlanks := [3]int{}
	for i, p := range positions {
		a, na := fingerprint(ana, p)
		g, ng := fingerprint(lx.gen, p)
		total += ng
		byBlanks[p.Rack.Blanks()]++
		if a != g || na != ng {
			d := gentest.Diff("anagram", collect(t, ana, p), "gaddag", collect(t, lx.gen, p))
			t.Fatalf("position %d, %s: %d plays against %d:\n%s\n%s", i, p.Name, na, ng, d, p.Board)
		}
		gentest.Progress(t, i+1, len(positions))
	}
	gentest.CheckPositionCount(t, len(positions))
	t.Logf("%d positions (%v by blank count), %d plays agree", len(positions), byBlanks, total)
}

// TestAnagramFragmentPruningLosesNothing: the fragment test only narrows the
// squares' masks, so the generator without it must report the same plays.
func TestAnagramFragmentPruningLosesNothing(t *testing.T) {
	lx := full()
	pruned := fullAnagram()
	plain := NewAnagram(lx.Words, lx.G, nil)
	for i, p := range agreementPositions(lx.gen, 1, 13) {
		if i%3 != 0 {
			continue
		}
		if d := gentest.Diff("pruned", collect(t, pruned, p), "plain", collect(t, plain, p)); d != "" {
			t.Fatalf("%s: plays differ:\n%s\n%s", p.Name, d, p.Board)
		}
	}
}

// TestAnagramScoresAreRulesScores: every score the generator reports is the
// one rules.Score gives the same play, and the words it forms are words.
func TestAnagramScoresAreRulesScores(t *testing.T) {
	lx := full()
	ana := fullAnagram()
	checked := 0
	for i, p := range agreementPositions(lx.gen, 1, 14) {
		if i%4 != 0 {
			continue
		}
		generate(ana, p.Variant, p.Board, p.Rack, func(m *move.Move) {
			want, words := rules.Score(p.Variant, p.Board, *m)
			if m.Score != want {
				t.Fatalf("%s: %s scored %d, rules.Score says %d\n%s", p.Name, m.Key(), m.Score, want, p.Board)
			}
			for _, w := range words {
				if !lx.Set.Contains(w.Word) {
					t.Fatalf("%s: %s forms %q, not a word\n%s", p.Name, m.Key(), w.Word, p.Board)
				}
			}
			checked++
		})
	}
	if checked == 0 {
		t.Fatal("no plays checked")
	}
	t.Logf("%d plays scored as rules.Score scores them", checked)
}

// TestAnagramConcurrent: one generator used from several goroutines gives
// each the same plays as a lone call (the working state is per call); on 6
// positions in make test, 12 in make test-long.
func TestAnagramConcurrent(t *testing.T) {
	lx := full()
	ana := fullAnagram()
	n := 6
	if gentest.LongRun() {
		n = 12
	}
	positions := agreementPositions(lx.gen, 1, 15)[:n]
	want := make([]map[string]int, len(positions))
	for i, p := range positions {
		want[i] = collect(t, ana, p)
	}
	var wg sync.WaitGroup
	errs := make(chan string, 4*len(positions))
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i, p := range positions {
				got := map[string]int{}
				generate(ana, p.Variant, p.Board, p.Rack, func(m *move.Move) { got[m.Key()] = m.Score })
				if d := gentest.Diff("concurrent", got, "alone", want[i]); d != "" {
					errs <- fmt.Sprintf("%s:\n%s", p.Name, d)
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Fatal(e)
	}
}

// TestKeyWalk checks the trie walk against a plain scan of the list: for
// random fixed letters, racks (with blanks) and lengths, the words found are
// exactly those of that length whose letters are the fixed letters plus
// tiles of the rack, each found once.
func TestKeyWalk(t *testing.T) {
	lx := small()
	tr := newAnagramTrie(lx.Words)
	r := rand.New(rand.NewPCG(3, 4))
	for trial := 0; trial < 300; trial++ {
		var fixed, rackS []byte
		for range r.IntN(3) {
			fixed = append(fixed, byte('A'+r.IntN(26)))
		}
		for range 1 + r.IntN(7) {
			if r.IntN(8) == 0 {
				rackS = append(rackS, tile.Blank)
			} else {
				rackS = append(rackS, "AEIOURSTLNDCMP"[r.IntN(14)])
			}
		}
		length := len(fixed) + 1 + r.IntN(len(rackS))
		rack := tile.RackOf(rackS)

		var got []string
		w := keyWalk{t: tr, targets: 1 << uint(length), needLeft: len(fixed), blanks: rack.Blanks()}
		for _, c := range fixed {
			w.need[c-'A']++
			w.needMask |= 1 << (c - 'A')
		}
		copy(w.rack[:], rack.Counts[:26])
		w.rackLeft = rack.N - rack.Blanks()
		for l := range w.limit {
			w.limit[l] = 255 // no square refuses a letter here
		}
		w.visit = func(word []byte) { got = append(got, string(word)) }
		w.run()

		var want []string
		for _, word := range lx.Words {
			if len(word) == length && spells(word, fixed, rack) {
				want = append(want, word)
			}
		}
		sort.Strings(got)
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Fatalf("fixed %q rack %q length %d:\n got %v\nwant %v", fixed, rackS, length, got, want)
		}
	}
}

// spells reports whether word's letters are exactly fixed plus some of
// rack's tiles (a blank for any letter).
func spells(word string, fixed []byte, rack tile.Rack) bool {
	var need [26]int
	for i := 0; i < len(word); i++ {
		need[word[i]-'A']++
	}
	for _, c := range fixed {
		if need[c-'A']--; need[c-'A'] < 0 {
			return false
		}
	}
	blanks := rack.Blanks()
	for l, k := range need {
		if short := k - int(rack.Counts[l]); short > 0 {
			blanks -= short
		}
	}
	return blanks >= 0
}

// fingerprint sums an order-independent hash of every play (its tiles, each
// with square, letter and blank, and its score) and counts them, without
// keeping the plays: enough to compare strategies over a whole corpus
// cheaply, falling back to collect and diff to show a difference.
func fingerprint(gen movegen.Generator, p testPos) (sum uint64, n int) {
	generate(gen, p.Variant, p.Board, p.Rack, func(m *move.Move) {
		h := uint64(m.Score) * 0x9e3779b97f4a7c15
		for _, t := range m.Tiles {
			x := uint64(t.Row)<<24 | uint64(t.Col)<<16 | uint64(t.Letter)<<8
			if t.Blank {
				x |= 1
			}
			x *= 0xbf58476d1ce4e5b9
			h += x ^ x>>31
		}
		h *= 0x94d049bb133111eb
		sum += h ^ h>>29
		n++
	})
	return sum, n
}

// TestAnagramAgreesOnCorpus runs both index strategies over every position
// of the committed benchmark corpus (400 referee-game positions, both
// variants, early to late, a third each with 0, 1 and 2 blanks) with the
// whole default list: every 4th position in make test (100, the blank
// counts still in turn), all 400 in make test-long.
func TestAnagramAgreesOnCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("the whole corpus with the full dictionary")
	}
	f, err := os.ReadFile("../../../../data/positions/corpus.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	lx := full()
	ana := fullAnagram()
	plays := 0
	lines := strings.Split(strings.TrimSpace(string(f)), "\n")
	step, compared := 4, 0
	if gentest.LongRun() {
		step = 1
	}
	for i, line := range lines {
		if i%step != 0 {
			continue
		}
		compared++
		gs, err := gamestate.ParseSynthetic([]byte(line))
		if err != nil {
			t.Fatalf("corpus line %d: %v", i+1, err)
		}
		p := testPos{Name: fmt.Sprintf("corpus line %d (rack %s)", i+1, gs.Rack.String()), Variant: gs.Variant, Board: gs.Board, Rack: gs.Rack}
		a, na := fingerprint(ana, p)
		g, ng := fingerprint(lx.gen, p)
		if a != g || na != ng {
			d := gentest.Diff("anagram", collect(t, ana, p), "gaddag", collect(t, lx.gen, p))
			t.Fatalf("%s: %d plays against %d:\n%s\n%s", p.Name, na, ng, d, p.Board)
		}
		plays += ng
	}
	t.Logf("%d corpus positions, %d plays agree", compared, plays)
}
