package lineup

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/lexico/lexico/bot/engine/engine"
	"github.com/lexico/lexico/bot/engine/equity"
	"github.com/lexico/lexico/bot/engine/movegen"
	"github.com/lexico/lexico/bot/engine/player"
	"github.com/lexico/lexico/bot/game/position"
	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/bot/game/variant"
	"github.com/lexico/lexico/bot/match/arena"
	"github.com/lexico/lexico/bot/match/referee"
	"github.com/lexico/lexico/bot/platform/answer"
	"github.com/lexico/lexico/bot/platform/gamestate"
	"github.com/lexico/lexico/index/gaddag"
)

type words map[string]bool

func (w words) Contains(s string) bool { return w[s] }

var testWords = []string{"AT", "CAR", "CARS", "CAT", "CATS", "RAT", "RATS", "SAT", "SCAR", "STAR", "TAR", "TARS", "ART", "ARTS", "TEA", "EAT", "ATE", "SEA", "TO", "ON", "NO", "IN", "IT", "IS"}

// config seats policies over testWords, with a person's terminal reading in.
func config(t *testing.T, in string, out *bytes.Buffer, policies ...string) Config {
	t.Helper()
	table, err := equity.DefaultTable()
	if err != nil {
		t.Fatal(err)
	}
	d := words{}
	for _, w := range testWords {
		d[w] = true
	}
	clock := player.DefaultClock()
	clock.Mode = player.Live
	eng, err := engine.New(movegen.NewGADDAG(gaddag.Build(testWords)), engine.Options{Leaves: table})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { eng.Close() })
	return Config{Policies: [2]string(policies), Answers: answer.NewPipeline(eng, clock, 0), Dict: d, In: bufio.NewReader(strings.NewReader(in)), Out: out}
}

// Two bots of one policy are told apart by number, and their seats play
// real games through the referee.
func TestBotsOfOnePolicyAreNumberedAndPlay(t *testing.T) {
	cfg := config(t, "", &bytes.Buffer{}, "greedy", "greedy")
	l, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if l.Humans != 0 || l.Bots[0] == nil || l.Bots[1] == nil || l.Bots[0] == l.Bots[1] {
		t.Fatalf("two greedy bots: humans %d, bots %v; want two distinct players", l.Humans, l.Bots)
	}
	if l.MoveTime(time.Second) != time.Second || l.Parallel(4) != 4 {
		t.Errorf("bots only: MoveTime %v, Parallel %d; want the bots' 1s and 4", l.MoveTime(time.Second), l.Parallel(4))
	}
	m := &arena.Match{Seats: l.Seats, Games: 2, Seed: 7, Parallel: 2,
		PlayGame: arena.Referee(referee.Config{Variant: variant.Multipliers, Dictionary: cfg.Dict, MoveTime: 5 * time.Second})}
	sum, err := m.Run(context.Background(), variant.Multipliers.Name)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Games != 2 || sum.Seats[0].Name != "greedy-1" || sum.Seats[1].Name != "greedy-2" {
		t.Errorf("match: %d games between %q and %q; want 2 between greedy-1 and greedy-2", sum.Games, sum.Seats[0].Name, sum.Seats[1].Name)
	}
}

// A person's seat asks the terminal, offers the equity policy's hints and
// ends the game as abandoned when they quit; the match then runs one game
// at a time, untimed.
func TestPersonSeatHintsAndQuits(t *testing.T) {
	var out bytes.Buffer
	l, err := New(config(t, "hint\nquit\n", &out, Human, "equity"))
	if err != nil {
		t.Fatal(err)
	}
	if l.Humans != 1 || l.Bots[0] != nil || l.Bots[1] == nil || l.Seats[0].Name != Human || l.Seats[1].Name != "equity" {
		t.Fatalf("human vs equity: humans %d, bots %v, names %q %q", l.Humans, l.Bots, l.Seats[0].Name, l.Seats[1].Name)
	}
	if l.MoveTime(time.Second) != HumanMoveTime || l.Parallel(4) != 1 {
		t.Errorf("with a person: MoveTime %v, Parallel %d; want %v and 1", l.MoveTime(time.Second), l.Parallel(4), HumanMoveTime)
	}
	rack, err := tile.ParseRack("CARSTEA")
	if err != nil {
		t.Fatal(err)
	}
	gs, err := gamestate.EncodeRequest(&gamestate.Request{Position: &position.Position{Variant: variant.Multipliers, Board: variant.Multipliers.NewBoard(),
		Rack: rack, BagCount: 50}, Status: "RUNNING"})
	if err != nil {
		t.Fatal(err)
	}
	_, err = l.Seats[0].Agent(context.Background(), 0).Move(context.Background(), gs)
	if !errors.Is(err, arena.ErrAbandoned) {
		t.Errorf("quit: error %v, want arena.ErrAbandoned", err)
	}
	if !strings.Contains(out.String(), "Hints, best first:") {
		t.Errorf("hint did not list the equity policy's moves:\n%s", out.String())
	}
}

func TestPolicies(t *testing.T) {
	if got := Policies(); !slices.Equal(got[:len(got)-1], player.Policies) || got[len(got)-1] != Human {
		t.Errorf("Policies() = %q, want the player's then %q", got, Human)
	}
	if !Known(Human) || !Known("equity") || Known("Equity") || Known("chess") {
		t.Error("Known accepts exactly the lower-case names of Policies")
	}
	if _, err := New(config(t, "", &bytes.Buffer{}, "equity", "chess")); err == nil || !strings.Contains(err.Error(), "seat 2") {
		t.Errorf("an unknown policy: error %v, want one naming seat 2", err)
	}
}
