package player

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/lexico/lexico/bot/engine/equity"
	"github.com/lexico/lexico/bot/engine/movegen"
	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/position"
	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/bot/game/variant"
)

// scripted is a Generator that plays back fixed moves: the decisions under
// test (ranking, exchanging, passing, the deadline) do not depend on how
// plays are found. block, when set, is waited on after the moves are sent.
type scripted struct {
	moves []move.Move
	block chan struct{}
}

func (s *scripted) Search(a movegen.Args) bool {
	return movegen.SearchByGenerating(a, func(rec movegen.PlayRecorder, _ func() bool) bool {
		for i := range s.moves {
			rec(&s.moves[i])
		}
		if s.block != nil {
			<-s.block
		}
		return true
	})
}

// play builds a horizontal play of word at row 7 from col with the given score.
func play(word string, col, score int) move.Move {
	m := move.Move{Kind: move.Play, Score: score}
	for i := 0; i < len(word); i++ {
		c, blank := word[i], false
		if c >= 'a' && c <= 'z' {
			c, blank = c-'a'+'A', true
		}
		m.Tiles = append(m.Tiles, move.Placement{Row: 7, Col: col + i, Letter: c, Blank: blank})
	}
	return m
}

func position_(t *testing.T, rack string, bag int) *position.Position {
	t.Helper()
	r, err := tile.ParseRack(rack)
	if err != nil {
		t.Fatal(err)
	}
	// One tile already down: an empty board is the first go, where the
	// rules allow no exchange whatever FirstGo says.
	b := variant.Multipliers.NewBoard()
	b.Set(0, 0, board.Square{Letter: 'E'})
	return &position.Position{Variant: variant.Multipliers, Board: b, Rack: r, BagCount: bag}
}

func newPlayer(t *testing.T, policy string, moves ...move.Move) *Static {
	t.Helper()
	tb, err := equity.DefaultTable()
	if err != nil {
		t.Fatal(err)
	}
	return newPlayerWith(t, policy, tb, moves...)
}

// newPlayerWith is newPlayer valuing with tb.
func newPlayerWith(t *testing.T, policy string, tb *equity.Table, moves ...move.Move) *Static {
	t.Helper()
	p, err := New(policy, &scripted{moves: moves}, tb)
	if err != nil {
		t.Fatal(err)
	}
	return p.Quick() // the static policies are their own Quick
}

func choose(p Policy, pos *position.Position) Choice {
	return p.Choose(context.Background(), pos)
}

func TestGreedyTakesTheHighestScore(t *testing.T) {
	pos := position_(t, "ESTVWXY", 50)
	ch := choose(newPlayer(t, "greedy", play("TEST", 5, 10), play("WEX", 5, 22), play("VEXT", 5, 21)), pos)
	if got := ch.Move.Key(); got != play("WEX", 5, 22).Key() {
		t.Fatalf("greedy chose %s, want WEX (22)", ch.Move)
	}
}

func TestEquityWeighsTheLeave(t *testing.T) {
	// VEX keeps STWY: the S is worth more than the one point VEX is behind.
	pos := position_(t, "ESTVWXY", 50)
	pl := newPlayer(t, "equity", play("WEX", 5, 22), play("VEX", 5, 21))
	ch := choose(pl, pos)
	if ch.Move.Key() != play("VEX", 5, 21).Key() {
		t.Fatalf("equity chose %s (%.1f), want VEX keeping the S", ch.Move, ch.Equity)
	}
	if ch.Leave.String() != "STWY" {
		t.Fatalf("leave %q, want STWY", ch.Leave.String())
	}
}

func TestRackCheckIsTheFloor(t *testing.T) {
	// Each rack fails equity.RackProblem and the only plays are weak and keep
	// the problem: the equity bot exchanges, the greedy bot plays. With the
	// hand-tuned model, whose balance rows price such leaves low, the
	// exchange does not keep the problem either; a learned table keeps what
	// its games valued (the multipliers table keeps CH of BCDFGHK, +2.7).
	hand, err := equity.HandTable()
	if err != nil {
		t.Fatal(err)
	}
	def, err := equity.DefaultTable()
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		rack string
		play move.Move
	}{
		{"BCDFGHK", play("DF", 5, 6)},
		{"AEIOUAE", play("AE", 5, 4)},
		{"QAEIRST", play("ET", 5, 4)},
	}
	for _, tb := range []struct {
		name       string
		table      *equity.Table
		keepsFixed bool
	}{{"hand-tuned", hand, true}, {"default", def, false}} {
		for _, c := range cases {
			pos := position_(t, c.rack, 50)
			if equity.RackProblem(pos.Rack) == "" {
				t.Fatalf("%s passes the rack check", c.rack)
			}
			ch := choose(newPlayerWith(t, "equity", tb.table, c.play), pos)
			if ch.Move.Kind != move.Exchange {
				t.Errorf("%s, %s: equity played %s, want an exchange", tb.name, c.rack, ch.Move)
				continue
			}
			if p := equity.RackProblem(ch.Leave); tb.keepsFixed && p != "" && ch.Leave.N > 1 {
				t.Errorf("%s, %s: exchange %s keeps %s, which still has %s", tb.name, c.rack, ch.Move, ch.Leave.String(), p)
			}
			if want := equity.RackProblem(pos.Rack); !strings.Contains(ch.Reason, want) {
				t.Errorf("%s, %s: reason %q does not name the problem %q", tb.name, c.rack, ch.Reason, want)
			}
			if g := choose(newPlayerWith(t, "greedy", tb.table, c.play), pos); g.Move.Kind != move.Play {
				t.Errorf("%s, %s: greedy chose %s, want the play", tb.name, c.rack, g.Move)
			}
		}
	}
}

