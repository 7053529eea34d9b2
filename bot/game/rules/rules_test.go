package rules_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/position"
	"github.com/lexico/lexico/bot/game/rules"
	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/bot/game/variant"
)

// wordSet is a Dictionary from a few words.
type wordSet map[string]bool

func (w wordSet) Contains(s string) bool { return w[s] }

func dict(words ...string) wordSet {
	d := wordSet{}
	for _, w := range words {
		d[w] = true
	}
	return d
}

const (
	across = iota
	down
)

// line lays out letters from (r, c) in direction dir: upper case a tile,
// lower case a blank standing for that letter, '.' a square skipped.
func line(r, c, dir int, letters string) []move.Placement {
	var out []move.Placement
	for i := 0; i < len(letters); i++ {
		ch := letters[i]
		if ch != '.' {
			p := move.Placement{Row: r, Col: c, Letter: ch}
			if ch >= 'a' && ch <= 'z' {
				p.Letter, p.Blank = ch-'a'+'A', true
			}
			out = append(out, p)
		}
		if dir == across {
			c++
		} else {
			r++
		}
	}
	return out
}

func play(r, c, dir int, letters string) move.Move {
	return move.Move{Kind: move.Play, Tiles: line(r, c, dir, letters)}
}

// pos is a position of v with old tiles already on the board (given as line
// arguments) and rack.
func pos(v *variant.Variant, rack string, old ...[]move.Placement) *position.Position {
	r, err := tile.ParseRack(rack)
	if err != nil {
		panic(err)
	}
	p := &position.Position{Variant: v, Board: v.NewBoard(), Rack: r, BagCount: 50}
	for _, ps := range old {
		rules.Apply(p.Board, move.Move{Kind: move.Play, Tiles: ps})
	}
	p.FirstGo = p.Board.IsEmpty()
	return p
}

var std = variant.Multipliers

