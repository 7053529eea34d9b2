// Package gamestate converts between the AI Gaming platform's Lexico formats
// (the gamestate handed to a player, the move it answers) and the engine's
// Position and Move.
//
// This is the only place that knows the platform's orientation: Board[0] is
// the BOTTOM row and positions are [x, y] with y pointing up, so platform
// (x, y) is engine (Row, Col) = (Size-1-y, x), converted by board.FromPlatform
// and board.ToPlatform. Everything past this package uses engine coordinates
// with Row 0 at the top.
package gamestate

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/position"
	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/bot/game/variant"
	"github.com/lexico/lexico/internal/quote"
)

// maxSize bounds the board so that a hostile gamestate cannot make the
// engine allocate without limit; real boards are 15x15 (WWF 15, Lingo 5).
const maxSize = 64

func gsErr(field, format string, args ...any) error {
	return &FieldError{Kind: ErrGamestate, Field: field, Msg: fmt.Sprintf(format, args...)}
}

// Parse reads a gamestate, either strict JSON or the Python-literal form the
// platform's documentation prints (single quotes, True/False/None, the key
// "Opponent'sScore"; "OppScore" is accepted too). Unknown fields are ignored.
// Board, MyHand and NumberOfTilesInBag are required; every other field has
// a default (TileScores: the standard English values; FirstGo: whether the
// board is empty; the rest zero or empty). Errors name the field at fault.
//
// The Position's Variant is built from the gamestate: Values from TileScores,
// Layout from the four premium lists (which list only uncovered squares),
// the start square at the centre, and the platform's fixed rules (rack 7,
// bingo 50, first word of 3, exchange with at least 7 in the bag). The bag's
// make-up is not in the gamestate, so Distribution is a guess: Multipliers
// (100 tiles with 2 blanks) when a blank is on the board or in the hand or a
// premium square is listed, else Classic (98 tiles). Late in a Multipliers
// game with every premium covered and no blank seen, the guess is Classic;
// only tile-tracking strategies care.
//
// Parse refuses, naming the field and the value, a gamestate no game can
// reach: more of a tile on the board and in the hand than any bag it could
// come from holds (a blank in a classic game among them: see bag.go), more
// tiles in the bag than are left, tiles with the start square empty or cut
// off from its tiles (rules.CheckShape; the words are never judged again), a lower-case board letter not in
// BlanksList, a negative MoveTime, a number written as a string, IsMover
// false. A missing or null MoveTime is 0, which the player's Clock reads as
// none given. The platform's fields around the position (the deadline,
// MoveTime, the game's id) are ParseRequest's.
func Parse(data []byte) (*position.Position, error) {
	r, err := parse(data, true, true)
	if err != nil {
		return nil, err
	}
	return r.Position, nil
}

// ParseRequest is Parse with what the platform says around the position:
// the time its answer is due, the game's id and status, the opponent's
// name, the dictionary's address.
func ParseRequest(data []byte) (*Request, error) { return parse(data, true, true) }

// ParseSynthetic is Parse without the refusal of tile counts no game can
// reach, for positions made up on purpose to test the engine beyond real
// games: the position corpus (scripts/genpositions) gives classic racks
// blanks and multipliers racks a third and fourth blank so that the move
// generator's benchmarks meet every number of blanks. Every front end
// reads platform input with Parse.
func ParseSynthetic(data []byte) (*position.Position, error) {
	r, err := ParseSyntheticRequest(data)
	if err != nil {
		return nil, err
	}
	return r.Position, nil
}

// ParseSyntheticRequest is ParseSynthetic with the platform's fields
// around the position, as ParseRequest has them.
func ParseSyntheticRequest(data []byte) (*Request, error) { return parse(data, false, true) }

