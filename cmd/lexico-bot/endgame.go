package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/lexico/lexico/bot/engine/endgame"
	"github.com/lexico/lexico/bot/engine/montecarlo"
	"github.com/lexico/lexico/bot/engine/movegen/strategy"
	"github.com/lexico/lexico/bot/engine/player"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/position"
	"github.com/lexico/lexico/bot/game/rules"
	"github.com/lexico/lexico/bot/game/state"
	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/bot/match/human"
	"github.com/lexico/lexico/bot/platform/gamestate"
	"github.com/lexico/lexico/internal/cliapp"
)

// endgameOptions are endgame's flags and its GAMESTATE argument.
type endgameOptions struct {
	Index, Strategy string
	Time            time.Duration
	Candidates      int
	JSON, Win       bool
	Args            []string
}

func endgameCommand() *cli.Command {
	var o endgameOptions
	return &cli.Command{
		Name:      "endgame",
		Usage:     "solve the end of a game: the best line with the bag empty, or the pre-endgame's ranking",
		ArgsUsage: "GAMESTATE (a file, or - for stdin)",
		Description: "With the bag empty the opponent's rack is the unseen tiles, and the rest of the game is\n" +
			"searched (negamax with alpha-beta, iterative deepening) until it is proven or --time is up;\n" +
			"it prints the line of best play on both sides, each move with its score and the margin\n" +
			"after it (your score less the opponent's; Lexico has no penalty for tiles left), and whether\n" +
			fmt.Sprintf("the result is proven. With 1 to %d tiles in the bag (a pre-endgame) it ranks the best plays\n", endgame.MaxBag) +
			"and the pass by their win probability over every possible draw, then by the expected margin;\n" +
			"a draw the solver does not prove in its share of the time is played out by the equity player.\n" +
			"With --win (bag empty) it asks only whether you can win, which it settles far sooner than\n" +
			"the best line: it prints a move that wins against any defence, or that none does.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "index", Usage: indexUsage, Destination: &o.Index},
			&cli.StringFlag{Name: "strategy", Value: "gaddag", Usage: "move generator `STRATEGY`: " + strings.Join(strategy.Names(), ", "), Destination: &o.Strategy},
			&cli.DurationFlag{Name: "time", Value: 5 * time.Second, Usage: "search for at most `DURATION`", Destination: &o.Time},
			&cli.IntFlag{Name: "candidates", Value: endgame.DefaultCandidates, Usage: "pre-endgame: the `N` highest-scoring plays compared (with the pass)", Destination: &o.Candidates},
			&cli.BoolFlag{Name: "json", Usage: "print one JSON object", Destination: &o.JSON},
			&cli.BoolFlag{Name: "win", Usage: "with the bag empty, ask only whether you can win (a winning move, or proof that none wins), not for the best line", Destination: &o.Win},
		},
		Action: func(c *cli.Context) error {
			o.Args = c.Args().Slice()
			return solveEndgame(o, envOf(c))
		},
	}
}

// endgameLine is one move of the printed line.
type endgameLine struct {
	Seat   string          `json:"seat"` // "you" or "opponent"
	Move   json.RawMessage `json:"move"` // the platform's move format
	Words  []string        `json:"words"`
	Score  int             `json:"score"`
	Margin int             `json:"margin"` // yours less the opponent's, after the move
}

// endgameJSON is the --json answer: an endgame's solution or a
// pre-endgame's ranking.
type endgameJSON struct {
	Kind       string            `json:"kind"` // "endgame", "pre-endgame" or "win" (--win)
	Proven     bool              `json:"proven"`
	Win        *bool             `json:"win,omitempty"` // --win, proven: whether Move wins (else no move does)
	Tie        *bool             `json:"tie,omitempty"` // --win, no win, proven: whether a tie can be forced
	Depth      int               `json:"depth,omitempty"`
	Nodes      int64             `json:"nodes"`
	ElapsedMS  float64           `json:"elapsed_ms"`
	Value      *int              `json:"value,omitempty"` // endgame: the final margin
	Move       json.RawMessage   `json:"move"`
	Line       []endgameLine     `json:"line,omitempty"`
	Draws      int               `json:"draws,omitempty"`
	Sampled    bool              `json:"sampled,omitempty"`
	Valued     int               `json:"valued,omitempty"`
	Candidates []preendgameEntry `json:"candidates,omitempty"`
}

type preendgameEntry struct {
	Move   json.RawMessage `json:"move"`
	Words  []string        `json:"words"`
	Score  int             `json:"score"`
	Wins   float64         `json:"wins"`
	Margin float64         `json:"margin"`
	Proven int             `json:"proven"` // draws whose value was proven
}

