package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/rules"
	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/bot/game/variant"
	"github.com/lexico/lexico/bot/match/arena"
	"github.com/lexico/lexico/bot/match/referee"
)

// BoardView is a board as the page draws it, in engine coordinates (row 0
// at the top).
type BoardView struct {
	Size int `json:"size"`
	// Cells are the rows, one string per square: "" empty, "A" a tile,
	// "a" a blank standing for A.
	Cells [][]string `json:"cells"`
	// Premiums are the rows, one character per square: '.' none, 'd'
	// double letter, 't' triple letter, 'D' double word, 'T' triple word
	// (the letters of variant.ParseLayout).
	Premiums []string `json:"premiums"`
	StartRow int      `json:"start_row"`
	StartCol int      `json:"start_col"`
	// Values are the letters' points in the game's rules (a blank's are
	// 0), which the page prints on each tile.
	Values map[string]int `json:"values"`
}

var premiumMark = map[board.Premium]byte{board.NoPremium: '.', board.DoubleLetter: 'd', board.TripleLetter: 't',
	board.DoubleWord: 'D', board.TripleWord: 'T'}

// viewOf draws b; premiums come from layout (the variant's whole layout, so
// the squares under tiles keep theirs, as on a printed board).
func viewOf(b *board.Board, v *variant.Variant) BoardView {
	bv := BoardView{Size: b.Size, StartRow: v.StartRow, StartCol: v.StartCol, Values: make(map[string]int, 26)}
	for c := byte('A'); c <= 'Z'; c++ {
		bv.Values[string(c)] = v.Values[tile.Index(c)]
	}
	full := v.NewBoard()
	for r := 0; r < b.Size; r++ {
		row := make([]string, b.Size)
		prem := make([]byte, b.Size)
		for c := 0; c < b.Size; c++ {
			sq := b.At(r, c)
			switch {
			case sq.Empty():
			case sq.Blank:
				row[c] = strings.ToLower(string(sq.Letter))
			default:
				row[c] = string(sq.Letter)
			}
			prem[c] = premiumMark[full.PremiumAt(r, c)]
		}
		bv.Cells = append(bv.Cells, row)
		bv.Premiums = append(bv.Premiums, string(prem))
	}
	return bv
}

// GameView is a game as the page shows it to the person.
type GameView struct {
	ID      string  `json:"id"`
	Policy  string  `json:"policy"`
	Variant string  `json:"variant"`
	BotMS   float64 `json:"bot_ms"`
	// Seat is the person's seat: 0 moved first.
	Seat int `json:"seat"`
	// Turn is the person's turn, to send back with a move.
	Turn  int       `json:"turn"`
	Board BoardView `json:"board"`
	// Rack is the person's rack, a blank as '?'.
	Rack string `json:"rack"`
	// Scores are the person's, then the bot's.
	Scores  [2]int `json:"scores"`
	Bag     int    `json:"bag"`
	FirstGo bool   `json:"first_go"`
	// CanExchange is false when the rules allow no exchange now.
	CanExchange bool    `json:"can_exchange"`
	Events      []Event `json:"events"`
	Over        bool    `json:"over"`
	// End says why the game ended and who won, once Over.
	End string `json:"end,omitempty"`
}

// View is the game as it stands.
func (g *Game) View() GameView {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.evmu.Lock()
	events := slices.Clone(g.events)
	g.evmu.Unlock()
	gv := GameView{ID: g.ID, Policy: g.Policy, Variant: g.Variant.Name, BotMS: float64(g.BotTime.Milliseconds()),
		Seat: g.Seat, Turn: g.turn, Events: events, Over: g.over.Load()}
	if gv.Events == nil {
		gv.Events = []Event{}
	}
	// The board is the moves replayed: the same while the bot thinks, at
	// the end, and in the person's gamestate.
	b := g.Variant.NewBoard()
	for _, ev := range events {
		rules.Apply(b, move.Move{Kind: move.Play, Tiles: ev.Tiles})
	}
	gv.Board = viewOf(b, g.Variant)
	if p := g.pos; p != nil {
		gv.Rack, gv.Scores, gv.Bag, gv.FirstGo = p.Rack.String(), [2]int{p.MyScore, p.OppScore}, p.BagCount, p.FirstGo
		gv.CanExchange = rules.ExchangeAllowed(p) == nil
	}
	if rec := g.record; rec != nil {
		gv.Scores = [2]int{rec.End.Scores[g.Seat], rec.End.Scores[1-g.Seat]}
		gv.Rack = rec.End.Racks[g.Seat]
		gv.End = endReason(rec.End, g.Seat, g.Policy)
		switch you, bot := gv.Scores[0], gv.Scores[1]; {
		case len(rec.Turns) == 0:
		case you > bot:
			gv.End += fmt.Sprintf(": you win %d to %d", you, bot)
		case you < bot:
			gv.End += fmt.Sprintf(": %s wins %d to %d", g.Policy, bot, you)
		default:
			gv.End += fmt.Sprintf(": a draw at %d", you)
		}
	}
	return gv
}

