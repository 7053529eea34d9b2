package board

import "testing"

// The platform's [0, 0] is the bottom-left corner, the engine's (0, 0) the
// top-left one; the centre is the same square in both; and the two
// conversions undo each other on every square.
func TestPlatformSquares(t *testing.T) {
	for _, c := range []struct{ size, x, y, row, col int }{
		{15, 0, 0, 14, 0},
		{15, 0, 14, 0, 0},
		{15, 14, 0, 14, 14},
		{15, 7, 7, 7, 7},
		{15, 3, 12, 2, 3},
		{11, 5, 5, 5, 5},
	} {
		if r, col := FromPlatform(c.size, c.x, c.y); r != c.row || col != c.col {
			t.Errorf("size %d: FromPlatform(%d, %d) = (%d, %d), want (%d, %d)", c.size, c.x, c.y, r, col, c.row, c.col)
		}
	}
	for _, size := range []int{11, 15, 21} {
		for r := 0; r < size; r++ {
			for c := 0; c < size; c++ {
				x, y := ToPlatform(size, r, c)
				if x < 0 || y < 0 || x >= size || y >= size {
					t.Fatalf("size %d: (%d, %d) maps off the board to [%d, %d]", size, r, c, x, y)
				}
				if r2, c2 := FromPlatform(size, x, y); r2 != r || c2 != c {
					t.Fatalf("size %d: (%d, %d) -> [%d, %d] -> (%d, %d)", size, r, c, x, y, r2, c2)
				}
			}
		}
	}
}
