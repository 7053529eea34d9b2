// Package human lets a person play Lexico in a terminal: it shows the
// position a player is handed (the board with premiums and the opponent's
// last move marked, the rack, the scores, the bag), reads a move typed in a
// short notation (see Usage), refuses an illegal one with the rules
// engine's reason and asks again, and answers the move in the platform's
// format, exactly like a bot. So the referee treats people and bots alike,
// and a person, like a bot, sees only the gamestate.
package human

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/lexico/lexico/bot/engine/player"
	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/position"
	"github.com/lexico/lexico/bot/game/rules"
	"github.com/lexico/lexico/bot/platform/gamestate"
)

// DefaultHints is how many moves hint shows when no number is given.
const DefaultHints = 5

// Hinter returns the n best moves in p, best first (lineup wires the
// equity policy to it).
type Hinter func(ctx context.Context, p *position.Position, n int) []player.Candidate

// Seat is one person at the terminal. Two Seats may share In and Out
// (two people taking turns at one keyboard). Not safe for concurrent use:
// one game at a time.
type Seat struct {
	// Name is shown in the prompt.
	Name string
	// In is where moves are read from, one per line.
	In *bufio.Reader
	// Out is where the position and messages are written.
	Out io.Writer
	// Dict decides which words are allowed (the same the referee uses).
	Dict rules.Dictionary
	// Hints, when set, answers the hint command.
	Hints Hinter
	// Colour turns on ANSI colours (only for a terminal).
	Colour bool

	seen     bool
	after    *board.Board // the board after this player's last move
	oppScore int
}

// Move shows the position in gamestate gs and returns the move the person
// settles on, in the platform's format. It returns ErrQuit when they quit,
// and an error wrapping ErrInputEnded when the input ends or fails first.
func (h *Seat) Move(ctx context.Context, gs []byte) ([]byte, error) {
	p, err := gamestate.Parse(gs)
	if err != nil {
		return nil, fmt.Errorf("human: the referee's gamestate: %w", err)
	}
	h.show(p)
	for {
		fmt.Fprintf(h.Out, "%s> ", h.Name)
		line, err := h.In.ReadString('\n')
		if err != nil && (line == "" || !errors.Is(err, io.EOF)) {
			fmt.Fprintln(h.Out)
			if errors.Is(err, io.EOF) {
				return nil, fmt.Errorf("%s: %w", h.Name, ErrInputEnded)
			}
			return nil, fmt.Errorf("%s: %w: %v", h.Name, ErrInputEnded, err)
		}
		if strings.TrimSpace(line) == "" {
			continue
		}
		cmd, perr := Parse(line, p.Board)
		if perr != nil {
			fmt.Fprintf(h.Out, "%v\n", perr)
			continue
		}
		switch cmd.Kind {
		case Quit:
			return nil, ErrQuit
		case Help:
			fmt.Fprintln(h.Out, Usage)
			continue
		case Hint:
			h.hint(ctx, p, cmd.N)
			continue
		}
		res := rules.Check(p, cmd.Move, h.Dict)
		if !res.Legal {
			fmt.Fprintf(h.Out, "Illegal: %s%s. Try again (help for the notation).\n", res.Reason, blankNote(cmd.Move, p, res))
			continue
		}
		m := cmd.Move
		m.Score = res.Score
		h.played(p, m, res)
		return gamestate.EncodeMove(m, p.Board.Size)
	}
}

