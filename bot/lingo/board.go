package lingo

import (
	"fmt"
	"strings"

	"github.com/lexico/lexico/internal/quote"
)

// MaxSpan is the widest the tiles may spread. Lingo's board has no edge:
// the seed draws the tiles' bounding box with a margin around it (a row or
// column on the square board; a column and two half-rows on the hexagonal
// one), and moves name squares of that picture (column letter, row
// number), so a move can reach one square beyond the tiles. Column letters
// run out at z: a span of 24 plus the two margins is 26 columns. The tiles
// may not spread over more than MaxSpan columns, nor more than MaxSpan
// rows (square board) or 2*MaxSpan half-rows (hexagonal board); moves
// that would are illegal. The limit never binds in practice (the full set
// is 98 tiles, and words cross).
const MaxSpan = 24

// grid is the side of the fixed array that holds the board; the starting
// tile stands in the middle, so the tiles cannot leave it whichever way
// they grow, margins included (a hexagonal board's rows run slanted
// through the array, hence the room).
const (
	grid   = 4*MaxSpan + 3
	centre = grid / 2
)

// Square is one square: the letter showing on top (0 when empty) and how
// many tiles are stacked there.
type Square struct {
	Letter byte
	Height uint8
}

// Empty reports whether no tile stands on the square.
func (s Square) Empty() bool { return s.Letter == 0 }

// Board is the grid of stacks. Row and Col are internal coordinates into a
// fixed array; people and the notation see only the window, the tiles'
// bounding box with a margin, whose top-left square is a1.
//
// On the square board Row grows downwards and Col rightwards. On the
// hexagonal board (Hex) Row and Col are axial coordinates: a cell is drawn
// in column Col and half-row 2*Row+Col, so its six neighbours are one
// column left or right and a half-row up or down, or two half-rows up or
// down in the same column (the seed's picture: column c holds rows 5, 7
// and 9, column d rows 4 and 6). The three axes are Across (Col+1: down to
// the right), Down (Row+1: straight down) and Rising (Row-1, Col+1: up to
// the right).
//
// The zero value is unusable: use NewBoard. Board is a value of fixed size
// (no pointers), so copying it is a clone.
type Board struct {
	sq  [grid * grid]Square
	hex bool
	// top, bottom, left, right bound the occupied squares (inclusive) in
	// drawing coordinates (see disp).
	top, bottom, left, right int
	// placed counts every tile on the board by letter, buried ones too.
	placed [26]int
	tiles  int
}

// NewBoard is a board (hexagonal if hex) with one tile, the starting tile,
// in the middle. A Lingo move must touch a tile, so the first move needs
// one; the seed does not say how the pbmserv game opens, and drawing the
// first tile of the shuffled set onto the board is the neutral choice.
func NewBoard(start byte, hex bool) *Board {
	b := emptyBoard(hex)
	b.Place(centre, centre, start)
	return b
}

// emptyBoard is a board with no tiles: its bounding box is empty until the
// first Place.
func emptyBoard(hex bool) *Board {
	return &Board{hex: hex, top: 1 << 30, bottom: -1 << 30, left: 1 << 30, right: -1 << 30}
}

// Hex reports whether the board is hexagonal.
func (b *Board) Hex() bool { return b.hex }

// disp is where (row, col) is drawn: its row (half-row on the hexagonal
// board) and column.
func (b *Board) disp(row, col int) (y, x int) {
	if b.hex {
		return 2*row + col, col
	}
	return row, col
}

// undisp is the square drawn at row y, column x; ok is false between the
// cells of a hexagonal board.
func (b *Board) undisp(y, x int) (row, col int, ok bool) {
	if !b.hex {
		return y, x, true
	}
	if (y-x)%2 != 0 {
		return 0, 0, false
	}
	return (y - x) / 2, x, true
}

// margin is the window's margin in drawing rows.
func (b *Board) margin() int {
	if b.hex {
		return 2
	}
	return 1
}