func solveEndgame(o endgameOptions, e env) error {
	if len(o.Args) != 1 {
		return badInputf("endgame wants one GAMESTATE file (or - for stdin), got %d arguments", len(o.Args))
	}
	name := o.Args[0]
	budget := o.Time
	if budget <= 0 {
		return badInputf("--time %v: want a positive duration", budget)
	}
	if o.Candidates < 1 {
		return badInputf("--candidates %d: want at least 1", o.Candidates)
	}
	if err := cliapp.AtMost("candidates", o.Candidates, player.MaxCandidates); err != nil {
		return badInput{err} // more than a rack has plays
	}
	data, err := readArg(e.stdin, "gamestate", name)
	if err != nil {
		return err
	}
	p, err := gamestate.Parse(data)
	if err != nil {
		return badInputf("%s: %w", name, err)
	}
	if o.Win && p.BagCount > 0 {
		return badInputf("%s: --win asks an endgame (the bag empty), and %d tiles are in the bag", name, p.BagCount)
	}
	if p.BagCount > endgame.MaxBag {
		return badInputf("%s: %d tiles in the bag: not an endgame (empty bag) nor a pre-endgame (1 to %d)",
			name, p.BagCount, endgame.MaxBag)
	}
	unseen, err := montecarlo.Unseen(p)
	if err != nil {
		return badInputf("%s: %w", name, err)
	}
	eng, err := openEngine(o.Index, o.Strategy, nil, false, e.stderr)
	if err != nil {
		return err
	}
	defer eng.Close()
	gen := eng.Generator()
	solver := endgame.New(gen)
	deadline := time.Now().Add(budget)
	if p.BagCount > 0 {
		// A draw the solver does not prove in its share of --time is
		// played out by the equity player, both sides.
		eq, err := eng.Policy(player.NameEquity, nil)
		if err != nil {
			return err
		}
		pe := &endgame.PreEndgame{Solver: solver, Candidates: o.Candidates, Playout: eq.Quick().Playout}
		res, err := pe.Solve(p, deadline, nil)
		if err != nil {
			return badInputf("%s: %w", name, err)
		}
		return printPreEndgame(e.stdout, p, res, o.JSON)
	}
	switch {
	case p.Rack.N == 0:
		return badInputf("%s: your rack is empty: the game is over", name)
	case len(unseen) == 0:
		return badInputf("%s: no tile is unseen, so the opponent is out: the game is over", name)
	case len(unseen) > p.Variant.RackSize:
		return badInputf("%s: %d tiles unseen with the bag empty, more than a rack of %d holds",
			name, len(unseen), p.Variant.RackSize)
	}
	st, err := state.FromPosition(p)
	if err == nil {
		err = st.Deal(1, unseen, nil)
	}
	if err != nil {
		return badInputf("%s: %w", name, err)
	}
	stop := func() bool { return !time.Now().Before(deadline) }
	if o.Win {
		d, err := solver.Decide(st, stop)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		var tie endgame.Decision // no win: can a tie be forced?
		if d.Proven && !d.Win {
			if tie, err = solver.DecideAtLeast(st, 0, stop); err != nil {
				return fmt.Errorf("%s: %w", name, err)
			}
		}
		return printDecision(e.stdout, st, d, tie, o.JSON)
	}
	res, err := solver.Solve(st, stop)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return printEndgame(e.stdout, st, res, tile.RackOf(unseen), o.JSON)
}

// printDecision prints Decide's answer: the winning move, that none wins
// (and then, from tie, whether a tie can be forced), or that the search
// did not settle it in time.
func printDecision(w io.Writer, st *state.State, d, tie endgame.Decision, asJSON bool) error {
	p := st.View()
	out := endgameJSON{Kind: "win", Proven: d.Proven, Depth: d.Depth, Nodes: d.Nodes,
		ElapsedMS: float64(d.Elapsed.Microseconds()) / 1000, Move: json.RawMessage("null")}
	var words []string
	if d.Proven {
		out.Win = &d.Win
	}
	if tie.Proven {
		out.Tie = &tie.Win
	}
	if d.Win {
		var err error
		if out.Move, words, err = describe(&p, d.Move); err != nil {
			return err
		}
		margin := p.MyScore + d.Move.Score - p.OppScore
		out.Line = []endgameLine{{Seat: "you", Move: out.Move, Words: words, Score: d.Move.Score, Margin: margin}}
	}
	if asJSON {
		return json.NewEncoder(w).Encode(out)
	}
	how := fmt.Sprintf("depth %d, %d nodes, %.0f ms", d.Depth, d.Nodes, out.ElapsedMS)
	switch {
	case d.Win:
		_, err := fmt.Fprintf(w, "a win: %s %s scores %d and wins against any defence (proven; %s)\n",
			human.Format(p.Board, d.Move), out.Move, d.Move.Score, how)
		return err
	case d.Proven && tie.Proven && tie.Win:
		_, err := fmt.Fprintf(w, "no move wins against the best defence, but a tie can be forced (proven; %s)\n", how)
		return err
	case d.Proven && tie.Proven:
		_, err := fmt.Fprintf(w, "every move loses against the best defence (proven; %s)\n", how)
		return err
	case d.Proven:
		_, err := fmt.Fprintf(w, "no move wins against the best defence (proven; whether a tie can be forced was not settled in time; %s)\n", how)
		return err
	}
	_, err := fmt.Fprintf(w, "not settled within the time: no winning move found, nor proof that none exists (%s)\n", how)
	return err
}