// parse reads a gamestate; reachable refuses tile counts no game can
// reach, fast lets fastjson.go decode the shapes it knows (off only in the
// tests that hold it to encoding/json's results).
func parse(data []byte, reachable, fast bool) (*Request, error) {
	js, valid, err := toValidJSON(data)
	if err != nil {
		return nil, gsErr("", "%v", err)
	}
	if len(bytes.TrimSpace(js)) == 0 {
		return nil, gsErr("", "the input is empty (or only comments): no gamestate in it")
	}
	f := fields{fast: fast}
	ok := valid && fast
	if ok {
		f.raw, ok = splitObject(js)
	}
	if !ok {
		if err := json.Unmarshal(js, &f.raw); err != nil {
			return nil, gsErr("", "not a JSON object or Python dict: %s", typeMessage(err))
		}
	}
	p := &position.Position{}
	r := &Request{Position: p}

	var rows [][]string
	if err := f.required("Board", &rows); err != nil {
		return nil, err
	}
	b, lower, err := parseBoard(rows)
	if err != nil {
		return nil, err
	}
	p.Board = b
	size := b.Size
	if err := applyBlanks(f, b); err != nil {
		return nil, err
	}
	for _, xy := range lower {
		if s := b.At(board.FromPlatform(size, xy[0], xy[1])); !s.Blank {
			return nil, gsErr(fmt.Sprintf("Board[%d][%d]", xy[1], xy[0]),
				"%s is lower case but [%d, %d] is not in BlanksList: the platform writes every tile in capitals and lists the blanks in BlanksList",
				quote.String(string(s.Letter-'A'+'a')), xy[0], xy[1])
		}
	}
	premiums := 0
	for _, pl := range premiumLists {
		var list [][]number
		if err := f.optional(pl.field, &list); err != nil {
			return nil, err
		}
		for i, xy := range list {
			r, c, err := square(xy, size)
			if err != nil {
				return nil, gsErr(fmt.Sprintf("%s[%d]", pl.field, i), "%v", err)
			}
			if got := b.PremiumAt(r, c); got != board.NoPremium && got != pl.prem {
				x, y := board.ToPlatform(size, r, c)
				return nil, gsErr(fmt.Sprintf("%s[%d]", pl.field, i), "square [%d, %d] is in two premium lists", x, y)
			}
			b.Premiums[r*size+c] = pl.prem
			premiums++
		}
	}

	var hand []string
	if err := f.required("MyHand", &hand); err != nil {
		return nil, err
	}
	if len(hand) > variant.Classic.RackSize {
		return nil, gsErr("MyHand", "%d tiles, a hand holds at most %d", len(hand), variant.Classic.RackSize)
	}
	for i, h := range hand {
		t, ok := handTile(h)
		if !ok {
			return nil, gsErr(fmt.Sprintf("MyHand[%d]", i), "%s is not a letter A-Z or a blank (\"Blank\", \"?\", \"*\", \"_\")", quote.String(h))
		}
		p.Rack.Add(t)
	}

	v, err := buildVariant(f, b)
	if err != nil {
		return nil, err
	}
	if p.Rack.Blanks() > 0 || premiums > 0 || hasBlank(b) {
		v.Name, v.Distribution = variant.Multipliers.Name, variant.Multipliers.Distribution
	}
	p.Variant = v

	if err := f.requiredInt("NumberOfTilesInBag", &p.BagCount); err != nil {
		return nil, err
	}
	if p.BagCount < 0 {
		return nil, gsErr("NumberOfTilesInBag", "%d is negative", p.BagCount)
	}
	if reachable {
		if err := checkTiles(b, p.Rack, p.BagCount, premiums); err != nil {
			return nil, err
		}
		if err := checkShape(v, b); err != nil {
			return nil, err
		}
	}
	// The platform hands a player a gamestate only to ask for its move,
	// and its documentation says IsMover "will always be true" then: false
	// is a gamestate for no one to answer.
	mover := true
	if err := f.optional("IsMover", &mover); err != nil {
		return nil, err
	}
	if !mover {
		return nil, gsErr("IsMover", "false: a gamestate asks for a move only of the player to move (IsMover true)")
	}
	p.FirstGo = b.IsEmpty()
	if err := f.optional("FirstGo", &p.FirstGo); err != nil {
		return nil, err
	}
	if err := f.optionalInt("MyScore", &p.MyScore); err != nil {
		return nil, err
	}
	opp := "Opponent'sScore"
	if _, ok := f.raw[opp]; !ok {
		opp = "OppScore"
	}
	if err := f.optionalInt(opp, &p.OppScore); err != nil {
		return nil, err
	}
	var deadline int64
	if err := f.optionalInt64("ResponseDeadline", &deadline); err != nil {
		return nil, err
	}
	if deadline != 0 {
		r.Deadline = time.UnixMilli(deadline)
	}
	// A missing or null MoveTime stays 0, which the player's Clock reads as
	// "none given" and replaces by its documented default.
	var moveTime int64
	if err := f.optionalInt64("MoveTime", &moveTime); err != nil {
		return nil, err
	}
	if moveTime < 0 {
		return nil, gsErr("MoveTime", "%d is negative (milliseconds to think)", moveTime)
	}
	r.MoveTime = millis(moveTime)
	if err := f.optional("Dictionary", &r.Dictionary); err != nil {
		return nil, err
	}
	if err := f.optionalInt64("GameId", &r.GameID); err != nil {
		return nil, err
	}
	opid := "OpponentId"
	if _, ok := f.raw[opid]; !ok {
		opid = "OpponentID"
	}
	if err := f.optional(opid, &r.Opponent); err != nil {
		return nil, err
	}
	if err := f.optional("GameStatus", &r.Status); err != nil {
		return nil, err
	}
	return r, nil
}

