package answer

import (
	"encoding/json"
	"time"

	"github.com/lexico/lexico/bot/engine/player"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/position"
	"github.com/lexico/lexico/bot/game/rules"
	"github.com/lexico/lexico/bot/platform/gamestate"
)

// Report is an answer and how it was reached, as every front end writes
// it in JSON: run --json and serve's /move alike (NewReport).
type Report struct {
	MoveReport
	Reason    string  `json:"reason,omitempty"`
	Plays     int     `json:"plays"`
	Complete  bool    `json:"complete"`
	BudgetMS  float64 `json:"budget_ms"`
	ElapsedMS float64 `json:"elapsed_ms"`
	Late      bool    `json:"late"`
	// Saved: the deadline had passed long ago, a saved gamestate replayed.
	Saved bool `json:"saved,omitempty"`
	// Policy names the policy that answered (the static one when the clock
	// or the thinking slots left no time for more), Note says why when it
	// is not the asked one thinking for its whole budget.
	Policy string `json:"policy"`
	Note   string `json:"note,omitempty"`
	// Worlds is how many worlds the simulation played its candidates out
	// in (Simulation.Iterations); absent for the static policies.
	Worlds int               `json:"worlds,omitempty"`
	Top    []MoveReport      `json:"top,omitempty"`
	Sim    *SimulationReport `json:"simulation,omitempty"`
	// Endgame says how the endgame solver decided, when it did.
	Endgame *EndgameReport `json:"endgame,omitempty"`
}

// MoveReport is one candidate of a Report, the chosen one first.
type MoveReport struct {
	// Move is the platform's move list.
	Move   json.RawMessage `json:"move"`
	Kind   string          `json:"kind"`
	Score  int             `json:"score"`
	Equity float64         `json:"equity"`
	// Bound: Equity is only an upper bound (an endgame move the solver
	// showed cannot beat its choice).
	Bound bool         `json:"bound,omitempty"`
	Words []rules.Word `json:"words"`
	Leave string       `json:"leave"`
	// Sim is the simulation's verdict on the candidate (sim policy).
	Sim *SimResult `json:"sim,omitempty"`
}

// SimResult is the simulation's verdict on one candidate.
type SimResult struct {
	Equity  float64 `json:"equity"`
	StdErr  float64 `json:"stderr"`
	WinRate float64 `json:"win_rate"`
	// WinProb is the mean chance of winning (0 when not ranked by it).
	WinProb float64 `json:"win_prob"`
	// Worlds is how many worlds the candidate was played out in: the
	// report's Worlds, fewer for one a race dropped, 0 for one the
	// deadline left unplayed in an endgame's one world.
	Worlds int `json:"worlds"`
}

// SimulationReport is how the simulation ranked the candidates.
type SimulationReport struct {
	Candidates int  `json:"candidates"`
	Iterations int  `json:"iterations"`
	Plies      int  `json:"plies"`
	ByWins     bool `json:"by_wins"`
	// Rank is what the candidates were ranked by: "points", "winprob" or
	// "blend" (montecarlo.Ranking).
	Rank string `json:"rank"`
	// Inferred is how many racks the opponent may have kept, inferred
	// from its last play, the worlds were dealt from (0: none; --sim-infer).
	Inferred int    `json:"inferred,omitempty"`
	Error    string `json:"error,omitempty"`
}

// EndgameReport is how the endgame solver decided the simulation
// policy's move in place of the simulation.
type EndgameReport struct {
	Kind   string            `json:"kind"` // "endgame" (the exact value), "win" (a proven win by at least value, not the most), "pre-endgame" (a win in every draw of the bag)
	Proven bool              `json:"proven"`
	Depth  int               `json:"depth,omitempty"`
	Nodes  int64             `json:"nodes"`
	Value  *int              `json:"value,omitempty"` // the final margin, for "endgame"; the least it reaches, for "win"
	Line   []json.RawMessage `json:"line,omitempty"`  // the platform's move format, both sides in turn
}

// NewReport reports r, answered in elapsed; the words are looked up in
// dict, the dictionary the policy chose from (nil: every word valid). top
// lists the candidates (Choice.Top) beside the chosen one.
func NewReport(r Reply, dict rules.Dictionary, elapsed time.Duration, top bool) Report {
	p, ch, b := r.Position, r.Choice, r.Budget
	out := Report{MoveReport: NewMoveReport(p, ch.Candidate, dict), Reason: ch.Reason, Plays: ch.Plays,
		Complete: ch.Complete, BudgetMS: ms(b.Time), ElapsedMS: ms(elapsed), Late: b.Late, Saved: b.Saved,
		Policy: ch.Policy, Note: r.Note()}
	out.Move = r.Move
	out.Endgame = endgameReport(p, ch.Endgame)
	sim := ch.Simulation
	if sim != nil {
		out.Worlds = sim.Iterations
		out.Sim = &SimulationReport{Candidates: sim.Candidates, Iterations: sim.Iterations, Plies: sim.Plies, ByWins: sim.ByWins,
			Rank: sim.Rank.String(), Inferred: sim.Inferred}
		if sim.Err != nil {
			out.Sim.Error = sim.Err.Error()
		}
		out.MoveReport.Sim = simResult(sim, 0)
	}
	if top {
		for i, c := range ch.Top {
			j := NewMoveReport(p, c, dict)
			j.Sim = simResult(sim, i)
			out.Top = append(out.Top, j)
		}
	}
	return out
}

// NewMoveReport reports c, a candidate in p; its words are looked up in
// dict.
func NewMoveReport(p *position.Position, c player.Candidate, dict rules.Dictionary) MoveReport {
	enc, err := gamestate.EncodeMove(c.Move, p.Board.Size)
	if err != nil {
		enc, _ = json.Marshal(err.Error())
	}
	return MoveReport{Move: enc, Kind: c.Move.Kind.String(), Score: c.Move.Score, Equity: c.Equity, Bound: c.Bound,
		Words: Words(p, c.Move, dict), Leave: c.Leave.String()}
}

// Words are the words m forms on p's board, each judged by dict (nil:
// every word valid); none for a pass or an exchange.
func Words(p *position.Position, m move.Move, dict rules.Dictionary) []rules.Word {
	if m.Kind != move.Play {
		return []rules.Word{}
	}
	_, words := rules.Score(p.Variant, p.Board, m)
	rules.Validate(words, dict)
	return words
}

// simResult is the simulation's figures of the i-th candidate listed, nil
// when it has none.
func simResult(sim *player.Simulation, i int) *SimResult {
	if sim == nil || i >= len(sim.Results) {
		return nil
	}
	r := sim.Results[i]
	return &SimResult{Equity: r.Equity, StdErr: r.StdErr, WinRate: r.WinRate, WinProb: r.WinProb, Worlds: r.Iterations}
}

// endgameReport is eg's report (nil when the solver did not decide).
func endgameReport(p *position.Position, eg *player.Endgame) *EndgameReport {
	if eg == nil {
		return nil
	}
	out := &EndgameReport{Kind: eg.Kind.String(), Proven: eg.Proven, Depth: eg.Depth, Nodes: eg.Nodes}
	if eg.Kind == player.Solved || eg.Kind == player.Won {
		out.Value = &eg.Value
	}
	for _, m := range eg.Line {
		raw, err := gamestate.EncodeMove(m, p.Board.Size)
		if err != nil {
			raw, _ = json.Marshal(err.Error())
		}
		out.Line = append(out.Line, raw)
	}
	return out
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
