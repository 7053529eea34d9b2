package index_test

import (
	"bytes"
	"context"
	gobuild "go/build"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/lexico/lexico/build"
	"github.com/lexico/lexico/build/buildtest"
	"github.com/lexico/lexico/data"
	"github.com/lexico/lexico/index"
	"github.com/lexico/lexico/index/multiset"
	"github.com/lexico/lexico/internal/testsize"
	"github.com/lexico/lexico/wordlist"
)

// sampleWords is every 40th word of the embedded default list (about 6,700
// real words): realistic spelling at a build cost of a tenth of a second.
var sampleWords = sync.OnceValue(func() []string {
	all := defaultWords()
	var out []string
	for i := 0; i < len(all); i += 40 {
		out = append(out, all[i])
	}
	return out
})

// defaultWords is the normalised embedded list, the reference every query is
// checked against by plain scan.
var defaultWords = sync.OnceValue(func() []string {
	r, err := wordlist.Decompress(bytes.NewReader(data.DefaultDictionaryGz))
	if err != nil {
		panic(err)
	}
	wl, err := wordlist.Normalise(r, wordlist.DefaultMinLen, wordlist.DefaultMaxLen)
	if err != nil {
		panic(err)
	}
	return wl.Words
})

// samplePath is the index of sampleWords, built once per test binary.
var (
	sampleOnce sync.Once
	samplePath string
	sampleErr  error
)

func openSample(t testing.TB) *index.Index {
	t.Helper()
	sampleOnce.Do(func() {
		samplePath = filepath.Join(defaultDir, "sample.db")
		_, sampleErr = build.Build(context.Background(), build.Options{
			Source: "-", Stdin: strings.NewReader(strings.Join(sampleWords(), "\n")), Out: samplePath,
		})
	})
	if sampleErr != nil {
		t.Fatal(sampleErr)
	}
	x, err := index.Open(samplePath)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { x.Close() })
	return x
}

// fits reports whether word can be made from rack ('?' blanks), and which
// letters the blanks must play (sorted), using a blank only when the rack has
// run out of a letter.
func fits(word, rack string) (ok bool, blanks string) {
	var have [26]int
	free := 0
	for _, c := range rack {
		if c == '?' {
			free++
		} else {
			have[c-'A']++
		}
	}
	var need []byte
	for i := 0; i < len(word); i++ {
		c := word[i] - 'A'
		if have[c] > 0 {
			have[c]--
		} else {
			need = append(need, word[i])
		}
	}
	if len(need) > free {
		return false, ""
	}
	slices.Sort(need)
	return true, string(need)
}

// scanSubAnagrams is the plain-scan answer to SubAnagrams.
func scanSubAnagrams(words []string, rack string, minLen, maxLen int) []index.Match {
	var out []index.Match
	for _, w := range words {
		if len(w) < minLen || len(w) > maxLen {
			continue
		}
		if ok, blanks := fits(w, rack); ok {
			out = append(out, index.Match{Word: w, Blanks: blanks})
		}
	}
	return out
}

func sortMatches(m []index.Match) []index.Match {
	slices.SortFunc(m, func(a, b index.Match) int { return strings.Compare(a.Word, b.Word) })
	return m
}

// randomRack draws a rack that often holds words: the letters of a random
// word, shuffled and trimmed, plus random letters and up to two blanks.
func randomRack(rng *rand.Rand, words []string) string {
	w := []byte(words[rng.IntN(len(words))])
	rng.Shuffle(len(w), func(i, j int) { w[i], w[j] = w[j], w[i] })
	w = w[:min(len(w), 2+rng.IntN(6))]
	for range rng.IntN(3) {
		w = append(w, byte('A'+rng.IntN(26)))
	}
	for range rng.IntN(3) {
		w = append(w, '?')
	}
	return string(w)
}

func TestSubAnagramsMatchPlainScan(t *testing.T) {
	x := openSample(t)
	words := sampleWords()
	rng := rand.New(rand.NewPCG(7, 7))
	for range 300 {
		rack := randomRack(rng, words)
		minLen, maxLen := 1+rng.IntN(3), 2+rng.IntN(len(rack))
		got, err := x.SubAnagrams(rack, minLen, maxLen)
		if err != nil {
			t.Fatal(err)
		}
		want := scanSubAnagrams(words, rack, minLen, min(maxLen, len(rack)))
		if !slices.Equal(sortMatches(got), sortMatches(want)) {
			t.Fatalf("SubAnagrams(%q, %d, %d):\n got %v\nwant %v", rack, minLen, maxLen, got, want)
		}
	}
}

func TestAnagramsMatchPlainScan(t *testing.T) {
	x := openSample(t)
	words := sampleWords()
	rng := rand.New(rand.NewPCG(8, 8))
	for i := range 300 {
		// Half the racks are a real word's letters, half have blanks.
		w := []byte(words[rng.IntN(len(words))])
		rng.Shuffle(len(w), func(i, j int) { w[i], w[j] = w[j], w[i] })
		if i%2 == 1 {
			w[rng.IntN(len(w))] = '?'
		}
		rack := strings.ToLower(string(w)) // either case is accepted
		got, err := x.Anagrams(rack)
		if err != nil {
			t.Fatal(err)
		}
		want := scanSubAnagrams(words, string(w), len(w), len(w))
		if len(want) == 0 {
			t.Fatalf("the rack %q made from a listed word has no anagram in the scan", rack)
		}
		if !slices.Equal(sortMatches(got), sortMatches(want)) {
			t.Fatalf("Anagrams(%q):\n got %v\nwant %v", rack, got, want)
		}
	}
}

