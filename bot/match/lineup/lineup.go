// Package lineup seats the two players of a match from their policy names:
// a bot of one of the player's policies, answering through the same
// pipeline and clock as on the platform (arena.BotSeat), a person at a
// terminal (package human) with hints from the equity policy, or someone
// else's bot (package external: cmd:COMMAND or http://HOST:PORT/PATH). Front ends
// name the policies and the terminal; who sits where, under which name and
// how a person's quit ends a game is decided here, with the match.
package lineup

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/lexico/lexico/bot/engine/equity"
	"github.com/lexico/lexico/bot/engine/player"
	"github.com/lexico/lexico/bot/game/position"
	"github.com/lexico/lexico/bot/game/rules"
	"github.com/lexico/lexico/bot/match/arena"
	"github.com/lexico/lexico/bot/match/external"
	"github.com/lexico/lexico/bot/match/human"
	"github.com/lexico/lexico/bot/platform/answer"
)

// Human is the policy name that seats a person instead of a bot.
const Human = "human"

// HumanMoveTime is the MoveTime of a game with a person in it: people think
// as long as they like.
const HumanMoveTime = 7 * 24 * time.Hour

// hintTime bounds the search behind one of a person's hints.
const hintTime = 2 * time.Second

// Policies are the names a seat takes: the player's policies, then Human.
// An external seat's spec (external.IsSpec) is taken too.
func Policies() []string { return append(slices.Clone(player.Policies), Human) }

// Usage names every kind of seat, for help and error messages.
func Usage() string {
	return strings.Join(Policies(), ", ") + ", cmd:COMMAND ARGS or http://HOST:PORT/PATH"
}

// Known reports whether policy names a seat: one of Policies (lower case)
// or an external seat's spec.
func Known(policy string) bool { return slices.Contains(Policies(), policy) || external.IsSpec(policy) }

// Normal is how a seat's name given by a user is read: a policy name in
// lower case, an external spec exactly as given (a command line is case
// sensitive).
func Normal(policy string) string {
	if external.IsSpec(policy) {
		return policy
	}
	return strings.ToLower(policy)
}

// Config says who sits where, and with what they play.
type Config struct {
	// Policies name the seats' players, each one of Policies.
	Policies [2]string
	// Answers makes the bots (their policies, clock and admission, as on
	// the platform) and, with its engine, a person's hints; every seat and
	// game shares it (it is safe for concurrent use).
	Answers *answer.Pipeline
	// SeatLeaves, where not nil, is a seat's own valuation instead of
	// the engine's, and SeatLabels what its name gains to say so (the files').
	SeatLeaves [2]*equity.Table
	SeatLabels [2]string
	// Dict judges a person's moves: the referee's dictionary.
	Dict rules.Dictionary
	// In and Out are the terminal a person plays at; Colour draws the
	// board in colour there.
	In     *bufio.Reader
	Out    io.Writer
	Colour bool
	// External configures the external seats (their logs, their grace).
	External external.Config
}

// Lineup is a match's two seats.
type Lineup struct {
	Seats [2]arena.Entrant
	// Bots are the seats' policies, nil at a person's seat: tune them (the
	// simulation's settings) before the match starts.
	Bots [2]player.Policy
	// Humans is how many seats a person holds.
	Humans int
	// Externals are the external seats, in seat order: report them after
	// the match, and Close the lineup.
	Externals []external.Seat
}

// Close stops the external seats' processes.
func (l Lineup) Close() error {
	var errs []error
	for _, s := range l.Externals {
		errs = append(errs, s.Close())
	}
	return errors.Join(errs...)
}

// New seats the players cfg names. Two seats of one policy are told apart
// by their number ("equity-1", "equity-2").
func New(cfg Config) (Lineup, error) {
	var l Lineup
	hints := hinter(cfg)
	for i, pol := range cfg.Policies {
		name := pol
		if cfg.Policies[0] == cfg.Policies[1] {
			name = fmt.Sprintf("%s-%d", pol, i+1)
		}
		name += cfg.SeatLabels[i]
		if external.IsSpec(pol) {
			seat, err := external.New(pol, cfg.External)
			if err != nil {
				l.Close()
				return Lineup{}, fmt.Errorf("seat %d: %w", i+1, err)
			}
			l.Externals = append(l.Externals, seat)
			l.Seats[i] = arena.Entrant{Name: name, Agent: seat.Agent}
			continue
		}
		if pol == Human {
			l.Humans++
			l.Seats[i] = arena.Entrant{Name: name, Agent: func(context.Context, int) arena.Agent {
				return quitter{&human.Seat{Name: name, In: cfg.In, Out: cfg.Out, Dict: cfg.Dict, Hints: hints, Colour: cfg.Colour}}
			}}
			continue
		}
		ab, err := cfg.Answers.Bot(answer.BotOptions{Policy: pol, Leaves: cfg.SeatLeaves[i]})
		if err != nil {
			l.Close()
			return Lineup{}, fmt.Errorf("seat %d: %w", i+1, err)
		}
		l.Bots[i] = ab.Policy
		bot := arena.BotSeat{Bot: ab}
		l.Seats[i] = arena.Entrant{Name: name, Agent: func(context.Context, int) arena.Agent { return bot }}
	}
	return l, nil
}

// MoveTime is the MoveTime of the lineup's games: botTime, or HumanMoveTime
// when a person plays, since people are not timed.
func (l Lineup) MoveTime(botTime time.Duration) time.Duration {
	if l.Humans > 0 {
		return HumanMoveTime
	}
	return botTime
}

// Parallel is how many games are played at once: n, or 1 when a person
// plays, since one terminal shows one game.
func (l Lineup) Parallel(n int) int {
	if l.Humans > 0 {
		return 1
	}
	return n
}

// hinter answers a person's hint with the equity policy's best n plays,
// found within hintTime.
func hinter(cfg Config) human.Hinter {
	adviser, err := cfg.Answers.Engine.Policy(player.NameEquity, nil)
	if err != nil {
		return nil // no equity policy: hints are not offered
	}
	return func(ctx context.Context, p *position.Position, n int) []player.Candidate {
		ctx, cancel := context.WithTimeout(ctx, hintTime)
		defer cancel()
		return adviser.WithTop(n).Choose(ctx, p).Top
	}
}

// quitter turns a person's quit into an abandoned game, and their input
// ending into an interrupted one, which the arena does not count (rather
// than refusing the turn and playing it as a pass).
type quitter struct{ h *human.Seat }

func (q quitter) Move(ctx context.Context, gs []byte) ([]byte, error) {
	b, err := q.h.Move(ctx, gs)
	switch {
	case errors.Is(err, human.ErrQuit):
		return nil, fmt.Errorf("%w: %w", arena.ErrAbandoned, err)
	case errors.Is(err, human.ErrInputEnded):
		return nil, fmt.Errorf("%w: %w", arena.ErrInterrupted, err)
	}
	return b, err
}
