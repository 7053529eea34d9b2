package player

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/lexico/lexico/bot/engine/equity"
	"github.com/lexico/lexico/bot/engine/movegen"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/position"
	"github.com/lexico/lexico/bot/game/rules"
	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/bot/game/variant"
)

// game is a minimal self-play table: a seeded bag, two racks, a board.
type game struct {
	v      *variant.Variant
	pos    *position.Position
	bag    []byte
	racks  [2]tile.Rack
	scores [2]int
	rng    *rand.Rand
}

func newGame(v *variant.Variant, seed uint64) *game {
	g := &game{v: v, rng: rand.New(rand.NewPCG(seed, 1))}
	for i, n := range v.Distribution {
		for ; n > 0; n-- {
			g.bag = append(g.bag, tile.Byte(i))
		}
	}
	g.rng.Shuffle(len(g.bag), func(i, j int) { g.bag[i], g.bag[j] = g.bag[j], g.bag[i] })
	g.pos = &position.Position{Variant: v, Board: v.NewBoard(), FirstGo: true}
	g.draw(0)
	g.draw(1)
	return g
}

func (g *game) draw(who int) {
	for g.racks[who].N < g.v.RackSize && len(g.bag) > 0 {
		g.racks[who].Add(g.bag[len(g.bag)-1])
		g.bag = g.bag[:len(g.bag)-1]
	}
}

// turnCheck inspects each answer before it is applied; nil checks nothing.
type turnCheck func(turn int, p *position.Position, ch Choice)

// play runs the game to its end (the bag empty and a rack empty, two passes
// in a row, or 200 turns) and returns the number of turns and exchanges.
func (g *game) play(players [2]*Static, check turnCheck) (turns, exchanges int) {
	passes := 0
	for turn := 0; turn < 200; turn++ {
		who := turn % 2
		p := g.pos
		p.Rack, p.BagCount = g.racks[who], len(g.bag)
		p.MyScore, p.OppScore = g.scores[who], g.scores[1-who]
		ch := players[who].Choose(context.Background(), p)
		if check != nil {
			check(turn, p, ch)
		}
		leave, _ := ch.Move.Leave(g.racks[who])
		switch ch.Move.Kind {
		case move.Play:
			rules.Apply(p.Board, ch.Move)
			p.FirstGo = false
			passes = 0
		case move.Exchange:
			exchanges++
			g.bag = append(g.bag, ch.Move.Exchanged...)
			g.rng.Shuffle(len(g.bag), func(i, j int) { g.bag[i], g.bag[j] = g.bag[j], g.bag[i] })
			passes = 0 // an exchange is not a scoreless pass for ending the game
		case move.Pass:
			passes++
		}
		g.scores[who] += ch.Move.Score
		g.racks[who] = leave
		g.draw(who)
		if (len(g.bag) == 0 && g.racks[who].N == 0) || passes >= 2 {
			return turn + 1, exchanges
		}
	}
	return 200, exchanges
}

func policies(tb testing.TB, gen movegen.Generator) (eq, greedy *Static) {
	table, err := equity.DefaultTable()
	if err != nil {
		tb.Fatal(err)
	}
	eq, greedy = NewEquity(gen, table), NewGreedy(gen)
	return eq, greedy
}

// Self-play with the real GADDAG generator and the embedded dictionary: every
// move either policy answers is legal by rules.Check, scored as Check scores
// it, and the game reaches its end.
func TestSelfPlayMovesAreLegal(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the GADDAG of the full embedded dictionary")
	}
	_, dict, gd := embeddedWords(t)
	eq, greedy := policies(t, movegen.NewGADDAG(gd))
	for seed, v := range []*variant.Variant{variant.Multipliers, variant.Classic, variant.Multipliers} {
		g := newGame(v, uint64(seed))
		turns, exchanges := g.play([2]*Static{eq, greedy}, func(turn int, p *position.Position, ch Choice) {
			res := rules.Check(p, ch.Move, dict)
			if !res.Legal {
				t.Fatalf("variant %s seed %d turn %d: %s is illegal: %s\n%s rack %s", v.Name, seed, turn, ch.Move, res.Reason, p.Board, p.Rack.String())
			}
			if ch.Move.Kind == move.Play && res.Score != ch.Move.Score {
				t.Fatalf("turn %d: %s claims %d, Check scores %d", turn, ch.Move, ch.Move.Score, res.Score)
			}
			if _, ok := ch.Move.Leave(p.Rack); !ok {
				t.Fatalf("turn %d: %s uses tiles not on the rack %s", turn, ch.Move, p.Rack.String())
			}
		})
		if turns == 200 {
			t.Fatalf("variant %s seed %d: no end after 200 turns", v.Name, seed)
		}
		t.Logf("%s seed %d: %d turns, %d exchanges, equity %d - greedy %d", v.Name, seed, turns, exchanges, g.scores[0], g.scores[1])
	}
}

