package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/urfave/cli/v2"
	"golang.org/x/term"

	"github.com/lexico/lexico/bot/engine/montecarlo"
	"github.com/lexico/lexico/bot/engine/player"
	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/position"
	"github.com/lexico/lexico/bot/game/rules"
	"github.com/lexico/lexico/bot/match/human"
	"github.com/lexico/lexico/bot/platform/answer"
	"github.com/lexico/lexico/bot/platform/gamestate"
	"github.com/lexico/lexico/internal/cliapp"
	"github.com/lexico/lexico/internal/quote"
)

// runOptions are run's flags and its GAMESTATE argument.
type runOptions struct {
	Bot          botOptions
	Live, Replay bool
	Top          int
	JSON, Board  bool
	Lines        bool
	Args         []string
}

func runCommand() *cli.Command {
	var o runOptions
	return &cli.Command{
		Name:      "run",
		Usage:     "answer one gamestate: print the move in the platform's format on stdout",
		ArgsUsage: "GAMESTATE|-",
		Description: "Reads a gamestate (JSON or the documentation's Python-literal form) from a file or stdin\n" +
			"and prints the chosen move as one line on stdout, ready for the platform; everything\n" +
			"else (notes, --top, --board) goes to stderr. The move is written before the gamestate's\n" +
			"ResponseDeadline, counting from the process's start. A deadline passed by less than a\n" +
			"MoveTime is live and late: the static move answers at once. One long past is a saved\n" +
			"gamestate: run says so and thinks for MoveTime (or --budget). --live and --replay force\n" +
			"either reading.",
		Flags: append(botFlags(&o.Bot, true),
			&cli.BoolFlag{Name: "live", Usage: "take the ResponseDeadline as live however long ago it passed (a passed one is answered at once)", Destination: &o.Live},
			&cli.BoolFlag{Name: "replay", Usage: "ignore the ResponseDeadline: think for MoveTime from the start, as when replaying a saved game", Destination: &o.Replay},
			&cli.IntFlag{Name: "top", Usage: "also list the `N` best candidates on stderr (score, equity, the play as the web page writes it, e.g. H8 across WORD, words, leave, the move in the platform's format), or in the --json output", Destination: &o.Top},
			&cli.BoolFlag{Name: "json", Usage: "print one JSON object (move, score, equity, words, leave, search figures, --top list) instead of the bare move", Destination: &o.JSON},
			&cli.BoolFlag{Name: "board", Usage: "draw the board with the move on it on stderr, columns A-O and rows 1-15 from the top as on the web page (colour only on a terminal)", Destination: &o.Board},
			&cli.BoolFlag{Name: "lines", Usage: "answer gamestates one a line on stdin, a move a line on stdout, until stdin ends (the index opened once; the protocol of a cmd: seat in play and league). A line that is no gamestate is answered with a pass, so answers stay in step; a blank line is skipped, unanswered", Destination: &o.Lines},
		),
		Action: func(c *cli.Context) error {
			o.Bot.Sim.noteGiven(c)
			o.Args = c.Args().Slice()
			return runMove(c.Context, o, envOf(c))
		},
	}
}

