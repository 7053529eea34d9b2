package main

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/position"
	"github.com/lexico/lexico/bot/platform/gamestate"
)

// refCandidate is what the reference says of one candidate of a position:
// its figures over the reference's worlds. Points are the simulation's
// unit (montecarlo.Result.Equity): the candidate's score, plus the points
// the mover gained over the opponent in the simulated turns, plus the
// value of the tiles each side kept at its last move.
type refCandidate struct {
	// Move is the move in the platform's format; Key identifies it
	// (move.Move.Key: the tiles placed, a blank in lower case, or the
	// tiles exchanged).
	Move json.RawMessage `json:"move"`
	Key  string          `json:"key"`
	// Score is its score, Static its static equity (score plus leave) and
	// StaticRank its place in the static ranking the reference simulated
	// (0: the static best; -1 for a move valued later, extra.go).
	Score      int     `json:"score"`
	Static     float64 `json:"static"`
	StaticRank int     `json:"static_rank"`
	// Mean is the mean of its points over the worlds, SE their standard
	// error.
	Mean float64 `json:"mean"`
	SE   float64 `json:"se"`
	// Worlds is how many of the reference's worlds it was played out in:
	// all of them, or the first PruneAfter when it was clearly behind
	// then (its Diff is over those worlds).
	Worlds int `json:"worlds"`
	// Diff is Mean less the reference's best's, DiffSE the standard error
	// of that difference world by world (the candidates share the worlds,
	// so it is far smaller than either SE).
	Diff   float64 `json:"diff"`
	DiffSE float64 `json:"diff_se"`
	// Margin is the mean of the mover's lead at the horizon (the real
	// spread plus the points), MarginSD its standard deviation across
	// worlds, Win the share of worlds it is ahead there (ties half), and
	// Q the 10%, 20%, ..., 90% quantiles of that lead: enough to value the
	// candidate by a table of P(win | lead, tiles unseen, who moves) later.
	Margin   float64   `json:"margin"`
	MarginSD float64   `json:"margin_sd"`
	Win      float64   `json:"win"`
	Q        []float64 `json:"q"`
}

// refPosition is the reference valuation of one position of the set.
type refPosition struct {
	// Line is the position's line in the set (from 1); Gamestate the
	// first 16 hex digits of its line's SHA-256, so that a reference is
	// never scored against a changed set.
	Line      int    `json:"line"`
	Gamestate string `json:"gamestate"`
	// The simulation: Seed (world w is dealt from montecarlo seed
	// worldSeed(Seed, w), round 0), Worlds, Plies after the candidate.
	Seed   uint64 `json:"seed"`
	Worlds int    `json:"worlds"`
	Plies  int    `json:"plies"`
	// EndBag is the simulator's EndgameBag (omitted: refEndBag, what
	// references written before it was a setting used): with at most this
	// many tiles in the bag every world was played to the game's end.
	EndBag int `json:"end_bag,omitempty"`
	// PruneAfter and PruneMargin: after the first PruneAfter worlds, the
	// candidates more than PruneMargin points (or 4 standard errors of the
	// difference, if more) behind the best so far played no more (0: all
	// played every world).
	PruneAfter  int     `json:"prune_after"`
	PruneMargin float64 `json:"prune_margin"`
	// Solved: the bag is empty and each candidate's figures are the
	// endgame solver's exact values, proven within SolveNodes positions
	// searched a solve (solved.go): one world, Worlds 1. Unproven: the
	// position itself was not proven in that budget, so it has no
	// candidates and is left out of the scores.
	Solved     bool  `json:"solved,omitempty"`
	SolveNodes int64 `json:"solve_nodes,omitempty"`
	Unproven   bool  `json:"unproven,omitempty"`
	// Bag, Unseen (the bag and the opponent's rack) and Spread (the
	// mover's score less the opponent's) of the position: with Plies, what
	// the horizon's tiles unseen are estimated from.
	Bag    int `json:"bag"`
	Unseen int `json:"unseen"`
	Spread int `json:"spread"`
	// Best is the key of the candidate with the highest Mean; Cands every
	// candidate, best first.
	Best  string         `json:"best"`
	Cands []refCandidate `json:"cands"`
}

// worldSeed is the montecarlo.Simulator seed of world w of a reference
// with seed: one world a simulation (MaxIterations 1, round 0), so that
// each world's figures are kept apart.
func worldSeed(seed uint64, w int) uint64 {
	return seed<<32 | uint64(w)
}

// gamestateID names a set's line: the first 16 hex digits of its SHA-256.
func gamestateID(line []byte) string {
	h := sha256.Sum256(bytes.TrimSpace(line))
	return hex.EncodeToString(h[:8])
}

// setLine is one position of the set.
type setLine struct {
	Line int
	ID   string
	Raw  []byte
	Pos  *position.Position
}

