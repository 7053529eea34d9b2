// Package rules is the one place where Lexico's rules and scoring live: which
// moves are legal in a position, which words a play forms and what it scores,
// and how a play changes the board. Players, move generators, the referee and
// the check command all ask this package, so they cannot disagree.
//
// Words are read from the board with the play's tiles on it, like the
// challenge scanner of a word-game engine, never from a word sent with the
// move: the main word runs along the play's line through any old tiles that
// fill its gaps, and every perpendicular run of two or more letters through a
// new tile is a cross word. Old words already on the board are never
// re-validated (the platform's own example board holds non-words).
package rules

import (
	"fmt"
	"strings"

	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/position"
	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/internal/quote"
)

// Dictionary says whether a word (upper case A-Z) may be played.
// *index.Index satisfies it.
type Dictionary interface {
	Contains(word string) bool
}

// Result is the verdict on one move.
type Result struct {
	Legal bool `json:"legal"`
	// Reason says why the move is illegal; empty when it is legal.
	Reason string `json:"reason"`
	// Err is the rule broken (one of the Err values of this package, wrapped
	// with details), for errors.Is; nil when the move is legal.
	Err error `json:"-"`
	// Score, Words and Bingo are filled whenever the tiles' placement is
	// well-formed (on the board, on empty squares, in one contiguous line),
	// even when another rule makes the move illegal, so a user sees both the
	// score and what is wrong with it.
	Score int    `json:"score"`
	Words []Word `json:"words"`
	Bingo bool   `json:"bingo"`
}

func refuse(res Result, err error) Result {
	res.Legal, res.Err, res.Reason = false, err, err.Error()
	return res
}

// Check decides whether m is legal in p and scores it. dict == nil accepts
// every word (useful to score games played with another word list); Valid is
// then true for every word.
//
// The first-move rules (cover the start square, a word of at least
// FirstWordMinLen letters) apply while the board is empty, whatever FirstGo
// says; the no-exchange-on-the-first-go rule applies when FirstGo is set or
// the board is empty.
func Check(p *position.Position, m move.Move, dict Dictionary) Result {
	switch m.Kind {
	case move.Pass:
		return Result{Legal: true}
	case move.Exchange:
		return checkExchange(p, m)
	case move.Play:
		return checkPlay(p, m, dict)
	}
	return refuse(Result{}, fmt.Errorf("%w %d", ErrUnknownKind, m.Kind))
}

// ExchangeAllowed is the exchange rule, whatever tiles are exchanged: nil
// when the mover may exchange in p, else the rule broken (ErrExchangeFirst or
// ErrExchangeBag, wrapped with the counts). The platform's Lexico
// documentation: "you cannot exchange on the first go or when there are
// fewer than 7 tiles in the bag" (Variant.ExchangeMinBag). An empty board is
// a first go whatever FirstGo says: a gamestate may carry FirstGo false with
// nothing on the board. An exchange draws its new tiles from the bag, so an
// empty bag refuses it even under a rule set that asks for no minimum.
//
// Check applies it to every exchange, and a player asks it before it offers
// one, so the two cannot disagree.
func ExchangeAllowed(p *position.Position) error {
	v := p.Variant
	switch {
	case p.FirstGo || p.Board.IsEmpty():
		return ErrExchangeFirst
	case p.BagCount < max(v.ExchangeMinBag, 1):
		return fmt.Errorf("%w: %d in the bag, %d needed", ErrExchangeBag, p.BagCount, max(v.ExchangeMinBag, 1))
	}
	return nil
}

func checkExchange(p *position.Position, m move.Move) Result {
	var res Result
	if len(m.Exchanged) == 0 {
		return refuse(res, ErrExchangeNone)
	}
	if err := ExchangeAllowed(p); err != nil {
		return refuse(res, err)
	}
	if _, ok := m.Leave(p.Rack); !ok {
		return refuse(res, fmt.Errorf("%w: exchanging %s from rack %s", ErrNotInRack, string(m.Exchanged), p.Rack.String()))
	}
	res.Legal = true
	return res
}