// show writes the position: the board with the opponent's last move
// marked, what that move was, the scores, the bag and the rack.
func (h *Seat) show(p *position.Position) {
	last, lastMove := h.opponentMove(p)
	fmt.Fprintf(h.Out, "\n== %s to move\n", h.Name)
	p.Board.Draw(h.Out, board.DrawOptions{Highlights: last.Highlights(), Colour: h.Colour})
	switch {
	case lastMove != "":
		fmt.Fprintf(h.Out, "Opponent played %s for %d.\n", lastMove, p.OppScore-h.oppScore)
	case h.seen:
		fmt.Fprintln(h.Out, "Opponent passed or exchanged.")
	}
	fmt.Fprintf(h.Out, "Score: %s %d, opponent %d. Bag: %d tiles.\n", h.Name, p.MyScore, p.OppScore, p.BagCount)
	fmt.Fprintf(h.Out, "Rack: %s\n", spaced(p.Rack.String()))
	if p.FirstGo || p.Board.IsEmpty() {
		fmt.Fprintf(h.Out, "First move: cover %s with a word of at least %d letters.\n",
			board.SquareName(p.Variant.StartRow, p.Variant.StartCol), p.Variant.FirstWordMinLen)
	}
}

// opponentMove finds the tiles on p's board that were not there after this
// player's last move: the opponent's play since then, with its notation
// ("" when there are no new tiles).
func (h *Seat) opponentMove(p *position.Position) (move.Move, string) {
	before := h.after
	if before == nil {
		before = board.New(p.Board.Size)
		copy(before.Premiums, p.Board.Premiums)
	}
	var m move.Move
	m.Kind = move.Play
	for r := 0; r < p.Board.Size; r++ {
		for c := 0; c < p.Board.Size; c++ {
			if sq := p.Board.At(r, c); !sq.Empty() && before.At(r, c).Empty() {
				m.Tiles = append(m.Tiles, move.Placement{Row: r, Col: c, Letter: sq.Letter, Blank: sq.Blank})
			}
		}
	}
	if len(m.Tiles) == 0 {
		return m, ""
	}
	return m, Format(before, m)
}

// played remembers the board after our move, to find the opponent's next.
func (h *Seat) played(p *position.Position, m move.Move, res rules.Result) {
	b := p.Board.Clone()
	rules.Apply(b, m)
	h.after, h.seen, h.oppScore = b, true, p.OppScore
	switch m.Kind {
	case move.Play:
		words := make([]string, len(res.Words))
		for i, w := range res.Words {
			words[i] = fmt.Sprintf("%s %d", w.Word, w.Score)
		}
		bingo := ""
		if res.Bingo {
			bingo = fmt.Sprintf(", bingo +%d", p.Variant.BingoBonus)
		}
		fmt.Fprintf(h.Out, "%s plays %s for %d (%s%s).\n", h.Name, Format(p.Board, m), m.Score, strings.Join(words, ", "), bingo)
	case move.Exchange:
		fmt.Fprintf(h.Out, "%s exchanges %s.\n", h.Name, string(m.Exchanged))
	default:
		fmt.Fprintf(h.Out, "%s passes.\n", h.Name)
	}
}

func (h *Seat) hint(ctx context.Context, p *position.Position, n int) {
	if h.Hints == nil {
		fmt.Fprintln(h.Out, "No hints in this game.")
		return
	}
	if n == 0 {
		n = DefaultHints
	}
	cands := h.Hints(ctx, p, n)
	if len(cands) == 0 {
		fmt.Fprintln(h.Out, "No move found.")
		return
	}
	fmt.Fprintln(h.Out, "Hints, best first:")
	for i, c := range cands {
		fmt.Fprintf(h.Out, "  %d. %-24s %3d points, equity %6.1f, keeps %s\n",
			i+1, Format(p.Board, c.Move), c.Move.Score, c.Equity, orDash(c.Leave.String()))
	}
}

// blankNote explains a refusal caused by lower-case letters typed by
// someone who did not mean blanks.
func blankNote(m move.Move, p *position.Position, res rules.Result) string {
	blanks := 0
	for _, t := range m.Tiles {
		if t.Blank {
			blanks++
		}
	}
	if !errors.Is(res.Err, rules.ErrNotInRack) || blanks <= p.Rack.Blanks() {
		return ""
	}
	return fmt.Sprintf(" (lower-case letters are blanks, and the rack holds %d: type tiles in upper case)", p.Rack.Blanks())
}

func spaced(s string) string { return strings.Join(strings.Split(s, ""), " ") }

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