// inSpan reports whether the tiles spread no wider than MaxSpan allows.
func (b *Board) inSpan() bool {
	rows := MaxSpan
	if b.hex {
		rows = 2 * MaxSpan
	}
	return b.bottom-b.top < rows && b.right-b.left < MaxSpan
}

// squareNeighbours and hexNeighbours are the steps to a square's
// neighbours.
var (
	squareNeighbours = [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}}
	hexNeighbours    = [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}, {-1, 1}, {1, -1}}
)

func (b *Board) neighbours() [][2]int {
	if b.hex {
		return hexNeighbours
	}
	return squareNeighbours
}

// adjacent reports whether two squares are neighbours.
func (b *Board) adjacent(r1, c1, r2, c2 int) bool {
	for _, n := range b.neighbours() {
		if r1+n[0] == r2 && c1+n[1] == c2 {
			return true
		}
	}
	return false
}

// Axes are the board's lines: Across and Down, and Rising on the
// hexagonal board.
func (b *Board) Axes() []Dir {
	if b.hex {
		return []Dir{Across, Down, Rising}
	}
	return []Dir{Across, Down}
}

// eachCell calls fn for every square of the window, row by row.
func (b *Board) eachCell(fn func(row, col int)) {
	y0, x0, rows, cols := b.Window()
	for y := y0; y < y0+rows; y++ {
		for x := x0; x < x0+cols; x++ {
			if r, c, ok := b.undisp(y, x); ok {
				fn(r, c)
			}
		}
	}
}

// BoardFromRows builds a square board from a picture, a string per row: a letter
// (either case) is a tile, '.' or ' ' an empty square. Squares are named
// in the window as always (the tiles' bounding box and a margin), so in a
// picture whose first row and first column hold tiles the top-left square
// is b2, as in the seed's pictures.
func BoardFromRows(rows ...string) (*Board, error) {
	var b *Board
	for r, row := range rows {
		for c := 0; c < len(row); c++ {
			ch := row[c]
			if ch == '.' || ch == ' ' {
				continue
			}
			if ch >= 'a' && ch <= 'z' {
				ch -= 'a' - 'A'
			}
			if ch < 'A' || ch > 'Z' {
				return nil, fmt.Errorf("%w: row %d has %q, not a letter or '.'", ErrNotation, r+1, row[c])
			}
			if r >= MaxSpan || c >= MaxSpan {
				return nil, fmt.Errorf("%w: the picture is wider or taller than %d squares", ErrNotation, MaxSpan)
			}
			if b == nil {
				b = emptyBoard(false)
			}
			b.Place(centre+r, centre+c, ch)
		}
	}
	if b == nil {
		return nil, fmt.Errorf("%w: the picture has no tiles", ErrNotation)
	}
	return b, nil
}

// At is the square at (row, col); outside the array it is empty.
func (b *Board) At(row, col int) Square {
	if row < 0 || col < 0 || row >= grid || col >= grid {
		return Square{}
	}
	return b.sq[row*grid+col]
}

// Occupied reports whether a tile stands on (row, col).
func (b *Board) Occupied(row, col int) bool { return !b.At(row, col).Empty() }

// Place puts a tile with letter on (row, col), on top of whatever is there.
// It does not judge the move (see Judge).
func (b *Board) Place(row, col int, letter byte) {
	s := &b.sq[row*grid+col]
	s.Letter = letter
	s.Height++
	b.placed[letter-'A']++
	b.tiles++
	y, x := b.disp(row, col)
	b.top, b.bottom = min(b.top, y), max(b.bottom, y)
	b.left, b.right = min(b.left, x), max(b.right, x)
}

// Window is the part of the board people see and moves name, in drawing
// coordinates (see Board): the tiles' bounding box grown by the margin.
// (y0, x0) is a1; on the hexagonal board only every other (y, x) is a
// cell.
func (b *Board) Window() (y0, x0, rows, cols int) {
	m := b.margin()
	return b.top - m, b.left - 1, b.bottom - b.top + 1 + 2*m, b.right - b.left + 3
}

