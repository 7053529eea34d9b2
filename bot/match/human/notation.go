package human

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/rules"
	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/internal/quote"
)

// Kind is what a typed line asks for.
type Kind uint8

const (
	Play Kind = iota
	Exchange
	Pass
	Hint
	Help
	Quit
)

// Command is one parsed line.
type Command struct {
	Kind Kind
	// Move is the play or exchange typed (Score not yet filled in).
	Move move.Move
	// N is how many hints were asked for (0: the default).
	N int
}

// Usage is the notation in a few lines, shown by help and after a line
// that cannot be read.
const Usage = `Moves:
  H8 across CAR   a play: the square of the first letter (column letter and row
                  number, row 1 at the top), the direction, the whole word.
                  Letters already on the board may be typed or written as '.';
                  a blank is its letter in lower case (CaR).
  8H CAR          without a direction, GCG's rule: row first is across,
  H8 CAR          column first is down.
  exchange AEI    return tiles to the bag (a blank is ?).
  pass            skip the turn.
  hint [N]        the bot's N best moves (default 5).
  quit            abandon the game.`

func notation(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrNotation, fmt.Sprintf(format, args...))
}

// Parse reads one typed line for board b. It checks only what the notation
// itself can get wrong (a coordinate off the board, a letter that does not
// match a tile already there); whether the move is legal is for rules.Check.
func Parse(line string, b *board.Board) (Command, error) {
	f := strings.Fields(line)
	if len(f) == 0 {
		return Command{}, notation("empty line (type help for the notation)")
	}
	switch strings.ToLower(f[0]) {
	case "pass":
		if len(f) > 1 {
			return Command{}, notation("pass takes nothing after it")
		}
		return Command{Kind: Pass, Move: move.NewPass()}, nil
	case "exchange", "exch", "ex", "swap":
		if len(f) != 2 {
			return Command{}, notation("exchange wants the tiles to return, e.g. exchange AEI (a blank is ?)")
		}
		r, err := tile.ParseRack(f[1])
		if err != nil {
			return Command{}, notation("%v", err)
		}
		return Command{Kind: Exchange, Move: move.NewExchange(r.Tiles())}, nil
	case "hint", "hints":
		c := Command{Kind: Hint}
		if len(f) > 2 {
			return Command{}, notation("hint takes at most a number")
		}
		if len(f) == 2 {
			n, err := strconv.Atoi(f[1])
			if err != nil || n < 1 || n > 50 {
				return Command{}, notation("hint %s: want a number from 1 to 50", quote.String(f[1]))
			}
			c.N = n
		}
		return c, nil
	case "help", "?":
		return Command{Kind: Help}, nil
	case "quit", "exit", "resign":
		return Command{Kind: Quit}, nil
	}
	return parsePlay(f, b)
}

func parsePlay(f []string, b *board.Board) (Command, error) {
	if len(f) < 2 || len(f) > 3 {
		return Command{}, notation("%s: want e.g. H8 across CAR, exchange AEI, pass, hint or quit", quote.String(strings.Join(f, " ")))
	}
	row, col, rowFirst, err := board.ParseSquare(f[0], b.Size)
	if err != nil {
		return Command{}, fmt.Errorf("%w: %w", ErrNotation, err)
	}
	across := rowFirst
	if len(f) == 3 {
		switch strings.ToLower(f[1]) {
		case "across", "a", "ac", "h", "horizontal", "right":
			across = true
		case "down", "d", "v", "vertical":
			across = false
		default:
			return Command{}, notation("direction %s: want across or down", quote.String(f[1]))
		}
	}
	word := f[len(f)-1]
	dr, dc := 0, 1
	if !across {
		dr, dc = 1, 0
	}
	m := move.Move{Kind: move.Play}
	r, c := row, col
	for i := 0; i < len(word); i, r, c = i+1, r+dr, c+dc {
		ch := word[i]
		if !b.In(r, c) {
			return Command{}, notation("%s runs off the board after %d letters", quote.Text(word), i)
		}
		if ch != '.' && (ch < 'A' || ch > 'Z') && (ch < 'a' || ch > 'z') {
			// Before the square's letter is compared: the byte of a
			// character that is no letter would show as another one.
			return Command{}, notation("%s in %s is not a letter", quote.Rune(word, i), quote.Text(word))
		}
		if sq := b.At(r, c); !sq.Empty() {
			if ch != '.' && upper(ch) != sq.Letter {
				return Command{}, notation("%s holds %c, but the word has %c there", board.SquareName(r, c), sq.Letter, ch)
			}
			continue
		}
		switch {
		case ch >= 'A' && ch <= 'Z':
			m.Tiles = append(m.Tiles, move.Placement{Row: r, Col: c, Letter: ch})
		case ch >= 'a' && ch <= 'z':
			m.Tiles = append(m.Tiles, move.Placement{Row: r, Col: c, Letter: upper(ch), Blank: true})
		default: // '.'
			return Command{}, notation("%s is empty: '.' stands only for a tile already on the board", board.SquareName(r, c))
		}
	}
	if len(m.Tiles) == 0 {
		return Command{}, notation("%s places no tile: every square already holds its letter", quote.Text(word))
	}
	return Command{Kind: Play, Move: m}, nil
}

func upper(c byte) byte {
	if c >= 'a' && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
}

// Format writes a play in the notation Parse reads, on b (the board before
// the play): its main word's first square (rules.MainWord, the word the
// score counts), direction, the whole word with the play's blanks in lower
// case. Typing it back gives the same move.
func Format(b *board.Board, m move.Move) string {
	switch m.Kind {
	case move.Pass:
		return "pass"
	case move.Exchange:
		return "exchange " + string(m.Exchanged)
	}
	w, down := rules.MainWord(b, m)
	if len(w) == 0 {
		return m.String()
	}
	dir := "across"
	if down {
		dir = "down"
	}
	var sb strings.Builder
	for _, t := range w {
		if t.New && t.Blank {
			sb.WriteByte(t.Letter - 'A' + 'a')
		} else {
			sb.WriteByte(t.Letter)
		}
	}
	return board.SquareName(w[0].Row, w[0].Col) + " " + dir + " " + sb.String()
}
