package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/lexico/lexico/bot/engine/endgame"
	"github.com/lexico/lexico/bot/engine/montecarlo"
	"github.com/lexico/lexico/bot/engine/player"
	"github.com/lexico/lexico/bot/game/position"
	"github.com/lexico/lexico/bot/game/variant"
	"github.com/lexico/lexico/bot/match/referee"
	"github.com/lexico/lexico/bot/platform/gamestate"
	"github.com/lexico/lexico/internal/atomicfile"
	"github.com/lexico/lexico/internal/findup"
	"github.com/lexico/lexico/scripts/internal/late"
	"github.com/lexico/lexico/scripts/internal/seat"
)

// The set is of middle-game positions: past the opening (more than
// minTiles on the board) and with a rack's worth left in the bag whatever
// the move draws (at least minBag), so every candidate is simulated as the
// sim policy simulates a middle game (two plies, ranked by points) and
// MAGPIE's end-of-game terms, which assume Scrabble's rack penalty, never
// apply.
const (
	minTiles = 20
	minBag   = 14
)

func middle(p *position.Position) bool {
	return p.Board.TileCount() > minTiles && p.BagCount >= minBag && p.Rack.N == p.Variant.RackSize
}

// A pre-endgame set (-stage pre-endgame) is of the positions with 1 to
// preMaxBag tiles in the bag (the endgame solver's pre-endgame, where the
// sim policy plays every world to the game's end and ranks by wins), with
// a full rack and the game still in doubt: a spread within preMaxSpread
// points, where the choice can change who wins. Its reference plays every
// candidate to the game's end, so a candidate's share of worlds ahead is
// its win rate. The middle set leaves this stage out; a match measures it
// only through the noise of whole games.
const (
	preMaxBag    = endgame.MaxBag
	preMaxSpread = 100
)

func preEndgame(p *position.Position) bool {
	spread := p.MyScore - p.OppScore
	return p.BagCount >= 1 && p.BagCount <= preMaxBag && p.Rack.N == p.Variant.RackSize &&
		spread >= -preMaxSpread && spread <= preMaxSpread
}

// A late set (-stage late) is of the turns just before the pre-endgame:
// preMaxBag+1 to lateMaxBag tiles in the bag, a full rack and the game in
// doubt. The game ends within a few turns of each side, and a 2-ply
// simulation ranked by points does not see it; a reference that plays every
// world to the end (reference -end-bag 13) values each candidate by the
// wins it keeps.
const lateMaxBag = 13

func lateGame(p *position.Position) bool {
	spread := p.MyScore - p.OppScore
	return p.BagCount > preMaxBag && p.BagCount <= lateMaxBag && p.Rack.N == p.Variant.RackSize &&
		spread >= -preMaxSpread && spread <= preMaxSpread
}

// An endgame set (-stage endgame) is of the positions with the bag empty
// and the game in doubt (a spread within preMaxSpread): the opponent's
// rack is the unseen tiles, and its reference is the endgame solver's
// exact value of each candidate (solved.go), the one stage where the best
// move is known rather than estimated.
func endgameStage(p *position.Position) bool {
	spread := p.MyScore - p.OppScore
	return p.BagCount == 0 && p.Rack.N > 0 && spread >= -preMaxSpread && spread <= preMaxSpread
}

// A last-tile set (-stage last-tile) is the pre-endgame's positions with
// one tile in the bag: any play draws it, and what follows is a game of
// perfect information in each of the few deals, so its reference can be
// exact (reference -exact-bag 1) rather than a simulation by our own
// model of play.
func lastTile(p *position.Position) bool { return preEndgame(p) && p.BagCount == 1 }

// stages names the sets positions can write: the filter a position of a
// game passes to be taken.
var stages = map[string]func(*position.Position) bool{"middle": middle, "pre-endgame": preEndgame, "late": lateGame, "endgame": endgameStage,
	"last-tile": lastTile}

// realGamesFile is the shared records' path below the directory that holds
// the repository (or the worktrees' directory).
const realGamesFile = "shared/realgames/quackle-selfplay.jsonl"