// describe is m's words and platform encoding on st's board as it stands.
func describe(v *position.Position, m move.Move) (raw json.RawMessage, words []string, err error) {
	raw, err = gamestate.EncodeMove(m, v.Board.Size)
	if err != nil {
		return nil, nil, fmt.Errorf("encoding %v: %w", m, err)
	}
	words = []string{}
	if m.Kind == move.Play {
		_, ws := rules.Score(v.Variant, v.Board, m)
		for _, w := range ws {
			words = append(words, w.Word)
		}
	}
	return raw, words, nil
}

func printEndgame(w io.Writer, st *state.State, res endgame.Result, opp tile.Rack, asJSON bool) error {
	out := endgameJSON{Kind: "endgame", Proven: res.Proven, Depth: res.Depth, Nodes: res.Nodes,
		ElapsedMS: float64(res.Elapsed.Microseconds()) / 1000, Value: &res.Value}
	r0, _ := st.Rack(0)
	var texts []string // each move of the line as the page writes it (A6 across FLOP)
	applied := 0
	defer func() {
		for ; applied > 0; applied-- {
			st.Undo()
		}
	}()
	for _, m := range res.Line {
		view := st.View()
		raw, words, err := describe(&view, m)
		if err != nil {
			return err
		}
		texts = append(texts, human.Format(view.Board, m))
		seat := "you"
		if st.Turn() == 1 {
			seat = "opponent"
		}
		if err := st.Apply(m); err != nil {
			return fmt.Errorf("the solved line does not play: %v: %w", m, err)
		}
		applied++
		s := st.Scores()
		out.Line = append(out.Line, endgameLine{Seat: seat, Move: raw, Words: words, Score: m.Score, Margin: s[0] - s[1]})
	}
	if len(out.Line) == 0 {
		return errors.New("the solver found no move")
	}
	out.Move = out.Line[0].Move
	if asJSON {
		return json.NewEncoder(w).Encode(out)
	}
	status := "not proven (the deepest search finished within --time)"
	if res.Proven {
		status = "proven"
	}
	fmt.Fprintf(w, "endgame: your rack %s, the opponent's %s (the unseen tiles)\n", r0.String(), opp.String())
	fmt.Fprintf(w, "final margin %+d, %s; depth %d, %d nodes in %.3f s (%.0f nodes/s)\n",
		res.Value, status, res.Depth, res.Nodes, res.Elapsed.Seconds(), res.NodesPerSecond())
	for i, l := range out.Line {
		what := texts[i] + " " + string(l.Move)
		fmt.Fprintf(w, "%3d. %-8s %-48s %4d  margin %+d\n", i+1, l.Seat, what, l.Score, l.Margin)
	}
	return nil
}

func printPreEndgame(w io.Writer, p *position.Position, res endgame.PreResult, asJSON bool) error {
	out := endgameJSON{Kind: "pre-endgame", Nodes: res.Nodes, ElapsedMS: float64(res.Elapsed.Microseconds()) / 1000,
		Draws: res.Draws, Sampled: res.Sampled, Valued: res.Valued}
	for _, r := range res.Ranked {
		raw, words, err := describe(p, r.Move)
		if err != nil {
			return err
		}
		out.Candidates = append(out.Candidates, preendgameEntry{Move: raw, Words: words, Score: r.Move.Score,
			Wins: r.Wins, Margin: r.Margin, Proven: r.Proven})
	}
	out.Proven = res.Valued == res.Draws && !res.Sampled
	for _, r := range res.Ranked {
		out.Proven = out.Proven && r.Proven == res.Draws
	}
	out.Move = out.Candidates[0].Move
	if asJSON {
		return json.NewEncoder(w).Encode(out)
	}
	how := "listed"
	if res.Sampled {
		how = "sampled"
	}
	fmt.Fprintf(w, "pre-endgame: %d in the bag, %d draws %s, %d valued for every candidate in %.3f s (%d nodes; a draw not proven is played out by the equity player)\n",
		p.BagCount, res.Draws, how, res.Valued, res.Elapsed.Seconds(), res.Nodes)
	for i, e := range out.Candidates {
		what := human.Format(p.Board, res.Ranked[i].Move) + " " + string(e.Move)
		fmt.Fprintf(w, "%3d. %-48s %4d  wins %5.1f%%  margin %+7.2f  proven in %d of %d draws\n",
			i+1, what, e.Score, 100*e.Wins, e.Margin, e.Proven, res.Valued)
	}
	return nil
}

// endgameSummary says in a few words how the solver decided.
func endgameSummary(eg *player.Endgame) string {
	switch eg.Kind {
	case player.Won:
		return fmt.Sprintf("endgame solver, a proven win by at least %+d (a larger margin not ruled out), depth %d, %d nodes", eg.Value, eg.Depth, eg.Nodes)
	case player.WonWhateverDrawn:
		return fmt.Sprintf("pre-endgame solver, a win whatever the bag holds (proven in every draw), %d nodes", eg.Nodes)
	}
	proven := "not proven"
	if eg.Proven {
		proven = "proven"
	}
	return fmt.Sprintf("endgame solver, final margin %+d %s, depth %d, a line of %d moves, %d nodes", eg.Value, proven, eg.Depth, len(eg.Line), eg.Nodes)
}
