package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/lexico/lexico/bot/lingo"
	"github.com/lexico/lexico/internal/quote"
)

// lingoOptions are lingo's flags (it takes no arguments).
type lingoOptions struct {
	Index                                  string
	Players, Pool, Place                   int
	Seed                                   uint64
	Small, Full, NoTwos, Repeat, NotShared bool
	Hex, Human, Boards, JSON               bool
	Args                                   []string
}

func lingoCommand() *cli.Command {
	var o lingoOptions
	return &cli.Command{
		Name:  "lingo",
		Usage: "play Lingo (the pbmserv game), bot against bot or a person against the bot, on the square or hexagonal board",
		UsageText: "lexico-bot lingo [--index FILE] [--players N] [--seed S] [--pool N] [--place N] [--small|--full]\n" +
			"                 [--no-twos] [--repeat] [--not-shared] [--hex] [--human] [--boards] [--json]\n" +
			"lexico-bot lingo word [--index FILE] [--json] WORD...",
		Description: "Plays a game of Lingo on the square board and prints each move in the notation of\n" +
			"the pbmserv server's Lingo help (ac7,re7: tile A on c7 and R on e7, squares named on the\n" +
			"board as last drawn) with its words and score, and the board at the end. The bots play\n" +
			"the highest-scoring move.\n" +
			"--human seats you first against the bots: moves are typed in the same notation; type help.\n" +
			"The same --seed gives the same game.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "index", Usage: indexUsage, Destination: &o.Index},
			&cli.IntFlag{Name: "players", Value: lingo.DefaultPlayers, Usage: "number of players `N`, 2 to 4", Destination: &o.Players},
			&cli.Uint64Flag{Name: "seed", Usage: "seed `S` that shuffles the tiles", DefaultText: "from the clock, and printed so the game can be replayed", Destination: &o.Seed},
			&cli.IntFlag{Name: "pool", Value: lingo.DefaultPool, Usage: "tiles `N` in a pool, 1 to 10 (the pbmserv Lingo help's rules and example show 5; its challenge help says 4)", Destination: &o.Pool},
			&cli.IntFlag{Name: "place", Value: lingo.DefaultPlace, Usage: "most tiles `N` a move places, 1 to the pool size", Destination: &o.Place},
			&cli.BoolFlag{Name: "small", Usage: "the small set of 30 tiles instead of the default 49 (about half the Scramble set)", Destination: &o.Small},
			&cli.BoolFlag{Name: "full", Usage: "the full set of 98 tiles (Scramble without blanks) instead of the default 49", Destination: &o.Full},
			&cli.BoolFlag{Name: "no-twos", Usage: "two-letter words are not words and score nothing", Destination: &o.NoTwos},
			&cli.BoolFlag{Name: "repeat", Usage: "tiles may be stacked on a tile showing the same letter", Destination: &o.Repeat},
			&cli.BoolFlag{Name: "not-shared", Usage: "each player has a hidden pool of their own instead of one common pool", Destination: &o.NotShared},
			&cli.BoolFlag{Name: "hex", Usage: "play on the hexagonal board (three axes; squares named as the pbmserv Lingo help's hexagonal picture names them)", Destination: &o.Hex},
			&cli.BoolFlag{Name: "human", Usage: "play yourself (first) against the bots, reading moves from stdin", Destination: &o.Human},
			&cli.BoolFlag{Name: "boards", Usage: "draw the board after every move, not only at the end", Destination: &o.Boards},
			&cli.BoolFlag{Name: "json", Usage: `print the game as one JSON object {"players","seed","turns":[{"number","player","notation","words":[{"word","score"}],"score"}],"scores","end","winners"} instead of text (not with --human)`, Destination: &o.JSON},
		},
		Subcommands: []*cli.Command{lingoWordCommand(&o.Index, &o.JSON)},
		Action: func(c *cli.Context) error {
			if !c.IsSet("seed") {
				o.Seed = uint64(time.Now().UnixNano())
			}
			o.Args = c.Args().Slice()
			return playLingo(o, envOf(c))
		},
	}
}

// lingoInputError is a bad flag or argument: exit 2, as for check.
type lingoInputError struct{ error }

func (lingoInputError) ExitCode() int   { return 2 }
func (e lingoInputError) Unwrap() error { return e.error }

