package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/urfave/cli/v2"
	"golang.org/x/term"

	"github.com/lexico/lexico/bot/board"
	"github.com/lexico/lexico/bot/gamestate"
	"github.com/lexico/lexico/bot/move"
	"github.com/lexico/lexico/bot/player"
	"github.com/lexico/lexico/bot/position"
	"github.com/lexico/lexico/bot/rules"
)

func init() {
	commands = append(commands, &cli.Command{
		Name:      "run",
		Usage:     "answer one gamestate: print the move in the platform's format on stdout",
		ArgsUsage: "GAMESTATE|-",
		Description: "Reads a gamestate (JSON or the documentation's Python-literal form) from a file or stdin\n" +
			"and prints the chosen move as one line on stdout, ready for the platform; everything\n" +
			"else (notes, --top, --board) goes to stderr. A saved gamestate's ResponseDeadline is\n" +
			"usually long past: run then says so and thinks for MoveTime (or --budget).",
		Flags: append(botFlags(),
			&cli.IntFlag{Name: "top", Usage: "also list the `N` best candidates (score, equity, words, leave) on stderr, or in the --json output"},
			&cli.BoolFlag{Name: "json", Usage: "print one JSON object (move, score, equity, words, leave, search figures, --top list) instead of the bare move"},
			&cli.BoolFlag{Name: "board", Usage: "draw the board with the move on it on stderr (colour only on a terminal)"},
		),
		Action: runMove,
	})
}

func runMove(c *cli.Context) error {
	if c.NArg() != 1 {
		return badInputf("run wants one GAMESTATE file (or - for stdin), got %d arguments", c.NArg())
	}
	if c.Int("top") < 0 {
		return badInputf("--top %d: want 0 or more", c.Int("top"))
	}
	data, err := readArg(c, "gamestate", c.Args().First())
	if err != nil {
		return err
	}
	p, err := gamestate.Parse(data)
	if err != nil {
		return badInput{err}
	}
	setup, err := newBotSetup(c, false, p.Dictionary)
	if err != nil {
		return err
	}
	defer setup.index.Close()
	setup.player.Top = c.Int("top")
	stderr := c.App.ErrWriter
	if setup.note != "" {
		fmt.Fprintln(stderr, "lexico-bot run:", setup.note)
	}
	if p.Status != "" && p.Status != "RUNNING" {
		fmt.Fprintf(stderr, "lexico-bot run: the gamestate's GameStatus is %q, not RUNNING; answering anyway\n", p.Status)
	}

	start := time.Now()
	budget := setup.clock.Budget(p, start)
	if budget.Late {
		fmt.Fprintf(stderr, "lexico-bot run: %s\n", budget.Note)
	}
	ctx, cancel := context.WithTimeout(c.Context, budget.Time)
	defer cancel()
	ch := setup.player.Choose(ctx, p)
	elapsed := time.Since(start)

	enc, err := gamestate.EncodeMove(ch.Move, p.Board.Size)
	if err != nil {
		return fmt.Errorf("encoding the chosen move %s: %w", ch.Move, err)
	}
	searched := fmt.Sprintf("%d plays", ch.Plays)
	if ch.BestOnly {
		searched = fmt.Sprintf("best-play search, %d improving plays", ch.Plays)
	}
	summary := fmt.Sprintf("%s, score %d, equity %.1f, keeps %q; %s in %.1f ms",
		ch.Move.Kind, ch.Move.Score, ch.Equity, ch.Leave.String(), searched, ms(elapsed))
	if !ch.Complete {
		summary += fmt.Sprintf(" (the %v budget ran out: best so far)", budget.Time)
	}
	if ch.Reason != "" {
		summary += "; " + ch.Reason
	}
	fmt.Fprintln(stderr, "lexico-bot run:", summary)

	if c.Bool("json") {
		out := runReport(p, ch, enc, budget, elapsed, c.Int("top") > 0)
		if err := json.NewEncoder(c.App.Writer).Encode(out); err != nil {
			return err
		}
	} else {
		fmt.Fprintf(c.App.Writer, "%s\n", enc)
		if c.Int("top") > 0 {
			writeTop(stderr, p, ch.Top)
		}
	}
	if c.Bool("board") {
		p.Board.Draw(stderr, board.DrawOptions{Coordinates: board.PlatformXY, Highlights: ch.Move.Highlights(), Colour: isTerminal(stderr)})
	}
	return nil
}

// candidateJSON is one candidate in run's --json output.
type candidateJSON struct {
	Move   json.RawMessage `json:"move"`
	Kind   string          `json:"kind"`
	Score  int             `json:"score"`
	Equity float64         `json:"equity"`
	Words  []rules.Word    `json:"words"`
	Leave  string          `json:"leave"`
}

type runJSON struct {
	candidateJSON
	Reason    string          `json:"reason,omitempty"`
	Plays     int             `json:"plays"`
	Complete  bool            `json:"complete"`
	BudgetMS  float64         `json:"budget_ms"`
	ElapsedMS float64         `json:"elapsed_ms"`
	Late      bool            `json:"late"`
	Top       []candidateJSON `json:"top,omitempty"`
}

func candidate(p *position.Position, c player.Candidate) candidateJSON {
	enc, err := gamestate.EncodeMove(c.Move, p.Board.Size)
	if err != nil {
		enc, _ = json.Marshal(err.Error())
	}
	return candidateJSON{Move: enc, Kind: c.Move.Kind.String(), Score: c.Move.Score, Equity: c.Equity,
		Words: wordsOf(p, c.Move), Leave: c.Leave.String()}
}

func wordsOf(p *position.Position, m move.Move) []rules.Word {
	if m.Kind != move.Play {
		return []rules.Word{}
	}
	_, words := rules.Score(p.Variant, p.Board, m)
	return words
}

func runReport(p *position.Position, ch player.Choice, enc []byte, b player.Budget, elapsed time.Duration, top bool) runJSON {
	out := runJSON{candidateJSON: candidate(p, ch.Candidate), Reason: ch.Reason, Plays: ch.Plays,
		Complete: ch.Complete, BudgetMS: ms(b.Time), ElapsedMS: ms(elapsed), Late: b.Late}
	out.Move = enc
	if top {
		for _, c := range ch.Top {
			out.Top = append(out.Top, candidate(p, c))
		}
	}
	return out
}

func writeTop(w io.Writer, p *position.Position, top []player.Candidate) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "#\tscore\tequity\twords\tleave\tmove")
	for i, c := range top {
		j := candidate(p, c)
		words := make([]string, len(j.Words))
		for k, wd := range j.Words {
			words[k] = fmt.Sprintf("%s %d", wd.Word, wd.Score)
		}
		what := strings.Join(words, ", ")
		if c.Move.Kind != move.Play {
			what = "(" + c.Move.Kind.String() + ")"
		}
		fmt.Fprintf(tw, "%d\t%d\t%.1f\t%s\t%s\t%s\n", i+1, c.Move.Score, c.Equity, what, j.Leave, j.Move)
	}
	tw.Flush()
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}
