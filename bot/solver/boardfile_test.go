package solver

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/variant"
)

// boardText draws a board file of size n with words written on it; each
// word is placed across from (row, col) as given, letters kept as typed
// (lower case for blanks).
func boardText(n int, words ...placed) string {
	rows := make([][]byte, n)
	for r := range rows {
		rows[r] = bytes.Repeat([]byte{'_'}, n)
	}
	for _, w := range words {
		for i := 0; i < len(w.letters); i++ {
			if w.down {
				rows[w.row+i][w.col] = w.letters[i]
			} else {
				rows[w.row][w.col+i] = w.letters[i]
			}
		}
	}
	return string(bytes.Join(rows, []byte("\n"))) + "\n"
}

type placed struct {
	row, col int
	down     bool
	letters  string
}

func TestParseEmptyBoardFile(t *testing.T) {
	data, err := os.ReadFile("../../data/wwf/empty.wwf")
	if err != nil {
		t.Fatal(err)
	}
	b, err := ParseBoard(data, variant.WWF)
	if err != nil {
		t.Fatal(err)
	}
	if !b.IsEmpty() {
		t.Fatalf("empty.wwf parsed with %d tiles", b.TileCount())
	}
	if b.PremiumAt(0, 3) != board.TripleWord {
		t.Fatalf("board does not carry the WWF premiums")
	}
	if got := FormatBoard(b); !bytes.Equal(got, data) {
		t.Fatalf("empty board written back differs:\n%s", got)
	}
}

// "An empty board file works": a file with nothing in it is the empty board.
func TestParseNothingIsTheEmptyBoard(t *testing.T) {
	for _, data := range []string{"", "\n", " \r\n"} {
		b, err := ParseBoard([]byte(data), variant.WWF)
		if err != nil {
			t.Fatalf("%q: %v", data, err)
		}
		if !b.IsEmpty() || b.Size != 15 || b.PremiumAt(0, 3) != board.TripleWord {
			t.Errorf("%q did not read as the empty WWF board", data)
		}
	}
}

func TestParseBoardTilesAndBlanks(t *testing.T) {
	text := boardText(15, placed{7, 5, false, "QuIT"}, placed{3, 10, true, "MAsT"})
	b, err := ParseBoard([]byte(text), variant.Multipliers)
	if err != nil {
		t.Fatal(err)
	}
	if s := b.At(7, 5); s.Letter != 'Q' || s.Blank {
		t.Errorf("(7,5) = %+v, want a Q tile", s)
	}
	if s := b.At(7, 6); s.Letter != 'U' || !s.Blank {
		t.Errorf("(7,6) = %+v, want a blank showing U", s)
	}
	if s := b.At(5, 10); s.Letter != 'S' || !s.Blank {
		t.Errorf("(5,10) = %+v, want a blank showing S (down word)", s)
	}
	if got := string(FormatBoard(b)); got != text {
		t.Errorf("board written back differs:\n%s\nwant\n%s", got, text)
	}
	// Windows line endings and a missing final newline read the same.
	crlf := strings.TrimSuffix(strings.ReplaceAll(text, "\n", "\r\n"), "\r\n")
	b2, err := ParseBoard([]byte(crlf), variant.Multipliers)
	if err != nil {
		t.Fatalf("CRLF board: %v", err)
	}
	if string(FormatBoard(b2)) != text {
		t.Errorf("CRLF board read differently")
	}
	b3, err := ParseBoard(append([]byte("\xef\xbb\xbf"), text...), variant.Multipliers)
	if err != nil || string(FormatBoard(b3)) != text {
		t.Errorf("board with a byte-order mark: %v", err)
	}
}