// gameOptions are the rules of the game the options ask for.
func gameOptions(opts lingoOptions) (lingo.Options, error) {
	if len(opts.Args) > 0 {
		return lingo.Options{}, fmt.Errorf("lingo takes no arguments (got %s)", quote.String(opts.Args[0]))
	}
	if opts.Small && opts.Full {
		return lingo.Options{}, errors.New("--small and --full exclude each other")
	}
	o := lingo.Options{
		Players: opts.Players, Pool: opts.Pool, Place: opts.Place,
		NoTwos: opts.NoTwos, Repeat: opts.Repeat, NotShared: opts.NotShared, Hex: opts.Hex,
	}
	switch {
	case opts.Small:
		o.Set = lingo.SetSmall
	case opts.Full:
		o.Set = lingo.SetFull
	}
	return o, o.Validate()
}

func playLingo(opts lingoOptions, e env) error {
	o, err := gameOptions(opts)
	if err != nil {
		return lingoInputError{err}
	}
	if opts.JSON && opts.Human {
		return lingoInputError{errors.New("--json and --human exclude each other: a person plays on the text board")}
	}
	seed := opts.Seed
	idx, err := openIndex(opts.Index, e.stderr)
	if err != nil {
		return err
	}
	defer idx.Close()

	human := opts.Human
	names := make([]string, o.Players)
	players := make([]lingo.Player, o.Players)
	for i := range players {
		names[i] = fmt.Sprintf("bot%d", i+1)
		players[i] = lingo.NewBot(names[i])
	}
	out := e.stdout
	if opts.JSON {
		out = io.Discard // the game is printed once, as JSON, at its end
	}
	if human {
		names[0] = "you"
		players[0] = lingo.NewHuman("you", e.stdin, out)
	}
	g, err := lingo.NewGame(o, names, seed, lingo.NewLexicon(idx))
	if err != nil {
		return lingoInputError{err}
	}
	pools := "one shared pool"
	if o.NotShared {
		pools = "a pool each"
	}
	fmt.Fprintf(out, "Lingo: %s; %s set of %d tiles, %s of %d, up to %d a move%s; seed %d\n",
		strings.Join(names, ", "), o.Set, o.Set.Size(), pools, o.Pool, o.Place, ruleNotes(o), seed)
	fmt.Fprintf(out, "starting tile: %c\n", startTile(g))
	// A move names squares on the board as it was: the reader sees that
	// board, with its labels, before the first move, and again whenever a
	// move renames the squares (the human player is shown it before each
	// of their moves).
	if !human {
		lingo.Render(out, &g.Board, lingo.Move{})
	}
	y0, x0 := g.Board.Origin()
	err = lingo.Run(context.Background(), g, players, func(g *lingo.Game, t lingo.Turn) {
		pool := ""
		if !human {
			pool = "[" + t.Pool.String() + "] "
		}
		fmt.Fprintf(out, "%3d. %s%s: %s\n", t.Number, pool, t.Notation, lingo.Describe(names[t.Player], t.Result))
		note := g.Board.LabelsShifted(y0, x0)
		y0, x0 = g.Board.Origin()
		if g.Over {
			return
		}
		if note != "" {
			fmt.Fprintf(out, "     (%s)\n", note)
		}
		if opts.Boards || (note != "" && !human) {
			lingo.Render(out, &g.Board, t.Move)
		}
	})
	var last lingo.Move
	if n := len(g.Turns); n > 0 {
		last = g.Turns[n-1].Move
	}
	fmt.Fprintln(out)
	lingo.Render(out, &g.Board, last)
	for i, name := range names {
		if human && i == 0 {
			name = "your"
		} else {
			name += "'s"
		}
		fmt.Fprintf(out, "%s score is %d.\n", name, g.Scores[i])
	}
	switch {
	case errors.Is(err, lingo.ErrQuit):
		fmt.Fprintln(out, "game abandoned.")
		return nil
	case err != nil:
		return err
	}
	fmt.Fprintf(out, "game over (%s): %s\n", g.End, result(g))
	if opts.JSON {
		return json.NewEncoder(e.stdout).Encode(lingoReport(g, seed))
	}
	return nil
}

// lingoGameJSON is lingo --json's output: the game, move by move.
type lingoGameJSON struct {
	Players []string        `json:"players"`
	Seed    uint64          `json:"seed"`
	Turns   []lingoTurnJSON `json:"turns"`
	Scores  []int           `json:"scores"`
	End     string          `json:"end"`
	Winners []string        `json:"winners"`
}

type lingoTurnJSON struct {
	Number   int             `json:"number"`
	Player   string          `json:"player"`
	Notation string          `json:"notation"`
	Words    []lingoWordJSON `json:"words"`
	Score    int             `json:"score"`
}

type lingoWordJSON struct {
	Word  string `json:"word"`
	Score int    `json:"score"`
}