func TestStrongPlayBeatsExchangeOnBadRack(t *testing.T) {
	pos := position_(t, "QAEIRST", 50)
	ch := choose(newPlayer(t, "equity", play("QAT", 5, 36)), pos)
	if ch.Move.Kind != move.Play {
		t.Fatalf("chose %s over a 36-point play", ch.Move)
	}
}

func TestExchangeOnlyWhenAllowed(t *testing.T) {
	for _, c := range []struct {
		name         string
		bag          int
		first, empty bool
	}{
		{"bag below 7", 6, false, false},
		{"first go", 86, true, true},
		// A gamestate may say FirstGo false over an empty board; the rules
		// refuse an exchange there all the same.
		{"empty board, FirstGo false", 86, false, true},
	} {
		pos := position_(t, "BCDFGHK", c.bag)
		pos.FirstGo = c.first
		if c.empty {
			pos.Board = pos.Variant.NewBoard()
		}
		ch := choose(newPlayer(t, "equity", play("DF", 5, 6)), pos)
		if ch.Move.Kind != move.Play {
			t.Errorf("%s: chose %s, want the only play", c.name, ch.Move)
		}
		ch = choose(newPlayer(t, "equity"), pos)
		if ch.Move.Kind != move.Pass || ch.Reason == "" {
			t.Errorf("%s, no play: chose %s (%q), want a pass with a reason", c.name, ch.Move, ch.Reason)
		}
	}
}

func TestNoPlayExchangesWhenAllowed(t *testing.T) {
	pos := position_(t, "BCDFGHK", 50)
	ch := choose(newPlayer(t, "greedy"), pos)
	if ch.Move.Kind != move.Exchange || len(ch.Move.Exchanged) != 7 {
		t.Fatalf("greedy with no play chose %s, want an exchange of the whole rack", ch.Move)
	}
	ch = choose(newPlayer(t, "equity"), pos)
	if ch.Move.Kind != move.Exchange {
		t.Fatalf("equity with no play chose %s, want an exchange", ch.Move)
	}
	if _, ok := ch.Move.Leave(pos.Rack); !ok {
		t.Fatalf("exchange %s is not from the rack %s", ch.Move, pos.Rack)
	}
}

func TestEndgameGoesOut(t *testing.T) {
	// Bag empty: going out (ZA, 12) earns the opponent's tiles and beats a
	// higher score (Z, 15) that leaves the A on the rack.
	ch := choose(newPlayer(t, "equity", play("Z", 5, 15), play("ZA", 5, 12)), position_(t, "AZ", 0))
	if ch.Move.Key() != play("ZA", 5, 12).Key() {
		t.Fatalf("endgame chose %s, want ZA going out", ch.Move)
	}
	// Nobody goes out: the ten points of a Q left on the rack count, the S
	// is just one point (its leave value is gone with the bag).
	ch = choose(newPlayer(t, "equity", play("AS", 5, 14), play("QA", 5, 11)), position_(t, "AQS", 0))
	if ch.Move.Key() != play("QA", 5, 11).Key() {
		t.Fatalf("endgame chose %s, want QA shedding the Q", ch.Move)
	}
}

// The top list holds the best candidates, best first, whether the
// generator's bounded search kept them or every play was valued.
func TestTopListsBestFirst(t *testing.T) {
	pos := position_(t, "ESTVWXY", 50)
	pl := newPlayer(t, "greedy", play("TEST", 5, 10), play("WEX", 5, 22), play("VEXT", 5, 21), play("YE", 5, 5))
	pl.Top = 3
	for _, every := range []bool{false, true} {
		if every {
			pl.Equity = valueEveryPlay{pl.Equity}
		}
		ch := choose(pl, pos)
		if len(ch.Top) != 3 || ch.Top[0].Move.Score != 22 || ch.Top[1].Move.Score != 21 || ch.Top[2].Move.Score != 10 {
			t.Fatalf("every play valued %v: top = %+v, want scores 22, 21, 10", every, ch.Top)
		}
		// Valuing every play values all four; the bounded search values the
		// plays that were the best when found and the three it kept.
		if want := map[bool]int{false: 3, true: 4}[every]; ch.Plays != want || !ch.Complete || ch.Bounded == every {
			t.Fatalf("every play valued %v: plays %d complete %v bounded %v, want %d true %v", every, ch.Plays, ch.Complete, ch.Bounded, want, !every)
		}
	}
}

