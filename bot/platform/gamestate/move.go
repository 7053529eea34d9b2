package gamestate

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/internal/quote"
)

func mvErr(field, format string, args ...any) error {
	return &FieldError{Kind: ErrMove, Field: field, Msg: fmt.Sprintf(format, args...)}
}

// ParseMove reads a move in the platform's format (JSON or Python literal)
// for a board of the given size:
//
//	play           [["C","A","R"],[[6,7],[7,7],[8,7]]]
//	play, blank    [["C","A","Blank"],[[6,7],[7,7],[8,7]],["R"]]
//	exchange       [["C","A","R"],["Pass"]]
//	pass           [[],["Pass"]]
//
// Positions are [x, y] with y up and become engine (Row, Col); the tiles of a
// play are returned in reading order. A blank is "Blank" (or "?", "*", "_");
// the third entry lists the letters the blanks stand for, in order. A
// position off the board is not a format error: it parses, and the rules
// refuse it (rules.ErrOffBoard), so a user is told the move is illegal.
func ParseMove(data []byte, size int) (move.Move, error) {
	js, err := toJSON(data)
	if err != nil {
		return move.Move{}, mvErr("", "%v", err)
	}
	if len(bytes.TrimSpace(js)) == 0 {
		return move.Move{}, mvErr("", "the input is empty: no move in it")
	}
	var parts []json.RawMessage
	if err := json.Unmarshal(js, &parts); err != nil {
		return move.Move{}, mvErr("", "a move is a list [tiles, positions or [\"Pass\"], blank letters]: %s", typeMessage(err))
	}
	if len(parts) < 2 || len(parts) > 3 {
		return move.Move{}, mvErr("", "a move has 2 or 3 entries, got %d", len(parts))
	}
	var tiles []string
	if err := json.Unmarshal(parts[0], &tiles); err != nil {
		return move.Move{}, mvErr("tiles", "want a list of tile strings: %s", typeMessage(err))
	}
	rackTiles := make([]byte, len(tiles))
	nBlanks := 0
	for i, s := range tiles {
		t, ok := handTile(s)
		if !ok {
			return move.Move{}, mvErr(fmt.Sprintf("tiles[%d]", i), "%s is not a letter A-Z or a blank (\"Blank\")", quote.String(s))
		}
		rackTiles[i] = t
		if t == tile.Blank {
			nBlanks++
		}
	}

	if isPass(parts[1]) {
		if len(parts) == 3 && !isEmptyList(parts[2]) {
			return move.Move{}, mvErr("blanks", "an exchange or pass names no blank letters")
		}
		if len(tiles) == 0 {
			return move.NewPass(), nil
		}
		return move.NewExchange(rackTiles), nil
	}

	var positions [][]number
	dec := json.NewDecoder(bytes.NewReader(parts[1]))
	dec.UseNumber()
	if err := dec.Decode(&positions); err != nil {
		return move.Move{}, mvErr("positions", "want [\"Pass\"] or a list of [x, y]: %s", typeMessage(err))
	}
	if len(positions) != len(tiles) {
		return move.Move{}, mvErr("positions", "%s for %s", quote.Count(len(positions), "position"), quote.Count(len(tiles), "tile"))
	}
	var letters []string
	if len(parts) == 3 {
		if err := json.Unmarshal(parts[2], &letters); err != nil {
			return move.Move{}, mvErr("blanks", "want a list of letters: %s", typeMessage(err))
		}
	}
	if len(letters) != nBlanks {
		return move.Move{}, mvErr("blanks", "%d blank tiles but %d letters for them", nBlanks, len(letters))
	}
	m := move.Move{Kind: move.Play, Tiles: make([]move.Placement, len(tiles))}
	for i, t := range rackTiles {
		xy := positions[i]
		field := fmt.Sprintf("positions[%d]", i)
		if len(xy) != 2 {
			return move.Move{}, mvErr(field, "a position is [x, y], got %d numbers", len(xy))
		}
		x, errx := xy[0].Int64()
		y, erry := xy[1].Int64()
		if errx != nil || erry != nil || x < -1<<20 || x > 1<<20 || y < -1<<20 || y > 1<<20 {
			return move.Move{}, mvErr(field, "[%s, %s] is not two small integers", quote.Text(xy[0].String()), quote.Text(xy[1].String()))
		}
		r, c := board.FromPlatform(size, int(x), int(y))
		p := move.Placement{Row: r, Col: c, Letter: t}
		if t == tile.Blank {
			l := letters[0]
			letters = letters[1:]
			c, ok := handTile(l)
			if !ok || c == tile.Blank {
				return move.Move{}, mvErr("blanks", "%s is not a letter A-Z", quote.String(l))
			}
			p.Letter, p.Blank = c, true
		}
		m.Tiles[i] = p
	}
	sort.SliceStable(m.Tiles, func(i, j int) bool {
		a, b := m.Tiles[i], m.Tiles[j]
		if a.Row != b.Row {
			return a.Row < b.Row
		}
		return a.Col < b.Col
	})
	return m, nil
}