var premiumLists = []struct {
	field string
	prem  board.Premium
}{
	{"DoubleLetterList", board.DoubleLetter},
	{"TripleLetterList", board.TripleLetter},
	{"DoubleWordList", board.DoubleWord},
	{"TripleWordList", board.TripleWord},
}

// parseBoard reads Board[y][x] (y up) into an engine board (Row 0 at the top).
// A square is " " (or "") when empty, else one letter A-Z. The platform
// writes every tile in capitals and names the blanks in BlanksList; a
// lower-case letter (as board.String draws a blank) is read as its capital
// and returned in lower, the [x, y] of each, for Parse to accept only where
// BlanksList names the square too: taken alone as a blank, it silently
// changed the bag and every score through it.
func parseBoard(rows [][]string) (b *board.Board, lower [][2]int, err error) {
	size := len(rows)
	if size == 0 {
		return nil, nil, gsErr("Board", "no rows")
	}
	if size > maxSize {
		return nil, nil, gsErr("Board", "%d rows, at most %d supported", size, maxSize)
	}
	b = board.New(size)
	for y, row := range rows {
		if len(row) != size {
			return nil, nil, gsErr(fmt.Sprintf("Board[%d]", y), "%d squares, want %d (the board must be square)", len(row), size)
		}
		for x, s := range row {
			var sq board.Square
			switch {
			case s == " " || s == "":
			case len(s) == 1 && tile.IsLetter(s[0]):
				sq.Letter = s[0]
			case len(s) == 1 && s[0] >= 'a' && s[0] <= 'z':
				sq.Letter = s[0] - 'a' + 'A'
				lower = append(lower, [2]int{x, y})
			default:
				return nil, nil, gsErr(fmt.Sprintf("Board[%d][%d]", y, x), "%s is not a letter A-Z or \" \"", quote.String(s))
			}
			r, c := board.FromPlatform(size, x, y)
			b.Set(r, c, sq)
		}
	}
	return b, lower, nil
}

// applyBlanks marks the squares of BlanksList as played blanks.
func applyBlanks(f fields, b *board.Board) error {
	var list [][]number
	if err := f.optional("BlanksList", &list); err != nil {
		return err
	}
	for i, xy := range list {
		field := fmt.Sprintf("BlanksList[%d]", i)
		r, c, err := square(xy, b.Size)
		if err != nil {
			return gsErr(field, "%v", err)
		}
		s := b.At(r, c)
		if s.Empty() {
			return gsErr(field, "square [%s, %s] is empty, so no blank stands on it", xy[0], xy[1])
		}
		s.Blank = true
		b.Set(r, c, s)
	}
	return nil
}

func hasBlank(b *board.Board) bool {
	for _, s := range b.Squares {
		if s.Blank {
			return true
		}
	}
	return false
}

// square converts a platform position [x, y] to engine (row, col).
func square(xy []number, size int) (row, col int, err error) {
	if len(xy) != 2 {
		return 0, 0, fmt.Errorf("a position is [x, y], got %d numbers", len(xy))
	}
	x, errx := xy[0].Int64()
	y, erry := xy[1].Int64()
	if errx != nil || erry != nil {
		return 0, 0, fmt.Errorf("[%s, %s] is not two integers", quote.Text(xy[0].String()), quote.Text(xy[1].String()))
	}
	if x < 0 || y < 0 || x >= int64(size) || y >= int64(size) {
		return 0, 0, fmt.Errorf("[%d, %d] is off the %dx%d board", x, y, size, size)
	}
	row, col = board.FromPlatform(size, int(x), int(y))
	return row, col, nil
}

// handTile reads one tile of MyHand.
func handTile(h string) (byte, bool) {
	switch h {
	case "Blank", "blank", "BLANK", "?", "*", "_":
		return tile.Blank, true
	}
	if len(h) == 1 {
		c := h[0]
		if c >= 'a' && c <= 'z' {
			c -= 'a' - 'A'
		}
		if tile.IsLetter(c) {
			return c, true
		}
	}
	return 0, false
}

// buildVariant makes the variant the gamestate describes, on the Classic
// distribution (Parse switches it to Multipliers when it sees the signs).
// The rules a gamestate does not carry (the rack's size, the bingo's
// bonus, the first word's length, the exchange's bag) are Classic's.
func buildVariant(f fields, b *board.Board) (*variant.Variant, error) {
	v := *variant.Classic
	v.Size = b.Size
	v.Layout = append([]board.Premium(nil), b.Premiums...)
	v.StartRow, v.StartCol = board.FromPlatform(b.Size, b.Size/2, b.Size/2) // the centre
	v.Values = variant.EnglishValues
	if f.fast && tileScores(f.raw["TileScores"], &v.Values) {
		return &v, nil
	}
	var scores map[string]number
	if err := f.optional("TileScores", &scores); err != nil {
		return nil, err
	}
	// In the keys' order, so that an error names the same key every time.
	var named [tile.NumKinds]string
	for _, k := range slices.Sorted(maps.Keys(scores)) {
		n := scores[k]
		field := "TileScores[" + quote.String(k) + "]"
		t, ok := handTile(k)
		if !ok {
			return nil, gsErr(field, "the key is not a letter A-Z or Blank")
		}
		if other := named[tile.Index(t)]; other != "" {
			// "F" and "f", or "Blank" and "?": which value holds would
			// depend on the order the keys are read in.
			return nil, gsErr(field, "the same tile as TileScores[%s]", quote.String(other))
		}
		named[tile.Index(t)] = k
		val, err := n.Int64()
		if err != nil || val < 0 || val > 1000 {
			return nil, gsErr(field, "%s is not a tile value (an integer 0..1000)", quote.Text(n.String()))
		}
		v.Values[tile.Index(t)] = int(val)
	}
	return &v, nil
}