// CheckPlacements is what any play's tiles must be, whatever the words:
// some tiles, each showing a letter, on an empty square of b, no square
// twice. rules.Check and the game state (which applies moves without
// judging their words) both ask it.
func CheckPlacements(b *board.Board, tiles []move.Placement) error {
	if len(tiles) == 0 {
		return ErrNoTiles
	}
	for i, t := range tiles {
		switch {
		case !tile.IsLetter(t.Letter):
			return fmt.Errorf("%w: tile %d shows %q", ErrBadLetter, i+1, t.Letter)
		case !b.In(t.Row, t.Col):
			return &SquareError{ErrOffBoard, t.Row, t.Col, fmt.Sprintf(" on a %dx%d board", b.Size, b.Size)}
		case b.Occupied(t.Row, t.Col):
			return &SquareError{ErrOccupied, t.Row, t.Col, fmt.Sprintf(" holds %c", b.At(t.Row, t.Col).Letter)}
		}
		for _, u := range tiles[:i] {
			if u.Row == t.Row && u.Col == t.Col {
				return &SquareError{ErrSameSquare, t.Row, t.Col, ""}
			}
		}
	}
	return nil
}

// Validate sets each word's Valid from dict (nil accepts every word) and
// returns the words dict does not hold, in order. Score has no dictionary
// and leaves Valid false: a report of a play's words calls Validate.
func Validate(words []Word, dict Dictionary) (bad []string) {
	for i := range words {
		w := &words[i]
		w.Valid = dict == nil || dict.Contains(w.Word)
		if !w.Valid {
			bad = append(bad, w.Word)
		}
	}
	return bad
}

func checkPlay(p *position.Position, m move.Move, dict Dictionary) Result {
	var res Result
	b, v := p.Board, p.Variant
	if err := CheckPlacements(b, m.Tiles); err != nil {
		return refuse(res, err)
	}
	o := overlay{b: b, tiles: m.Tiles}
	// Contiguous: the main line, the run of occupied squares along the line
	// through the first tile, must reach every placed tile.
	r0, c0, _, _, n, ok := o.mainLine()
	if !ok {
		return refuse(res, ErrNotInLine)
	}
	for _, t := range m.Tiles {
		k := (t.Row - r0) + (t.Col - c0) // offset along the line
		if k < 0 || k >= n {
			return refuse(res, &SquareError{ErrGap, t.Row, t.Col, " is cut off"})
		}
	}

	res.Score, res.Words = Score(v, b, m)
	res.Bingo = len(m.Tiles) == v.RackSize
	bad := Validate(res.Words, dict)

	if _, ok := m.Leave(p.Rack); !ok {
		return refuse(res, fmt.Errorf("%w: playing %s from rack %s", ErrNotInRack, string(m.RackTiles()), p.Rack.String()))
	}
	if b.IsEmpty() {
		if o.placed(v.StartRow, v.StartCol) < 0 {
			return refuse(res, &SquareError{ErrStartSquare, v.StartRow, v.StartCol, ""})
		}
		if n < v.FirstWordMinLen {
			return refuse(res, fmt.Errorf("%w: %s, at least %d needed", ErrFirstWordShort, quote.Count(n, "letter"), v.FirstWordMinLen))
		}
	} else if !touches(o) {
		return refuse(res, ErrNotConnected)
	}
	if len(bad) > 0 {
		return refuse(res, fmt.Errorf("%s %w", strings.Join(bad, ", "), ErrNotAWord))
	}
	res.Legal = true
	return res
}

// touches reports whether a placed tile has an old tile beside it. A gap
// filled by an old tile counts: that tile is beside a placed one.
func touches(o overlay) bool {
	for _, t := range o.tiles {
		if o.b.Occupied(t.Row-1, t.Col) || o.b.Occupied(t.Row+1, t.Col) ||
			o.b.Occupied(t.Row, t.Col-1) || o.b.Occupied(t.Row, t.Col+1) {
			return true
		}
	}
	return false
}
