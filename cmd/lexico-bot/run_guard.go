package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/lexico/lexico/bot/engine/equity"
	"github.com/lexico/lexico/bot/engine/player"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/rules"
	"github.com/lexico/lexico/bot/platform/answer"
	"github.com/lexico/lexico/bot/platform/gamestate"
)

// startGuard keeps run's answer on time while the engine starts. run's
// clock takes over once the index is open, but opening it is start-up the
// clock cannot shorten: an index whose pages the kernel dropped is read
// back from disk whole (its checksums), which a busy disk can stretch past
// a short MoveTime, and the default index is built on its first use. The
// guard answers at the budget's stop, if start-up is still under way, with
// what the clock itself answers when no time is left: the exchange the
// leave table values best where the rules allow one, else a pass. The
// trade: a weak move in time where the search would have come late, and a
// late answer forfeits the game.
type startGuard struct {
	mu    sync.Mutex
	timer *time.Timer
	// by is who answers once decided: "" undecided, "guard" or "run"
	// (start-up ended first).
	by string
}

// guardStart arms a startGuard for req, arrived at arrived, when it has a
// live deadline the clock keeps (not a saved gamestate, a replay or a set
// --budget): nil otherwise, and nil for a deadline already passed, which
// the clock answers at once after start-up, late in any case. write
// writes the answer, as run writes its own.
func guardStart(clock player.Clock, req *gamestate.Request, arrived time.Time, leaves string, write func(answer.Reply) error) *startGuard {
	if req.Deadline.IsZero() || clock.Mode == player.Replay || clock.Override > 0 {
		return nil
	}
	// The stop at twice the reserve, not scaled by the load: the guard's
	// answer waits for a core like any other (while a first-use build
	// took both cores it was written 30 ms after its stop, measured), and
	// the load's scaling would take the time in which the clock, when
	// start-up ends there, still searches (Budget.Alone).
	clock.Pressure = nil
	clock.Reserve *= 2
	b := clock.Budget(player.Due{Deadline: req.Deadline, MoveTime: req.MoveTime}, arrived, time.Now(), 0)
	if b.Late || b.Saved {
		return nil
	}
	g := &startGuard{}
	fire := func() {
		g.mu.Lock()
		defer g.mu.Unlock()
		if g.by != "" {
			return
		}
		g.by = "guard"
		b.Quick, b.Time = true, 0
		b.Note = fmt.Sprintf("start-up (opening the index) was still under way at the budget's stop, %v after arrival: answered without a search",
			b.Stop.Sub(arrived).Round(time.Millisecond))
		write(unsearched(req, b, leaves))
	}
	if wait := time.Until(b.Stop); wait > 0 {
		g.timer = time.AfterFunc(wait, fire)
	} else {
		fire() // the process's own start took the budget: no index can help
	}
	return g
}

// unsearched is the answer to req without a search: the equity policy's
// choice when it has no time to search, which needs no index.
func unsearched(req *gamestate.Request, b player.Budget, leaves string) answer.Reply {
	table, err := leaveTable(leaves)
	if err != nil || table == nil {
		table, err = equity.DefaultTable()
	}
	p := req.Position
	var ch player.Choice
	if err == nil {
		done, cancel := context.WithCancel(context.Background())
		cancel() // no time: the search does not start, so no generator is needed
		ch = player.NewEquity(nil, table).Choose(done, p)
	} else {
		ch.Candidate = player.Candidate{Move: move.NewPass(), Leave: p.Rack}
		ch.Policy, ch.Reason = player.NameEquity, "no leave table to value an exchange: "+err.Error()
	}
	enc, err := gamestate.EncodeMove(ch.Move, p.Board.Size)
	if err != nil { // an exchange or a pass encodes: cannot happen
		enc, _ = gamestate.EncodeMove(move.NewPass(), p.Board.Size)
	}
	return answer.Reply{Position: p, Budget: b, Choice: ch, Move: enc}
}

// end is called when start-up is over: true when the caller answers, false
// when the guard already has.
func (g *startGuard) end() bool {
	if g == nil {
		return true
	}
	if g.timer != nil {
		g.timer.Stop()
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.by == "" {
		g.by = "run"
	}
	return g.by == "run"
}

// replyForm is how run writes an answer: the platform's move line, or
// with JSON run's --json report, its words looked up in Dict (nil: not
// looked up) and with Top the candidates listed.
type replyForm struct {
	JSON bool
	Dict rules.Dictionary
	Top  bool
}

// writeReply writes r, answered in elapsed, in form f: the one way run
// writes an answer, its own or the start-up guard's.
func writeReply(w io.Writer, r answer.Reply, f replyForm, elapsed time.Duration) error {
	if f.JSON {
		return json.NewEncoder(w).Encode(answer.NewReport(r, f.Dict, elapsed, f.Top))
	}
	_, err := fmt.Fprintf(w, "%s\n", r.Move)
	return err
}
