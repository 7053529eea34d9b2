package player

import (
	"testing"

	"github.com/lexico/lexico/bot/engine/endgame"
	"github.com/lexico/lexico/bot/game/position"
)

// Each name the command line gives is one type: the static policies answer
// alone and do not think; the simulation thinks, and its quick answer is
// its candidates' search, the equity policy.
func TestNamesAreTypes(t *testing.T) {
	for _, c := range []struct {
		name, quick string
		thinks      bool
	}{{NameEquity, NameEquity, false}, {NameGreedy, NameGreedy, false}, {NameSim, NameEquity, true}} {
		pol, err := New(c.name, &scripted{}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if pol.Name() != c.name || pol.Thinks() != c.thinks || pol.Quick().Name() != c.quick {
			t.Errorf("New(%s): %T named %s, thinks %v, quick %s; want %s, %v, %s", c.name, pol, pol.Name(), pol.Thinks(), pol.Quick().Name(), c.name, c.thinks, c.quick)
		}
		_, isSim := pol.(*Sim)
		if isSim != c.thinks {
			t.Errorf("New(%s) is a %T", c.name, pol)
		}
	}
}

// The bag decides the simulation's stage: the solver once it is empty, the
// search for a sure win while it holds at most endgame.MaxBag tiles.
func TestStageOfTheBag(t *testing.T) {
	for bag, want := range map[int]Stage{0: StageEndgame, 1: StagePreEndgame, endgame.MaxBag: StagePreEndgame, endgame.MaxBag + 1: StageMidgame, 80: StageMidgame} {
		if got := StageOf(&position.Position{BagCount: bag}); got != want {
			t.Errorf("bag %d: stage %v, want %v", bag, got, want)
		}
	}
	for k, want := range map[EndgameKind]string{Solved: "endgame", Won: "win", WonWhateverDrawn: "pre-endgame"} {
		if b, _ := k.MarshalText(); string(b) != want {
			t.Errorf("kind %d writes %q, want %q", int(k), b, want)
		}
	}
}
