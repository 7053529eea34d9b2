// Package variant holds the rule sets as data: board size and premium layout,
// tile distribution and values, rack size, bingo bonus and first-move rule.
// Classic and Multipliers Lexico are two values of Variant, not two code
// paths, so Words With Friends and other cousins are added as more data.
package variant

import (
	"fmt"
	"iter"
	"sort"
	"strings"

	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/internal/quote"
)

// Variant is one rule set.
type Variant struct {
	Name string
	Size int
	// Layout is the premium of every square, row-major, Row 0 at the top.
	Layout []board.Premium
	// Distribution is how many of each tile the bag starts with, indexed by
	// tile.Index (the blank at tile.BlankIndex).
	Distribution [tile.NumKinds]int
	// Values is each tile's score, indexed by tile.Index; blanks score 0.
	Values     [tile.NumKinds]int
	RackSize   int
	BingoBonus int
	// FirstWordMinLen is the shortest word the opening move may form.
	FirstWordMinLen int
	// StartRow, StartCol is the square the first move must cover.
	StartRow, StartCol int
	// ExchangeMinBag is the fewest tiles the bag must hold for an exchange.
	ExchangeMinBag int
}

// TotalTiles is the size of the full bag.
func (v *Variant) TotalTiles() int {
	n := 0
	for _, c := range v.Distribution {
		n += c
	}
	return n
}

// NewBoard returns an empty board with this variant's premiums.
func (v *Variant) NewBoard() *board.Board { return board.WithLayout(v.Size, v.Layout) }

// ParseLayout reads a square picture of the premium layout: '.' none,
// 'd' double letter, 't' triple letter, 'D' double word, 'T' triple word;
// one line per row, top row first.
func ParseLayout(rows ...string) ([]board.Premium, error) {
	n := len(rows)
	out := make([]board.Premium, 0, n*n)
	for r, row := range rows {
		if len(row) != n {
			return nil, fmt.Errorf("layout row %d has %d squares, want %d", r, len(row), n)
		}
		for _, c := range []byte(row) {
			switch c {
			case '.':
				out = append(out, board.NoPremium)
			case 'd':
				out = append(out, board.DoubleLetter)
			case 't':
				out = append(out, board.TripleLetter)
			case 'D':
				out = append(out, board.DoubleWord)
			case 'T':
				out = append(out, board.TripleWord)
			default:
				return nil, fmt.Errorf("layout row %d: unknown premium %q", r, c)
			}
		}
	}
	return out, nil
}

func mustLayout(rows ...string) []board.Premium {
	l, err := ParseLayout(rows...)
	if err != nil {
		panic(err) // only reached by a typo in the tables below, caught by the tests
	}
	return l
}

// StandardLayout is the classic 15x15 crossword-game premium layout.
var StandardLayout = mustLayout(
	"T..d...T...d..T",
	".D...t...t...D.",
	"..D...d.d...D..",
	"d..D...d...D..d",
	"....D.....D....",
	".t...t...t...t.",
	"..d...d.d...d..",
	"T..d...D...d..T",
	"..d...d.d...d..",
	".t...t...t...t.",
	"....D.....D....",
	"d..D...d...D..d",
	"..D...d.d...D..",
	".D...t...t...D.",
	"T..d...T...d..T",
)

// counts builds a distribution or value table from "A9 B2 ... ?2".
func counts(spec string) (out [tile.NumKinds]int) {
	for _, f := range strings.Fields(spec) {
		var n int
		fmt.Sscanf(f[1:], "%d", &n)
		out[tile.Index(f[0])] = n
	}
	return out
}

// EnglishValues are the standard English tile values (Lexico's TileScores).
var EnglishValues = counts("A1 B3 C3 D2 E1 F4 G2 H4 I1 J8 K5 L1 M3 N1 O1 P3 Q10 R1 S1 T1 U1 V4 W4 X8 Y4 Z10 ?0")

// englishLetters is the standard English distribution without blanks: 98 tiles.
const englishLetters = "A9 B2 C2 D4 E12 F2 G3 H2 I9 J1 K1 L4 M2 N6 O8 P2 Q1 R6 S4 T6 U4 V2 W2 X1 Y2 Z1"

// Classic is Lexico without blanks or premium squares: 98 tiles.
var Classic = &Variant{
	Name: "classic", Size: 15,
	Layout:       make([]board.Premium, 15*15),
	Distribution: counts(englishLetters),
	Values:       EnglishValues,
	RackSize:     7, BingoBonus: 50, FirstWordMinLen: 3,
	StartRow: 7, StartCol: 7, ExchangeMinBag: 7,
}

// Multipliers is Lexico with 2 blanks (100 tiles) and the standard premiums.
var Multipliers = &Variant{
	Name: "multipliers", Size: 15,
	Layout:       StandardLayout,
	Distribution: counts(englishLetters + " ?2"),
	Values:       EnglishValues,
	RackSize:     7, BingoBonus: 50, FirstWordMinLen: 3,
	StartRow: 7, StartCol: 7, ExchangeMinBag: 7,
}

var registry = map[string]*Variant{}

// register makes v known to ByName. Each rule set's file calls it from its
// init, and nothing after: the registry is read without a lock.
func register(v *Variant) { registry[v.Name] = v }

func init() {
	register(Classic)
	register(Multipliers)
}

// oldNames are names a rule set had before every command used the
// registered names; ByName still accepts them. "lexico" named the
// multipliers game in the solver, but every rule set here is a Lexico game,
// so the name said nothing.
var oldNames = map[string]string{"lexico": "multipliers"}

// ByName finds a registered variant by its name or an old name, in any case.
func ByName(name string) (*Variant, error) {
	n := strings.ToLower(strings.TrimSpace(name))
	if cur, ok := oldNames[n]; ok {
		n = cur
	}
	if v, ok := registry[n]; ok {
		return v, nil
	}
	return nil, fmt.Errorf("%w %s (known: %s)", ErrUnknown, quote.String(name), strings.Join(Names(), ", "))
}

// Renamed reports the registered name of an old name (and true), so a
// command can tell its user the name to use from now on.
func Renamed(name string) (current string, old bool) {
	current, old = oldNames[strings.ToLower(strings.TrimSpace(name))]
	return current, old
}

// All lists the registered variants, in no particular order: for a reader
// that must allow for any of them (a gamestate does not say its rule set).
// The registry is filled at init and only read after, so its map is
// iterated directly: a gamestate is checked without allocating a list.
func All() iter.Seq[*Variant] {
	return func(yield func(*Variant) bool) {
		for _, v := range registry {
			if !yield(v) {
				return
			}
		}
	}
}

// Names lists the registered variants, sorted.
func Names() []string {
	var out []string
	for n := range registry {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}