// readSet reads the set: one gamestate a line.
func readSet(path string) ([]setLine, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, usageErr("%v", err)
	}
	var out []setLine
	for i, line := range bytes.Split(bytes.TrimRight(data, "\n"), []byte("\n")) {
		p, err := gamestate.Parse(line)
		if err != nil {
			return nil, usageErr("%s line %d: %v", path, i+1, err)
		}
		out = append(out, setLine{Line: i + 1, ID: gamestateID(line), Raw: append([]byte(nil), line...), Pos: p})
	}
	if len(out) == 0 {
		return nil, usageErr("%s: no position", path)
	}
	return out, nil
}

// readJSONLines decodes each line of path into a new T; a missing file is
// empty. A last line without its newline (a run cut while writing) is
// reported in torn, its offset in keep: what a resumed run truncates to.
func readJSONLines[T any](path string) (out []T, keep int64, torn bool, err error) {
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return nil, 0, false, nil
	}
	if err != nil {
		return nil, 0, false, err
	}
	keep = int64(len(data))
	if n := bytes.LastIndexByte(data, '\n'); n+1 < len(data) {
		keep, torn = int64(n+1), true
	}
	sc := bufio.NewScanner(bytes.NewReader(data[:keep]))
	sc.Buffer(nil, 64<<20)
	for i := 1; sc.Scan(); i++ {
		var v T
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			return nil, 0, false, usageErr("%s line %d: %v", path, i, err)
		}
		out = append(out, v)
	}
	return out, keep, torn, sc.Err()
}

// readAnswers reads an answers FILE of bench named on the command line.
// Unlike a run's own output, which a first run has yet to write, a missing
// one is the user's mistake: a mistyped name was scored as no answers at
// all, and the report went out without them.
func readAnswers(path string) ([]choice, error) {
	if _, err := os.Stat(path); os.IsNotExist(err) {
		return nil, usageErr("%s: no such answers file", path)
	} else if err != nil {
		return nil, usageErr("%v", err)
	}
	cs, _, _, err := readJSONLines[choice](path)
	return cs, err
}

// resume reads what a run already appended to path, decoded line by line
// into T, and opens path to append more (creating it and its directory).
// A last line cut while being written is dropped first, so that the file
// holds whole lines only and the cut work is simply done again.
func resume[T any](path string) ([]T, *os.File, error) {
	done, keep, torn, err := readJSONLines[T](path)
	if err != nil {
		return nil, nil, err
	}
	if torn {
		fmt.Fprintf(os.Stderr, "quality: %s ends in a cut line; truncating it to %d bytes\n", path, keep)
		if err := os.Truncate(path, keep); err != nil {
			return nil, nil, err
		}
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, nil, err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return nil, nil, err
	}
	return done, f, nil
}

// moveKey is the key a chosen move is matched to a candidate by: the set
// of tiles it places (blanks as the letters they stand for, in lower
// case), whatever order they are listed in, or the multiset exchanged.
func moveKey(platform []byte, size int) (string, move.Move, error) {
	m, err := gamestate.ParseMove(platform, size)
	if err != nil {
		return "", move.Move{}, err
	}
	return m.Key(), m, nil
}

// find returns the candidate with key, or nil.
func (r *refPosition) find(key string) *refCandidate {
	for i := range r.Cands {
		if r.Cands[i].Key == key {
			return &r.Cands[i]
		}
	}
	return nil
}

// toEnd reports whether every world of r was played to the game's end
// (montecarlo.Simulator.EndgameBag): a candidate's share of worlds ahead
// is its win rate, whatever Plies says.
func (r *refPosition) toEnd() bool { return r.Bag <= r.endBag() }

// refEndBag is the reference's -end-bag by default: the pre-endgame's
// bag, from which the sim policy has always played every world to the end.
const refEndBag = preMaxBag

// endBag is the bag from which r's worlds were played to the end.
func (r *refPosition) endBag() int {
	if r.EndBag == 0 {
		return refEndBag
	}
	return r.EndBag
}

// options are the settings that play r's worlds again (quality extra):
// the same seed, worlds, plies and bag from which they go to the end.
func (r *refPosition) options(threads int) refOptions {
	return refOptions{seed: r.Seed, worlds: r.Worlds, plies: r.Plies, endBag: r.endBag(), threads: threads, nodes: r.SolveNodes}
}

// aheadBest is the share of worlds ahead that a chosen move's is rated
// against: the best's, or, where every world was played to the end and
// the share is the win rate the sim policy ranks by, the most of any
// candidate that played every world.
func (r *refPosition) aheadBest() float64 {
	best := r.find(r.Best).Win
	if r.toEnd() {
		for _, c := range r.Cands {
			if c.Worlds == r.Worlds {
				best = max(best, c.Win)
			}
		}
	}
	return best
}

func (r *refPosition) String() string { return fmt.Sprintf("line %d", r.Line) }