// Expected scores are worked out by hand from the standard layout (Row 0 at
// the top): centre (7,7) DW; (7,3) and (7,11) DL; (8,6) and (8,8) DL;
// (0,0) TW.
func TestCheck(t *testing.T) {
	tests := []struct {
		name  string
		p     *position.Position
		m     move.Move
		dict  wordSet
		err   error // nil: legal
		score int
		words []rules.Word
		bingo bool
	}{
		{
			name: "first move on the centre double word",
			p:    pos(std, "CATXYZQ"), m: play(7, 6, across, "CAT"), dict: dict("CAT"),
			score: (3 + 1 + 1) * 2, words: []rules.Word{{"CAT", 10, true}},
		},
		{
			name: "blank on the double word square scores 0",
			p:    pos(std, "?ATXYZQ"), m: play(7, 7, across, "cAT"), dict: dict("CAT"),
			score: (0 + 1 + 1) * 2, words: []rules.Word{{"CAT", 4, true}},
		},
		{
			name: "first move away from the start square",
			p:    pos(std, "CATXYZQ"), m: play(7, 8, across, "CAT"), dict: dict("CAT"),
			err: rules.ErrStartSquare, score: 5, words: []rules.Word{{"CAT", 5, true}},
		},
		{
			name: "first word of two letters is too short",
			p:    pos(std, "ATXYZQE"), m: play(7, 7, across, "AT"), dict: dict("AT"),
			err: rules.ErrFirstWordShort, score: 4, words: []rules.Word{{"AT", 4, true}},
		},
		{
			name: "first move of one tile forms no word",
			p:    pos(std, "ATXYZQE"), m: play(7, 7, across, "A"), dict: dict("A"),
			err: rules.ErrFirstWordShort,
		},
		{
			name: "a variant whose first word may have two letters",
			p:    pos(firstTwo(), "ATXYZQE"), m: play(7, 7, across, "AT"), dict: dict("AT"),
			score: 4, words: []rules.Word{{"AT", 4, true}},
		},
		{
			name: "bingo on the first move",
			p:    pos(std, "RETAINS"), m: play(7, 1, across, "RETAINS"), dict: dict("RETAINS"),
			// R E T(DL) A I N S(DW): (1+1+2+1+1+1+1)*2 + 50
			score: 16 + 50, words: []rules.Word{{"RETAINS", 16, true}}, bingo: true,
		},
		{
			name: "premiums under old tiles do not count",
			// old CAT with C on the centre DW; ER added, R on the DL (7,11).
			p: pos(std, "ERXYZQJ", line(7, 7, across, "CAT")), m: play(7, 10, across, "ER"), dict: dict("CATER"),
			score: 3 + 1 + 1 + 1 + 1*2, words: []rules.Word{{"CATER", 8, true}},
		},
		{
			name: "a letter premium under an old tile does not count",
			// old CAT with C on the DL (7,3); S added at (7,6), no premium.
			p: pos(std, "SRXYZQJ", line(7, 3, across, "CAT")), m: play(7, 6, across, "S"), dict: dict("CATS"),
			score: 3 + 1 + 1 + 1, words: []rules.Word{{"CATS", 6, true}},
		},
		{
			name: "gaps filled by old tiles",
			p:    pos(std, "TKXYZQJ", line(7, 7, across, "A.E")), m: play(7, 6, across, "T.K"), dict: dict("TAKE"),
			score: 1 + 1 + 5 + 1, words: []rules.Word{{"TAKE", 8, true}},
		},
		{
			name: "a gap left empty",
			p:    pos(std, "TKXYZQJ", line(7, 7, across, "A")), m: play(7, 6, across, "T..K"), dict: dict("TAKE"),
			err: rules.ErrGap,
		},
		{
			name: "two words through one triple word square",
			// A on (0,0) TW makes AT across (old T) and AX down (old X).
			p: pos(std, "AXYZQJE", line(0, 1, across, "T"), line(1, 0, across, "X")), m: play(0, 0, across, "A"),
			dict:  dict("AT", "AX"),
			score: (1+1)*3 + (1+8)*3, words: []rules.Word{{"AT", 6, true}, {"AX", 27, true}},
		},
		{
			name: "cross words score, and an invalid one makes the move illegal but keeps the score",
			// old CAT at (7,6..8); AT below at (8,7),(8,8), T on the DL (8,8).
			p: pos(std, "ATXYZQJ", line(7, 6, across, "CAT")), m: play(8, 7, across, "AT"), dict: dict("AT", "AA"),
			err:   rules.ErrNotAWord,
			score: (1 + 1*2) + (1 + 1) + (1 + 1*2),
			words: []rules.Word{{"AT", 3, true}, {"AA", 2, true}, {"TT", 3, false}},
		},
		{
			name: "old words are not re-validated",
			// ZZZ is no word; A under its first Z on the DL (8,6) makes ZA.
			p: pos(std, "AXYQJEE", line(7, 6, across, "ZZZ")), m: play(8, 6, across, "A"), dict: dict("ZA"),
			score: 10 + 1*2, words: []rules.Word{{"ZA", 12, true}},
		},
		{
			name: "a played blank on the board scores 0 in a new word",
			p:    pos(std, "SXYQJEE", line(7, 6, across, "cAT")), m: play(7, 9, across, "S"), dict: dict("CATS"),
			score: 0 + 1 + 1 + 1, words: []rules.Word{{"CATS", 3, true}},
		},
		{
			name: "play not touching the board",
			p:    pos(std, "ATXYZQJ", line(7, 6, across, "CAT")), m: play(2, 2, across, "AT"), dict: dict("AT"),
			err: rules.ErrNotConnected, score: 4, words: []rules.Word{{"AT", 4, true}},
		},
		{
			name: "tiles not in one line",
			p:    pos(std, "ATXYZQJ"), m: move.Move{Kind: move.Play, Tiles: append(line(7, 7, across, "A"), line(8, 8, across, "T")...)},
			err: rules.ErrNotInLine,
		},
		{
			name: "tile on an occupied square",
			p:    pos(std, "ATXYZQJ", line(7, 6, across, "CAT")), m: play(7, 8, across, "AT"),
			err: rules.ErrOccupied,
		},
		{
			name: "tile past the edge",
			p:    pos(std, "ATXYZQJ", line(7, 12, across, "CAT")), m: play(7, 15, across, "S"),
			err: rules.ErrOffBoard,
		},
		{
			name: "two tiles on one square",
			p:    pos(std, "ATXYZQJ"), m: move.Move{Kind: move.Play, Tiles: append(line(7, 7, across, "A"), line(7, 7, across, "T")...)},
			err: rules.ErrSameSquare,
		},
		{
			name: "a tile that is not a letter",
			p:    pos(std, "ATXYZQJ"), m: move.Move{Kind: move.Play, Tiles: []move.Placement{{Row: 7, Col: 7, Letter: '?'}}},
			err: rules.ErrBadLetter,
		},
		{
			name: "no tiles",
			p:    pos(std, "ATXYZQJ"), m: move.Move{Kind: move.Play},
			err: rules.ErrNoTiles,
		},
		{
			name: "letter not on the rack",
			p:    pos(std, "CAXYZQJ"), m: play(7, 6, across, "CAT"), dict: dict("CAT"),
			err: rules.ErrNotInRack, score: 10, words: []rules.Word{{"CAT", 10, true}},
		},
		{
			name: "blank not on the rack",
			p:    pos(std, "TAXYZQJ"), m: play(7, 7, across, "cAT"), dict: dict("CAT"),
			err: rules.ErrNotInRack, score: 4, words: []rules.Word{{"CAT", 4, true}},
		},
		{
			name: "letter used twice but held once",
			p:    pos(std, "TAXYZQJ"), m: play(7, 6, across, "TAT"), dict: dict("TAT"),
			err: rules.ErrNotInRack, score: 6, words: []rules.Word{{"TAT", 6, true}},
		},
		{
			name: "down play on an old word, main word read down",
			// old CAT across (7,6..8); E on the DL (8,8) and S below it
			// extend the old T downwards: TES.
			p: pos(std, "ESXYZQJ", line(7, 6, across, "CAT")), m: play(8, 8, down, "ES"), dict: dict("TES"),
			score: 1 + 1*2 + 1, words: []rules.Word{{"TES", 4, true}},
		},
		{name: "pass on the first go", p: pos(std, "ATXYZQJ"), m: move.NewPass()},
		{name: "pass later", p: pos(std, "ATXYZQJ", line(7, 6, across, "CAT")), m: move.NewPass()},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			before := tc.p.Board.String()
			var d rules.Dictionary
			if tc.dict != nil {
				d = tc.dict
			}
			res := rules.Check(tc.p, tc.m, d)
			if tc.p.Board.String() != before {
				t.Fatalf("Check changed the board")
			}
			if tc.err == nil && !res.Legal {
				t.Fatalf("refused: %s", res.Reason)
			}
			if tc.err != nil {
				if res.Legal {
					t.Fatalf("accepted, want %v", tc.err)
				}
				if !errors.Is(res.Err, tc.err) {
					t.Fatalf("refused with %q, want %v", res.Reason, tc.err)
				}
				if res.Reason == "" {
					t.Fatalf("refused without a reason")
				}
			}
			if res.Score != tc.score || res.Bingo != tc.bingo {
				t.Errorf("score %d bingo %v, want %d %v", res.Score, res.Bingo, tc.score, tc.bingo)
			}
			if !sameWords(res.Words, tc.words) {
				t.Errorf("words %v, want %v", res.Words, tc.words)
			}
		})
	}
}