func isPass(raw json.RawMessage) bool {
	var s []string
	return json.Unmarshal(raw, &s) == nil && len(s) == 1 && strings.EqualFold(s[0], "pass")
}

func isEmptyList(raw json.RawMessage) bool {
	var l []json.RawMessage
	return json.Unmarshal(raw, &l) == nil && len(l) == 0
}

// EncodeMove writes m in the platform's format for a board of the given
// size (the inverse of ParseMove).
func EncodeMove(m move.Move, size int) ([]byte, error) {
	tiles := []string{}
	switch m.Kind {
	case move.Pass:
		return []byte(`[[],["Pass"]]`), nil
	case move.Exchange:
		for _, t := range m.Exchanged {
			if tile.Index(t) < 0 {
				return nil, fmt.Errorf("gamestate: encode move: %q is not a tile", t)
			}
			tiles = append(tiles, tileName(t))
		}
		if len(tiles) == 0 {
			return nil, fmt.Errorf("gamestate: encode move: an exchange of no tiles (a pass is move.NewPass)")
		}
		return json.Marshal([]any{tiles, []string{"Pass"}})
	case move.Play:
	default:
		return nil, fmt.Errorf("gamestate: encode move: unknown kind %v", m.Kind)
	}
	tiles, positions, letters, err := PlayFields(m, size)
	if err != nil {
		return nil, err
	}
	parts := []any{tiles, positions}
	if len(letters) > 0 {
		parts = append(parts, letters)
	}
	return json.Marshal(parts)
}

// PlayFields is the play m in the platform's format field by field, as
// EncodeMove writes it: its tiles ("Blank" for a blank), their positions
// [x, y] with y up, and the letters the blanks stand for (nil without a
// blank). For a caller that puts them in a document of its own (moves'
// listing): EncodeMove's bytes read back would cost more than the search.
func PlayFields(m move.Move, size int) (tiles []string, positions [][2]int, blanks []string, err error) {
	if m.Kind != move.Play {
		return nil, nil, nil, fmt.Errorf("gamestate: encode move: a %v is not a play", m.Kind)
	}
	tiles, positions = make([]string, 0, len(m.Tiles)), make([][2]int, 0, len(m.Tiles))
	for _, p := range m.Tiles {
		if !tile.IsLetter(p.Letter) {
			return nil, nil, nil, fmt.Errorf("gamestate: encode move: %q is not a letter", p.Letter)
		}
		tiles = append(tiles, tileName(p.Tile()))
		x, y := board.ToPlatform(size, p.Row, p.Col)
		positions = append(positions, [2]int{x, y})
		if p.Blank {
			blanks = append(blanks, string(p.Letter))
		}
	}
	return tiles, positions, blanks, nil
}

// tileName is a tile as the platform writes it: its letter, or "Blank".
func tileName(t byte) string {
	if t == tile.Blank {
		return "Blank"
	}
	return string(t)
}
