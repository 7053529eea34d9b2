package lingo

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
)

// Player chooses the moves of one seat. Move gets a copy of the game (the
// player to move is g.ToMove) and answers a move; an error abandons the
// game. Lingo has no passing, so a player that cannot be trusted to answer
// a legal move should check it with g.Check before answering.
type Player interface {
	Name() string
	Move(ctx context.Context, g *Game) (Move, error)
}

// Bot plays the highest-scoring move (see Finder.Best). It looks only at
// its own pool and the board, so it does not peek at hidden pools.
type Bot struct {
	name   string
	finder *Finder
}

// NewBot returns a bot called name.
func NewBot(name string) *Bot { return &Bot{name: name} }

func (b *Bot) Name() string { return b.name }

// Move answers the best-scoring move.
func (b *Bot) Move(ctx context.Context, g *Game) (Move, error) {
	if err := ctx.Err(); err != nil {
		return Move{}, err
	}
	if b.finder == nil || b.finder.lex != g.Lexicon() || b.finder.opts != g.Opts {
		b.finder = NewFinder(g.Lexicon(), g.Opts)
	}
	m, _, ok := b.finder.Best(&g.Board, g.Pool(g.ToMove))
	if !ok {
		return Move{}, fmt.Errorf("%s: no legal move", b.name)
	}
	return m, nil
}

// HumanUsage is the notation, shown by help and after a line that cannot
// be read.
const HumanUsage = `Type a move as tile and square, as the board names them:
  ac7        put tile A on c7 (column c, row 7)
  ac7,re7    put A on c7 and R on e7 (tiles placed together must be part of one word)
  count      the letters still to be played (in the bag and the pools)
  word W...  whether the dictionary knows the words W...
  help       this text
  quit       abandon the game`

// Human is a person at a terminal: it shows the board and the pool, reads
// moves in the seed's notation, and asks again, saying why, after a line
// it cannot read or a move the rules refuse.
type Human struct {
	name string
	in   *bufio.Scanner
	out  io.Writer
	// seen says the person was shown the board, whose a1 was at (y0, x0).
	seen   bool
	y0, x0 int
}

// NewHuman reads moves from in and writes the board and prompts to out.
func NewHuman(name string, in io.Reader, out io.Writer) *Human {
	return &Human{name: name, in: bufio.NewScanner(in), out: out}
}

func (h *Human) Name() string { return h.name }

// Move shows the position, the tiles played since the person's last move
// in capitals, and reads lines until one is a legal move.
func (h *Human) Move(ctx context.Context, g *Game) (Move, error) {
	var since Move
	for i := len(g.Turns) - 1; i >= 0 && g.Turns[i].Player != g.ToMove; i-- {
		since.Tiles = append(since.Tiles, g.Turns[i].Move.Tiles...)
	}
	fmt.Fprintln(h.out)
	if note := g.Board.LabelsShifted(h.y0, h.x0); h.seen && note != "" {
		fmt.Fprintln(h.out, note+":")
	}
	h.seen = true
	h.y0, h.x0 = g.Board.Origin()
	Render(h.out, &g.Board, since)
	scores := make([]string, len(g.Names))
	for i, n := range g.Names {
		scores[i] = fmt.Sprintf("%s %d", n, g.Scores[i])
	}
	fmt.Fprintf(h.out, "scores: %s; %d tiles not yet drawn\n", strings.Join(scores, ", "), g.bag.Len())
	fmt.Fprintf(h.out, "%s, your pool:\n", h.name)
	RenderPool(h.out, g.Pool(g.ToMove), g.Board.Hex())
	for {
		if err := ctx.Err(); err != nil {
			return Move{}, err
		}
		fmt.Fprintf(h.out, "%s, your move (%d tile(s) at most; help for the notation): ", h.name, g.Opts.Place)
		if !h.in.Scan() {
			if err := h.in.Err(); err != nil {
				if errors.Is(err, bufio.ErrTooLong) { // "bufio.Scanner: token too long" says nothing to a person
					err = fmt.Errorf("a line is longer than %d bytes", bufio.MaxScanTokenSize)
				}
				return Move{}, fmt.Errorf("%w: %v", ErrInputEnded, err)
			}
			return Move{}, ErrInputEnded
		}
		line := strings.TrimSpace(h.in.Text())
		fields := strings.Fields(strings.ToLower(line))
		switch {
		case len(fields) == 1 && (fields[0] == "quit" || fields[0] == "q" || fields[0] == "exit"):
			return Move{}, ErrQuit
		case len(fields) == 1 && (fields[0] == "help" || fields[0] == "?" || fields[0] == "h"):
			fmt.Fprintln(h.out, HumanUsage)
			continue
		case len(fields) == 1 && (fields[0] == "count" || fields[0] == "-c"):
			fmt.Fprintf(h.out, "to be played (in the bag and the pools): %s\n", FormatDistribution(g.Unplayed()))
			continue
		case len(fields) > 0 && fields[0] == "word":
			// "word" alone is not read as a move: it would be told
			// "ord" is not a square.
			if len(fields) == 1 {
				fmt.Fprintln(h.out, "word wants the words to look up, as word cat tac")
			}
			for _, w := range fields[1:] {
				fmt.Fprintln(h.out, h.word(g, w))
			}
			continue
		}
		m, err := g.Board.ParseMove(line)
		if err == nil {
			_, err = g.Check(m)
		}
		if err != nil {
			fmt.Fprintf(h.out, "%v\n", err)
			if errors.Is(err, ErrNotation) {
				fmt.Fprintln(h.out, "(type help for the notation)")
			}
			continue
		}
		return m, nil
	}
}

// word says whether the dictionary knows w, as the seed's word command.
func (h *Human) word(g *Game, w string) string { return CheckWord(g.Lexicon(), w).String() }

// Run plays g to its end, players[i] moving for seat i. onTurn, if not
// nil, sees each turn as it is played. An error from a player (ErrQuit
// when a person quits, ErrInputEnded when their input ends) or an illegal
// answer stops the game and is returned; the game so far is in g.
func Run(ctx context.Context, g *Game, players []Player, onTurn func(g *Game, t Turn)) error {
	if len(players) != g.Opts.Players {
		return fmt.Errorf("%w: a %d-player game given %d to seat", ErrOptions, g.Opts.Players, len(players))
	}
	for !g.Over {
		p := players[g.ToMove]
		m, err := p.Move(ctx, g.Clone())
		if err != nil {
			return fmt.Errorf("%s: %w", p.Name(), err)
		}
		t, err := g.Play(m)
		if err != nil {
			return fmt.Errorf("%s answered %s: %w", p.Name(), g.Board.Format(m), err)
		}
		if onTurn != nil {
			onTurn(g, t)
		}
	}
	return nil
}
