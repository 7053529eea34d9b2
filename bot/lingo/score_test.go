package lingo

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

// The seed's worked example: Fred plays I on b3, completing IT across and
// BIZ read upwards, for (2 + 28) x 2 = 60 pts.
func TestSeedExample(t *testing.T) {
	b := board(t,
		"zs.",
		".tg",
		"bw.")
	// BI is a word too (read upwards from b4): only the best word of each
	// axis through the new tile may count. The words are found the same
	// with a plain word set and with a GADDAG.
	m := parse(t, b, "ib3")
	for _, d := range []Dictionary{dict("IT", "BIZ", "BI"), withGADDAG(dict("IT", "BIZ", "BI"))} {
		res, err := Judge(b, rack(t, "RYTHI"), m, NewLexicon(d), DefaultOptions())
		if err != nil {
			t.Fatalf("Judge: %v", err)
		}
		if got := Describe("fred", res); got != "fred made the words IT and BIZ for a total of (2 + 28) x 2 = 60 pts." {
			t.Errorf("%T: Describe = %q", d, got)
		}
		if len(res.Words) != 2 || !res.Words[1].Backwards || res.Words[1].Dir != Down || res.Words[0].Backwards {
			t.Errorf("%T: words = %+v; want IT across forwards, BIZ down backwards", d, res.Words)
		}
	}
	for _, p := range m.Tiles {
		b.Place(p.Row, p.Col, p.Letter)
	}
	var out bytes.Buffer
	Render(&out, b, m)
	want := `      a   b   c   d   e

   1                     1
        +---+---+
   2    | z   s |        2
        +       +---+
   3    | I   t   g |    3
        +       +---+
   4    | b   w |        4
        +---+---+
   5                     5

      a   b   c   d   e
`
	if out.String() != want {
		t.Errorf("board drawn as\n%s\nwant the seed's\n%s", out.String(), want)
	}
}

func TestSeedWordScore(t *testing.T) {
	// "the word HAY would score 18 pts as (H=4 + A=1 + Y=4) * (length-1=2)".
	if got := WordScore([]byte("HAY")); got != 18 {
		t.Errorf("HAY scores %d, want 18", got)
	}
}

func TestNoTwosIgnoresTwoLetterWords(t *testing.T) {
	b := board(t, "zs.", ".tg", "bw.")
	o := DefaultOptions()
	o.NoTwos = true
	res, err := Judge(b, rack(t, "I"), parse(t, b, "ib3"), NewLexicon(dict("IT", "BIZ", "BI")), o)
	if err != nil {
		t.Fatal(err)
	}
	if res.Score != 28 || wordTexts(res) != "BIZ" {
		t.Errorf("no_twos: %s for %d; want BIZ alone for 28", wordTexts(res), res.Score)
	}
	// Two tiles that only make a two-letter word are not part of a valid word.
	b = board(t, "q")
	_, err = Judge(b, rack(t, "AT"), parse(t, b, "aa1,tb1"), NewLexicon(dict("AT")), Options{Players: 2, Pool: 5, Place: 2, NoTwos: true})
	if !errors.Is(err, ErrIllegal) {
		t.Errorf("AT under no_twos: err = %v, want illegal", err)
	}
}

func TestBackwardsWords(t *testing.T) {
	// D after GO makes GOD across, which reads DOG backwards.
	b := board(t, "GO")
	res, err := Judge(b, rack(t, "D"), parse(t, b, "dd2"), NewLexicon(dict("DOG")), DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Words) != 1 || res.Words[0].Text != "DOG" || !res.Words[0].Backwards || res.Score != (2+1+2)*2 {
		t.Errorf("got %+v, want DOG read backwards for 10", res)
	}
	// Read forwards when the line is a word both ways.
	res, err = Judge(b, rack(t, "D"), parse(t, b, "dd2"), NewLexicon(dict("DOG", "GOD")), DefaultOptions())
	if err != nil || res.Words[0].Text != "GOD" || res.Words[0].Backwards {
		t.Errorf("GOD/DOG: %+v, %v; want GOD forwards", res, err)
	}
}