func sameWords(a, b []rules.Word) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func firstTwo() *variant.Variant {
	v := *variant.Multipliers
	v.FirstWordMinLen = 2
	return &v
}

func TestExchange(t *testing.T) {
	later := func(bag int, rack string) *position.Position {
		p := pos(std, rack, line(7, 6, across, "CAT"))
		p.BagCount = bag
		return p
	}
	first := pos(std, "ABCDEFG")
	first.BagCount = 86
	// A gamestate may say FirstGo false over an empty board: still a first go.
	notFlagged := pos(std, "ABCDEFG")
	notFlagged.BagCount, notFlagged.FirstGo = 86, false
	// A rule set that asks for no tiles in the bag still needs one to draw.
	noMin := *std
	noMin.ExchangeMinBag = 0
	emptyBag := later(0, "ABCDEFG")
	emptyBag.Variant = &noMin
	oneLeft := later(1, "ABCDEFG")
	oneLeft.Variant = &noMin
	tests := []struct {
		name string
		p    *position.Position
		ex   string
		err  error
	}{
		{"seven in the bag", later(7, "ABCDEFG"), "ABC", nil},
		{"six in the bag", later(6, "ABCDEFG"), "ABC", rules.ErrExchangeBag},
		{"whole rack", later(50, "ABCDEF?"), "ABCDEF?", nil},
		{"a blank", later(50, "ABCDEF?"), "?", nil},
		{"tile not on the rack", later(50, "ABCDEFG"), "Z", rules.ErrNotInRack},
		{"tile twice, held once", later(50, "ABCDEFG"), "AA", rules.ErrNotInRack},
		{"on the first go", first, "ABC", rules.ErrExchangeFirst},
		{"nothing named", later(50, "ABCDEFG"), "", rules.ErrExchangeNone},
		{"empty board, FirstGo false", notFlagged, "ABC", rules.ErrExchangeFirst},
		{"no minimum, empty bag", emptyBag, "A", rules.ErrExchangeBag},
		{"no minimum, one in the bag", oneLeft, "A", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := rules.Check(tc.p, move.NewExchange([]byte(tc.ex)), nil)
			if tc.err != rules.ErrExchangeNone && tc.err != rules.ErrNotInRack {
				if err := rules.ExchangeAllowed(tc.p); !errors.Is(err, tc.err) {
					t.Fatalf("ExchangeAllowed = %v, want %v", err, tc.err)
				}
			}
			switch {
			case tc.err == nil && !res.Legal:
				t.Fatalf("refused: %s", res.Reason)
			case tc.err != nil && (res.Legal || !errors.Is(res.Err, tc.err)):
				t.Fatalf("legal=%v reason %q, want %v", res.Legal, res.Reason, tc.err)
			}
			if res.Score != 0 {
				t.Fatalf("exchange scored %d", res.Score)
			}
		})
	}
}

