package lingo

import (
	"fmt"
	"slices"
	"strings"

	"github.com/lexico/lexico/internal/quote"
)

// Placement is one tile put on a square (internal coordinates, see Board).
type Placement struct {
	Row, Col int
	Letter   byte
}

// Move is the tiles one turn places. Lingo has no pass and no exchange.
type Move struct {
	Tiles []Placement
}

// Clone is a copy that does not share the tiles slice.
func (m Move) Clone() Move { return Move{Tiles: slices.Clone(m.Tiles)} }

// Format writes m in the seed's notation for board b (before the move):
// letter, column letter and row number, tiles separated by commas, as
// "ac7,re7".
func (b *Board) Format(m Move) string {
	parts := make([]string, len(m.Tiles))
	for i, p := range m.Tiles {
		parts[i] = string(p.Letter+'a'-'A') + b.Name(p.Row, p.Col)
	}
	return strings.Join(parts, ",")
}

// ParseMove reads the seed's notation ("ac7" or "ac7,re7", either case,
// spaces allowed around the commas) for board b. It checks only what the
// notation can get wrong; Judge says whether the move is legal.
func (b *Board) ParseMove(s string) (Move, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return Move{}, fmt.Errorf("%w: empty move (type a tile and a square, as ac7, or ac7,re7 for two tiles)", ErrNotation)
	}
	fields := strings.Split(s, ",")
	if len(fields) > MaxPlaceable {
		return Move{}, fmt.Errorf("%w: %d tiles; no move places more than %d", ErrNotation, len(fields), MaxPlaceable)
	}
	var m Move
	for _, f := range fields {
		f = strings.TrimSpace(f)
		if len(f) < 3 {
			return Move{}, fmt.Errorf("%w: %s is not a tile and a square (as ac7: tile A on c7)", ErrNotation, quote.String(f))
		}
		l := f[0]
		if l >= 'a' && l <= 'z' {
			l -= 'a' - 'A'
		}
		if l < 'A' || l > 'Z' {
			return Move{}, fmt.Errorf("%w: %s does not start with a letter (as ac7: tile A on c7)", ErrNotation, quote.String(f))
		}
		r, c, err := b.ParseSquare(f[1:])
		if err != nil {
			return Move{}, err
		}
		m.Tiles = append(m.Tiles, Placement{Row: r, Col: c, Letter: l})
	}
	return m, nil
}
