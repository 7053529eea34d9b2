package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"syscall"
	"text/tabwriter"

	"github.com/urfave/cli/v2"

	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/rules"
	"github.com/lexico/lexico/bot/match/human"
	"github.com/lexico/lexico/bot/platform/gamestate"
	"github.com/lexico/lexico/internal/quote"
)

// checkOptions are check's flags and its GAMESTATE and MOVE arguments.
type checkOptions struct {
	Index string
	JSON  bool
	Args  []string
}

func checkCommand() *cli.Command {
	var o checkOptions
	return &cli.Command{
		Name:      "check",
		Usage:     "judge a move: is it legal in the gamestate, which words does it form, what does it score",
		ArgsUsage: "GAMESTATE|- MOVE",
		Description: "GAMESTATE is a file (JSON or the documentation's Python-literal form) or - for stdin.\n" +
			"MOVE is the move in the platform's format, inline (e.g. '[[\"C\",\"A\",\"R\"],[[6,7],[7,7],[8,7]]]')\n" +
			"or a file holding it. The words are read from the board with the move's tiles on it,\n" +
			"never from text sent with the move, and the score is shown even when a word is not in\n" +
			"the dictionary. " + fmt.Sprintf("GAMESTATE and a MOVE file are read up to %d MiB (serve's default --max-body).\n", maxInput>>20) +
			"Exit status: 0 legal, 1 illegal, 2 unusable input.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "index", Usage: indexUsage, Destination: &o.Index},
			&cli.BoolFlag{Name: "json", Usage: `print {"legal","reason","score","words":[{"word","score","valid"}],"bingo"}`, Destination: &o.JSON},
		},
		Action: func(c *cli.Context) error {
			o.Args = c.Args().Slice()
			return checkMove(o, envOf(c))
		},
	}
}

// illegalMove makes check exit 1: the input was fine, the move is not.
type illegalMove struct{ reason string }

func (e illegalMove) Error() string { return "illegal move: " + e.reason }
func (e illegalMove) ExitCode() int { return 1 }

// checkJSON is check's --json output.
type checkJSON struct {
	Legal  bool         `json:"legal"`
	Reason string       `json:"reason"`
	Score  int          `json:"score"`
	Words  []rules.Word `json:"words"`
	Bingo  bool         `json:"bingo"`
}

func checkMove(o checkOptions, e env) error {
	if len(o.Args) != 2 {
		return badInputf("check wants GAMESTATE and MOVE, got %s", quote.Count(len(o.Args), "argument"))
	}
	gsArg, mvArg := o.Args[0], o.Args[1]
	if gsArg == "-" && mvArg == "-" {
		return badInputf("GAMESTATE and MOVE cannot both be read from stdin")
	}
	data, err := readArg(e.stdin, "gamestate", gsArg)
	if err != nil {
		return err
	}
	p, err := gamestate.Parse(data)
	if err != nil {
		return badInput{err}
	}
	mvData := []byte(mvArg)
	if t := bytes.TrimSpace(mvData); len(t) == 0 || (t[0] != '[' && t[0] != '(') {
		if mvData, err = readArg(e.stdin, "move", mvArg); err != nil {
			// "open pass: no such file" would hide the mistake; a long
			// inline move is too long to be a file name.
			if errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENAMETOOLONG) {
				return badInputf("MOVE %s is neither a move in the platform's format (a list: [tiles, positions or [\"Pass\"]], e.g. [[],[\"Pass\"]]) nor a file", quote.String(mvArg))
			}
			return err
		}
	}
	// A move that cannot be read is said before the index is opened (or,
	// the first time, built).
	if _, err := gamestate.ParseMove(mvData, p.Board.Size); err != nil {
		return badInput{err}
	}
	x, err := openIndex(o.Index, e.stderr)
	if err != nil {
		return err
	}
	defer x.Close()
	m, res, err := gamestate.Judge(p, mvData, x)
	if err != nil {
		return badInput{err}
	}
	if o.JSON {
		out := checkJSON{Legal: res.Legal, Reason: res.Reason, Score: res.Score, Words: res.Words, Bingo: res.Bingo}
		if err := json.NewEncoder(e.stdout).Encode(out); err != nil {
			return err
		}
	} else {
		writeCheck(e.stdout, p.Board, m, res, p.Variant.BingoBonus)
	}
	if !res.Legal {
		return illegalMove{res.Reason}
	}
	return nil
}

// writeCheck says the verdict in words: one line for it, naming a play as
// the page and play write it (B1 down SPLINT) so the reader can find it on
// a drawn board, then one line per word. The move was given in the
// platform's [x, y]; a refusal's square keeps those coordinates.
func writeCheck(w io.Writer, b *board.Board, m move.Move, res rules.Result, bingoBonus int) {
	verdict := "legal"
	if !res.Legal {
		verdict = "illegal: " + res.Reason
	}
	switch {
	case m.Kind != move.Play:
		fmt.Fprintf(w, "%s %s\n", m.Kind, verdict)
		return
	case len(res.Words) == 0:
		fmt.Fprintf(w, "play %s\n", verdict)
		return
	}
	total := fmt.Sprintf("scores %d", res.Score)
	if !res.Legal {
		total = fmt.Sprintf("would score %d", res.Score)
	}
	if res.Bingo {
		total += fmt.Sprintf(" (with the %d-point bonus for using every tile)", bingoBonus)
	}
	fmt.Fprintf(w, "play %s: %s; %s\n", human.Format(b, m), verdict, total)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, wd := range res.Words {
		valid := "in the dictionary"
		if !wd.Valid {
			valid = "NOT in the dictionary"
		}
		fmt.Fprintf(tw, "  %s\t%d\t%s\n", wd.Word, wd.Score, valid)
	}
	tw.Flush()
}