func positionsMain(args []string) error {
	fs := flag.NewFlagSet("positions", flag.ContinueOnError)
	seed := fs.Uint64("seed", 1, "`SEED` of the self-play games and of the sampling")
	n := fs.Int("n", 250, "positions `N` in all")
	perReal := fs.Int("real-per-game", 4, "positions `K` at most from each recorded game")
	perSelf := fs.Int("self-per-game", 3, "positions `K` from each self-play game")
	iters := fs.Int("iterations", 100, "worlds `N` a move of the self-play's sim seat (capped: the games do not depend on the machine)")
	selfPolicy := fs.String("self-policy", "sim", "`POLICY` of the self-play's first seat against equity: sim (the sets' own) or equity (a hundred times faster, for a stage few games reach)")
	real := fs.String("real", "", "recorded games `FILE` (default: "+realGamesFile+" found above the working directory)")
	out := fs.String("out", "data/quality/positions.jsonl", "the set, one gamestate a line, `FILE` (written atomically)")
	sources := fs.String("sources", "", "where each line comes from, `FILE` (default: -out with .sources.tsv for .jsonl)")
	idx := fs.String("index", "", "index `FILE` (default $LEXICO_INDEX, else the default index)")
	stage := fs.String("stage", "middle", "the positions `STAGE` taken: middle (past the opening, at least 14 in the bag), late (8 to 13 in the bag, a spread within 100) pre-endgame (1 to 7 in the bag, a spread within 100), last-tile (the pre-endgame's with 1 in the bag) or endgame (the bag empty, a spread within 100)")
	if err := fs.Parse(args); err != nil {
		return usageErr("%v", err)
	}
	keep, ok := stages[*stage]
	if !ok {
		return usageErr("-stage %q: want middle, late, pre-endgame, last-tile or endgame", *stage)
	}
	if *n <= 0 || *perReal < 0 || *perSelf <= 0 || *iters <= 0 {
		return usageErr("-n, -self-per-game and -iterations must be above 0, -real-per-game 0 or more")
	}
	if *selfPolicy != "sim" && *selfPolicy != "equity" {
		return usageErr("-self-policy %q: want sim or equity", *selfPolicy)
	}
	if *real == "" {
		var err error
		if *real, err = findup.Above(realGamesFile); err != nil {
			return usageErr("-real: %v", err)
		}
	}
	if *sources == "" {
		*sources = strings.TrimSuffix(*out, ".jsonl") + ".sources.tsv"
	}
	rng := rand.New(rand.NewPCG(*seed, 0x9a11))
	set := &positionSet{}
	if err := set.addReal(*real, keep, *perReal, *n, rng); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "positions: %d from %s\n", len(set.lines), *real)
	k, err := late.Open(*idx)
	if err != nil {
		return err
	}
	defer k.Close()
	// The sim seat's endgame searches start from empty tables, so that the
	// set regenerates byte for byte (player.Shared.FreshSolvers).
	k.Shared.FreshSolvers = true
	if err := set.addSelfPlay(k, keep, *selfPolicy, *seed, *iters, *perSelf, *n, rng); err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(*out), 0o755); err != nil {
		return err
	}
	if err := atomicfile.WriteFile(*out, bytes.Join(set.lines, nil), 0o644); err != nil {
		return err
	}
	if err := atomicfile.WriteFile(*sources, []byte(strings.Join(set.sources, "")), 0o644); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "positions: %d positions written to %s (sources: %s)\n", len(set.lines), *out, *sources)
	return nil
}

// positionSet is the set being built: a gamestate line and a source line
// for each position.
type positionSet struct {
	lines   [][]byte
	sources []string
}

// add writes the gamestate r without its deadline and MoveTime (the
// benchmark gives each position its budget), keeping what else the game's
// gamestate said (its status, game and opponent).
func (s *positionSet) add(r *gamestate.Request, source string) error {
	p := r.Position
	q := *r
	q.Deadline, q.MoveTime = time.Time{}, 0
	b, err := gamestate.EncodeRequest(&q)
	if err != nil {
		return err
	}
	s.lines = append(s.lines, append(b, '\n'))
	s.sources = append(s.sources, fmt.Sprintf("%d\t%s\tbag=%d\ttiles=%d\tspread=%d\n",
		len(s.lines), source, p.BagCount, p.Board.TileCount(), p.MyScore-p.OppScore))
	return nil
}

