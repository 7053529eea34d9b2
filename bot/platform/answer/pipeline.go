package answer

import (
	"time"

	"github.com/lexico/lexico/bot/engine/engine"
	"github.com/lexico/lexico/bot/engine/equity"
	"github.com/lexico/lexico/bot/engine/player"
)

// Pipeline is where every front end gets its bots: run and run --lines,
// serve's /move and the web page's games and studies, the seats of play
// and league. Its bots take their policies from one engine and answer
// under one clock contract, one admission and one measured tail (its
// Gate), so those rules hold alike on every path, and a setting made once
// (a flag) reaches every bot.
type Pipeline struct {
	// Engine makes every bot's policy.
	Engine *engine.Engine
	// Clock is the clock contract every bot answers under (NewClock,
	// adjusted by the command's flags).
	Clock player.Clock
	// Gate is the admission the bots think under and the tail they
	// measure: NewPipeline's, of its slots.
	Gate *Gate
}

// NewPipeline is a pipeline over eng under clock whose bots think at most
// slots at once (0: no bound; serve: one per core).
func NewPipeline(eng *engine.Engine, clock player.Clock, slots int) *Pipeline {
	return &Pipeline{Engine: eng, Clock: clock, Gate: NewGate(slots)}
}

// NewClock is the clock contract in mode: player.DefaultClock, its held
// back time scaled by how crowded the cores are (player.CorePressure). It is the
// one copy of the default clock; a command's flags adjust what it returns.
func NewClock(mode player.Mode) player.Clock {
	c := player.DefaultClock()
	c.Mode, c.Pressure = mode, player.CorePressure()
	return c
}

// BotOptions say which bot Pipeline.Bot builds.
type BotOptions struct {
	// Policy names the bot's policy (player.Policies; "": equity).
	Policy string
	// Leaves, when set, values the tiles kept instead of the engine's
	// valuation (play's --p1-leaves).
	Leaves *equity.Table
	// Top is how many candidates each choice lists (0: the chosen alone).
	Top int
	// Think, when above 0, is the bot's thinking time a move, in place of
	// the gamestate's MoveTime and deadline (the clock's Override): the
	// web page's bot time, a study's.
	Think time.Duration
	// Guest makes the bot think under the gate's guests' view (Gate.Guests):
	// a search a person asks for on the side, the web page's games and
	// studies, which leaves the last slot to the platform's /move.
	Guest bool
}

// Bot builds the bot o describes: the only constructor of a Bot outside
// tests. Its error is the policy's (player.ErrPolicy).
func (pp *Pipeline) Bot(o BotOptions) (*Bot, error) {
	pol, err := pp.Engine.Policy(o.Policy, o.Leaves)
	if err != nil {
		return nil, err
	}
	if o.Top > 0 {
		pol = pol.WithTop(o.Top)
	}
	clock := pp.Clock
	if o.Think > 0 {
		clock.Override = o.Think
	}
	gate := pp.Gate
	if o.Guest {
		gate = gate.Guests()
	}
	return &Bot{Policy: pol, Clock: clock, Gate: gate}, nil
}