// fields decodes individual gamestate fields, naming the field in errors.
type fields struct {
	raw map[string]json.RawMessage
	// fast lets fastDecode read the shapes it knows.
	fast bool
}

// required is optional for a field the gamestate must give: missing or
// null, it is refused (a null hand read as no tiles would answer a pass).
func (f fields) required(name string, dst any) error {
	if err := f.given(name); err != nil {
		return err
	}
	return f.optional(name, dst)
}

// given refuses a field that is missing or null.
func (f fields) given(name string) error {
	raw, ok := f.raw[name]
	switch {
	case !ok:
		return gsErr(name, "missing")
	case bytes.Equal(bytes.TrimSpace(raw), []byte("null")):
		return gsErr(name, "null, where a value is wanted")
	}
	return nil
}

func (f fields) optional(name string, dst any) error {
	raw, ok := f.raw[name]
	if !ok || bytes.Equal(bytes.TrimSpace(raw), []byte("null")) {
		return nil
	}
	if f.fast && fastDecode(raw, dst) {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(dst); err != nil {
		var sn *stringNumberError
		if errors.As(err, &sn) {
			return gsErr(name, "%s is a string, where a number is wanted (write it without quotes)", quote.String(sn.Value))
		}
		return gsErr(name, "%s", typeMessage(err))
	}
	return nil
}

func (f fields) requiredInt(name string, dst *int) error {
	if err := f.given(name); err != nil {
		return err
	}
	return f.optionalInt(name, dst)
}

func (f fields) optionalInt(name string, dst *int) error {
	var v int64
	if err := f.optionalInt64(name, &v); err != nil {
		return err
	}
	if v > math.MaxInt32 || v < math.MinInt32 {
		return gsErr(name, "%d is out of range", v)
	}
	*dst = int(v)
	return nil
}

// optionalInt64 accepts an integer written as a JSON number, also with a
// zero fraction (1544012659463.0), as some encoders print them.
func (f fields) optionalInt64(name string, dst *int64) error {
	var n number
	if err := f.optional(name, &n); err != nil || n == "" {
		return err
	}
	if i, err := n.Int64(); err == nil {
		*dst = i
		return nil
	}
	fl, err := n.Float64()
	switch {
	case err == nil && fl != math.Trunc(fl):
		return gsErr(name, "%s is not an integer", quote.Text(n.String()))
	case err != nil || math.Abs(fl) > 1<<53:
		// A whole number too large for an int64 (10**30), or for a float
		// to hold exactly (1e300, 1e400): an integer all the same.
		return gsErr(name, "%s is out of range", quote.Text(n.String()))
	}
	*dst = int64(fl)
	return nil
}

// typeMessage shortens encoding/json's type errors to what a user needs.
// Some of them hold the value whole ("number 1e999...", or a string that
// is no number quoted with %q): only its kind is kept, as a 1 MB value
// would make a 1 MB message.
func typeMessage(err error) string {
	if found, want, _, ok := quote.JSONMismatch(err); ok {
		return fmt.Sprintf("found a JSON %s where %s is expected", found, want)
	}
	// A string where a number is wanted is accepted when it holds a
	// number ("50"); this is encoding/json's error for one that does not.
	if strings.HasPrefix(err.Error(), "json: invalid number literal") {
		return "found a JSON string that is not a number where a number is expected"
	}
	return quote.Text(err.Error()) // any other that quotes a value stays short too
}

// millis turns a MoveTime in milliseconds into a Duration, saturating
// instead of wrapping: 2e13 ms would wrap to about 49 years and 1e13 to a
// negative time (taken for none), when both mean "more than the clock
// will ever give", which the player's Clock caps.
func millis(ms int64) time.Duration {
	const most = math.MaxInt64 / int64(time.Millisecond)
	switch {
	case ms > most:
		return math.MaxInt64
	case ms < -most:
		return math.MinInt64
	}
	return time.Duration(ms) * time.Millisecond
}
