package player

import (
	"context"
	"encoding"
	"fmt"
	"strings"

	"github.com/lexico/lexico/bot/engine/endgame"
	"github.com/lexico/lexico/bot/engine/equity"
	"github.com/lexico/lexico/bot/engine/montecarlo"
	"github.com/lexico/lexico/bot/game/position"
	"github.com/lexico/lexico/internal/quote"
)

// Policy chooses the move to answer. The static search (*Static: the
// equity and greedy policies) answers in milliseconds; the simulation
// (*Sim) thinks for its whole budget. The platform asks Thinks to know
// whether an answer needs a thinking slot, and Quick for the answer when
// the clock leaves no time to think.
type Policy interface {
	// Name is the policy's name, as the command line gives it and the
	// answers report it (NameEquity, NameGreedy, NameSim).
	Name() string
	// Thinks reports whether Choose uses the whole of its budget (every
	// core, the whole time), rather than milliseconds.
	Thinks() bool
	// Choose answers p before ctx is done (its deadline is the budget's
	// stop). It never returns without a move.
	Choose(ctx context.Context, p *position.Position) Choice
	// Quick is the static search that answers when the clock leaves no
	// time to think: the policy itself, or the simulation's candidate
	// search.
	Quick() *Static
	// WithTop is a copy of the policy that lists n candidates (Choice.Top)
	// with its choice: one per request, the policy being shared.
	WithTop(n int) Policy
}

// The built-in policies' names.
const (
	// NameEquity is the static search by score plus the leave's value,
	// exchanging when that is worth more.
	NameEquity = "equity"
	// NameGreedy is the static search by score alone: the basic bot of
	// the platform's Lexico documentation.
	NameGreedy = "greedy"
	// NameSim is equity's best candidates ranked again by a Monte Carlo
	// simulation of the next turns (Sim).
	NameSim = "sim"
)

// Policies names the built-in policies, for --policy and the seats.
var Policies = []string{NameEquity, NameGreedy, NameSim}

// Name is the static policy's name (Static.Policy).
func (pl *Static) Name() string { return pl.Policy }

// Thinks is false: the static search takes milliseconds.
func (pl *Static) Thinks() bool { return false }

// Quick is the policy itself.
func (pl *Static) Quick() *Static { return pl }

// WithTop is a copy of pl listing n candidates.
func (pl *Static) WithTop(n int) Policy {
	c := *pl
	c.Top = n
	return &c
}

// WithTop is a copy of pl listing n candidates.
func (pl *Sim) WithTop(n int) Policy {
	c := *pl
	c.Top = n
	return &c
}

// Name is NameSim.
func (pl *Sim) Name() string { return NameSim }

// Thinks is true: the simulation uses its whole budget.
func (pl *Sim) Thinks() bool { return true }

// Quick is the candidates' search (the equity policy).
func (pl *Sim) Quick() *Static { return &pl.Static }

// New builds the policy a name gives, over gen and valuing leaves by table:
// the one place a name becomes a policy. It has a Shared of its own.
func New(name string, gen Generator, table *equity.Table) (Policy, error) {
	return new(Shared).New(name, gen, table)
}

// New is the package's New for a policy sharing s with the other policies
// over gen (Static.Shared).
func (s *Shared) New(name string, gen Generator, table *equity.Table) (Policy, error) {
	switch name {
	case NameGreedy:
		return s.Greedy(gen), nil
	case NameEquity, "":
		return s.Equity(gen, table), nil
	case NameSim:
		return s.Sim(gen, table), nil
	}
	return nil, fmt.Errorf("%w %s (known: %s)", ErrPolicy, quote.String(name), strings.Join(Policies, ", "))
}

// NewEquity is the equity policy over gen, valuing leaves by table, with a
// Shared of its own: New's type for NameEquity.
func NewEquity(gen Generator, table *equity.Table) *Static { return new(Shared).Equity(gen, table) }

// NewGreedy is the greedy policy over gen: New's type for NameGreedy.
func NewGreedy(gen Generator) *Static { return new(Shared).Greedy(gen) }

// NewSim is the simulation's policy over gen, valuing leaves by table,
// with a Shared of its own (whose playouts have no leave keys): New's
// type for NameSim.
func NewSim(gen Generator, table *equity.Table) *Sim { return new(Shared).Sim(gen, table) }

// Greedy is NewGreedy sharing s.
func (s *Shared) Greedy(gen Generator) *Static {
	return &Static{Policy: NameGreedy, Gen: gen, Equity: equity.Score{}, Shared: s}
}

// Sim is NewSim sharing s.
func (s *Shared) Sim(gen Generator, table *equity.Table) *Sim {
	st := s.Equity(gen, table)
	return &Sim{Static: *st, Simulator: &montecarlo.Simulator{
		Gen: gen, Equity: st.Equity, Plies: montecarlo.DefaultPlies, EndgameBag: montecarlo.DefaultEndgameBag,
		Keys: s.leaveKeys(), Rank: montecarlo.DefaultRank, Allocation: montecarlo.DefaultAllocation,
		WinProbs: s.winProbSet()}}
}

// Equity is NewEquity sharing s.
func (s *Shared) Equity(gen Generator, table *equity.Table) *Static {
	return &Static{Policy: NameEquity, Gen: gen, Equity: equity.ScoreAndLeave{Table: table}, Exchanges: true, Shared: s}
}

// Stage is the part of the game a position is in, which decides how the
// simulation's policy chooses (Sim.Choose), as a play chooser picks its
// search by the bag.
type Stage int

const (
	// StageMidgame: more than endgame.MaxBag tiles in the bag: the simulation
	// of the next turns ranks the candidates.
	StageMidgame Stage = iota
	// StagePreEndgame: 1 to endgame.MaxBag tiles in the bag: a move that wins
	// whatever is drawn (endgame.PreEndgame.Winning), else the simulation
	// played to the game's end.
	StagePreEndgame
	// StageEndgame: the bag empty: the endgame solver beside a one-world
	// simulation of every play.
	StageEndgame
)

// StageOf is the stage p is in.
func StageOf(p *position.Position) Stage {
	switch {
	case p.BagCount > endgame.MaxBag:
		return StageMidgame
	case p.BagCount == 0:
		return StageEndgame
	}
	return StagePreEndgame
}

var stageNames = [...]string{StageMidgame: "midgame", StagePreEndgame: "pre-endgame", StageEndgame: "endgame"}

func (s Stage) String() string {
	if s >= 0 && int(s) < len(stageNames) {
		return stageNames[s]
	}
	return fmt.Sprintf("Stage(%d)", int(s))
}

// EndgameKind says what the endgame solver proved of the move it chose.
type EndgameKind int

const (
	// Solved: the solver's exact value decided (endgame.Solver.Solve).
	Solved EndgameKind = iota + 1
	// Won: the solver proved that the move wins (Decide) by at least
	// Value (Raise) against any defence, not that no move wins by more
	// (Line is then empty).
	Won
	// WonWhateverDrawn: tiles are in the bag and the move wins whatever
	// they are (endgame.PreEndgame.Winning; Value, Line and Depth empty).
	WonWhateverDrawn
)

var kindNames = [...]string{Solved: "endgame", Won: "win", WonWhateverDrawn: "pre-endgame"}

// String is the kind's name in reports: "endgame", "win" or "pre-endgame".
func (k EndgameKind) String() string {
	if k > 0 && int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("EndgameKind(%d)", int(k))
}

// MarshalText writes the kind's name, so that JSON reports say it in words.
func (k EndgameKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

var _ encoding.TextMarshaler = EndgameKind(0)
