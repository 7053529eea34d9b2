// Package referee runs a whole game of Lexico between two players, the way
// the platform does: each player is handed a gamestate in the platform's own
// JSON and answers a move in the platform's own format, so a bot is tested on
// exactly what it will see in production. The referee judges every answer
// with package rules and plays it on a state.State, which holds the board,
// the racks, the bag and the scores, and decides when the game ends (a
// player out of tiles with the bag empty, or two passes in a row; no
// end-of-game rack penalty).
//
// Rules the referee decides:
//   - A refused answer (unparsable, illegal, an error, or late) is recorded,
//     counted against the player, and played as a pass: two refused answers
//     in a row end the game as two passes do. The platform's documentation
//     says nothing of illegal answers, and of late ones that the player
//     "automatically loses"; the referee plays on instead, so that a match
//     counts every late answer (the summary's "late moves") rather than
//     ending at the first, and a bot's late answers show as such, not as
//     lost games.
//   - A game that has not ended by itself ends at Config.MaxTurns, a guard
//     against two players exchanging forever.
//
// The bag is shuffled by math/rand/v2 from Config.Seed (state.Start), so the
// same seed and the same (deterministic, timely) players give the same game.
package referee

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/position"
	"github.com/lexico/lexico/bot/game/rules"
	"github.com/lexico/lexico/bot/game/state"
	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/bot/game/variant"
	"github.com/lexico/lexico/bot/platform/gamestate"
)

// Seat is one side of a game: a bot, a person, another program. Move gets a gamestate in the platform's JSON
// and answers a move in the platform's format; ctx ends at the deadline
// written in the gamestate.
type Seat interface {
	Name() string
	Move(ctx context.Context, gamestate []byte) ([]byte, error)
}

// Config says which game to play.
type Config struct {
	// Variant is the rule set; nil means variant.Multipliers.
	Variant *variant.Variant
	// Dictionary judges the words; nil accepts every word (rules.Check).
	Dictionary rules.Dictionary
	// Seed shuffles the bag.
	Seed uint64
	// Starter is the seat (0 or 1) that moves first.
	Starter int
	// MoveTime is the time a player has per move, written into each
	// gamestate (MoveTime and ResponseDeadline). Zero means 5 s, the
	// platform's usual value.
	MoveTime time.Duration
	// Grace is how long past the deadline the referee waits for an answer
	// before giving up on the player's goroutine (the answer is late either
	// way; a player that ignores ctx is then left running). Zero means 1 s.
	Grace time.Duration
	// MaxTurns ends a game that has not ended by itself. Zero means 500.
	MaxTurns int
	// GameID and DictionaryURL are copied into the gamestates.
	GameID        int64
	DictionaryURL string
}

// Game is the record of a game: enough to replay, audit or score it again.
type Game struct {
	Seed    uint64
	Variant *variant.Variant
	Players [2]string
	Starter int
	Turns   []Turn
	// Scores are the final scores by seat; Racks the tiles left.
	Scores [2]int
	Racks  [2]tile.Rack
	// Refused counts each seat's refused answers.
	Refused [2]int
	// End says why the game ended.
	End string
}

// Turn is one turn as it happened.
type Turn struct {
	Number int
	Seat   int
	// Gamestate is exactly the JSON the player was handed.
	Gamestate []byte
	// Answer is exactly what the player returned (nil if it returned an
	// error or nothing in time).
	Answer []byte
	// Move is what the turn did: the parsed answer, or a pass when refused.
	Move move.Move
	// Legal is false when the answer was refused; Late when it came after
	// the deadline; Reason says why it was refused.
	Legal, Late bool
	Reason      string
	// Score is what the turn scored, Words the words it formed.
	Score   int
	Words   []rules.Word
	Bingo   bool
	Elapsed time.Duration
	// After is the state once the turn was played.
	After Snapshot
}

// Snapshot is the whole state between turns, bag included, so tests and
// tools can audit a game (every tile is on the board, on a rack or in the
// bag).
type Snapshot struct {
	Board  *board.Board
	Racks  [2]tile.Rack
	Bag    []byte
	Scores [2]int
}

// End reasons.
const (
	EndOut      = "a player is out of tiles and the bag is empty"
	EndPasses   = "both players passed in a row"
	EndMaxTurns = "turn limit reached"
)

func (c *Config) fill() error {
	if c.Variant == nil {
		c.Variant = variant.Multipliers
	}
	if c.MoveTime == 0 {
		c.MoveTime = 5 * time.Second
	}
	if c.Grace == 0 {
		c.Grace = time.Second
	}
	if c.MaxTurns == 0 {
		c.MaxTurns = 500
	}
	v := c.Variant
	switch {
	case c.Starter != 0 && c.Starter != 1:
		return fmt.Errorf("%w: starter %d is not seat 0 or 1", ErrConfig, c.Starter)
	case c.MoveTime < 0 || c.Grace < 0 || c.MaxTurns < 0:
		return fmt.Errorf("%w: negative move time, grace or turn limit", ErrConfig)
	case v.Size <= 0 || len(v.Layout) != v.Size*v.Size || v.RackSize <= 0 || v.TotalTiles() < 2*v.RackSize:
		return fmt.Errorf("%w: variant %q is incomplete (size %d, layout %d squares, rack %d, %d tiles)",
			ErrConfig, v.Name, v.Size, len(v.Layout), v.RackSize, v.TotalTiles())
	}
	return nil
}

