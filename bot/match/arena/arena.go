// Package arena plays matches between Lexico players (the AiAi, PvE and PvP
// modes of the LEXI_PI developer documentation): many games through the referee, on all cores,
// reproducible from one seed, with the figures that say which policy is
// stronger (win rate and its confidence interval, scores, bingos, illegal
// and late moves, time per move), and each game recorded as JSON lines and
// as a GCG file when asked.
//
// Players are Agents: a gamestate in the platform's format in, a move in
// the platform's format out. A bot, a person at a terminal and a scripted
// replay are all Agents, so the referee treats them alike and none sees
// more than the platform would show it.
package arena

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"time"
)

// Agent is a player as the referee sees it.
type Agent interface {
	Move(ctx context.Context, gamestate []byte) ([]byte, error)
}

// GameEnder is an Agent that holds something for the length of one game
// (an external player's process): the match tells it when its game is over,
// finished or not, so that it can hand the thing back or stop it.
type GameEnder interface {
	EndGame()
}

// Entrant is one seat of a match.
type Entrant struct {
	// Name labels the seat in the summary and the records ("equity").
	Name string
	// Agent returns the agent for game i. Stateless bots return one shared
	// agent; an agent that remembers a game (a person's view of the last
	// move) gets a fresh one per game. ctx is the match's: an agent that
	// takes time to ready (an external program warming up) stops with it.
	Agent func(ctx context.Context, game int) Agent
}

// Match is a series of games between two entrants.
type Match struct {
	Seats [2]Entrant
	// Games is how many games to play. Seat 0 starts the even-numbered
	// games and seat 1 the odd ones, so neither gains from moving first.
	Games int
	// Seed makes the match reproducible: game i is played from
	// GameSeed(Seed, i), whatever the number of workers.
	Seed uint64
	// Paired plays the games in pairs with one bag: games 2k and 2k+1 are
	// played from GameSeed(Seed, k), each seat starting one of them, so the
	// seat that moves first draws the same racks in both for as long as the
	// two games place the same number of tiles. The luck of the draw (the
	// blanks, a rack that bingos) then falls to both seats alike and the
	// pair's result says more about the players than two unrelated games:
	// the summary adds an interval over the pairs (Summary.Pairs). What it
	// trades: a pair is one sample, not two, so with players who diverge
	// from the first move it gains nothing and costs nothing.
	Paired bool
	// Parallel is the number of games played at once (0: one per CPU).
	// More workers finish sooner, but each bot's clock is wall time: on a
	// loaded machine too many workers make moves late.
	Parallel int
	// PlayGame plays one game (the referee).
	PlayGame PlayGame
	// Record, when set, receives every game (e.g. Record.Save), abandoned
	// ones too (their End.Reason says so). Called from the workers, one
	// game at a time.
	Record func(*Record) error
	// Progress, when set, is told of each finished game.
	Progress func(done, total int)
}

// PlayGame plays one game from seed between agents[0] and agents[1] (called
// names[0] and names[1]), the seat starter moving first, and returns its
// record; the header's Game and Variant are for the caller to fill.
type PlayGame func(ctx context.Context, seed uint64, starter int, names [2]string, agents [2]Agent) (*Record, error)

// GameSeed derives game i's seed from the match seed (SplitMix64), so that
// neighbouring games are unrelated and any one game can be replayed alone.
func GameSeed(seed uint64, i int) uint64 {
	z := seed + uint64(i+1)*0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// gameSeed is game i's seed: GameSeed(Seed, i), or, when Paired, the seed
// of its pair, i/2.
func (m *Match) gameSeed(i int) uint64 {
	if m.Paired {
		return GameSeed(m.Seed, i/2)
	}
	return GameSeed(m.Seed, i)
}

// Workers is how many games Run plays at once: Parallel (0: one per CPU),
// at most the games.
func (m *Match) Workers() int {
	workers := m.Parallel
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	return min(workers, max(m.Games, 1))
}

// Run plays the match and returns its summary. An error from the referee or
// the recorder stops the match; ctx cancelled stops it too, and the games
// finished so far are summarised. A game abandoned by a player (a person
// typing quit) ends the match without an error; an interrupted one (a
// person's input ended) ends it with that error. Neither is counted.
func (m *Match) Run(parent context.Context, variant string) (*Summary, error) {
	if m.Games < 0 {
		return nil, fmt.Errorf("%w: %d games", ErrConfig, m.Games)
	}
	workers := m.Workers()
	sum := &Summary{Variant: variant, Seed: m.Seed, Parallel: workers, Paired: m.Paired}
	sum.Seats[0].Name, sum.Seats[1].Name = m.Seats[0].Name, m.Seats[1].Name
	start := time.Now()

	ctx, cancel := context.WithCancel(parent)
	defer cancel()
	jobs := make(chan int)
	var (
		mu       sync.Mutex
		firstErr error
		done     int
		wg       sync.WaitGroup
	)
	fail := func(err error) {
		mu.Lock()
		if firstErr == nil {
			firstErr = err
		}
		mu.Unlock()
		cancel()
	}
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				rec, err := m.play(ctx, variant, i)
				abandoned := stopped(err)
				if err != nil && !abandoned {
					if ctx.Err() == nil { // else the match is stopping: not this game's fault
						fail(fmt.Errorf("game %d: %w", i, err))
					}
					continue
				}
				if m.Record != nil && rec != nil {
					if err := m.Record(rec); err != nil {
						fail(fmt.Errorf("recording game %d: %w", i, err))
						continue
					}
				}
				mu.Lock()
				if abandoned {
					sum.Abandoned++
					mu.Unlock()
					if errors.Is(err, ErrInterrupted) {
						fail(fmt.Errorf("game %d: %w", i, err))
					}
					cancel()
					continue
				}
				sum.Add(ResultOf(rec))
				done++
				if m.Progress != nil {
					m.Progress(done, m.Games)
				}
				mu.Unlock()
			}
		}()
	}
feed:
	for i := range m.Games {
		select {
		case jobs <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(jobs)
	wg.Wait()
	sum.Finish(time.Since(start))
	if firstErr == nil && parent.Err() != nil {
		firstErr = parent.Err()
	}
	return sum, firstErr
}

func (m *Match) play(ctx context.Context, variant string, i int) (*Record, error) {
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	agents := [2]Agent{m.Seats[0].Agent(ctx, i), m.Seats[1].Agent(ctx, i)}
	names := [2]string{m.Seats[0].Name, m.Seats[1].Name}
	rec, err := m.PlayGame(ctx, m.gameSeed(i), i%2, names, agents)
	for _, a := range agents {
		if e, ok := a.(GameEnder); ok {
			e.EndGame()
		}
	}
	if rec != nil {
		rec.Header.Game = i
		rec.Header.Variant = variant
	}
	return rec, err
}