func runMove(ctx context.Context, o runOptions, e env) error {
	if o.Lines {
		return runLines(ctx, o, e)
	}
	if len(o.Args) != 1 {
		return badInputf("run wants one GAMESTATE file (or - for stdin), got %s", quote.Count(len(o.Args), "argument"))
	}
	if o.Top < 0 {
		return badInputf("--top %d: want 0 or more", o.Top)
	}
	if err := cliapp.AtMost("top", o.Top, player.MaxCandidates); err != nil {
		return badInput{err} // the sim policy simulates them all
	}
	data, err := readArg(e.stdin, "gamestate", o.Args[0])
	if err != nil {
		return err
	}
	req, err := gamestate.ParseRequest(data)
	if err != nil {
		return badInput{err}
	}
	p := req.Position
	mode := player.Auto
	switch {
	case o.Live && o.Replay:
		return badInputf("--live and --replay contradict each other: give one")
	case o.Live:
		mode = player.Live
	case o.Replay:
		mode = player.Replay
	}
	if err := o.Bot.checkClock(); err != nil {
		return err
	}
	guard := guardStart(o.Bot.clock(mode), req, e.arrived, o.Bot.Leaves, func(r answer.Reply) error {
		return writeReply(e.stdout, r, replyForm{JSON: o.JSON}, time.Since(e.arrived))
	})
	setup, err := newBotSetup(o.Bot, mode, req.Dictionary, false, 0, e.stderr)
	if !guard.end() {
		// The guard answered in time; the rest is for the next run (an
		// index built on first use stays built) and for the log.
		fmt.Fprintf(e.stderr, "lexico-bot run: start-up took %v, past the budget's stop: answered without a search\n",
			time.Since(e.arrived).Round(time.Millisecond))
		if err == nil {
			setup.close()
		}
		return err
	}
	if err != nil {
		return err
	}
	defer setup.close()
	stderr := e.stderr
	if setup.note != "" {
		fmt.Fprintln(stderr, "lexico-bot run:", setup.note)
	}
	// Only the gamestate says the game's bag, after the tables are read:
	// run answers (a move is due) and says the table went unused.
	if n := leavesUnused(setup.leaves, p.Variant); n != "" {
		fmt.Fprintf(stderr, "lexico-bot run: --leaves: %s: the hand-tuned model values this game's leaves\n", n)
	}
	if req.Status != "" && req.Status != "RUNNING" {
		fmt.Fprintf(stderr, "lexico-bot run: the gamestate's GameStatus is %s, not RUNNING; answering anyway\n", quote.String(req.Status))
	}

	// Start-up (exec, reading, opening the index) is already spent: the
	// budget counts from the process's start. What follows thinking
	// (stopping, encoding, writing) is a small share of that work and
	// suffers the same load, so half the start-up is held back for it.
	// Building the default index on its first use is set-up, not start-up:
	// a gamestate no deadline binds thinks for its whole MoveTime after it,
	// and none of it is held back as if delivery would take as long.
	start, from := time.Now(), e.arrived
	bot := setup.bot
	bot.Policy = bot.Policy.WithTop(o.Top)
	bot.Clock.Setup = setup.built
	bot.MinTail = (start.Sub(from) - setup.built) / 2
	rep, err := bot.AnswerRequest(ctx, req, from)
	if err != nil {
		return err
	}
	elapsed := time.Since(start)
	ch, budget := rep.Choice, rep.Budget
	// The answer first: the notes after it cost the deadline nothing.
	if err := writeReply(e.stdout, rep, replyForm{JSON: o.JSON, Dict: setup.index, Top: o.Top > 0}, elapsed); err != nil {
		return err
	}
	searched := fmt.Sprintf("%d plays", ch.Plays)
	if ch.Bounded {
		searched = fmt.Sprintf("bounded search, %d plays valued", ch.Plays)
	}
	value := fmt.Sprintf(", equity %.1f, keeps %q", ch.Equity, ch.Leave.String())
	if ch.Endgame != nil {
		// The solver's value is the final margin (endgameSummary), and
		// with the bag empty the tiles kept are worth nothing.
		value = ""
	}
	// The time is the whole answer's (search, simulation, solver), said
	// apart from the search so that it does not read as the search's.
	summary := fmt.Sprintf("%s (%s), score %d%s; answered in %.1f ms; %s",
		ch.Move.Kind, ch.Policy, ch.Move.Score, value, ms(elapsed), searched)
	if !ch.Complete {
		summary += fmt.Sprintf(" (the %v budget ran out: best so far)", budget.Time.Round(time.Millisecond))
	}
	if sim := ch.Simulation; sim != nil {
		summary += "; " + simSummary(sim)
	}
	if ch.Endgame != nil {
		summary += "; " + endgameSummary(ch.Endgame) // endgame.go
	}
	if ch.Reason != "" {
		summary += "; " + ch.Reason
	}
	if budget.Notable() {
		fmt.Fprintf(stderr, "lexico-bot run: %s%s\n", budget.Note, clockFlags(budget, bot.Clock))
	}
	fmt.Fprintln(stderr, "lexico-bot run:", summary)
	if !o.JSON && o.Top > 0 {
		writeTop(stderr, p, setup.index, ch.Top, ch.Simulation, ch.Endgame)
	}
	if o.Board {
		p.Board.Draw(stderr, board.DrawOptions{Highlights: ch.Move.Highlights(), Colour: isTerminal(stderr)})
	}
	return nil
}