// Play runs one game between players[0] and players[1]. It returns the game
// so far and an error wrapping ErrCancelled if ctx ends first.
func Play(ctx context.Context, cfg Config, players [2]Seat) (*Game, error) {
	if err := cfg.fill(); err != nil {
		return nil, err
	}
	if players[0] == nil || players[1] == nil {
		return nil, fmt.Errorf("%w: two players are needed", ErrConfig)
	}
	v := cfg.Variant
	g := &Game{Seed: cfg.Seed, Variant: v, Starter: cfg.Starter,
		Players: [2]string{players[0].Name(), players[1].Name()}}
	st, err := state.Start(v, cfg.Seed, cfg.Starter)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrConfig, err)
	}
	g.Racks = st.Racks()

	for n := 0; !st.Over(); n++ {
		if n == cfg.MaxTurns {
			g.End = EndMaxTurns
			break
		}
		if err := ctx.Err(); err != nil {
			return g, fmt.Errorf("%w at turn %d: %v", ErrCancelled, n, err)
		}
		seat := st.Turn()
		start := time.Now()
		deadline := start.Add(cfg.MoveTime)
		pos := st.View()
		gs, err := gamestate.EncodeRequest(&gamestate.Request{Position: &pos, Deadline: deadline, MoveTime: cfg.MoveTime,
			Dictionary: cfg.DictionaryURL, GameID: cfg.GameID, Opponent: g.Players[1-seat], Status: "RUNNING"})
		if err != nil {
			return g, err // cannot happen for a board the referee built
		}
		reply, perr := ask(ctx, players[seat], gs, deadline, cfg.Grace)
		t := Turn{Number: n, Seat: seat, Gamestate: gs, Answer: reply, Elapsed: time.Since(start)}
		t.Late = time.Now().After(deadline)
		if ctx.Err() != nil && !t.Late {
			return g, fmt.Errorf("%w at turn %d: %v", ErrCancelled, n, ctx.Err())
		}

		m, res := judge(&pos, reply, perr, t.Late, cfg.Dictionary)
		if res.Legal {
			scored := m
			scored.Score = res.Score // what the rules engine judged it worth, which Apply adds
			if err := st.Apply(scored); err != nil {
				// What would corrupt the state and the rules let through
				// (nothing known) is refused like any other answer.
				res = rules.Result{Reason: err.Error(), Err: err}
			}
		}
		t.Legal, t.Reason = res.Legal, res.Reason
		if !res.Legal {
			g.Refused[seat]++
			m = move.NewPass()
			if err := st.Apply(m); err != nil {
				return g, err // cannot happen: the game is not over
			}
		}
		t.Move = m
		if m.Kind == move.Play {
			t.Score, t.Words, t.Bingo = res.Score, res.Words, res.Bingo
		}
		g.Racks, g.Scores = st.Racks(), st.Scores()
		t.After = Snapshot{Board: st.Board().Clone(), Racks: g.Racks, Bag: st.Bag(), Scores: g.Scores}
		g.Turns = append(g.Turns, t)
	}
	switch st.End() {
	case state.Out:
		g.End = EndOut
	case state.Passes:
		g.End = EndPasses
	}
	return g, nil
}

// ask hands gs to p and waits for the answer until deadline+grace.
func ask(ctx context.Context, p Seat, gs []byte, deadline time.Time, grace time.Duration) ([]byte, error) {
	mctx, cancel := context.WithDeadline(ctx, deadline)
	defer cancel()
	type reply struct {
		b   []byte
		err error
	}
	ch := make(chan reply, 1) // buffered: an abandoned player does not block forever
	go func() {
		defer func() {
			if r := recover(); r != nil {
				ch <- reply{err: fmt.Errorf("player panicked: %v", r)}
			}
		}()
		b, err := p.Move(mctx, append([]byte(nil), gs...))
		ch <- reply{b, err}
	}()
	timer := time.NewTimer(time.Until(deadline) + grace)
	defer timer.Stop()
	select {
	case r := <-ch:
		return r.b, r.err
	case <-timer.C:
		return nil, errNoAnswer
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

var errNoAnswer = errors.New("no answer")

// judge turns a player's answer into a move and the rules' verdict on it.
func judge(pos *position.Position, reply []byte, perr error, late bool, dict rules.Dictionary) (move.Move, rules.Result) {
	refuse := func(format string, args ...any) (move.Move, rules.Result) {
		msg := fmt.Sprintf(format, args...)
		return move.Move{}, rules.Result{Reason: msg, Err: errors.New(msg)}
	}
	switch {
	case late && perr != nil:
		return refuse("late: no answer by the deadline (%v)", perr)
	case late:
		return refuse("late: answered after the deadline")
	case perr != nil:
		return refuse("the player failed: %v", perr)
	}
	m, res, err := gamestate.Judge(pos, reply, dict)
	if err != nil {
		return refuse("unusable answer: %v", err)
	}
	return m, res
}
