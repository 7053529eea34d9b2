package arena

import (
	"sync"
	"testing"

	"github.com/lexico/lexico/wordlist"

	"github.com/lexico/lexico/bot/engine/equity"
	"github.com/lexico/lexico/bot/engine/movegen"
	"github.com/lexico/lexico/bot/engine/player"
	"github.com/lexico/lexico/bot/platform/answer"
	"github.com/lexico/lexico/index/gaddag"
)

// testMaxLen keeps the test dictionary to the embedded list's words of at
// most this many letters: real games, and a GADDAG that builds in a blink.
const testMaxLen = 6

var (
	wordsOnce sync.Once
	wordSet   wordSetDict
	wordGraph *gaddag.GADDAG
	wordsErr  error
)

// wordSetDict is a rules.Dictionary over a set of words.
type wordSetDict map[string]bool

func (d wordSetDict) Contains(w string) bool { return d[w] }

// testWords loads the short words of the embedded dictionary and their
// GADDAG once per test binary.
func testWords(tb testing.TB) (wordSetDict, *gaddag.GADDAG) {
	tb.Helper()
	wordsOnce.Do(func() {
		var list []string
		if list, wordsErr = wordlist.DefaultWords(2, testMaxLen); wordsErr != nil {
			return
		}
		wordSet = wordSetDict{}
		for _, w := range list {
			wordSet[w] = true
		}
		wordGraph = gaddag.Build(list)
	})
	if wordsErr != nil {
		tb.Fatalf("loading the embedded dictionary: %v", wordsErr)
	}
	return wordSet, wordGraph
}

// testBots are our two policies over the test dictionary, as the CLI seats
// them.
func testBots(tb testing.TB) (eq, greedy BotSeat) {
	_, g := testWords(tb)
	gen := movegen.NewGADDAG(g)
	table, err := equity.DefaultTable()
	if err != nil {
		tb.Fatal(err)
	}
	e, _ := player.New("equity", gen, table)
	gr, _ := player.New("greedy", gen, table)
	clock := player.DefaultClock()
	clock.Mode = player.Live
	return BotSeat{&answer.Bot{Policy: e, Clock: clock}}, BotSeat{&answer.Bot{Policy: gr, Clock: clock}}
}
