// Package move is what a player does on a turn: place tiles, exchange, or pass.
package move

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/tile"
)

// Kind says which of the three actions a move is.
type Kind uint8

const (
	Play Kind = iota
	Exchange
	Pass
)

func (k Kind) String() string {
	switch k {
	case Play:
		return "play"
	case Exchange:
		return "exchange"
	case Pass:
		return "pass"
	}
	return fmt.Sprintf("kind(%d)", uint8(k))
}

// Placement is one tile put on the board. Letter is the letter it shows;
// Blank marks a blank tile standing for Letter.
type Placement struct {
	Row, Col int
	Letter   byte
	Blank    bool
}

// Tile is the rack tile the placement uses: the letter, or tile.Blank.
func (p Placement) Tile() byte {
	if p.Blank {
		return tile.Blank
	}
	return p.Letter
}

// Move is one turn. For a Play, Tiles lists the placements in reading order
// (left to right or top to bottom). For an Exchange, Exchanged lists the rack
// tiles returned to the bag (tile.Blank for a blank). Score is filled in by
// whoever scored the move (the generator or the rules engine).
type Move struct {
	Kind      Kind
	Tiles     []Placement
	Exchanged []byte
	Score     int
}

// NewPass is a pass.
func NewPass() Move { return Move{Kind: Pass} }

// NewExchange returns tiles to the bag.
func NewExchange(tiles []byte) Move {
	return Move{Kind: Exchange, Exchanged: append([]byte(nil), tiles...)}
}

// RackTiles lists the rack tiles the move uses (placed or exchanged).
func (m Move) RackTiles() []byte {
	if m.Kind == Exchange {
		return append([]byte(nil), m.Exchanged...)
	}
	out := make([]byte, len(m.Tiles))
	for i, p := range m.Tiles {
		out[i] = p.Tile()
	}
	return out
}

// Leave is what stays on rack after the move, or false when the rack does
// not hold the move's tiles.
func (m Move) Leave(rack tile.Rack) (tile.Rack, bool) {
	for _, t := range m.RackTiles() {
		if !rack.Remove(t) {
			return rack, false
		}
	}
	return rack, true
}

// Highlights are the tiles a play places, for Board.Draw to mark them;
// exchanges and passes place none.
func (m Move) Highlights() []board.Highlight {
	if m.Kind != Play {
		return nil
	}
	hs := make([]board.Highlight, len(m.Tiles))
	for i, p := range m.Tiles {
		hs[i] = board.Highlight{Row: p.Row, Col: p.Col, Square: board.Square{Letter: p.Letter, Blank: p.Blank}}
	}
	return hs
}

// Key identifies a move by the set of tiles it places, independent of the
// order they are listed in: a single tile forming words both ways is one move,
// and a blank is a different move from the real tile.
func (m Move) Key() string {
	switch m.Kind {
	case Pass:
		return "pass"
	case Exchange:
		ex := slices.Clone(m.Exchanged)
		slices.Sort(ex)
		return "exchange " + string(ex)
	}
	// A stack copy sorted in place, and the digits appended, not formatted:
	// tests and tools key millions of plays, and a Fprintf a tile was most
	// of their time. Squares in order of row, then column; stable, so even
	// an (illegal) play with two tiles on one square keys as listed.
	var tiles [keyTiles]Placement
	ps := append(tiles[:0], m.Tiles...)
	slices.SortStableFunc(ps, func(a, b Placement) int {
		if a.Row != b.Row {
			return a.Row - b.Row
		}
		return a.Col - b.Col
	})
	var text [8 * keyTiles]byte
	k := text[:0]
	for _, p := range ps {
		l := p.Letter
		if p.Blank {
			l += 'a' - 'A'
		}
		k = strconv.AppendInt(k, int64(p.Row), 10)
		k = append(k, ',')
		k = strconv.AppendInt(k, int64(p.Col), 10)
		k = utf8.AppendRune(k, rune(l))
		k = append(k, ' ')
	}
	return strings.TrimSpace(string(k))
}

// keyTiles is how many tiles Key sorts and writes without allocating: more
// than any rack holds; a longer play still keys, on the heap.
const keyTiles = 16

// String is a short human-readable form for logs and test failures.
func (m Move) String() string {
	if m.Kind != Play {
		return m.Key()
	}
	return fmt.Sprintf("%s (%d)", m.Key(), m.Score)
}