// Origin is where a1, the window's top-left square, lies in drawing
// coordinates. The seed's notation names squares from a1, so a move that
// grows the board up or left moves the origin and renames every square;
// one that grows it down or right renames none.
func (b *Board) Origin() (y0, x0 int) {
	y0, x0, _, _ = b.Window()
	return y0, x0
}

// LabelsShifted is the note a player needs when the window's origin moved
// from (y0, x0): the names of the squares on the board before are no
// longer theirs. It is "" when nothing was renamed.
func (b *Board) LabelsShifted(y0, x0 int) string {
	ny, nx := b.Origin()
	if ny == y0 && nx == x0 {
		return ""
	}
	return "the board grew up or left, so a1 moved and every square has a new name: the board below names them"
}

// InWindow reports whether (row, col) is a square a move may name.
func (b *Board) InWindow(row, col int) bool {
	y, x := b.disp(row, col)
	m := b.margin()
	return y >= b.top-m && y <= b.bottom+m && x >= b.left-1 && x <= b.right+1
}

// Tiles is the number of tiles on the board, buried ones included.
func (b *Board) Tiles() int { return b.tiles }

// Placed counts the tiles on the board by letter (index 0 = A), buried ones
// included: with the pools and the bag, the whole set.
func (b *Board) Placed() [26]int { return b.placed }

// Name is the seed's name of a square: column letter and row number in the
// window, as "c7".
func (b *Board) Name(row, col int) string {
	y0, x0, _, _ := b.Window()
	y, x := b.disp(row, col)
	return fmt.Sprintf("%c%d", 'a'+x-x0, y-y0+1)
}

// ParseSquare reads a square's name ("c7", either case) into internal
// coordinates. Only squares of the window have names.
func (b *Board) ParseSquare(name string) (row, col int, err error) {
	y0, x0, rows, cols := b.Window()
	s := strings.ToLower(strings.TrimSpace(name))
	if len(s) < 2 || s[0] < 'a' || s[0] > 'z' {
		return 0, 0, fmt.Errorf("%w: %s is not a square (a column letter and a row number, as c7)", ErrNotation, quote.String(name))
	}
	n := 0
	for i := 1; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' || n > 1000 {
			return 0, 0, fmt.Errorf("%w: %s is not a square (a column letter and a row number, as c7)", ErrNotation, quote.String(name))
		}
		n = n*10 + int(s[i]-'0')
	}
	c := int(s[0] - 'a')
	if c >= cols || n < 1 || n > rows {
		return 0, 0, fmt.Errorf("%w: %s is off the board (columns a-%c, rows 1-%d)", ErrNotation, quote.Text(s), 'a'+cols-1, rows)
	}
	row, col, ok := b.undisp(y0+n-1, x0+c)
	if !ok {
		return 0, 0, fmt.Errorf("%w: there is no cell %s: on the hexagonal board column %c has only every other row", ErrNotation, quote.Text(s), s[0])
	}
	return row, col, nil
}

// saved is what applying a move changed, so the move can be taken back.
type saved struct {
	squares                  [MaxPlaceable]Square
	n                        int
	top, bottom, left, right int
}

// MaxPlaceable is the most tiles one move can place (the largest pool).
const MaxPlaceable = MaxPool

// apply places m's tiles and returns what undo needs.
func (b *Board) apply(m Move) saved {
	s := saved{n: len(m.Tiles), top: b.top, bottom: b.bottom, left: b.left, right: b.right}
	for i, p := range m.Tiles {
		s.squares[i] = b.At(p.Row, p.Col)
		b.Place(p.Row, p.Col, p.Letter)
	}
	return s
}

// undo takes back a move apply placed.
func (b *Board) undo(m Move, s saved) {
	for i := len(m.Tiles) - 1; i >= 0; i-- {
		p := m.Tiles[i]
		b.sq[p.Row*grid+p.Col] = s.squares[i]
		b.placed[p.Letter-'A']--
		b.tiles--
	}
	b.top, b.bottom, b.left, b.right = s.top, s.bottom, s.left, s.right
}
