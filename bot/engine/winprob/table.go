// Package winprob holds the chance of winning a game of Lexico from a
// spread, the number of tiles unseen and who moves: P(win | spread, unseen,
// to move), learned from self-play under Lexico's rules (no end-of-game
// rack penalty; a game ends when a player is out with the bag empty or
// after two passes in a row), so that the simulation can rank its
// candidates by the chance they give of winning rather than by points.
//
// A Table is a logistic curve per unseen count and side to move,
// P = 1 / (1 + exp(-(A + B·spread))) with B > 0: monotone in the spread by
// construction, between 0 and 1, two numbers a cell, a few kilobytes a bag.
// The curve trades the shape a free table could take (a fatter tail) for
// monotonicity and no noise in the cells self-play rarely visits; Stats
// holds the counts it is fitted from (Stats.Fit), which add up across
// shards of the trainer (package winprobgen).
package winprob

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/lexico/lexico/bot/game/tile"
)

// Sides: a cell is for the side whose spread it is, to move next or not.
const (
	Waiting = 0 // the other side moves next
	ToMove  = 1 // the side whose spread it is moves next
)

// Table is P(win | spread, unseen, side to move) for one bag.
type Table struct {
	// Variant names the variant the games were played in; Dist is its bag
	// (the tile counts), which says whether the table fits a game (Fits).
	Variant string
	Dist    [tile.NumKinds]int
	// Games and Seed are the self-play the table was learned from.
	Games uint64
	Seed  uint64
	// A and B are the curve of each cell, indexed by unseen*2 + side:
	// unseen from 0 to MaxUnseen (the tiles the side cannot see: the bag
	// and the other side's rack).
	A, B []float64
}

// MaxUnseen is the largest unseen count the table has a cell for; larger
// counts use its cells.
func (t *Table) MaxUnseen() int { return len(t.A)/2 - 1 }

// Fits reports whether the table was learned with the bag dist.
func (t *Table) Fits(dist *[tile.NumKinds]int) bool { return t.Dist == *dist }

// P is the chance that the side whose lead is spread wins (a tie counts
// half), with unseen tiles it cannot see and toMove whether it moves next.
// It does not allocate.
func (t *Table) P(spread float64, unseen int, toMove bool) float64 {
	c := min(max(unseen, 0), t.MaxUnseen()) * 2
	if toMove {
		c++
	}
	return 1 / (1 + math.Exp(-(t.A[c] + t.B[c]*spread)))
}

const tableMagic = "lexico-winprob 1"

// MaxFile is the most a program reads of a win probability table or
// statistics file (readlimit): a table is some 5 KB (data/winprob), the
// statistics eight bytes a cell, about 1 MB; past 16 MiB a file is
// neither, and /dev/zero read whole hung.
const MaxFile = 16 << 20

// WriteTo writes the table as text: a header, then a line per cell
// ("unseen side A B"), so that a table reads and diffs as what it is.
func (t *Table) WriteTo(w io.Writer) (int64, error) {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "%s\nvariant %s\nbag", tableMagic, t.Variant)
	for _, n := range t.Dist {
		fmt.Fprintf(bw, " %d", n)
	}
	fmt.Fprintf(bw, "\ngames %d\nseed %d\ncells %d\n", t.Games, t.Seed, len(t.A))
	for c := range t.A {
		fmt.Fprintf(bw, "%d %d %s %s\n", c/2, c%2, strconv.FormatFloat(t.A[c], 'g', 7, 64), strconv.FormatFloat(t.B[c], 'g', 7, 64))
	}
	return 0, bw.Flush()
}

// ReadTable reads a table WriteTo wrote, checking every cell is there once,
// every curve rises with the spread, and the last line ends as WriteTo ends
// it: a file cut inside its last number would otherwise read as a whole
// table with a wrong last cell.
func ReadTable(r io.Reader) (*Table, error) {
	end := &lastByteReader{r: r}
	sc := bufio.NewScanner(end)
	line := 0
	next := func() (string, bool) {
		for sc.Scan() {
			line++
			if s := strings.TrimSpace(sc.Text()); s != "" {
				return s, true
			}
		}
		return "", false
	}
	bad := func(format string, a ...any) error {
		return fmt.Errorf("%w: line %d: %s", ErrFormat, line, fmt.Sprintf(format, a...))
	}
	if s, _ := next(); s != tableMagic {
		return nil, fmt.Errorf("%w: not a win probability table (no %q header)", ErrFormat, tableMagic)
	}
	t := &Table{}
	field := func(name string) (string, error) {
		s, ok := next()
		k, v, _ := strings.Cut(s, " ")
		if !ok || k != name {
			return "", bad("want %q", name)
		}
		return v, nil
	}
	var err error
	if t.Variant, err = field("variant"); err != nil {
		return nil, err
	}
	bag, err := field("bag")
	if err != nil {
		return nil, err
	}
	counts := strings.Fields(bag)
	if len(counts) != tile.NumKinds {
		return nil, bad("bag: %d counts, want %d", len(counts), tile.NumKinds)
	}
	for i, s := range counts {
		if t.Dist[i], err = strconv.Atoi(s); err != nil || t.Dist[i] < 0 {
			return nil, bad("bag: count %q", s)
		}
	}
	var cells int
	for _, f := range []struct {
		name string
		dst  *uint64
	}{{"games", &t.Games}, {"seed", &t.Seed}} {
		s, err := field(f.name)
		if err != nil {
			return nil, err
		}
		if *f.dst, err = strconv.ParseUint(s, 10, 64); err != nil {
			return nil, bad("%s %q", f.name, s)
		}
	}
	s, err := field("cells")
	if err != nil {
		return nil, err
	}
	if cells, err = strconv.Atoi(s); err != nil || cells < 2 || cells%2 != 0 || cells > 1<<12 {
		return nil, bad("cells %q: want an even count", s)
	}
	t.A, t.B = make([]float64, cells), make([]float64, cells)
	for c := range cells {
		s, ok := next()
		f := strings.Fields(s)
		if !ok || len(f) != 4 {
			return nil, bad("want cell %d: unseen side A B", c)
		}
		u, err1 := strconv.Atoi(f[0])
		side, err2 := strconv.Atoi(f[1])
		a, err3 := strconv.ParseFloat(f[2], 64)
		b, err4 := strconv.ParseFloat(f[3], 64)
		switch {
		case err1 != nil || err2 != nil || err3 != nil || err4 != nil:
			return nil, bad("cell %q: want integers and numbers", s)
		case u*2+side != c || side < 0 || side > 1:
			return nil, bad("cell %d %d out of order, want %d %d", u, side, c/2, c%2)
		case math.IsNaN(a) || math.IsInf(a, 0) || !(b > 0) || math.IsInf(b, 0):
			return nil, bad("cell %d %d: A %v, B %v: want a finite A and B > 0 (rising with the spread)", u, side, a, b)
		}
		t.A[c], t.B[c] = a, b
	}
	if s, ok := next(); ok {
		return nil, bad("unexpected %q after the last cell", s)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrFormat, err)
	}
	if end.last != '\n' {
		return nil, fmt.Errorf("%w: the last line has no line end: the file is cut short", ErrFormat)
	}
	return t, nil
}

// lastByteReader remembers the last byte read through it.
type lastByteReader struct {
	r    io.Reader
	last byte
}

func (l *lastByteReader) Read(p []byte) (int, error) {
	n, err := l.r.Read(p)
	if n > 0 {
		l.last = p[n-1]
	}
	return n, err
}
