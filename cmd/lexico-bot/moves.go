package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/lexico/lexico/bot/engine/movegen"
	"github.com/lexico/lexico/bot/engine/movegen/strategy"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/position"
	"github.com/lexico/lexico/bot/game/rules"
	"github.com/lexico/lexico/bot/platform/gamestate"
)

// movesOptions are moves' flags and its GAMESTATE arguments.
type movesOptions struct {
	Index, Strategy string
	Count, Best     bool
	Limit           int
	Args            []string
}

func movesCommand() *cli.Command {
	var o movesOptions
	return &cli.Command{
		Name:      "moves",
		Usage:     "list every legal placement of gamestates, highest score first, as JSON lines",
		ArgsUsage: "GAMESTATE... (- reads stdin: one gamestate per line, or one gamestate over many lines)",
		Description: "Prints each legal play as one JSON object per line, in the platform's coordinates\n" +
			"([x, y], y up): {\"move\" (the platform's move, as check takes it), \"tiles\",\n" +
			"\"positions\", \"blanks\", \"words\", \"score\"}, highest score first (equal scores in a\n" +
			"fixed order). With several gamestates (files, or - for JSON lines on stdin)\n" +
			"the index is opened once and each is answered in turn; each line then also carries\n" +
			"\"gamestate\", the 0-based number of the position it belongs to. Stdin whose first line is\n" +
			"not a whole gamestate is read as one gamestate (the documentation's multi-line form).\n" +
			"--count prints only the number of plays, one line per gamestate; --best only a\n" +
			"highest-scoring play, found without listing the others. A bad gamestate stops the run\n" +
			"with its name, as does " + fmt.Sprintf("one over %d MiB (serve's default --max-body).", maxInput>>20),
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "index", Usage: indexUsage, Destination: &o.Index},
			&cli.StringFlag{Name: "strategy", Value: "gaddag", Usage: "move generator `STRATEGY`: " + strings.Join(strategy.Names(), ", ") + " (all give the same plays; gaddag is the fastest, with or without blanks, exhaustive is for checking: bench/RESULTS.md)", Destination: &o.Strategy},
			&cli.BoolFlag{Name: "count", Usage: "print only the number of legal plays", Destination: &o.Count},
			&cli.IntFlag{Name: "limit", Usage: "print only the first `N` lines of the listing (0: all; ignored with --count)", Destination: &o.Limit},
			&cli.BoolFlag{Name: "best", Usage: "print only a highest-scoring play, found without listing the others (the gaddag strategy's bounded search, about twice as fast as the full listing); among equal scores it may differ from the listing's first line", Destination: &o.Best},
		},
		Action: func(c *cli.Context) error {
			o.Args = c.Args().Slice()
			return listMoves(o, envOf(c))
		},
	}
}

// moveJSON is one line of moves' output: the play in the platform's move
// format, split into named fields and whole (Move: what a bot answers and
// check takes), with the words it forms and its score.
type moveJSON struct {
	Gamestate *int            `json:"gamestate,omitempty"`
	Move      json.RawMessage `json:"move"`
	Tiles     []string        `json:"tiles"`
	Positions [][2]int        `json:"positions"`
	Blanks    []string        `json:"blanks"`
	Words     []string        `json:"words"`
	Score     int             `json:"score"`
}

// gamestateSource yields the gamestates named on the command line, in order,
// each with a name for error messages.
type gamestateSource struct {
	in    io.Reader // stdin, read for the argument -
	args  []string
	stdin *bufio.Reader
	line  int
}

// next returns the next gamestate, or io.EOF after the last.
//
// Stdin holds either gamestates one per line (JSON lines, as a log or a
// corpus keeps them) or one gamestate spread over many lines (the
// documentation's Python-literal form, or indented JSON), as run and check
// read it. The first non-blank line tells: if it is a whole gamestate, every
// line is one; otherwise stdin is read to its end as one gamestate.
func (s *gamestateSource) next() (data []byte, name string, err error) {
	for {
		if s.stdin != nil {
			b, over, err := readLine(s.stdin)
			if over {
				return nil, "stdin", tooLarge("gamestate", fmt.Sprintf("on stdin line %d", s.line+1))
			}
			if len(bytes.TrimSpace(b)) > 0 {
				s.line++
				if s.line == 1 && err == nil {
					if _, perr := gamestate.Parse(b); perr != nil && !namesAField(perr) {
						return s.wholeStdin(b)
					}
				}
				return b, fmt.Sprintf("stdin line %d", s.line), nil
			}
			if err == io.EOF {
				s.stdin = nil
				continue
			}
			if err != nil {
				return nil, "stdin", badInputf("reading stdin: %w", err)
			}
			s.line++
			continue
		}
		if len(s.args) == 0 {
			return nil, "", io.EOF
		}
		name, s.args = s.args[0], s.args[1:]
		if name == "-" {
			s.stdin = bufio.NewReader(s.in)
			continue
		}
		b, err := readArg(s.in, "gamestate", name)
		return b, name, err
	}
}

