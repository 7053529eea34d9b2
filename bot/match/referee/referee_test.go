package referee_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/rules"
	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/bot/game/variant"
	"github.com/lexico/lexico/bot/match/referee"
	"github.com/lexico/lexico/bot/platform/gamestate"
)

func playGame(t *testing.T, cfg referee.Config, p0, p1 referee.Seat) *referee.Game {
	t.Helper()
	if cfg.MoveTime == 0 {
		cfg.MoveTime = time.Minute // the exhaustive generator is slow on a busy machine
	}
	g, err := referee.Play(context.Background(), cfg, [2]referee.Seat{p0, p1})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// audit replays the record of g and checks, at every turn: the gamestate
// handed over shows the board, rack, bag count and scores the referee held;
// every tile of the variant is on the board, on a rack or in the bag (a
// played blank counts as a blank); a legal play scores what rules.Check
// says; and the end is one the rules allow.
func audit(t *testing.T, g *referee.Game) {
	t.Helper()
	v := g.Variant
	board := v.NewBoard()
	racks := [2]tile.Rack{}
	scores := [2]int{}
	bagLen := v.TotalTiles() - 2*v.RackSize
	passes := 0
	for i, turn := range g.Turns {
		req, err := gamestate.ParseRequest(turn.Gamestate)
		if err != nil {
			t.Fatalf("turn %d: gamestate does not parse: %v", i, err)
		}
		p := req.Position
		if i > 0 {
			racks = g.Turns[i-1].After.Racks
			bagLen = len(g.Turns[i-1].After.Bag)
		} else {
			racks[turn.Seat] = p.Rack
		}
		if p.Board.String() != board.String() || p.Rack != racks[turn.Seat] || p.BagCount != bagLen ||
			p.MyScore != scores[turn.Seat] || p.OppScore != scores[1-turn.Seat] {
			t.Fatalf("turn %d: gamestate (rack %s, bag %d, scores %d-%d) differs from the referee's state (rack %s, bag %d, scores %d-%d)",
				i, p.Rack.String(), p.BagCount, p.MyScore, p.OppScore, racks[turn.Seat].String(), bagLen, scores[turn.Seat], scores[1-turn.Seat])
		}
		if p.FirstGo != board.IsEmpty() || req.Opponent != g.Players[1-turn.Seat] {
			t.Fatalf("turn %d: FirstGo %v on a board empty=%v, opponent %q", i, p.FirstGo, board.IsEmpty(), req.Opponent)
		}
		if turn.Legal {
			pos := *p
			pos.Variant = v
			res := rules.Check(&pos, turn.Move, words(t))
			if !res.Legal || res.Score != turn.Score {
				t.Fatalf("turn %d: %v recorded legal for %d, Check says %v %q %d", i, turn.Move, turn.Score, res.Legal, res.Reason, res.Score)
			}
		} else if turn.Move.Kind != move.Pass || turn.Score != 0 || turn.Reason == "" {
			t.Fatalf("turn %d: refused answer recorded as %v scoring %d, reason %q", i, turn.Move, turn.Score, turn.Reason)
		}
		rules.Apply(board, turn.Move)
		scores[turn.Seat] += turn.Score
		a := turn.After
		if a.Board.String() != board.String() || a.Scores != scores {
			t.Fatalf("turn %d: state after the turn is not the turn applied", i)
		}
		var counts [tile.NumKinds]int
		for _, s := range a.Board.Squares {
			switch {
			case s.Blank:
				counts[tile.BlankIndex]++
			case !s.Empty():
				counts[tile.Index(s.Letter)]++
			}
		}
		for _, r := range a.Racks {
			for k, n := range r.Counts {
				counts[k] += int(n)
			}
			if r.N > v.RackSize {
				t.Fatalf("turn %d: a rack holds %d tiles", i, r.N)
			}
		}
		for _, b := range a.Bag {
			counts[tile.Index(b)]++
		}
		if counts != v.Distribution {
			t.Fatalf("turn %d: tiles not conserved: board+racks+bag %v, distribution %v", i, counts, v.Distribution)
		}
		if len(a.Bag) > 0 && a.Racks[turn.Seat].N != v.RackSize {
			t.Fatalf("turn %d: rack not refilled to %d with %d in the bag", i, v.RackSize, len(a.Bag))
		}
		if turn.Move.Kind == move.Pass {
			passes++
		} else {
			passes = 0
		}
		if i < len(g.Turns)-1 && (passes >= 2 || (len(a.Bag) == 0 && a.Racks[turn.Seat].N == 0)) {
			t.Fatalf("turn %d: the game should have ended", i)
		}
		if i > 0 && turn.Seat == g.Turns[i-1].Seat {
			t.Fatalf("turn %d: seat %d moved twice", i, turn.Seat)
		}
	}
	last := g.Turns[len(g.Turns)-1]
	switch g.End {
	case referee.EndOut:
		if len(last.After.Bag) != 0 || last.After.Racks[last.Seat].N != 0 {
			t.Fatalf("ended %q with bag %d and rack %s", g.End, len(last.After.Bag), last.After.Racks[last.Seat].String())
		}
	case referee.EndPasses:
		if passes < 2 {
			t.Fatalf("ended %q after %d passes", g.End, passes)
		}
	case referee.EndMaxTurns:
	default:
		t.Fatalf("game ended: %q", g.End)
	}
	if g.Scores != scores || g.Racks != last.After.Racks {
		t.Fatalf("final scores %v racks %v, turns add up to %v %v", g.Scores, g.Racks, scores, last.After.Racks)
	}
}

func TestWholeGamesConserveTiles(t *testing.T) {
	for _, name := range variant.Names() {
		v, _ := variant.ByName(name)
		t.Run(name, func(t *testing.T) {
			g := playGame(t, referee.Config{Variant: v, Dictionary: words(t), Seed: 7},
				newGreedy(t, "alice"), newGreedy(t, "bob"))
			audit(t, g)
			plays := 0
			for _, turn := range g.Turns {
				if turn.Move.Kind == move.Play {
					plays++
				}
			}
			if plays < 10 {
				t.Errorf("only %d plays in the game: the players or the referee are not playing", plays)
			}
			// Lexico's own rule sets are exactly what the gamestate conveys,
			// so the greedy player is never refused there.
			if name != "wwf" && g.Refused != [2]int{} {
				t.Errorf("refused answers %v in a %s game of legal players", g.Refused, name)
			}
			t.Logf("%s: %d turns, %v, end: %s", name, len(g.Turns), g.Scores, g.End)
		})
	}
}

// summary is everything about a game that depends on the seed and the
// players, not on the clock.
func summary(g *referee.Game) string {
	var sb strings.Builder
	for _, t := range g.Turns {
		fmt.Fprintf(&sb, "%d %s %d %v|", t.Seat, t.Move.Key(), t.Score, t.After.Racks)
	}
	fmt.Fprintf(&sb, "%v %s", g.Scores, g.End)
	return sb.String()
}

func TestSameSeedSameGame(t *testing.T) {
	cfg := referee.Config{Variant: variant.Multipliers, Dictionary: words(t), Seed: 42, Starter: 1}
	a := playGame(t, cfg, newGreedy(t, "a"), newGreedy(t, "b"))
	b := playGame(t, cfg, newGreedy(t, "a"), newGreedy(t, "b"))
	if summary(a) != summary(b) {
		t.Fatalf("same seed, different games:\n%s\n%s", summary(a), summary(b))
	}
	if a.Turns[0].Seat != 1 {
		t.Fatalf("starter 1, but seat %d moved first", a.Turns[0].Seat)
	}
	cfg.Seed = 43
	c := playGame(t, cfg, newGreedy(t, "a"), newGreedy(t, "b"))
	if summary(a) == summary(c) {
		t.Fatalf("seeds 42 and 43 gave the same game")
	}
}

// The first mover answers garbage, an illegal play, an error, then passes; the
// other always passes. Each refusal is recorded, counted and played as a
// pass, so the game ends on two passes in a row.
func TestRefusedAnswers(t *testing.T) {
	tests := []struct {
		name   string
		answer func([]byte) ([]byte, error)
		reason string
	}{
		{"not a move", answer(`hello`), "unusable answer"},
		{"off the start square", cornerPlay, "start square"},
		{"tiles not held", answer(`[["Q","Q","Q"],[[6,7],[7,7],[8,7]]]`), "rack does not hold"},
		{"exchange on the first go", answer(`[["A"],["Pass"]]`), "first go"},
		{"player error", func([]byte) ([]byte, error) { return nil, errors.New("boom") }, "boom"},
		{"player panic", func([]byte) ([]byte, error) { panic("oops") }, "oops"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			bad := &scripted{name: "bad", answers: []func([]byte) ([]byte, error){tc.answer}}
			g := playGame(t, referee.Config{Dictionary: words(t), Seed: 1}, bad, &scripted{name: "passer"})
			if len(g.Turns) != 2 || g.End != referee.EndPasses {
				t.Fatalf("%d turns, end %q; want 2 turns ending on passes", len(g.Turns), g.End)
			}
			first := g.Turns[0]
			if first.Legal || first.Move.Kind != move.Pass || !strings.Contains(first.Reason, tc.reason) {
				t.Fatalf("first turn legal=%v move %v reason %q, want refused with %q", first.Legal, first.Move, first.Reason, tc.reason)
			}
			if g.Refused != [2]int{1, 0} {
				t.Fatalf("refused counts %v, want [1 0]", g.Refused)
			}
			audit(t, g)
		})
	}
}

