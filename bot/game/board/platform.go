package board

// The AI Gaming platform's Lexico names a square [x, y]: x the column from 0
// at the left, y the row from 0 at the bottom (its gamestate lists Board[0]
// as the bottom row, and its moves and premium lists give [x, y] with y
// pointing up, as the platform's Lexico documentation shows). The engine
// names a square (Row, Col) with row 0 at the top. These two functions are
// the one place the two meet: package gamestate converts with them at the
// edge, and Draw labels rows with them when asked for the platform's
// coordinates.

// FromPlatform is the engine square (row, col) of the platform's square
// [x, y] on a size x size board.
func FromPlatform(size, x, y int) (row, col int) { return size - 1 - y, x }

// ToPlatform is the platform's square [x, y] of the engine square
// (row, col) on a size x size board.
func ToPlatform(size, row, col int) (x, y int) { return col, size - 1 - row }