func TestParseBoardRefusesBadFiles(t *testing.T) {
	good := boardText(15, placed{7, 7, false, "HI"})
	lines := strings.Split(strings.TrimSuffix(good, "\n"), "\n")
	join := func(ls []string) []byte { return []byte(strings.Join(ls, "\n") + "\n") }
	short := append([]string(nil), lines...)
	short[3] = short[3][:14]
	long := append([]string(nil), lines...)
	long[9] += "_"
	garbled := append([]string(nil), lines...)
	garbled[7] = "____#__HI______"
	accented := append([]string(nil), lines...)
	accented[7] = "______ÉHI______" // 15 characters, 16 bytes
	notUTF8 := append([]string(nil), lines...)
	notUTF8[7] = "______\xc9HI______"
	tab := append([]string(nil), lines...)
	tab[2] = "\t______________"
	square := func(n int) []string { return strings.Split(strings.TrimSuffix(boardText(n), "\n"), "\n") }
	cases := []struct {
		name string
		data []byte
		err  error
		says []string
	}{
		{"14 lines", join(lines[:14]), ErrBoardSize, []string{"14 lines", "line 15"}},
		{"16 lines", join(append(lines, lines[0])), ErrBoardSize, []string{"line 16"}},
		{"short line", join(short), ErrBoardSize, []string{"line 4", "14 characters"}},
		{"long line", join(long), ErrBoardSize, []string{"line 10", "16 characters"}},
		{"bad character", join(garbled), ErrBoardChar, []string{"line 8", "column 5", "'#'"}},
		{"blank line inside", join(append(append(append([]string(nil), lines[:5]...), ""), lines[5:14]...)), ErrBoardSize, []string{"line 6", "0 characters"}},
		{"letter outside A-Z", join(accented), ErrBoardChar, []string{"line 8", "column 7", "'É'"}},
		{"byte that is not UTF-8", join(notUTF8), ErrBoardChar, []string{"line 8", "column 7", "byte 0xc9"}},
		{"tab", join(tab), ErrBoardChar, []string{"line 3", "column 1", `'\t'`}},
		{"board larger than the rule set's", join(square(21)), ErrBoardSize, []string{"line 1", "21 characters", "want 15", "wwf board"}},
		{"board smaller than the rule set's", join(square(11)), ErrBoardSize, []string{"line 1", "11 characters", "want 15", "wwf board"}},
	}
	for _, c := range cases {
		_, err := ParseBoard(c.data, variant.WWF)
		wantRefusal(t, c.name, err, c.err, c.says)
	}
}

// loadedBoardFile writes text as a WWF board file of the given mode in a
// fresh directory and loads it.
func loadedBoardFile(t *testing.T, text string, mode os.FileMode) (path string, f *BoardFile) {
	t.Helper()
	path = filepath.Join(t.TempDir(), "game.wwf")
	if err := os.WriteFile(path, []byte(text), mode); err != nil {
		t.Fatal(err)
	}
	f, err := LoadBoardFile(path, variant.WWF)
	if err != nil {
		t.Fatal(err)
	}
	return path, f
}

func TestSaveKeepsBackupAndIsAtomic(t *testing.T) {
	old := boardText(15, placed{7, 6, false, "HI"})
	path, f := loadedBoardFile(t, old, 0o600)
	dir := filepath.Dir(path)
	next := f.Board.Clone()
	next.Set(8, 6, board.Square{Letter: 'O', Blank: true})
	if err := f.Save(next); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(path)
	want := boardText(15, placed{7, 6, false, "HI"}, placed{8, 6, false, "o"})
	if string(got) != want {
		t.Errorf("saved board:\n%s\nwant\n%s", got, want)
	}
	if bak, _ := os.ReadFile(f.BackupPath()); string(bak) != old {
		t.Errorf("backup holds:\n%s\nwant the previous board", bak)
	}
	if st, _ := os.Stat(path); st.Mode().Perm() != 0o600 {
		t.Errorf("saved file mode %v, want the original 0600", st.Mode().Perm())
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("directory holds %v, want the board and its backup only", names)
	}

	// Someone edits the file after it was read: Save must not clobber it.
	edited := boardText(15, placed{0, 0, false, "ZA"})
	if err := os.WriteFile(path, []byte(edited), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := f.Save(f.Board); !errors.Is(err, ErrBoardChanged) {
		t.Fatalf("save over an edited file: %v, want ErrBoardChanged", err)
	}
	if got, _ := os.ReadFile(path); string(got) != edited {
		t.Errorf("the edited file was overwritten")
	}
}

func TestLoadBoardFileNamesThePath(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bad.wwf")
	os.WriteFile(path, []byte("___\n"), 0o644)
	_, err := LoadBoardFile(path, variant.WWF)
	if !errors.Is(err, ErrBoardSize) || !strings.Contains(err.Error(), path) {
		t.Fatalf("got %v, want ErrBoardSize naming %s", err, path)
	}
}

// The sample boards the README points to must stay valid boards.
func TestSampleBoards(t *testing.T) {
	for _, name := range []string{"empty.wwf", "midgame.wwf"} {
		f, err := LoadBoardFile(filepath.Join("../../data/wwf", name), variant.WWF)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Unseen(variant.WWF, f.Board); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func TestBoardWords(t *testing.T) {
	f, err := LoadBoardFile("../../data/wwf/midgame.wwf", variant.WWF)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, w := range BoardWords(f.Board) {
		got = append(got, fmt.Sprintf("%s r%d c%d %s", w.Word, w.Row, w.Col, w.Dir))
	}
	want := []string{"HORSE r7 c5 across", "ERUPT r10 c5 across", "HAZE r7 c5 down", "EXIT r7 c9 down"}
	if strings.Join(got, "; ") != strings.Join(want, "; ") {
		t.Errorf("board words %v, want %v", got, want)
	}
}