func TestWordsNeedNotFillTheLine(t *testing.T) {
	// CATXZ: the best word through the new T is CAT, not the whole line.
	b := board(t, "CA.XZ")
	res, err := Judge(b, rack(t, "T"), parse(t, b, "td2"), NewLexicon(dict("CAT", "AT")), DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	if wordTexts(res) != "CAT" || res.Score != (3+1+1)*2 {
		t.Errorf("got %s for %d; want CAT for 10 (better than AT for 2)", wordTexts(res), res.Score)
	}
}

func TestAWordOfSeveralTilesCountsOnce(t *testing.T) {
	// C and S around AT: CATS is the best across word of both tiles; it
	// counts once, and no word down.
	b := board(t, "AT")
	res, err := Judge(b, rack(t, "CS"), parse(t, b, "ca2,sd2"), NewLexicon(dict("CATS", "CAT", "AT", "ATS")), DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	want := (3 + 1 + 1 + 1) * 3
	if wordTexts(res) != "CATS" || res.Score != want {
		t.Errorf("got %s for %d; want CATS once for %d", wordTexts(res), res.Score, want)
	}
}

func TestCombinedScoreIsMultipliedByTheNumberOfWords(t *testing.T) {
	// A on c2, beside H and above T, makes HA across and AT down.
	b := board(t, "H.", "AT")
	res, err := Judge(b, rack(t, "A"), parse(t, b, "ac2"), NewLexicon(dict("HA", "AT")), DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	if wordTexts(res) != "HA AT" || res.Sum != 5+2 || res.Score != 14 {
		t.Errorf("got %s sum %d score %d; want HA AT, (5 + 2) x 2 = 14", wordTexts(res), res.Sum, res.Score)
	}
}

func TestStacking(t *testing.T) {
	lex := NewLexicon(dict("CAT", "COT"))
	b := board(t, "CAT")
	// O on top of A turns CAT into COT.
	m := parse(t, b, "oc2")
	res, err := Judge(b, rack(t, "OA"), m, lex, DefaultOptions())
	if err != nil || wordTexts(res) != "COT" || res.Score != (3+1+1)*2 {
		t.Fatalf("O on A: %s %d %v; want COT for 10", wordTexts(res), res.Score, err)
	}
	// A on A is refused without repeat...
	_, err = Judge(b, rack(t, "OA"), parse(t, b, "ac2"), lex, DefaultOptions())
	if !errors.Is(err, ErrIllegal) || !strings.Contains(err.Error(), "same letter") {
		t.Errorf("A on A: err = %v, want illegal (same letter)", err)
	}
	// ...and allowed with it, scoring CAT again.
	o := DefaultOptions()
	o.Repeat = true
	res, err = Judge(b, rack(t, "OA"), parse(t, b, "ac2"), lex, o)
	if err != nil || wordTexts(res) != "CAT" {
		t.Errorf("A on A with repeat: %s %v; want CAT", wordTexts(res), err)
	}
	// The stack grows, the top letter shows, and both tiles stay counted.
	b.Place(m.Tiles[0].Row, m.Tiles[0].Col, 'O')
	if s := b.At(m.Tiles[0].Row, m.Tiles[0].Col); s.Letter != 'O' || s.Height != 2 {
		t.Errorf("stack on c2 = %+v, want O on a stack of 2", s)
	}
	if p := b.Placed(); b.Tiles() != 4 || p['A'-'A'] != 1 || p['O'-'A'] != 1 {
		t.Errorf("board counts %d tiles, %v; want 4 with A and O", b.Tiles(), p)
	}
}

func TestAdjacency(t *testing.T) {
	lex := NewLexicon(dict("AT"))
	b := board(t, "A....", ".....", ".....", "....T")
	for _, c := range []struct{ move, why string }{
		{"ta1", "touches no tile"}, // corner of the window, diagonal to A
		{"tc4", "touches no tile"}, // in the middle, far from both
		{"ad4,te4", "touch none"},  // AT on its own, touching only itself
		{"tz9", "off the board"},   // outside the window
		{"xb3", "no X left in the pool"},
	} {
		m, err := b.ParseMove(c.move)
		if err == nil {
			_, err = Judge(b, rack(t, "AT"), m, lex, DefaultOptions())
		}
		if err == nil || !strings.Contains(err.Error(), c.why) {
			t.Errorf("%s: err = %v, want one saying %q", c.move, err, c.why)
		}
	}
	// Beside A, across or down, is fine.
	for _, s := range []string{"tc2", "tb3", "ta2", "tb1"} {
		if _, err := Judge(b, rack(t, "AT"), parse(t, b, s), lex, DefaultOptions()); err != nil {
			t.Errorf("%s: %v", s, err)
		}
	}
}

func TestTilesOfOneMoveMustBePartOfOneWord(t *testing.T) {
	lex := NewLexicon(dict("CATS", "CAT", "CAR", "AT", "SCAT"))
	b := board(t, "CAT")
	o := DefaultOptions()
	for _, c := range []struct{ move, why string }{
		{"sb1,se2", "one line"},              // not in a line
		{"sb1,sd1", "gap"},                   // row 1 with c1 empty
		{"sb1,sc1", "no word reads through"}, // SS is no word
		{"se2,ca2", "no word reads through"}, // CCATS is no word
		{"sa2,sb2,sc2", "at most 2"},         // more than place
	} {
		m, err := b.ParseMove(c.move)
		if err == nil {
			_, err = Judge(b, rack(t, "SSCAR"), m, lex, o)
		}
		if !errors.Is(err, ErrIllegal) || !strings.Contains(err.Error(), c.why) {
			t.Errorf("%s: err = %v, want illegal saying %q", c.move, err, c.why)
		}
	}
	// One tile needs no partner: S on e2 makes CATS.
	res, err := Judge(b, rack(t, "SSCAR"), parse(t, b, "se2"), lex, o)
	if err != nil || wordTexts(res) != "CATS" {
		t.Errorf("se2: %s %v; want CATS", wordTexts(res), err)
	}
	// S on a2 and R on top of T make SCAR: two tiles in one word, one of
	// them stacked.
	res, err = Judge(b, rack(t, "SSCAR"), parse(t, b, "sa2,rd2"), NewLexicon(dict("SCAR")), o)
	if err != nil || wordTexts(res) != "SCAR" {
		t.Errorf("sa2,rd2: %s %v; want SCAR", wordTexts(res), err)
	}
}
