package arena

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/rules"
	"github.com/lexico/lexico/bot/platform/gamestate"
)

// WriteGCG writes r in the GCG format (Generic Crossword Game, John
// Chew's poslfit.com spec, read by Quackle and Macondo), so a game can be
// studied in other tools. GCG's #player1 is the player who moved first.
// Each turn is one event line
//
//	>nick: RACK 8H WORD +score cumulative    a play; 8H is row 8 (1 at the top)
//	                                          then column H: across; H8 is down
//	>nick: RACK -TILES +0 cumulative          an exchange
//	>nick: RACK - +0 cumulative               a pass
//
// The WORD is the whole main word with tiles already on the board written
// as '.', a blank as its lower-case letter; racks write a blank as '?'. A
// move the referee refused is written as the pass it became, followed by a
// #note saying why. Lexico has no end-of-game rack penalty (the referee
// applies none), so there are no end-rack lines: the last cumulative score
// of each player is the final score. Everything is read back from the
// gamestates and moves in r, so any record can be converted.
func (r *Record) WriteGCG(w io.Writer) error {
	bw := bufio.NewWriter(w)
	first := r.Header.Starter
	nicks := gcgNicks(r.Header.Players)
	fmt.Fprintf(bw, "#character-encoding UTF-8\n")
	fmt.Fprintf(bw, "#player1 %s %s\n", nicks[first], r.Header.Players[first])
	fmt.Fprintf(bw, "#player2 %s %s\n", nicks[1-first], r.Header.Players[1-first])
	fmt.Fprintf(bw, "#title lexico-bot play: game %d, %s\n", r.Header.Game, r.Header.Variant)
	fmt.Fprintf(bw, "#description Lexico %s variant, seed %d\n", r.Header.Variant, r.Header.Seed)
	for i, t := range r.Turns {
		line, err := gcgEvent(t)
		if err != nil {
			return fmt.Errorf("turn %d: %w", i+1, err)
		}
		fmt.Fprintf(bw, ">%s: %s\n", nicks[t.Seat], line)
		if !t.Legal || t.Late {
			fmt.Fprintf(bw, "#note refused by the referee: %s\n", oneLine(t.Reason))
		}
	}
	return bw.Flush()
}

// gcgNicks are the GCG nicknames of the seats: the names without spaces,
// numbered when both seats play the same policy (GCG needs them distinct).
func gcgNicks(names [2]string) [2]string {
	var n [2]string
	for i, s := range names {
		s = strings.Join(strings.Fields(s), "_")
		if s == "" {
			s = "player"
		}
		n[i] = s
	}
	if n[0] == n[1] {
		n[0], n[1] = n[0]+"1", n[1]+"2"
	}
	return n
}

// gcgEvent is a turn's event after the "nick: " prefix.
func gcgEvent(t Turn) (string, error) {
	p, err := gamestate.Parse(t.Gamestate)
	if err != nil {
		return "", err
	}
	rack := p.Rack.String()
	if !t.Legal || t.Late {
		return fmt.Sprintf("%s - +0 %d", rack, t.Total), nil
	}
	m, err := gamestate.ParseMove(t.Move, p.Board.Size)
	if err != nil {
		return "", err
	}
	switch m.Kind {
	case move.Pass:
		return fmt.Sprintf("%s - +0 %d", rack, t.Total), nil
	case move.Exchange:
		return fmt.Sprintf("%s -%s +0 %d", rack, string(m.Exchanged), t.Total), nil
	}
	coord, word := GCGPlay(p.Board, m)
	return fmt.Sprintf("%s %s %s +%d %d", rack, coord, word, t.Score, t.Total), nil
}

// GCGPlay writes a play in GCG notation on b (the board before the play):
// its main word's first square (row first for across, column first for
// down; rows numbered from 1 at the top, columns lettered from A at the
// left) and the word, old tiles as '.', blanks in lower case. The main word
// is rules.MainWord, the one the score counts.
func GCGPlay(b *board.Board, m move.Move) (coord, word string) {
	w, down := rules.MainWord(b, m)
	if len(w) == 0 {
		return "", ""
	}
	if down {
		coord = board.SquareName(w[0].Row, w[0].Col)
	} else {
		coord = fmt.Sprintf("%d%c", board.RowName(w[0].Row), board.ColumnName(w[0].Col))
	}
	var sb strings.Builder
	for _, t := range w {
		switch {
		case !t.New:
			sb.WriteByte('.')
		case t.Blank:
			sb.WriteByte(t.Letter + 'a' - 'A')
		default:
			sb.WriteByte(t.Letter)
		}
	}
	return coord, sb.String()
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
