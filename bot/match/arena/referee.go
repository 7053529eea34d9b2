package arena

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/lexico/lexico/bot/match/referee"
)

// Referee returns the PlayGame that plays each game through package referee with
// cfg (its Seed and Starter are set per game, and its GameID when cfg has
// none). An agent that returns an error wrapping ErrAbandoned or
// ErrInterrupted ends the game at once, uncounted, instead of having its
// turn refused and played as a pass; the PlayGame then returns that error.
func Referee(cfg referee.Config) PlayGame {
	return func(ctx context.Context, seed uint64, starter int, names [2]string, agents [2]Agent) (*Record, error) {
		c := cfg
		c.Seed, c.Starter = seed, starter
		if c.GameID == 0 {
			c.GameID = gameID(seed, starter)
		}
		ctx, cancel := context.WithCancelCause(ctx)
		defer cancel(nil)
		var players [2]referee.Seat
		for i := range players {
			players[i] = &seat{name: names[i], agent: agents[i], abandon: cancel}
		}
		g, err := referee.Play(ctx, c, players)
		if cause := context.Cause(ctx); stopped(cause) && g != nil {
			rec := recordOf(g)
			rec.End.Reason = ErrAbandoned.Error()
			if errors.Is(cause, ErrInterrupted) {
				rec.End.Reason = ErrInterrupted.Error()
			}
			return rec, cause
		}
		if err != nil {
			return nil, err
		}
		return recordOf(g), nil
	}
}

// gameID is the GameId of the game played from seed with starter moving
// first: a game's gamestates share it, so that a bot answering every move
// of the game (answer.Bot) sees the opponent's turns in between, and the
// two games of a pair (one seed) differ by their starter. Never 0 (no id).
func gameID(seed uint64, starter int) int64 {
	id := int64(seed>>2)<<1 | int64(starter&1)
	if id == 0 {
		id = 2
	}
	return id
}

// seat adapts an Agent to referee.Seat.
type seat struct {
	name    string
	agent   Agent
	abandon context.CancelCauseFunc
}

func (s *seat) Name() string { return s.name }

func (s *seat) Move(ctx context.Context, gs []byte) ([]byte, error) {
	b, err := s.agent.Move(ctx, gs)
	if stopped(err) {
		s.abandon(err)
	}
	return b, err
}

// stopped reports whether an agent's error ends its game, uncounted.
func stopped(err error) bool { return errors.Is(err, ErrAbandoned) || errors.Is(err, ErrInterrupted) }

// recordOf converts the referee's game into the arena's record.
func recordOf(g *referee.Game) *Record {
	r := &Record{Header: Header{Seed: g.Seed, Players: g.Players, Starter: g.Starter}}
	for _, t := range g.Turns {
		r.Turns = append(r.Turns, Turn{
			Turn: t.Number, Seat: t.Seat, Gamestate: json.RawMessage(t.Gamestate), Move: rawAnswer(t.Answer),
			Legal: t.Legal, Late: t.Late, Reason: t.Reason, Score: t.Score, Total: t.After.Scores[t.Seat],
			Bingo: t.Bingo, ElapsedMS: ms(t.Elapsed),
		})
	}
	r.End = End{Scores: g.Scores, Racks: [2]string{g.Racks[0].String(), g.Racks[1].String()},
		Reason: g.End, Turns: len(g.Turns)}
	final := g.Variant.NewBoard() // the referee fills in the default variant; cfg may leave it nil
	if n := len(g.Turns); n > 0 {
		final = g.Turns[n-1].After.Board
	}
	r.End.Board = strings.Split(strings.TrimSuffix(final.String(), "\n"), "\n")
	return r
}

// rawAnswer keeps an answer as JSON: itself when it is JSON, null when there
// was none, else (a Python literal, garbage) as a JSON string.
func rawAnswer(b []byte) json.RawMessage {
	switch {
	case b == nil:
		return json.RawMessage("null")
	case json.Valid(b):
		return json.RawMessage(b)
	}
	q, _ := json.Marshal(string(b))
	return q
}

// Replay is an Agent that answers the moves a record holds for one seat, in
// order: playing a recorded game again through the referee checks that the
// record says what happened. A turn whose answer was refused for lateness
// or an error is answered with an error, which the referee refuses in turn.
type Replay struct {
	answers []json.RawMessage
	next    int
}

// NewReplay returns the replaying agent for seat in r.
func NewReplay(r *Record, seat int) *Replay {
	p := &Replay{}
	for _, t := range r.Turns {
		if t.Seat == seat {
			ans := t.Move
			if t.Late {
				ans = nil
			}
			p.answers = append(p.answers, ans)
		}
	}
	return p
}

// Move implements Agent.
func (p *Replay) Move(context.Context, []byte) ([]byte, error) {
	if p.next >= len(p.answers) {
		return nil, fmt.Errorf("%w: the record has no move %d for this seat", ErrRecord, p.next+1)
	}
	a := p.answers[p.next]
	p.next++
	var s string
	switch {
	case a == nil || string(a) == "null":
		return nil, errors.New("no answer in the record")
	case json.Unmarshal(a, &s) == nil:
		return []byte(s), nil
	}
	return a, nil
}