// BenchmarkEquityVsGreedy is a strength figure, not a speed one: b.N
// self-play games of the equity policy against greedy (seats alternating,
// Multipliers and Classic in turn); it reports equity's win share and mean
// spread. Run with -benchtime 200x for a stable figure.
func BenchmarkEquityVsGreedy(b *testing.B) {
	_, _, gd := embeddedWords(b)
	eq, greedy := policies(b, movegen.NewGADDAG(gd))
	wins, spread := 0, 0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		v := variant.Multipliers
		if i%4 >= 2 {
			v = variant.Classic
		}
		g := newGame(v, uint64(100+i))
		seat := i % 2
		players := [2]*Static{eq, greedy}
		if seat == 1 {
			players = [2]*Static{greedy, eq}
		}
		g.play(players, nil)
		d := g.scores[seat] - g.scores[1-seat]
		spread += d
		if d > 0 {
			wins++
		}
	}
	b.ReportMetric(float64(wins)/float64(b.N), "equity-wins")
	b.ReportMetric(float64(spread)/float64(b.N), "mean-spread")
}

// valueEveryPlay hides a valuation's LeaveValue, so a player ranking by it
// values every play the generator produces instead of asking the
// generator's bounded search.
type valueEveryPlay struct{ equity.Calculator }

// The equity and greedy policies over the GADDAG generator answer through
// its bounded search; each must answer what valuing every play answers
// (the same equity, the same play but among equals), with the same top
// candidates' equities, on every turn of seeded games in both variants.
func TestBoundedSearchAnswersAsValuingEveryPlay(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the GADDAG of the full embedded dictionary")
	}
	_, _, gd := embeddedWords(t)
	gen := movegen.NewGADDAG(gd)
	eq, greedy := policies(t, gen)
	eq.Top, greedy.Top = 5, 1
	turns := 0
	for _, fast := range []*Static{eq, greedy} {
		plain := *fast
		plain.Equity = valueEveryPlay{fast.Equity}
		for seed, v := range []*variant.Variant{variant.Multipliers, variant.Classic} {
			g := newGame(v, uint64(10+seed))
			g.play([2]*Static{fast, fast}, func(turn int, p *position.Position, ch Choice) {
				turns++
				want := plain.Choose(context.Background(), p)
				if !ch.Bounded || want.Bounded {
					t.Fatalf("%s turn %d: Bounded %v for the bounded search, %v for valuing every play", fast.Policy, turn, ch.Bounded, want.Bounded)
				}
				if !ch.Complete || ch.Plays < 1 && ch.Move.Kind == move.Play {
					t.Fatalf("%s turn %d: complete %v after %d plays", fast.Policy, turn, ch.Complete, ch.Plays)
				}
				if len(ch.Top) != len(want.Top) {
					t.Fatalf("%s %s seed %d turn %d: %d candidates, valuing every play %d", fast.Policy, v.Name, 10+seed, turn, len(ch.Top), len(want.Top))
				}
				for i := range ch.Top {
					if math.Abs(ch.Top[i].Equity-want.Top[i].Equity) > 1e-3 {
						t.Fatalf("%s %s seed %d turn %d: candidate %d is %s (%.3f), valuing every play %s (%.3f)", fast.Policy, v.Name, 10+seed, turn, i, ch.Top[i].Move, ch.Top[i].Equity, want.Top[i].Move, want.Top[i].Equity)
					}
				}
				if fast == greedy && (ch.Move.Key() != want.Move.Key() || ch.Move.Score != want.Move.Score) {
					t.Fatalf("greedy %s seed %d turn %d: bounded search answers %s (%d), valuing every play %s (%d)", v.Name, 10+seed, turn, ch.Move, ch.Move.Score, want.Move, want.Move.Score)
				}
			})
		}
	}
	if turns < 80 {
		t.Fatalf("only %d turns compared", turns)
	}
}
