package solver

import (
	"bytes"
	"fmt"
	"os"
	"unicode/utf8"

	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/variant"
	"github.com/lexico/lexico/internal/atomicfile"
	"github.com/lexico/lexico/internal/quote"
	"github.com/lexico/lexico/internal/readlimit"
)

// The board file is the seed's: a line per row, top row first, a character
// per column. '_' is an empty square, 'A'..'Z' a played tile, 'a'..'z' a
// played blank standing for that letter. Row r of the file is engine row r
// (row 0 at the top), so the file needs no orientation change.
const emptySquare = '_'

// ParseBoard reads a board file's contents into a board carrying v's premium
// layout. Line endings may be "\n" or "\r\n"; one final newline is optional.
// A file with nothing in it (say, made with touch) is the empty board, so a
// game can start from it. Any other deviation (a line too short or too long,
// too few or too many lines, a character that is not a square) is refused
// with the line number (1-based, as editors count) and, for a bad
// character, the column.
func ParseBoard(data []byte, v *variant.Variant) (*board.Board, error) {
	if len(bytes.TrimSpace(data)) == 0 {
		return v.NewBoard(), nil
	}
	// Editors on some systems start a text file with a UTF-8 byte-order mark.
	text := bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	text = bytes.ReplaceAll(text, []byte("\r\n"), []byte("\n"))
	text = bytes.TrimSuffix(text, []byte("\n"))
	lines := bytes.Split(text, []byte("\n"))
	b := v.NewBoard()
	for r, line := range lines {
		if r >= v.Size {
			return nil, fmt.Errorf("%w: line %d: the %s board has only %d rows",
				ErrBoardSize, r+1, v.Name, v.Size)
		}
		// Characters are read before the length is checked: a letter such
		// as 'É' is two bytes, and "line 8 has 16 characters" would send
		// the reader counting the wrong thing.
		if c, ch, ok := firstNonSquare(line); !ok {
			return nil, fmt.Errorf("%w: line %d, column %d: %s is not '%c' (empty), A-Z (a tile) or a-z (a blank)",
				ErrBoardChar, r+1, c+1, ch, emptySquare)
		}
		if len(line) != v.Size {
			return nil, fmt.Errorf("%w: line %d has %d characters, want %d (one per column of the %s board)",
				ErrBoardSize, r+1, len(line), v.Size, v.Name)
		}
		for c, ch := range line {
			switch {
			case ch >= 'A' && ch <= 'Z':
				b.Set(r, c, board.Square{Letter: ch})
			case ch >= 'a' && ch <= 'z':
				b.Set(r, c, board.Square{Letter: ch - 'a' + 'A', Blank: true})
			}
		}
	}
	if len(lines) < v.Size {
		return nil, fmt.Errorf("%w: %d lines, want %d, one per row of the %s board (line %d is missing)",
			ErrBoardSize, len(lines), v.Size, v.Name, len(lines)+1)
	}
	return b, nil
}

// firstNonSquare finds the first character of line that is not a square,
// its column counted in characters (as editors count) and shown quoted
// (quote.Rune: a byte that is not UTF-8 is shown in hex, as quoting it
// would show the character of the same number, which is not in the file).
func firstNonSquare(line []byte) (col int, shown string, ok bool) {
	for i := 0; i < len(line); col++ {
		ch, size := utf8.DecodeRune(line[i:])
		if ch == emptySquare || ch >= 'A' && ch <= 'Z' || ch >= 'a' && ch <= 'z' {
			i += size
			continue
		}
		return col, quote.Rune(string(line[i:min(i+utf8.UTFMax, len(line))]), 0), false
	}
	return 0, "", true
}

// FormatBoard writes b in the board-file format, each row ending in "\n".
func FormatBoard(b *board.Board) []byte {
	out := make([]byte, 0, b.Size*(b.Size+1))
	for r := 0; r < b.Size; r++ {
		for c := 0; c < b.Size; c++ {
			s := b.At(r, c)
			switch {
			case s.Empty():
				out = append(out, emptySquare)
			case s.Blank:
				out = append(out, s.Letter-'A'+'a')
			default:
				out = append(out, s.Letter)
			}
		}
		out = append(out, '\n')
	}
	return out
}

// BoardFile is a board read from a file, remembering the bytes it was read
// from so Save can tell when someone else changed the file in between.
type BoardFile struct {
	Path    string
	Variant *variant.Variant
	Board   *board.Board
	data    []byte
}

// MaxBoardFile is the most LoadBoardFile reads: a board of 15 rows is
// under 300 bytes, and the largest variant's with notes some kilobytes;
// read whole, /dev/zero hung.
const MaxBoardFile = 64 << 10

// LoadBoardFile reads and parses the board file at path, and refuses a
// board that no game under v could have reached (see CheckBoard), and a
// file over MaxBoardFile bytes (readlimit.ErrTooLarge).
func LoadBoardFile(path string, v *variant.Variant) (*BoardFile, error) {
	data, err := readlimit.File(path, "board file", MaxBoardFile)
	if err != nil {
		return nil, err
	}
	b, err := ParseBoard(data, v)
	if err == nil {
		err = CheckBoard(v, b)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &BoardFile{Path: path, Variant: v, Board: b, data: data}, nil
}

// BackupPath is where Save keeps the previous contents of the file: beside
// the file Save replaces, which for a Path that is a symbolic link is the
// file the link points to (atomicfile.Target), not the link: the backup
// stays with the board it backs up, and the link's directory gets nothing.
func (f *BoardFile) BackupPath() string {
	if target, err := atomicfile.Target(f.Path); err == nil {
		return target + ".bak"
	}
	return f.Path + ".bak" // Save's write then fails the same way and says so
}

// Save replaces the file with b, keeping the previous contents in
// BackupPath. Both files are written atomically (a temporary file beside
// the target, fsync, rename, fsync of the directory), so a crash leaves
// either the old or the new board, never half of one; a Path that is a
// symbolic link stays one, and the file it points to is replaced. Save
// refuses with ErrBoardChanged when the file no longer holds what was
// read: the user may have edited it meanwhile, and that edit must not be
// lost. It refuses, and writes nothing, a board that CheckBoard refuses: a
// file the solver would not load again must not replace one it did.
func (f *BoardFile) Save(b *board.Board) error {
	if err := CheckBoard(f.Variant, b); err != nil {
		return fmt.Errorf("%s not written: %w", f.Path, err)
	}
	cur, err := os.ReadFile(f.Path)
	if err != nil {
		return err
	}
	if !bytes.Equal(cur, f.data) {
		return fmt.Errorf("%w: %s (not overwritten; solve again)", ErrBoardChanged, f.Path)
	}
	mode := os.FileMode(0o644)
	if st, err := os.Stat(f.Path); err == nil {
		mode = st.Mode().Perm()
	}
	if err := atomicfile.WriteFile(f.BackupPath(), cur, mode); err != nil {
		return fmt.Errorf("keeping a backup: %w", err)
	}
	next := FormatBoard(b)
	if err := atomicfile.WriteFile(f.Path, next, mode); err != nil {
		return err
	}
	f.Board, f.data = b, next
	return nil
}
