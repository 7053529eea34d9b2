package arena

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
)

// fakeGames "plays" a game by its seed alone: seat 0 wins when the seed is
// even. It records which seeds and starters it was given.
type fakeGames struct {
	mu       sync.Mutex
	starters map[uint64]int
	fail     map[uint64]error
}

func (f *fakeGames) play(_ context.Context, seed uint64, starter int, names [2]string, _ [2]Agent) (*Record, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.starters == nil {
		f.starters = map[uint64]int{}
	}
	f.starters[seed] = starter
	if err := f.fail[seed]; err != nil {
		return &Record{}, err
	}
	scores := [2]int{100, 200}
	if seed%2 == 0 {
		scores = [2]int{200, 100}
	}
	return &Record{Header: Header{Seed: seed, Players: names, Starter: starter},
		Turns: []Turn{{Seat: starter, Legal: true, ElapsedMS: 1}}, End: End{Scores: scores}}, nil
}

func TestRunPlaysEveryGameOnceAlternatingTheStarter(t *testing.T) {
	f := &fakeGames{}
	var recorded sync.Map
	m := &Match{Seats: [2]Entrant{entrant("a", nil), entrant("b", nil)}, Games: 9, Seed: 5, Parallel: 3, PlayGame: f.play,
		Record: func(r *Record) error {
			if _, dup := recorded.LoadOrStore(r.Header.Game, true); dup {
				t.Errorf("game %d recorded twice", r.Header.Game)
			}
			return nil
		}}
	s, err := m.Run(context.Background(), "classic")
	if err != nil {
		t.Fatal(err)
	}
	wantWins := 0
	for i := range 9 {
		seed := GameSeed(5, i)
		if st, ok := f.starters[seed]; !ok || st != i%2 {
			t.Errorf("game %d: started by %d (played: %v), want %d", i, st, ok, i%2)
		}
		if _, ok := recorded.Load(i); !ok {
			t.Errorf("game %d not recorded", i)
		}
		if seed%2 == 0 {
			wantWins++
		}
	}
	if s.Games != 9 || s.Seats[0].Wins != wantWins || s.Seats[1].Wins != 9-wantWins || s.Parallel != 3 {
		t.Errorf("summary %+v, want 9 games, seat a winning %d", s, wantWins)
	}
}

func TestRunStopsOnARefereeError(t *testing.T) {
	boom := errors.New("boom")
	f := &fakeGames{fail: map[uint64]error{GameSeed(1, 4): boom}}
	m := &Match{Seats: [2]Entrant{entrant("a", nil), entrant("b", nil)}, Games: 50, Seed: 1, Parallel: 2, PlayGame: f.play}
	s, err := m.Run(context.Background(), "classic")
	if !errors.Is(err, boom) || !strings.Contains(err.Error(), "game 4") {
		t.Fatalf("error %v, want boom naming game 4", err)
	}
	if s.Games >= 50 {
		t.Errorf("%d games played after the error", s.Games)
	}
}

func TestRunStopsWhenAGameIsAbandoned(t *testing.T) {
	f := &fakeGames{fail: map[uint64]error{GameSeed(1, 2): ErrAbandoned}}
	var saved []int
	m := &Match{Seats: [2]Entrant{entrant("a", nil), entrant("b", nil)}, Games: 10, Seed: 1, Parallel: 1, PlayGame: f.play,
		Record: func(r *Record) error { saved = append(saved, r.Header.Game); return nil }}
	s, err := m.Run(context.Background(), "classic")
	if err != nil {
		t.Fatalf("quitting is not an error: %v", err)
	}
	if s.Games != 2 || s.Abandoned != 1 {
		t.Errorf("%d games counted, %d abandoned; want 2 and 1", s.Games, s.Abandoned)
	}
	if len(saved) != 3 || saved[2] != 2 {
		t.Errorf("recorded games %v, want 0, 1 and the abandoned 2", saved)
	}
}

func TestRunStopsOnCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	m := &Match{Seats: [2]Entrant{entrant("a", nil), entrant("b", nil)}, Games: 10, PlayGame: (&fakeGames{}).play}
	if _, err := m.Run(ctx, "classic"); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled match: %v", err)
	}
}

func TestGameSeedsDiffer(t *testing.T) {
	seen := map[uint64]bool{}
	for _, seed := range []uint64{0, 1, 2} {
		for i := range 1000 {
			s := GameSeed(seed, i)
			if seen[s] {
				t.Fatalf("seed %d game %d repeats a game seed", seed, i)
			}
			seen[s] = true
		}
	}
}

func TestRunFailsWhenAGameIsInterrupted(t *testing.T) {
	why := fmt.Errorf("%w: the input ended", ErrInterrupted)
	f := &fakeGames{fail: map[uint64]error{GameSeed(1, 1): why}}
	var saved []int
	m := &Match{Seats: [2]Entrant{entrant("a", nil), entrant("b", nil)}, Games: 10, Seed: 1, Parallel: 1, PlayGame: f.play,
		Record: func(r *Record) error { saved = append(saved, r.Header.Game); return nil }}
	s, err := m.Run(context.Background(), "classic")
	if !errors.Is(err, ErrInterrupted) || !strings.Contains(err.Error(), "the input ended") {
		t.Fatalf("error %v, want the interruption", err)
	}
	if s.Games != 1 || s.Abandoned != 1 || len(saved) != 2 {
		t.Errorf("%d games counted, %d abandoned, %v recorded; want 1, 1 and games 0 and 1", s.Games, s.Abandoned, saved)
	}
}
