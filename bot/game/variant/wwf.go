package variant

// Words With Friends (Zynga) as data. The facts and the sources they were
// cross-checked against are listed in data/wwf/README.md; TestWWF checks the
// totals those sources state (104 tiles, 61 coloured squares counting the
// centre star) so a typo in the tables below fails the build's tests.

// WWFLayout is the Words With Friends premium layout. Unlike the crossword
// game's, the triple-word squares sit three squares in from the corners
// (row 0, column 3 and its mirror images), each with a triple letter three
// squares further along, and the centre star carries no premium.
var WWFLayout = mustLayout(
	"...T..t.t..T...",
	"..d..D...D..d..",
	".d..d.....d..d.",
	"T..t...D...t..T",
	"..d...d.d...d..",
	".D...t...t...D.",
	"t...d.....d...t",
	"...D.......D...",
	"t...d.....d...t",
	".D...t...t...D.",
	"..d...d.d...d..",
	"T..t...D...t..T",
	".d..d.....d..d.",
	"..d..D...D..d..",
	"...T..t.t..T...",
)

// WWFValues are the Words With Friends tile values.
var WWFValues = counts("A1 B4 C4 D2 E1 F4 G3 H3 I1 J10 K5 L2 M4 N2 O1 P4 Q10 R1 S1 T1 U2 V5 W4 X8 Y3 Z10 ?0")

// WWF is Words With Friends: 104 tiles (2 blanks), a 35-point bingo, and a
// first word of at least two letters over the centre star (two-letter words
// are legal openings there, unlike Lexico's three-letter minimum).
// ExchangeMinBag keeps Lexico's 7; the board-file solver never exchanges.
var WWF = &Variant{
	Name: "wwf", Size: 15,
	Layout:       WWFLayout,
	Distribution: counts("A9 B2 C2 D5 E13 F2 G3 H4 I8 J1 K1 L4 M2 N5 O8 P2 Q1 R6 S5 T7 U4 V2 W2 X1 Y2 Z1 ?2"),
	Values:       WWFValues,
	RackSize:     7, BingoBonus: 35, FirstWordMinLen: 2,
	StartRow: 7, StartCol: 7, ExchangeMinBag: 7,
}

func init() { register(WWF) }