// clockFlags names the flags behind what b's note speaks of in the
// clock's own terms (the set budget, the think cap, the Live mode), which
// the library cannot name: "" when it speaks of none.
func clockFlags(b player.Budget, c player.Clock) string {
	var flags []string
	if b.Capped && c.Override > 0 {
		flags = append(flags, fmt.Sprintf("--budget %v", c.Override))
	}
	if b.Capped {
		flags = append(flags, fmt.Sprintf("--max-think %v", c.MaxThink))
	}
	if b.Saved {
		flags = append(flags, "--live answers it at once, as the platform would")
	}
	if len(flags) == 0 {
		return ""
	}
	return " (" + strings.Join(flags, "; ") + ")"
}

// runJSON is run's --json output: the report every front end writes
// (answer.Report), /move's too.
type runJSON = answer.Report

// simSummary says in a few words what the simulation did.
func simSummary(sim *player.Simulation) string {
	switch {
	case sim.Err != nil:
		return fmt.Sprintf("not simulated (%v): the search's ranking stands", sim.Err)
	case sim.Candidates < 2:
		return "nothing to simulate: one candidate"
	case sim.Iterations == 0:
		return "no world simulated in time: the search's ranking stands"
	}
	by := "simulated equity"
	switch {
	case sim.ByWins:
		by = "win rate, every simulated game ended"
	case sim.Rank == montecarlo.RankWinProb:
		by = "chance of winning"
	case sim.Rank == montecarlo.RankBlend:
		by = "chance of winning and simulated equity"
	}
	dropped := ""
	if slices.ContainsFunc(sim.Results, func(r montecarlo.Result) bool { return r.Dropped }) {
		dropped = " (a candidate clearly behind stopped being played: those played longer rank first)"
	}
	return fmt.Sprintf("simulated %d candidates in %s of %s, ranked by %s%s", sim.Candidates, quote.Count(sim.Iterations, "world"),
		quote.CountAs(sim.Plies, "ply", "plies"), by, dropped)
}

// writeTop prints the top moves as a table (with the simulation's figures
// when sim holds them: its worlds column shows why a candidate can rank
// below one with a lower mean, a race having dropped it sooner). When the endgame solver decided (eg), the value
// column is the final margin with best play ("<=" where the solver only
// showed a move cannot beat its choice), ">=" for a win proven by at least
// that margin, or "win" for a win whatever the bag holds.
func writeTop(w io.Writer, p *position.Position, dict rules.Dictionary, top []player.Candidate, sim *player.Simulation, eg *player.Endgame) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	simulated := sim != nil && len(sim.Results) > 0
	if simulated {
		fmt.Fprint(tw, "#\tsim\t±\twin%\tworlds\t")
	} else {
		fmt.Fprint(tw, "#\t")
	}
	value := "equity"
	if eg != nil {
		value = "margin"
	}
	// play is the move as the page and play write it (H8 across WORD), move
	// the platform's format, to paste into check or a bot's answer.
	fmt.Fprintf(tw, "score\t%s\tplay\twords\tleave\tmove\n", value)
	for i, c := range top {
		j := answer.NewMoveReport(p, c, dict)
		words := make([]string, len(j.Words))
		for k, wd := range j.Words {
			words[k] = fmt.Sprintf("%s %d", wd.Word, wd.Score)
		}
		if c.Move.Kind == move.Play && len(c.Move.Tiles) == p.Variant.RackSize {
			words = append(words, fmt.Sprintf("bingo %d", p.Variant.BingoBonus))
		}
		what := strings.Join(words, ", ")
		if c.Move.Kind != move.Play {
			what = "(" + c.Move.Kind.String() + ")"
		}
		fmt.Fprintf(tw, "%d\t", i+1)
		if simulated {
			r := sim.Results[i]
			win := r.WinRate
			if sim.Rank != montecarlo.RankPoints {
				win = r.WinProb // the chance it was ranked by
			}
			fmt.Fprintf(tw, "%.1f\t%.1f\t%.0f\t%d\t", r.Equity, r.StdErr, 100*win, r.Iterations)
		}
		v := fmt.Sprintf("%.1f", c.Equity)
		switch {
		case eg != nil && eg.Kind == player.Won:
			v = fmt.Sprintf(">=%+.0f", c.Equity)
		case eg != nil && eg.Kind != player.Solved:
			v = "win"
		case eg != nil && c.Bound:
			v = fmt.Sprintf("<=%+.0f", c.Equity)
		case eg != nil:
			v = fmt.Sprintf("%+.0f", c.Equity)
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%s\n", c.Move.Score, v, human.Format(p.Board, c.Move), what, j.Leave, j.Move)
	}
	tw.Flush()
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}