func TestBadRackIsAnError(t *testing.T) {
	x := openSample(t)
	for _, rack := range []string{"AB1", "A B", "É"} {
		if _, err := x.SubAnagrams(rack, 1, 7); err != index.ErrBadRack {
			t.Errorf("SubAnagrams(%q) err = %v, want ErrBadRack", rack, err)
		}
	}
}

func TestByLengthAndFirstLetterMatchPlainScan(t *testing.T) {
	x := openSample(t)
	words := sampleWords()
	for n := 0; n <= 16; n++ {
		var want []string
		for _, w := range words {
			if len(w) == n {
				want = append(want, w)
			}
		}
		got, err := x.ByLength(n)
		if err != nil || !slices.Equal(got, want) {
			t.Fatalf("ByLength(%d): %d words (err %v), want %d", n, len(got), err, len(want))
		}
	}
	for c := byte('A'); c <= 'Z'; c++ {
		var want []string
		for _, w := range words {
			if w[0] == c {
				want = append(want, w)
			}
		}
		got, err := x.ByFirstLetter(c + 'a' - 'A')
		if err != nil || !slices.Equal(got, want) {
			t.Fatalf("ByFirstLetter(%c): %d words (err %v), want %d", c, len(got), err, len(want))
		}
	}
}

func TestContainsMatchesPlainScan(t *testing.T) {
	x := openSample(t)
	words := sampleWords()
	listed := map[string]bool{}
	for _, w := range words {
		listed[w] = true
		if !x.Contains(w) {
			t.Fatalf("Contains(%q) = false for a listed word", w)
		}
	}
	// Every other word of the full list, and mutations of listed words.
	for _, w := range defaultWords()[:20000] {
		if x.Contains(w) != listed[w] {
			t.Fatalf("Contains(%q) = %v, listed %v", w, x.Contains(w), listed[w])
		}
	}
}

func TestFragmentHasNoFalseNegativesAndRejectsNonFragments(t *testing.T) {
	x := openSample(t)
	words := sampleWords()
	for _, w := range words {
		for i := range len(w) {
			for j := i + 1; j <= len(w); j++ {
				if !x.Fragment(w[i:j]) {
					t.Fatalf("Fragment(%q) = false, but it is in %s", w[i:j], w)
				}
			}
		}
	}
	// Strings in no word must mostly be rejected (the filter's FP rate is
	// about 1%): QZX-like strings and random 6-letter strings.
	rng := rand.New(rand.NewPCG(9, 9))
	rejected, tried := 0, 0
	for range 2000 {
		b := make([]byte, 6)
		for i := range b {
			b[i] = byte('A' + rng.IntN(26))
		}
		s := string(b)
		inWord := false
		for _, w := range words {
			if strings.Contains(w, s) {
				inWord = true
				break
			}
		}
		if inWord {
			continue
		}
		tried++
		if !x.Fragment(s) {
			rejected++
		}
	}
	if rejected < tried*95/100 {
		t.Fatalf("Fragment rejected %d of %d non-fragments, want at least 95%%", rejected, tried)
	}
}

func TestGADDAGHoldsEveryWord(t *testing.T) {
	x := openSample(t)
	g := x.GADDAG()
	if g == nil {
		t.Fatal("GADDAG() is nil")
	}
	for _, w := range sampleWords() {
		if !g.Contains(w) {
			t.Fatalf("GADDAG lacks %s", w)
		}
	}
	if g.Contains("QXZ") || g.WordCount() != len(sampleWords()) {
		t.Fatalf("GADDAG holds %d words, want %d", g.WordCount(), len(sampleWords()))
	}
}

// The multiset table in the file holds every word under its letters (a
// miss would make a move generator skip a real bingo), the anagrams
// together, and nothing else.
func TestMultisetsHoldEveryWord(t *testing.T) {
	x := openSample(t)
	tb := x.Multisets()
	if tb == nil {
		t.Fatal("Multisets() is nil")
	}
	for _, w := range sampleWords() {
		if !tb.HasWord(multiset.Of(w), w) {
			t.Fatalf("the multiset table lacks %s", w)
		}
	}
	if tb.WordCount() != len(sampleWords()) {
		t.Fatalf("the table holds %d words, the list %d", tb.WordCount(), len(sampleWords()))
	}
	for _, w := range []string{"QQQQ", "ZZXXJJ", "AAAAAAAA", "BCDFGHJK", "VVVVVV", "XQZJKW"} {
		if hasWords(tb, multiset.Of(w)) {
			t.Fatalf("the table has words of the letters of %s", w)
		}
	}
}