// cornerPlay plays the first three tiles of the rack in the bottom-left
// corner, away from the start square.
func cornerPlay(gs []byte) ([]byte, error) {
	p, err := gamestate.Parse(gs)
	if err != nil {
		return nil, err
	}
	m := move.Move{Kind: move.Play}
	for i, tl := range p.Rack.Tiles()[:3] {
		pl := move.Placement{Row: p.Board.Size - 1, Col: i, Letter: tl}
		if tl == tile.Blank {
			pl.Letter, pl.Blank = 'E', true
		}
		m.Tiles = append(m.Tiles, pl)
	}
	return gamestate.EncodeMove(m, p.Board.Size)
}

// sleeper answers a pass after a delay, ignoring ctx.
type sleeper struct{ d time.Duration }

func (s sleeper) Name() string { return "sleeper" }
func (s sleeper) Move(context.Context, []byte) ([]byte, error) {
	time.Sleep(s.d)
	return []byte(`[[],["Pass"]]`), nil
}

func TestLateAnswerRefused(t *testing.T) {
	cfg := referee.Config{Dictionary: words(t), Seed: 1, MoveTime: 20 * time.Millisecond, Grace: 30 * time.Millisecond}
	for _, d := range []time.Duration{30 * time.Millisecond, 2 * time.Second} { // late, and never in time
		g := playGame(t, cfg, sleeper{d}, &scripted{name: "passer"})
		first := g.Turns[0]
		if first.Legal || !first.Late || !strings.Contains(first.Reason, "late") || g.Refused[0] != 1 {
			t.Fatalf("answer after %v: legal=%v late=%v reason %q refused %v", d, first.Legal, first.Late, first.Reason, g.Refused)
		}
		if d > time.Second && first.Elapsed > time.Second {
			t.Fatalf("the referee waited %v for a player that never answered", first.Elapsed)
		}
	}
}