func TestApply(t *testing.T) {
	b := std.NewBoard()
	rules.Apply(b, play(7, 6, across, "cAT"))
	rules.Apply(b, move.NewExchange([]byte("ABC")))
	rules.Apply(b, move.NewPass())
	if got := strings.Split(b.String(), "\n")[7]; got != "......cAT......" {
		t.Fatalf("row 7 after CAT with a blank C: %q", got)
	}
	if b.TileCount() != 3 {
		t.Fatalf("%d tiles on the board, want 3", b.TileCount())
	}
	if b.At(7, 6) != (board.Square{Letter: 'C', Blank: true}) {
		t.Fatalf("blank C stored as %+v", b.At(7, 6))
	}
}

// Without a dictionary every word counts as valid: that is how games played
// with another word list are scored.
func TestNilDictionaryAcceptsAll(t *testing.T) {
	res := rules.Check(pos(std, "QXZJKVW"), play(7, 6, across, "QXZ"), nil)
	if !res.Legal || len(res.Words) != 1 || !res.Words[0].Valid {
		t.Fatalf("nil dictionary: %+v", res)
	}
}

// A refusal about a square names it as people do (H8, as the page, play and
// the drawings name squares), not by the engine's 0-based row and column.
func TestSquareRefusalsNameSquaresForPeople(t *testing.T) {
	for _, c := range []struct {
		name string
		p    *position.Position
		m    move.Move
		want string
	}{
		{"occupied", pos(std, "ATXYZQJ", line(7, 6, across, "CAT")), play(7, 8, across, "AT"), "I8 holds T"},
		{"first move off the start", pos(std, "CATXYZQ"), play(7, 8, across, "CAT"), ": H8"},
		{"past the edge", pos(std, "ATXYZQJ", line(7, 12, across, "CAT")), play(7, 15, across, "S"), "P8 on a 15x15 board"},
	} {
		res := rules.Check(c.p, c.m, dict("CAT", "AT", "CATS"))
		if res.Legal || !strings.Contains(res.Reason, c.want) {
			t.Errorf("%s: reason %q, want it to name %q", c.name, res.Reason, c.want)
		}
	}
}
