package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/lexico/lexico/bot/engine/movegen/strategy"
	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/rules"
	"github.com/lexico/lexico/bot/game/variant"
	"github.com/lexico/lexico/bot/solver"
	"github.com/lexico/lexico/internal/quote"
)

// solveOptions are solve's flags (it takes no arguments).
type solveOptions struct {
	Board, Hand, Variant string
	Top                  int
	Interactive, JSON    bool
	Index, Strategy      string
	Args                 []string
}

func solveCommand() *cli.Command {
	var o solveOptions
	return &cli.Command{
		Name:  "solve",
		Usage: "list the best plays for a hand on a board file (Lexico or Words With Friends), and play one",
		UsageText: "lexico-bot solve --board FILE --hand LETTERS [--variant multipliers|classic|wwf] [--top N] [--interactive|--json] [--index FILE]\n\n" +
			"The board file has a line per row and a character per column: '_' empty, A-Z a tile, a-z a played blank;\n" +
			"a file with nothing in it is the empty board. A board no game could reach (tiles that are not one group\n" +
			"through the start square, more of a letter than the bag holds) is refused with the reason, and left as it is.\n" +
			"The hand is letters, '*' for a blank. Squares are named as on the web page and in GCG: a column letter\n" +
			"from A at the left and a row number from 1, row 1 the file's first line (H8 is the centre of a 15x15 board).\n" +
			"Each play is listed with the first square of its word and its direction (H8 across).\n" +
			"--interactive reads commands from stdin: N next, P previous, F=H8 only plays with a tile on H8 (F clears),\n" +
			"D=n draw play n, a number plays it, Q quit.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "board", Usage: "board `FILE` (rewritten with the chosen play in --interactive)", Required: true, Destination: &o.Board},
			&cli.StringFlag{Name: "hand", Usage: "the rack's `LETTERS`, '*' for a blank", Required: true, Destination: &o.Hand},
			// --rules is the flag's old name, lexico the old name of multipliers.
			variantFlag(&o.Variant, variant.Multipliers.Name, "rules"),
			&cli.IntFlag{Name: "top", Value: 25, Usage: "how many plays `N` to list without --interactive", Destination: &o.Top},
			&cli.BoolFlag{Name: "json", Usage: `print {"variant","board","hand","plays":[{"rank","word","square","row","col","dir","score","bingo","words":[{"word","score","valid"}]}]} instead of the listing (square: H8; row, col: from 0 at the top left)`, Destination: &o.JSON},
			&cli.BoolFlag{Name: "interactive", Usage: "page through the plays and choose one to write into the board file", Destination: &o.Interactive},
			&cli.StringFlag{Name: "index", Usage: indexUsage, Destination: &o.Index},
			&cli.StringFlag{Name: "strategy", Value: "gaddag", Usage: "move generator `STRATEGY`: " + strings.Join(strategy.Names(), ", ") + " (all give the same plays; gaddag is the fast one)", Destination: &o.Strategy},
		},
		Action: func(c *cli.Context) error {
			o.Args = c.Args().Slice()
			return solveHand(o, envOf(c))
		},
	}
}

// solveInputError is bad input to solve (a board, hand or flag): exit 2, as
// for check; anything else (the index, the disk) exits 1.
type solveInputError struct{ error }

func (solveInputError) ExitCode() int   { return 2 }
func (e solveInputError) Unwrap() error { return e.error }

