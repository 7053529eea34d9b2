package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"time"

	"github.com/lexico/lexico/bot/engine/endgame"
	"github.com/lexico/lexico/scripts/internal/late"
)

// preRecord is one pre-endgame's figures (-bag).
type preRecord struct {
	Game    uint64  `json:"game"`
	Variant string  `json:"variant"`
	Bag     int     `json:"bag"`
	Rack    string  `json:"rack"`
	Sure    string  `json:"sure_win,omitempty"` // the move that wins in every draw, found within the budget
	SureMs  float64 `json:"sure_ms"`
	SimMove string  `json:"sim_move,omitempty"` // where one was found: the simulation's move
	// SimSure: the simulation's move wins in every draw too (nil: not
	// settled within five budgets).
	SimSure *bool `json:"sim_sure,omitempty"`
}

// runPre measures the pre-endgame's sure wins (endgame.PreEndgame.Winning)
// on self-play positions with 1 to bag tiles in the bag: how often one is
// found within the budget, and there whether the simulation's answer (the
// sim player's before it looked for one) wins in every draw as well.
func runPre(seed uint64, n, bag int, budget time.Duration, out, idxPath string) error {
	kit, err := late.Open(idxPath)
	if err != nil {
		return err
	}
	defer kit.Close()
	var w *json.Encoder
	if out != "" {
		f, err := os.Create(out)
		if err != nil {
			return err
		}
		defer f.Close()
		w = json.NewEncoder(f)
	}
	sim := kit.Shared.Sim(kit.Gen, kit.Table)
	sim.NoEndgame = true
	fmt.Printf("endgamefigures: %d pre-endgames (1 to %d tiles in the bag), %v each, started %s\n", n, bag, budget, time.Now().Format(time.RFC3339))
	var found, simSure, simNot int
	for g, done := seed, 0; done < n; g++ {
		st, err := kit.SelfPlay(g, bag)
		if err != nil {
			return fmt.Errorf("game %d: %w", g, err)
		}
		if st == nil || st.BagLen() == 0 {
			continue
		}
		p := st.View()
		rec := preRecord{Game: g, Variant: late.Variant(g).Name, Bag: p.BagCount, Rack: p.Rack.String()}
		pe := &endgame.PreEndgame{Solver: endgame.New(kit.Gen)}
		start := time.Now()
		m, ok, _, err := pe.Winning(&p, start.Add(budget), nil)
		if err != nil {
			return fmt.Errorf("game %d: %w", g, err)
		}
		rec.SureMs = float64(time.Since(start).Microseconds()) / 1000
		if ok {
			found++
			rec.Sure = m.String()
			ctx, cancel := context.WithTimeout(context.Background(), budget)
			sm := sim.Choose(ctx, &p).Move
			cancel()
			rec.SimMove = sm.String()
			wins, settled, _, err := pe.WinsEveryDraw(&p, sm, time.Now().Add(5*budget), nil)
			if err != nil {
				return fmt.Errorf("game %d: %w", g, err)
			}
			if settled {
				rec.SimSure = &wins
				if wins {
					simSure++
				} else {
					simNot++
				}
			}
		}
		if w != nil {
			if err := w.Encode(rec); err != nil {
				return err
			}
		}
		done++
	}
	fmt.Printf("endgamefigures: finished %s\n", time.Now().Format(time.RFC3339))
	fmt.Printf("  a move that wins in every draw found within %v: %d of %d\n", budget, found, n)
	fmt.Printf("  there the simulation's move wins in every draw too: %d; does not (a draw where the opponent can tie or win): %d; unsettled: %d\n",
		simSure, simNot, found-simSure-simNot)
	return nil
}