// namesAField reports whether err is Parse's refusal of a gamestate it read
// whole (it names a field at fault), not of text that is no gamestate on
// its own, such as the first line of a multi-line one: a JSON line no game
// can reach is refused as itself, not glued to the lines after it.
func namesAField(err error) bool {
	var fe *gamestate.FieldError
	return errors.As(err, &fe) && fe.Field != ""
}

// wholeStdin reads the rest of stdin after its first line, first, and
// returns the whole as one gamestate.
func (s *gamestateSource) wholeStdin(first []byte) ([]byte, string, error) {
	rest, over, err := readLimited(s.stdin)
	s.stdin = nil
	switch {
	case err != nil:
		return nil, "stdin", readError("gamestate", "-", err)
	case over || len(first)+len(rest) > maxInput:
		return nil, "stdin", tooLarge("gamestate", "on stdin")
	}
	return append(first, rest...), "stdin", nil
}

func listMoves(o movesOptions, e env) error {
	if len(o.Args) == 0 {
		return badInputf("moves wants at least one GAMESTATE file (or - for stdin)")
	}
	limit := o.Limit
	if limit < 0 {
		return badInputf("--limit %d: want 0 (all) or more", limit)
	}
	if o.Best && o.Count {
		return badInputf("--best and --count together: --best prints a play, --count a number")
	}
	eng, err := openEngine(o.Index, o.Strategy, nil, false, e.stderr)
	if err != nil {
		return err
	}
	defer eng.Close()
	gen := eng.Generator()
	several := len(o.Args) > 1 || o.Args[0] == "-"
	out := bufio.NewWriter(e.stdout)
	defer out.Flush()
	src := &gamestateSource{in: e.stdin, args: o.Args}
	all := &movegen.AllPlays{}
	for n := 0; ; n++ {
		data, name, err := src.next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		p, err := gamestate.Parse(data)
		if err != nil {
			return badInputf("%s: %w", name, err)
		}
		var which *int
		if several {
			which = &n
		}
		switch {
		case o.Count:
			plays := 0
			gen.Search(movegen.Args{Variant: p.Variant, Board: p.Board, Rack: p.Rack, Record: func(*move.Move) { plays++ }})
			fmt.Fprintln(out, plays)
		case o.Best:
			var best movegen.Best
			gen.Search(movegen.Args{Variant: p.Variant, Board: p.Board, Rack: p.Rack, Keep: 1, Record: best.Record})
			var moves []move.Move
			if best.Found {
				moves = append(moves, best.Move)
			}
			if err := writeMoves(out, p, moves, which); err != nil {
				return err
			}
		default:
			// All plays, sorted, then cut: a bounded recorder would be
			// cheaper but keeps an arbitrary one of plays tied with the
			// N-th, and --limit N must print the first N lines of the full
			// listing.
			all.Reset()
			gen.Search(movegen.Args{Variant: p.Variant, Board: p.Board, Rack: p.Rack, Record: all.Record})
			all.SortByScore()
			moves := all.Moves
			if limit > 0 && len(moves) > limit {
				moves = moves[:limit]
			}
			if err := writeMoves(out, p, moves, which); err != nil {
				return err
			}
		}
		// Each position's answer reaches the reader before the next is worked on.
		if err := out.Flush(); err != nil {
			return err
		}
	}
}

// writeMoves prints moves as JSON lines in the platform's coordinates, using
// the platform's move encoding so that the fields are exactly what a bot
// would send.
func writeMoves(w io.Writer, p *position.Position, moves []move.Move, which *int) error {
	enc := json.NewEncoder(w)
	for _, m := range moves {
		tiles, positions, blanks, err := gamestate.PlayFields(m, p.Board.Size)
		if err != nil {
			return fmt.Errorf("encoding play %s: %w", m, err)
		}
		if blanks == nil {
			blanks = []string{}
		}
		whole, err := gamestate.EncodeMove(m, p.Board.Size)
		if err != nil {
			return fmt.Errorf("encoding play %s: %w", m, err)
		}
		j := moveJSON{Gamestate: which, Move: whole, Tiles: tiles, Positions: positions, Blanks: blanks, Words: []string{}, Score: m.Score}
		_, words := rules.Score(p.Variant, p.Board, m)
		for _, wd := range words {
			j.Words = append(j.Words, wd.Word)
		}
		if err := enc.Encode(j); err != nil {
			return err
		}
	}
	return nil
}
