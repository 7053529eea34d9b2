package solver

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/rules"
	"github.com/lexico/lexico/internal/quote"
)

// PageSize is how many plays the interactive loop shows at once (the seed's
// ten).
const PageSize = 10

// Session is the seed's interactive loop over a ranked list of plays. It
// reads one command a line from In and writes to Out, so tests drive it with
// strings and the command line with the terminal:
//
//	N      the next page            P      the previous page
//	F=H8   only plays with a tile on square H8 (as the listing and the
//	       drawing name squares; 8H too); F alone clears
//	D=n    draw play n on the board
//	n      choose play n: the board file is rewritten with it (a backup kept)
//	Q      quit without changing the file
//
// Play numbers are ranks in the whole list, so a number means the same play
// with or without a filter. Bad commands get a message and another prompt;
// the end of the input ends the session without changing the file.
type Session struct {
	File  *BoardFile
	Plays []Play
	In    io.Reader
	Out   io.Writer

	view   []int // indexes into Plays that pass the filter
	start  int   // first entry of view on the page shown
	filter string
}

// Run shows the first page and serves commands until a play is chosen, Q,
// or the end of the input. It returns an error only when the input cannot be
// read or the chosen play cannot be written (the file is then unchanged).
func (s *Session) Run() error {
	if len(s.Plays) == 0 {
		fmt.Fprintln(s.Out, "no plays: the board file is unchanged")
		return nil
	}
	s.setView(-1, -1)
	s.page()
	in := bufio.NewScanner(s.In)
	for {
		fmt.Fprint(s.Out, "> ")
		if !in.Scan() {
			if err := in.Err(); err != nil {
				if errors.Is(err, bufio.ErrTooLong) { // "bufio.Scanner: token too long" says nothing to a user
					err = fmt.Errorf("a line is longer than %d bytes", bufio.MaxScanTokenSize)
				}
				return fmt.Errorf("%w: %v; the board file is unchanged", ErrCommands, err)
			}
			fmt.Fprintln(s.Out, "\nend of input: the board file is unchanged")
			return nil
		}
		// Spaces mean nothing in a command: "F = H 8" is F=H8.
		done, err := s.command(strings.ToUpper(strings.Join(strings.Fields(in.Text()), "")))
		if done || err != nil {
			return err
		}
	}
}

// command runs one command line; done reports that the session is over.
func (s *Session) command(cmd string) (done bool, err error) {
	switch {
	case cmd == "":
		s.page()
	case cmd == "Q":
		fmt.Fprintln(s.Out, "quit: the board file is unchanged")
		return true, nil
	case cmd == "N":
		if s.start+PageSize >= len(s.view) {
			fmt.Fprintln(s.Out, "already at the last page")
			return false, nil
		}
		s.start += PageSize
		s.page()
	case cmd == "P":
		if s.start == 0 {
			fmt.Fprintln(s.Out, "already at the first page")
			return false, nil
		}
		s.start = max(0, s.start-PageSize)
		s.page()
	case cmd == "F" || cmd == "F=":
		s.setView(-1, -1)
		s.page()
	case strings.HasPrefix(cmd, "F="):
		s.filterCmd(cmd[2:])
	case strings.HasPrefix(cmd, "D="):
		if p := s.play(cmd[2:]); p != nil {
			fmt.Fprintf(s.Out, "%s\n%s", p, Draw(s.File.Variant, s.File.Board, p.Move))
		}
	case isNumber(cmd):
		if p := s.play(cmd); p != nil {
			return true, s.choose(p)
		}
	default:
		fmt.Fprintf(s.Out, "unknown command %s: %s\n", quote.String(cmd), help)
	}
	return false, nil
}

const help = "N next page, P previous page, F=H8 only plays with a tile on square H8 (F clears), D=n draw play n, a number plays it, Q quits"

// page lists the plays on the current page.
func (s *Session) page() {
	end := min(s.start+PageSize, len(s.view))
	fmt.Fprintf(s.Out, "plays %d-%d of %d%s\n", s.start+1, end, len(s.view), s.filter)
	for _, i := range s.view[s.start:end] {
		fmt.Fprintln(s.Out, s.Plays[i].String())
	}
	fmt.Fprintln(s.Out, help)
}

// setView keeps the plays with a tile on (row, col), or all for row < 0.
func (s *Session) setView(row, col int) {
	s.view = s.view[:0]
	for i := range s.Plays {
		if row < 0 || s.Plays[i].Covers(row, col) {
			s.view = append(s.view, i)
		}
	}
	s.start = 0
	s.filter = ""
	if row >= 0 {
		s.filter = " with a tile on " + board.SquareName(row, col)
	}
}

// filterCmd reads the square after F= as the listing names it. The old form
// F=row,column (0-based) is refused with the new one's example rather than
// kept as an alias: nothing on screen shows 0-based numbers any more, and
// someone typing F=8,8 for H8 would silently get the plays through I9.
func (s *Session) filterCmd(arg string) {
	if strings.Contains(arg, ",") {
		fmt.Fprintf(s.Out, "bad filter %s: name the square as the listing does, column letter and row number, e.g. F=H8\n", quote.String("F="+arg))
		return
	}
	row, col, _, err := board.ParseSquare(arg, s.File.Board.Size)
	if err != nil {
		fmt.Fprintf(s.Out, "bad filter %s: %v\n", quote.String("F="+arg), err)
		return
	}
	n := 0
	for i := range s.Plays {
		if s.Plays[i].Covers(row, col) {
			n++
		}
	}
	if n == 0 {
		fmt.Fprintf(s.Out, "no play puts a tile on %s: filter unchanged\n", board.SquareName(row, col))
		return
	}
	s.setView(row, col)
	s.page()
}

// play finds the play numbered arg, or says why there is none.
func (s *Session) play(arg string) *Play {
	n, err := strconv.Atoi(strings.TrimSpace(arg))
	if err != nil || n < 1 || n > len(s.Plays) {
		fmt.Fprintf(s.Out, "no play %s: plays are numbered 1-%d\n", quote.String(arg), len(s.Plays))
		return nil
	}
	return &s.Plays[n-1]
}

// choose writes p into the board file.
func (s *Session) choose(p *Play) error {
	next := s.File.Board.Clone()
	rules.Apply(next, p.Move)
	before := s.File.Board
	if err := s.File.Save(next); err != nil {
		return err
	}
	fmt.Fprintf(s.Out, "played\n%s\n%s", p, Draw(s.File.Variant, before, p.Move))
	fmt.Fprintf(s.Out, "wrote %s (the previous board is in %s)\n", s.File.Path, s.File.BackupPath())
	return nil
}

func isNumber(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