// Two players who exchange every turn never end a game by themselves.
func TestTurnLimit(t *testing.T) {
	ex := func(name string) referee.Seat {
		return &exchanger{greedy: newGreedy(t, name)}
	}
	g := playGame(t, referee.Config{Dictionary: words(t), Seed: 3, MaxTurns: 12}, ex("x"), ex("y"))
	if g.End != referee.EndMaxTurns || len(g.Turns) != 12 {
		t.Fatalf("end %q after %d turns", g.End, len(g.Turns))
	}
	exchanges := 0
	for _, turn := range g.Turns {
		if turn.Move.Kind == move.Exchange {
			exchanges++
		}
	}
	if exchanges < 10 || g.Refused != [2]int{} {
		t.Fatalf("%d exchanges, refused %v", exchanges, g.Refused)
	}
	audit(t, g)
	// An exchange keeps the rack's size and the bag's.
	for i, turn := range g.Turns[2:] {
		before := g.Turns[i].After // the same seat's previous turn
		if turn.Move.Kind != move.Exchange {
			continue
		}
		if turn.After.Racks[turn.Seat].N != before.Racks[turn.Seat].N || len(turn.After.Bag) != len(before.Bag) {
			t.Fatalf("turn %d: exchange changed the rack size or the bag", turn.Number)
		}
	}
}

// exchanger opens with the greedy play, then exchanges its whole rack.
type exchanger struct{ *greedy }

func (e *exchanger) Move(ctx context.Context, gs []byte) ([]byte, error) {
	p, err := gamestate.Parse(gs)
	if err != nil {
		return nil, err
	}
	if p.Board.IsEmpty() {
		return e.greedy.Move(ctx, gs)
	}
	return gamestate.EncodeMove(move.NewExchange(p.Rack.Tiles()), p.Board.Size)
}

func TestBadConfig(t *testing.T) {
	p := &scripted{name: "p"}
	for _, cfg := range []referee.Config{
		{Starter: 2},
		{MoveTime: -time.Second},
		{Variant: &variant.Variant{Name: "empty"}},
	} {
		if _, err := referee.Play(context.Background(), cfg, [2]referee.Seat{p, p}); !errors.Is(err, referee.ErrConfig) {
			t.Errorf("%+v: err %v, want ErrConfig", cfg, err)
		}
	}
	if _, err := referee.Play(context.Background(), referee.Config{}, [2]referee.Seat{p, nil}); !errors.Is(err, referee.ErrConfig) {
		t.Errorf("one player: err %v", err)
	}
}

func TestCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	g, err := referee.Play(ctx, referee.Config{}, [2]referee.Seat{&scripted{name: "a"}, &scripted{name: "b"}})
	if !errors.Is(err, referee.ErrCancelled) || g == nil || len(g.Turns) != 0 {
		t.Fatalf("cancelled game: %v, %v", g, err)
	}
}