func TestQueriesAfterCloseFail(t *testing.T) {
	x, err := index.Open(buildSmall(t, smallList))
	if err != nil {
		t.Fatal(err)
	}
	x.Close()
	if x.Contains("TEA") {
		t.Error("Contains after Close = true")
	}
	if _, err := x.ByLength(3); err != index.ErrClosed {
		t.Errorf("ByLength after Close: err %v, want ErrClosed", err)
	}
	if err := x.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
}

// defaultPath is the index of the full embedded list, as build.Build writes
// it; building it costs seconds, so the test binaries that read it share one
// file (buildtest's cache, keyed by the builder's source).
var defaultPath string

// defaultDir is the test binary's temporary directory, removed by TestMain.
var defaultDir string

func openDefault(t testing.TB) *index.Index {
	t.Helper()
	defaultPath = buildtest.Default(t, 0, 0)
	x, err := index.Open(defaultPath)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { x.Close() })
	return x
}

func TestDefaultIndexQueriesMatchPlainScan(t *testing.T) {
	x := openDefault(t)
	words := defaultWords()
	if m := x.Meta(); m.WordCount != len(words) || m.Source != data.DefaultDictionaryName {
		t.Fatalf("meta: %d words from %s; want %d from %s", m.WordCount, m.Source, len(words), data.DefaultDictionaryName)
	}
	for _, rack := range []string{"RETAINS", "QI?", "AEIOU??", "ZYZZYVA"} {
		got, err := x.SubAnagrams(rack, 2, 0)
		if err != nil {
			t.Fatal(err)
		}
		want := scanSubAnagrams(words, rack, 2, len(rack))
		if !slices.Equal(sortMatches(got), sortMatches(want)) {
			t.Fatalf("SubAnagrams(%q): %d words, plain scan %d", rack, len(got), len(want))
		}
	}
	// Verify reads every page and derived table (seconds on the full
	// list): make test verifies the sample indexes; make test-long this one.
	if !testsize.Long() {
		return
	}
	if err := x.Verify(); err != nil {
		t.Fatalf("Verify of the default index: %v", err)
	}
}

// TestGADDAGIsUsedInPlace guards the layout argument of BucketGADDAG: the
// stored GADDAG must be aligned in the memory map so that opening an index
// does not copy megabytes.
func TestGADDAGIsUsedInPlace(t *testing.T) {
	for _, x := range []*index.Index{openSmall(t), openSample(t)} {
		if !index.GADDAGInPlace(x) {
			t.Fatalf("%s: GADDAG value is not 4-byte aligned in the map", x.Path())
		}
	}
}

func TestEachListsEveryWordInOrder(t *testing.T) {
	x := openSample(t)
	var got []string
	if err := x.Each(func(w string) bool { got = append(got, w); return true }); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got, sampleWords()) {
		t.Fatalf("Each gave %d words, want the %d listed, in order", len(got), len(sampleWords()))
	}
	n := 0
	x.Each(func(string) bool { n++; return n < 3 })
	if n != 3 {
		t.Fatalf("Each went on after fn returned false: %d calls", n)
	}
}

// TestConcurrentQueries: one Index serves many goroutines at once (a server
// answering several games), with the same answers as alone.
func TestConcurrentQueries(t *testing.T) {
	x := openSample(t)
	words := sampleWords()
	want, err := x.SubAnagrams("RETAIN?", 2, 7)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	errs := make(chan string, 8)
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := g; i < len(words); i += 8 {
				if !x.Contains(words[i]) || !x.Fragment(words[i][1:]) {
					errs <- words[i]
					return
				}
			}
			got, err := x.SubAnagrams("RETAIN?", 2, 7)
			if err != nil || len(got) != len(want) {
				errs <- "SubAnagrams"
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Fatalf("concurrent query failed: %s", e)
	}
}

// hasWords reports whether the table stores some word under k.
func hasWords(t *multiset.Table, k multiset.Key) bool {
	n, _ := t.Words(k)
	return n > 0
}

// The shared test index is rebuilt whenever its builder changes: its key
// covers every source file of package build and of the packages it
// imports, this one and the GADDAG's included, and the embedded list.
func TestSharedTestIndexKeyCoversTheBuilder(t *testing.T) {
	root, files, err := buildtest.Sources()
	if err != nil {
		t.Fatal(err)
	}
	covered := map[string]bool{}
	for _, f := range files {
		covered[f] = true
	}
	want := []string{"go.sum", "data/word-list-4.1.0.txt.gz"}
	for _, dir := range []string{"build", "index", "index/gaddag", "index/multiset", "internal/alphabet"} {
		names, err := filepath.Glob(filepath.Join(root, dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range names {
			// Files of this platform's build only (not lock_other.go here).
			if ok, err := gobuild.Default.MatchFile(filepath.Dir(n), filepath.Base(n)); err == nil && ok && !strings.HasSuffix(n, "_test.go") {
				want = append(want, dir+"/"+filepath.Base(n))
			}
		}
	}
	for _, f := range want {
		if !covered[f] {
			t.Errorf("the shared test index's key does not cover %s", f)
		}
	}
}