// GCG is the game's record in the GCG format, once it is over.
func (g *Game) GCG() ([]byte, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.record == nil {
		return nil, fmt.Errorf("%w: its record is written at the end", ErrNotOver)
	}
	var buf bytes.Buffer
	if err := g.record.WriteGCG(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// MoveRequest is a move the page sends: a play's tiles, an exchange's
// tiles, or a pass, for the person's turn Turn.
type MoveRequest struct {
	Turn  int          `json:"turn"`
	Kind  string       `json:"kind"` // "play", "exchange" or "pass"
	Tiles []PlacedTile `json:"tiles"`
	// Exchange lists the tiles to exchange, a blank as '?'.
	Exchange string `json:"exchange"`
}

// Tiles are a move's tiles as the page's API writes them, in events and
// studies: PlacedTile's form, {"row", "col", "letter", "blank"}, the form
// a move request takes.
type Tiles []move.Placement

// MarshalJSON writes ts as PlacedTiles (an empty list, never null).
func (ts Tiles) MarshalJSON() ([]byte, error) {
	out := make([]PlacedTile, len(ts))
	for i, p := range ts {
		out[i] = PlacedTile{Row: p.Row, Col: p.Col, Letter: string(p.Letter), Blank: p.Blank}
	}
	return json.Marshal(out)
}

// UnmarshalJSON reads ts back, also in the form a games file kept before
// (Go's field names and the letter's code: {"Row", "Col", "Letter": 72}),
// so that games kept by an older server survive its update.
func (ts *Tiles) UnmarshalJSON(b []byte) error {
	var raw []struct {
		Row, Col int
		Letter   json.RawMessage
		Blank    bool
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	out := make(Tiles, len(raw))
	for i, r := range raw {
		var s string
		var code int
		switch {
		case json.Unmarshal(r.Letter, &s) == nil && len(s) == 1 && tile.IsLetter(s[0]):
			code = int(s[0])
		case json.Unmarshal(r.Letter, &code) == nil && code < 256 && tile.IsLetter(byte(code)):
		default:
			return fmt.Errorf("%w: tile letter %s", ErrBadRequest, r.Letter)
		}
		out[i] = move.Placement{Row: r.Row, Col: r.Col, Letter: byte(code), Blank: r.Blank}
	}
	*ts = out
	return nil
}

// PlacedTile is one tile of a play: the square (engine coordinates, row 0
// at the top) and the letter it shows; Blank marks a blank standing for it.
type PlacedTile struct {
	Row    int    `json:"row"`
	Col    int    `json:"col"`
	Letter string `json:"letter"`
	Blank  bool   `json:"blank"`
}

// Move is the request as a move; only the notation is checked here, the
// rules are rules.Check's.
func (r MoveRequest) Move() (move.Move, error) {
	switch r.Kind {
	case "pass":
		return move.NewPass(), nil
	case "exchange":
		rack, err := tile.ParseRack(strings.ToUpper(r.Exchange))
		if err != nil || r.Exchange == "" {
			return move.Move{}, fmt.Errorf("%w: exchange %q: want the tiles to return, a blank as ?", ErrBadRequest, r.Exchange)
		}
		return move.NewExchange(rack.Tiles()), nil
	case "play":
	default:
		return move.Move{}, fmt.Errorf("%w: kind %q: want play, exchange or pass", ErrBadRequest, r.Kind)
	}
	if len(r.Tiles) == 0 {
		return move.Move{}, fmt.Errorf("%w: a play needs at least one tile", ErrBadRequest)
	}
	m := move.Move{Kind: move.Play}
	for _, t := range r.Tiles {
		l := strings.ToUpper(t.Letter)
		if len(l) != 1 || !tile.IsLetter(l[0]) {
			return move.Move{}, fmt.Errorf("%w: tile %q: want one letter A-Z", ErrBadRequest, t.Letter)
		}
		m.Tiles = append(m.Tiles, move.Placement{Row: t.Row, Col: t.Col, Letter: l[0], Blank: t.Blank})
	}
	// The rules read a play's tiles in reading order.
	slices.SortFunc(m.Tiles, func(a, b move.Placement) int {
		if a.Row != b.Row {
			return a.Row - b.Row
		}
		return a.Col - b.Col
	})
	return m, nil
}

// endReason is how the game ended, for the person in seat: the referee's
// words, naming who went out when a player did.
func endReason(end arena.End, seat int, bot string) string {
	if end.Reason != referee.EndOut {
		return end.Reason
	}
	switch {
	case end.Racks[seat] == "":
		return "you went out: your rack is empty and so is the bag"
	case end.Racks[1-seat] == "":
		return bot + " went out: its rack is empty and so is the bag"
	}
	return end.Reason
}