func TestDeadlineAnswersWithBestSoFar(t *testing.T) {
	// The generator finds one play and then never finishes: Choose must
	// still answer, with that play, once the budget is gone.
	gen := &scripted{moves: []move.Move{play("WEX", 5, 22)}, block: make(chan struct{})}
	defer close(gen.block)
	tb, _ := equity.DefaultTable()
	pl, _ := New("equity", gen, tb)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	ch := pl.Choose(ctx, position_(t, "ESTVWXY", 50))
	if ch.Complete {
		t.Fatalf("generation reported complete")
	}
	if ch.Move.Kind == move.Pass {
		t.Fatalf("passed with a play in hand")
	}
}

func TestExpiredContextStillAnswers(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	gen := &scripted{moves: []move.Move{play("WEX", 5, 22)}}
	pl := &Static{Gen: gen, Equity: equity.Score{}}
	ch := pl.Choose(ctx, position_(t, "ESTVWXY", 50))
	if ch.Plays != 0 || ch.Move.Kind != move.Exchange {
		t.Fatalf("expired budget: %d plays, %s; want no generation and an exchange", ch.Plays, ch.Move)
	}
	pos := position_(t, "ESTVWXY", 3)
	if ch := pl.Choose(ctx, pos); ch.Move.Kind != move.Pass {
		t.Fatalf("expired budget, no exchange allowed: %s, want pass", ch.Move)
	}
}

func TestUnknownPolicy(t *testing.T) {
	if _, err := New("random", &scripted{}, nil); !errors.Is(err, ErrPolicy) {
		t.Fatalf("New(random) = %v, want ErrPolicy", err)
	}
}

// topOneCollector keeps the best play, by score and the learned leaves, of
// the rack ESTVWXY with 50 tiles in the bag.
func topOneCollector(t *testing.T) *collector {
	tb, err := equity.DefaultTable()
	if err != nil {
		t.Fatal(err)
	}
	return &collector{pl: &Static{Equity: equity.ScoreAndLeave{Table: tb}}, pos: position_(t, "ESTVWXY", 50), top: newTop(1)}
}

// The recorder runs for every generated play (51,000 on a crowded board
// with two blanks): a play that does not enter the top list costs no
// allocation.
func TestRecordDoesNotAllocate(t *testing.T) {
	c := topOneCollector(t)
	best, worse := play("WEX", 5, 40), play("YE", 5, 5)
	c.record(&best)
	if n := testing.AllocsPerRun(100, func() { c.record(&worse) }); n != 0 {
		t.Fatalf("recording a play outside the top allocates %v times", n)
	}
}

// Every static search that may exchange offers each exchange of the rack
// (127 for seven distinct tiles): one that does not enter the top list
// costs no allocation.
func TestExchangesDoNotAllocate(t *testing.T) {
	c := topOneCollector(t)
	best := play("WEX", 5, 200)
	c.record(&best)
	ctx := context.Background()
	if n := testing.AllocsPerRun(100, func() { c.addExchanges(ctx) }); n != 0 {
		t.Fatalf("offering the exchanges allocates %v times", n)
	}
}

// A search cut by its deadline goes on reading the generator (the index's
// memory map) after Choose has answered, until it sees its stop; closing
// the index under it crashed the process after its answer. Shared.Wait
// returns only once every such search of its players has ended, and waits
// for no other's.
func TestWaitSearchesWaitsForACutSearch(t *testing.T) {
	gen := &scripted{moves: []move.Move{play("WEX", 5, 22)}, block: make(chan struct{})}
	tb, _ := equity.DefaultTable()
	pl, _ := New("equity", gen, tb)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	if ch := pl.Choose(ctx, position_(t, "ESTVWXY", 50)); ch.Complete {
		t.Fatal("the blocked search reported complete")
	}
	other := make(chan struct{})
	go func() {
		new(Shared).Wait() // another engine's: nothing of its own runs
		close(other)
	}()
	waited := make(chan struct{})
	go func() {
		pl.Quick().Shared.Wait()
		close(waited)
	}()
	select {
	case <-other:
	case <-time.After(10 * time.Second):
		t.Fatal("another Shared's Wait waited for this player's search")
	}
	select {
	case <-waited:
		t.Fatal("WaitSearches returned while the cut search still runs")
	case <-time.After(50 * time.Millisecond):
	}
	close(gen.block)
	select {
	case <-waited:
	case <-time.After(10 * time.Second):
		t.Fatal("WaitSearches did not return once the search ended")
	}
}