func solveHand(o solveOptions, e env) error {
	if len(o.Args) > 0 {
		return solveInputError{fmt.Errorf("solve takes no arguments (got %s): use --board and --hand", quote.String(o.Args[0]))}
	}
	v, err := parseVariant(o.Variant, e.stderr)
	if err != nil {
		return err
	}
	if o.JSON && o.Interactive {
		return solveInputError{errors.New("--json and --interactive exclude each other")}
	}
	if o.Board == "" { // else "open : no such file or directory"
		return solveInputError{errors.New("--board: the board file's path is empty")}
	}
	if o.Top < 1 {
		return solveInputError{fmt.Errorf("--top %d: want at least 1", o.Top)}
	}
	// Loading refuses a board no game could reach (its shape and its bag),
	// before the index is opened: bad input is reported at once, without a
	// first-use index build, and the file is never written.
	f, err := solver.LoadBoardFile(o.Board, v)
	if err != nil {
		return solveInputError{err}
	}
	hand, err := solver.ParseHand(o.Hand, v)
	if err != nil {
		return solveInputError{err}
	}
	unseen, err := solver.Unseen(v, f.Board)
	if err != nil {
		return solveInputError{fmt.Errorf("%s: %w", f.Path, err)}
	}
	if err := solver.CheckHand(hand, unseen, v); err != nil {
		return solveInputError{err}
	}
	idx, err := openIndex(o.Index, e.stderr)
	if err != nil {
		return err
	}
	defer idx.Close()
	// Generators take the board as given; a word there that the dictionary
	// lacks is most likely a typo in the file, worth a note but not a refusal.
	for _, w := range solver.BoardWords(f.Board) {
		if !idx.Contains(w.Word) {
			fmt.Fprintf(e.stderr, "note: %s on the board (%s %s) is not in the dictionary\n", w.Word, board.SquareName(w.Row, w.Col), w.Dir)
		}
	}
	gen, err := strategy.New(o.Strategy, idx)
	if err != nil {
		return solveInputError{err}
	}
	top := o.Top
	if o.Interactive {
		top = 0 // the loop pages and filters the whole list
	}
	plays, err := solver.Solve(gen, v, f.Board, hand, top)
	if err != nil {
		return solveInputError{err}
	}
	out := e.stdout
	rulesName := v.Name
	handText := strings.ToUpper(o.Hand)
	if o.Interactive {
		fmt.Fprintf(out, "%s rules, board %s, hand %s: %d plays\n", rulesName, f.Path, handText, len(plays))
		s := &solver.Session{File: f, Plays: plays, In: e.stdin, Out: out}
		err := s.Run()
		if errors.Is(err, solver.ErrBoardChanged) {
			return solveInputError{err}
		}
		return err
	}
	if o.JSON {
		return json.NewEncoder(out).Encode(solveReport(rulesName, f.Path, handText, plays, idx))
	}
	listPlays(out, rulesName, f, handText, plays)
	return nil
}

// solveJSON is solve --json's output.
type solveJSON struct {
	Variant string          `json:"variant"`
	Board   string          `json:"board"`
	Hand    string          `json:"hand"`
	Plays   []solvePlayJSON `json:"plays"`
}

// solvePlayJSON is one play: Square names the main word's first square as
// the listing does (H8); Row and Col are the same square counted from 0 at
// the top left, for programs.
type solvePlayJSON struct {
	Rank   int          `json:"rank"`
	Word   string       `json:"word"`
	Square string       `json:"square"`
	Row    int          `json:"row"`
	Col    int          `json:"col"`
	Dir    string       `json:"dir"`
	Score  int          `json:"score"`
	Bingo  bool         `json:"bingo"`
	Words  []rules.Word `json:"words"`
}

func solveReport(variant, board, hand string, plays []solver.Play, dict rules.Dictionary) solveJSON {
	r := solveJSON{Variant: variant, Board: board, Hand: hand, Plays: []solvePlayJSON{}}
	for _, p := range plays {
		rules.Validate(p.Words, dict)
		r.Plays = append(r.Plays, solvePlayJSON{Rank: p.Rank, Word: p.Word, Square: p.Square(), Row: p.Row, Col: p.Col,
			Dir: p.Dir.String(), Score: p.Score, Bingo: p.Bingo, Words: p.Words})
	}
	return r
}

func listPlays(out io.Writer, rules string, f *solver.BoardFile, hand string, plays []solver.Play) {
	fmt.Fprintf(out, "%s rules, board %s, hand %s: %d best plays\n", rules, f.Path, hand, len(plays))
	if len(plays) == 0 {
		fmt.Fprintln(out, "no plays")
		return
	}
	for i := range plays {
		fmt.Fprintln(out, plays[i].String())
	}
	fmt.Fprintf(out, "best:\n%s", solver.Draw(f.Variant, f.Board, plays[0].Move))
}
