package gamestate

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/position"
	"github.com/lexico/lexico/bot/game/tile"
)

// Encode writes p as the platform's gamestate JSON, keys in the order of the
// platform's documentation, so a player (ours or anyone's) reads exactly
// what it would read from the platform. Premium lists name only squares still
// uncovered; a blank in the hand is "Blank"; played blanks show their letter
// and are listed in BlanksList. The platform's fields around the position
// are empty (EncodeRequest writes them).
func Encode(p *position.Position) ([]byte, error) { return EncodeRequest(&Request{Position: p}) }

// EncodeRequest is Encode of r's position with the platform's fields r
// holds: the deadline (a zero one written as 0), MoveTime, the game's id
// and status, the opponent, the dictionary's address.
func EncodeRequest(r *Request) ([]byte, error) {
	p := r.Position
	if p == nil {
		return nil, fmt.Errorf("gamestate: encode: no position")
	}
	if p.Board == nil || p.Variant == nil {
		return nil, fmt.Errorf("gamestate: encode: position without a board or variant")
	}
	b := p.Board
	size := b.Size
	if len(b.Squares) != size*size || len(b.Premiums) != size*size {
		return nil, fmt.Errorf("gamestate: encode: board of size %d holds %d squares", size, len(b.Squares))
	}
	rows := make([][]string, size)
	var blanks [][2]int
	for y := range rows {
		rows[y] = make([]string, size)
		for x := range rows[y] {
			s := b.At(board.FromPlatform(size, x, y))
			rows[y][x] = " "
			if !s.Empty() {
				rows[y][x] = string(s.Letter)
			}
		}
	}
	lists := map[board.Premium][][2]int{}
	for x := 0; x < size; x++ {
		for y := 0; y < size; y++ {
			r, c := board.FromPlatform(size, x, y)
			s := b.At(r, c)
			if s.Blank {
				blanks = append(blanks, [2]int{x, y})
			}
			if pr := b.PremiumAt(r, c); pr != board.NoPremium && s.Empty() {
				lists[pr] = append(lists[pr], [2]int{x, y})
			}
		}
	}
	scores := make(map[string]int, 26)
	for c := byte('A'); c <= 'Z'; c++ {
		scores[string(c)] = p.Variant.Values[tile.Index(c)]
	}
	if v := p.Variant.Values[tile.BlankIndex]; v != 0 {
		scores["Blank"] = v // blanks score 0 on the platform, which omits them
	}
	hand := []string{}
	for _, t := range p.Rack.Tiles() {
		if t == tile.Blank {
			hand = append(hand, "Blank")
		} else {
			hand = append(hand, string(t))
		}
	}
	var deadline int64
	if !r.Deadline.IsZero() {
		deadline = r.Deadline.UnixMilli()
	}
	nonNil := func(l [][2]int) [][2]int {
		if l == nil {
			return [][2]int{}
		}
		return l
	}
	// Keys in the documentation's order; "Opponent'sScore" cannot be a Go
	// struct tag (json tags do not allow the apostrophe), hence the list.
	kv := []struct {
		key string
		val any
	}{
		{"Board", rows},
		{"IsMover", true},
		{"MyScore", p.MyScore},
		{"Opponent'sScore", p.OppScore},
		{"ResponseDeadline", deadline},
		{"MoveTime", r.MoveTime.Milliseconds()},
		{"Dictionary", r.Dictionary},
		{"TileScores", scores},
		{"BlanksList", nonNil(blanks)},
		{"NumberOfTilesInBag", p.BagCount},
		{"DoubleWordList", nonNil(lists[board.DoubleWord])},
		{"DoubleLetterList", nonNil(lists[board.DoubleLetter])},
		{"TripleWordList", nonNil(lists[board.TripleWord])},
		{"TripleLetterList", nonNil(lists[board.TripleLetter])},
		{"FirstGo", p.FirstGo},
		{"MyHand", hand},
		{"GameStatus", r.Status},
		{"GameId", r.GameID},
		{"OpponentId", r.Opponent},
	}
	var out bytes.Buffer
	out.WriteByte('{')
	for i, e := range kv {
		if i > 0 {
			out.WriteByte(',')
		}
		k, _ := json.Marshal(e.key)
		v, err := json.Marshal(e.val)
		if err != nil {
			return nil, fmt.Errorf("gamestate: encode %s: %v", e.key, err)
		}
		out.Write(k)
		out.WriteByte(':')
		out.Write(v)
	}
	out.WriteByte('}')
	return out.Bytes(), nil
}
