package solver

import (
	"bytes"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/variant"
)

// sessionFixture is a WWF board file with HAT across the centre and twelve
// hand-made one-tile plays under it (the loop's mechanics do not depend on
// where plays come from; cmd/lexico-bot's test drives it with generated ones).
func sessionFixture(t *testing.T) (*BoardFile, []Play, string) {
	t.Helper()
	old := boardText(15, placed{7, 6, false, "HAT"})
	_, f := loadedBoardFile(t, old, 0o644)
	var moves []move.Move
	for _, c := range []int{6, 7, 8} {
		for _, l := range []byte("MOST") {
			moves = append(moves, move.Move{Kind: move.Play, Tiles: []move.Placement{{Row: 8, Col: c, Letter: l}}})
		}
	}
	return f, Rank(variant.WWF, f.Board, moves), old
}

func runSession(f *BoardFile, plays []Play, input string) (string, error) {
	var out bytes.Buffer
	s := &Session{File: f, Plays: plays, In: strings.NewReader(input), Out: &out}
	err := s.Run()
	return out.String(), err
}

func TestSessionPagesFiltersDrawsAndPlays(t *testing.T) {
	f, plays, old := sessionFixture(t)
	out, err := runSession(f, plays, "N\nN\nP\n f = h 9 \nF=9I\nF=A1\nF=x\nF=8,7\nF=P1\nD=1\nbogus\n99\nf\n3\nQ\n")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"plays 1-10 of 12",
		"plays 11-12 of 12",
		"already at the last page",
		// Squares are named as the listing and the drawing name them, in
		// either order (GCG's 9I), either case, spaces ignored.
		"plays 1-4 of 4 with a tile on H9",
		"plays 1-4 of 4 with a tile on I9",
		"no play puts a tile on A1",
		`bad filter "F=X": no such square`,
		// The old 0-based row,column is refused with the new form, not
		// read as another square.
		`bad filter "F=8,7": name the square as the listing does, column letter and row number, e.g. F=H8`,
		`bad filter "F=P1": no such square: "P1" is off the 15x15 board (columns A-O, rows 1-15)`,
		"[" + string(plays[0].Move.Tiles[0].Letter) + "]",
		`unknown command "BOGUS"`,
		"no play \"99\": plays are numbered 1-12",
		"wrote " + f.Path,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("session output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "quit:") {
		t.Errorf("the session went on after a play was chosen:\n%s", out)
	}
	// Play 3 is now on the board, and the old board is in the backup.
	chosen := plays[2].Move.Tiles[0]
	got, _ := os.ReadFile(f.Path)
	b, err := ParseBoard(got, variant.WWF)
	if err != nil {
		t.Fatal(err)
	}
	if s := b.At(chosen.Row, chosen.Col); s.Letter != chosen.Letter {
		t.Errorf("rewritten board has %q at (%d,%d), want play 3's %c", s.Letter, chosen.Row, chosen.Col, chosen.Letter)
	}
	if b.TileCount() != 4 {
		t.Errorf("rewritten board has %d tiles, want HAT and one more", b.TileCount())
	}
	if bak, _ := os.ReadFile(f.BackupPath()); string(bak) != old {
		t.Errorf("backup is not the previous board:\n%s", bak)
	}
}

func TestSessionQuitAndEOFLeaveFileAlone(t *testing.T) {
	for _, input := range []string{"N\nQ\n", "N\nP", ""} {
		f, plays, old := sessionFixture(t)
		out, err := runSession(f, plays, input)
		if err != nil {
			t.Fatalf("input %q: %v", input, err)
		}
		if !strings.Contains(out, "unchanged") {
			t.Errorf("input %q: output does not say the file is unchanged:\n%s", input, out)
		}
		if got, _ := os.ReadFile(f.Path); string(got) != old {
			t.Errorf("input %q changed the board file", input)
		}
		if _, err := os.Stat(f.BackupPath()); !os.IsNotExist(err) {
			t.Errorf("input %q left a backup file", input)
		}
	}
}

// A line too long to read ends the session with a message that says so, and
// the file as it was.
func TestSessionLongLineLeavesFileAlone(t *testing.T) {
	f, plays, old := sessionFixture(t)
	_, err := runSession(f, plays, strings.Repeat("N", 70000)+"\n1\n")
	if !errors.Is(err, ErrCommands) || !strings.Contains(err.Error(), "a line is longer than") || !strings.Contains(err.Error(), "unchanged") {
		t.Errorf("error %v, want ErrCommands saying a line is too long and the file unchanged", err)
	}
	if got, _ := os.ReadFile(f.Path); string(got) != old {
		t.Errorf("the board file was changed")
	}
}

func TestRankOrdersBestFirst(t *testing.T) {
	_, plays, _ := sessionFixture(t)
	for i := 1; i < len(plays); i++ {
		if plays[i].Score > plays[i-1].Score {
			t.Fatalf("play %d scores %d after play %d's %d", i+1, plays[i].Score, i, plays[i-1].Score)
		}
		if plays[i].Rank != i+1 {
			t.Fatalf("play %d has rank %d", i+1, plays[i].Rank)
		}
	}
}