// addReal takes up to per positions that keep accepts of each recorded
// game, chosen by rng, in the file's order.
func (s *positionSet) addReal(path string, keep func(*position.Position) bool, per, n int, rng *rand.Rand) error {
	f, err := os.Open(path)
	if err != nil {
		return usageErr("%v", err)
	}
	defer f.Close()
	type rec struct {
		id  string
		req *gamestate.Request
	}
	var games [][]rec
	last := ""
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for line := 1; sc.Scan(); line++ {
		var l struct {
			ID        string          `json:"id"`
			Gamestate json.RawMessage `json:"gamestate"`
		}
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			return usageErr("%s line %d: %v", path, line, err)
		}
		req, err := gamestate.ParseRequest(l.Gamestate)
		if err != nil {
			return usageErr("%s line %d (%s): %v", path, line, l.ID, err)
		}
		p := req.Position
		game, _, _ := strings.Cut(l.ID, "#")
		if game != last {
			games = append(games, nil)
			last = game
		}
		if keep(p) {
			games[len(games)-1] = append(games[len(games)-1], rec{l.ID, req})
		}
	}
	if err := sc.Err(); err != nil {
		return err
	}
	for _, g := range games {
		pick := rng.Perm(len(g))[:min(per, len(g))]
		for i, r := range g {
			if len(s.lines) < n && contains(pick, i) {
				if err := s.add(r.req, "real "+r.id); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

func contains(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// selfPlayEndgameNodes caps each endgame search of the self-play's sim
// seat: about what a 1 s move searches.
const selfPlayEndgameNodes = 100_000

// addSelfPlay plays seeded multipliers games between first, the sim policy
// (its worlds capped, so the games depend on the seed alone) or the equity
// policy, and the equity policy, seats in turn, and takes per positions
// that keep accepts of each, until the set holds n.
func (s *positionSet) addSelfPlay(k *late.Kit, keep func(*position.Position) bool, first string, seed uint64, iters, per, n int, rng *rand.Rand) error {
	var seats [2]referee.Seat
	for i, policy := range []string{first, "equity"} {
		pl, err := k.Shared.New(policy, k.Gen, k.Table)
		if err != nil {
			return err
		}
		if sim, ok := pl.(*player.Sim); ok {
			capped := *sim.Simulator
			// Ranked by points and played to the end from preMaxBag in
			// the bag, as when the sets were made: the sim policy's
			// defaults changed since, and a set must regenerate byte for
			// byte.
			capped.MaxIterations, capped.Seed, capped.Rank, capped.EndgameBag = iters, seed, montecarlo.RankPoints, preMaxBag
			sim.Simulator = &capped
			// Its endgame searches bounded by positions, not by the
			// second the seat's clockless answer would give them: the
			// end of a game then depends on its seed alone.
			sim.EndgameNodes = selfPlayEndgameNodes
		}
		seats[i] = seat.Seat{Label: policy, Policy: pl}
	}
	for g := 0; len(s.lines) < n; g++ {
		if g > 10*n {
			return fmt.Errorf("only %d positions after %d games", len(s.lines), g)
		}
		cfg := referee.Config{Variant: variant.Multipliers, Dictionary: k.Index, Seed: seed*1_000_003 + uint64(g),
			Starter: g % 2, MoveTime: time.Hour, GameID: int64(g + 1)}
		game, err := referee.Play(context.Background(), cfg, seats)
		if err != nil {
			return fmt.Errorf("self-play game %d: %w", g, err)
		}
		var taken []*gamestate.Request
		var turns []int
		for _, t := range game.Turns {
			req, err := gamestate.ParseRequest(t.Gamestate)
			if err != nil {
				return fmt.Errorf("self-play game %d turn %d: the referee's gamestate: %w", g, t.Number, err)
			}
			if keep(req.Position) {
				taken, turns = append(taken, req), append(turns, t.Number)
			}
		}
		pick := rng.Perm(len(taken))[:min(per, len(taken))]
		for i, p := range taken {
			if len(s.lines) < n && contains(pick, i) {
				src := fmt.Sprintf("self-play seed=%d game=%d turn=%d (sim %d worlds vs equity, sim seat %d)", seed, g, turns[i], iters, g%2)
				if first != "sim" {
					src = fmt.Sprintf("self-play seed=%d game=%d turn=%d (%s vs equity, %s seat %d)", seed, g, turns[i], first, first, g%2)
				}
				if err := s.add(p, src); err != nil {
					return err
				}
			}
		}
		fmt.Fprintf(os.Stderr, "positions: self-play game %d done, %d positions (%s)\n", g, len(s.lines), time.Now().UTC().Format("15:04:05"))
	}
	return nil
}
