// Command genpositions writes the move-generation benchmark's position
// corpus: it plays referee games (bot/match/referee) between the greedy and the
// equity player (bot/engine/player, over the GADDAG generator), alternating the
// classic and multipliers variants, and samples positions from them, early,
// middle and late game, as platform gamestates, one JSON object per line.
//
//	go run ./scripts/genpositions -seed 1 -n 400 -out data/positions/corpus.jsonl
//
// The same seed and word list give the same file, byte for byte: the games
// are seeded, the players think without a clock, and the written gamestates
// carry no wall-clock deadline (ResponseDeadline 0).
//
// Blanks: real racks rarely hold one, and never in the classic variant (its
// bag has none), so the rack of the k-th sampled position is rewritten to
// hold exactly k mod 3 blanks: random tiles of the rack become blanks, or
// surplus blanks become random letters, drawn from a generator seeded by
// -seed. A classic position with a blank is therefore not reachable in a
// real game; it is still a fair test of a move generator.
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"time"

	"github.com/lexico/lexico/bot/engine/engine"
	"github.com/lexico/lexico/bot/engine/equity"
	"github.com/lexico/lexico/bot/engine/player"
	"github.com/lexico/lexico/bot/game/position"
	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/bot/game/variant"
	"github.com/lexico/lexico/bot/match/referee"
	"github.com/lexico/lexico/bot/platform/gamestate"
	"github.com/lexico/lexico/build"
	"github.com/lexico/lexico/internal/atomicfile"
	"github.com/lexico/lexico/scripts/internal/seat"
)

func main() {
	seed := flag.Uint64("seed", 1, "seed for the games and the blank substitution")
	n := flag.Int("n", 400, "number of positions to write")
	out := flag.String("out", "data/positions/corpus.jsonl", "output `FILE` (written atomically)")
	idxPath := flag.String("index", "", "index `FILE` (default $LEXICO_INDEX, else the default index)")
	flag.Parse()
	if err := run(*seed, *n, *out, *idxPath); err != nil {
		fmt.Fprintln(os.Stderr, "genpositions:", err)
		os.Exit(1)
	}
}

// Phases of a game, by the tiles on the board and in the bag.
const (
	early = iota // at most 20 tiles on the board
	middle
	late // fewer tiles in the bag than a rack holds
)

var phaseNames = [3]string{"early", "middle", "late"}

// perGame is how many positions of each phase one game contributes.
var perGame = [3]int{2, 3, 3}

func phaseOf(p *position.Position) int {
	switch {
	case p.Board.TileCount() <= 20:
		return early
	case p.BagCount < p.Variant.RackSize:
		return late
	}
	return middle
}

func run(seed uint64, n int, out, idxPath string) error {
	if n <= 0 {
		return fmt.Errorf("-n %d: want at least one position", n)
	}
	x, err := build.OpenIndex(idxPath, os.Stderr)
	if err != nil {
		return err
	}
	// The hand-tuned model, not the default valuation: the corpus is a
	// fixed benchmark, and must not change when a learned table is shipped.
	table, err := equity.HandTable()
	if err != nil {
		x.Close()
		return err
	}
	eng, err := engine.FromIndex(x, engine.Options{Leaves: table}) // it owns x now
	if err != nil {
		return err
	}
	defer eng.Close()
	var seats [2]referee.Seat
	for i, policy := range []string{player.NameGreedy, player.NameEquity} {
		pl, err := eng.Policy(policy, nil)
		if err != nil {
			return err
		}
		seats[i] = seat.Seat{Label: policy, Policy: pl}
	}
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	var lines [][]byte
	var counts [2][3][3]int // variant, phase, blanks
	for g := 0; len(lines) < n; g++ {
		if g > 10*n {
			return fmt.Errorf("only %d positions after %d games", len(lines), g)
		}
		v := []*variant.Variant{variant.Classic, variant.Multipliers}[g%2]
		cfg := referee.Config{Variant: v, Dictionary: x, Seed: seed*1_000_003 + uint64(g), Starter: (g / 2) % 2,
			MoveTime: time.Hour, GameID: int64(g + 1)}
		game, err := referee.Play(context.Background(), cfg, seats)
		if err != nil {
			return fmt.Errorf("game %d: %w", g, err)
		}
		var byPhase [3][]*gamestate.Request
		for _, t := range game.Turns {
			r, err := gamestate.ParseRequest(t.Gamestate)
			if err != nil {
				return fmt.Errorf("game %d turn %d: the referee's gamestate: %w", g, t.Number, err)
			}
			if r.Position.Rack.N > 0 {
				ph := phaseOf(r.Position)
				byPhase[ph] = append(byPhase[ph], r)
			}
		}
		for ph, ps := range byPhase {
			rng.Shuffle(len(ps), func(i, j int) { ps[i], ps[j] = ps[j], ps[i] })
			for _, p := range ps[:min(perGame[ph], len(ps))] {
				if len(lines) == n {
					break
				}
				blanks := len(lines) % 3
				p.Position.Rack = withBlanks(p.Position.Rack, blanks, rng)
				p.Deadline = time.Time{}
				b, err := gamestate.EncodeRequest(p)
				if err != nil {
					return err
				}
				lines = append(lines, append(b, '\n'))
				counts[g%2][ph][p.Position.Rack.Blanks()]++
			}
		}
	}
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		return err
	}
	if err := atomicfile.WriteFile(out, bytes.Join(lines, nil), 0o644); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "genpositions: %d positions written to %s\n", len(lines), out)
	for vi, name := range []string{"classic", "multipliers"} {
		for ph := range phaseNames {
			c := counts[vi][ph]
			fmt.Fprintf(os.Stderr, "  %-11s %-6s  0 blanks %3d  1 blank %3d  2 blanks %3d\n", name, phaseNames[ph], c[0], c[1], c[2])
		}
	}
	return nil
}

// withBlanks rewrites rack to hold exactly n blanks, keeping its size.
func withBlanks(rack tile.Rack, n int, rng *rand.Rand) tile.Rack {
	for rack.Blanks() < n && rack.N > rack.Blanks() {
		var letters []byte
		for _, t := range rack.Tiles() {
			if t != tile.Blank {
				letters = append(letters, t)
			}
		}
		rack.Remove(letters[rng.IntN(len(letters))])
		rack.Add(tile.Blank)
	}
	for rack.Blanks() > n {
		rack.Remove(tile.Blank)
		rack.Add(byte('A' + rng.IntN(26)))
	}
	return rack
}