func lingoReport(g *lingo.Game, seed uint64) lingoGameJSON {
	r := lingoGameJSON{Players: g.Names, Seed: seed, Turns: []lingoTurnJSON{}, Scores: g.Scores, End: g.End, Winners: []string{}}
	for _, t := range g.Turns {
		tj := lingoTurnJSON{Number: t.Number, Player: g.Names[t.Player], Notation: t.Notation, Words: []lingoWordJSON{}, Score: t.Result.Score}
		for _, w := range t.Result.Words {
			tj.Words = append(tj.Words, lingoWordJSON{Word: w.Text, Score: w.Score})
		}
		r.Turns = append(r.Turns, tj)
	}
	for _, p := range g.Winners() {
		r.Winners = append(r.Winners, g.Names[p])
	}
	return r
}

// lingoWordCommand is lingo word: the pbmserv Lingo help's word command
// (is this a word?) outside a game. parentIndex and parentJSON are lingo's
// own --index and --json, which hold when given before "word".
func lingoWordCommand(parentIndex *string, parentJSON *bool) *cli.Command {
	var index string
	var asJSON bool
	return &cli.Command{
		Name:      "word",
		Usage:     "say whether each WORD is in the dictionary (or reads as a word backwards, as Lingo allows)",
		ArgsUsage: "WORD...",
		Description: "Prints one line a word: \"CAT: a word\", \"TAC: not a word, but it reads as one\n" +
			"backwards\", \"XQ: not a word\". Exits 0 when every WORD counts in Lingo (a word either way),\n" +
			"1 when one does not, 2 on bad input (no word, or characters other than letters).",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "index", Usage: indexUsage, Destination: &index},
			&cli.BoolFlag{Name: "json", Usage: `print one JSON array, an object a word in the order given: [{"word","valid","backwards"}]`, Destination: &asJSON},
		},
		Action: func(c *cli.Context) error {
			if index == "" {
				index = *parentIndex
			}
			return lingoWords(c.Args().Slice(), index, asJSON || *parentJSON, envOf(c))
		},
	}
}

// errSomeNotWords is lingo word's answer when a word does not count in
// Lingo, not even backwards: exit 1, the verdicts already printed.
type errSomeNotWords struct{ n int }

func (e errSomeNotWords) Error() string {
	if e.n == 1 {
		return "1 word is not in the dictionary, either way"
	}
	return fmt.Sprintf("%d words are not in the dictionary, either way", e.n)
}
func (errSomeNotWords) ExitCode() int { return 1 }

func lingoWords(words []string, index string, asJSON bool, e env) error {
	if len(words) == 0 {
		return lingoInputError{errors.New("lingo word wants at least one WORD")}
	}
	idx, err := openIndex(index, e.stderr)
	if err != nil {
		return err
	}
	defer idx.Close()
	lex := lingo.NewLexicon(idx)
	verdicts := make([]lingo.WordVerdict, len(words))
	for i, w := range words {
		if verdicts[i] = lingo.CheckWord(lex, w); verdicts[i].Err != nil {
			return lingoInputError{verdicts[i].Err}
		}
	}
	bad := 0
	for _, v := range verdicts {
		if !v.Valid && !v.Backwards { // Lingo scores a word spelt backwards
			bad++
		}
		if !asJSON {
			fmt.Fprintln(e.stdout, v)
		}
	}
	// One document, as every other --json of lexico-bot prints (moves'
	// JSON lines excepted, being a stream): a reader parses it whole.
	if asJSON {
		if err := json.NewEncoder(e.stdout).Encode(verdicts); err != nil {
			return err
		}
	}
	if bad > 0 {
		return errSomeNotWords{bad}
	}
	return nil
}

func ruleNotes(o lingo.Options) string {
	var notes []string
	if o.NoTwos {
		notes = append(notes, "no two-letter words")
	}
	if o.Repeat {
		notes = append(notes, "stacking on the same letter allowed")
	}
	if o.Hex {
		notes = append(notes, "hexagonal board")
	}
	if len(notes) == 0 {
		return ""
	}
	return ", " + strings.Join(notes, ", ")
}

// startTile is the letter of the tile the game starts with.
func startTile(g *lingo.Game) byte {
	p := g.Board.Placed()
	for i, n := range p {
		if n > 0 {
			return byte('A' + i)
		}
	}
	return '?'
}

func result(g *lingo.Game) string {
	w := g.Winners()
	if len(w) == 1 {
		return g.Names[w[0]] + " wins"
	}
	names := make([]string, len(w))
	for i, p := range w {
		names[i] = g.Names[p]
	}
	return strings.Join(names, " and ") + " tie"
}
