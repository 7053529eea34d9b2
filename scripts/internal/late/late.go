// Package late is what the scripts that measure late-game play share
// (scripts/endgamefigures, scripts/simfigures): the equity player over the
// index's GADDAG generator, seeded self-play up to a chosen point of the
// bag, and playing a position out against that player.
package late

import (
	"context"
	"fmt"
	"os"

	"github.com/lexico/lexico/bot/engine/equity"
	"github.com/lexico/lexico/bot/engine/movegen"
	"github.com/lexico/lexico/bot/engine/movegen/strategy"
	"github.com/lexico/lexico/bot/engine/player"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/state"
	"github.com/lexico/lexico/bot/game/variant"
	"github.com/lexico/lexico/build"
	"github.com/lexico/lexico/index"
)

// Kit is an open index, its GADDAG generator, the default valuation, what
// the policies over the generator share (make every policy from Shared,
// so that their simulations' leave keys never meet) and the equity policy.
type Kit struct {
	Index  *index.Index
	Gen    movegen.Generator
	Table  *equity.Table
	Shared *player.Shared
	Equity *player.Static
}

// Open opens the index at path (build.OpenIndex: "" is $LEXICO_INDEX or
// the default index) and readies the kit; Close closes the index.
func Open(path string) (*Kit, error) {
	x, err := build.OpenIndex(path, os.Stderr)
	if err != nil {
		return nil, err
	}
	k := &Kit{Index: x, Shared: player.NewShared()}
	if k.Gen, err = strategy.New("gaddag", x); err == nil {
		if k.Table, err = equity.DefaultTable(); err == nil {
			k.Equity = k.Shared.Equity(k.Gen, k.Table)
		}
	}
	if err != nil {
		x.Close()
		return nil, err
	}
	return k, nil
}

// Close closes the index.
func (k *Kit) Close() error {
	k.Shared.Wait() // no search still reading the index
	return k.Index.Close()
}

// Variant is game g's variant: classic and multipliers in turn.
func Variant(g uint64) *variant.Variant {
	return []*variant.Variant{variant.Classic, variant.Multipliers}[g%2]
}

// SelfPlay plays game g (Variant(g), seeded from g, the seats taking turns
// to start) between two equity players until at most bag tiles are left in
// the bag, and returns the state then (nil when the game ended first).
func (k *Kit) SelfPlay(g uint64, bag int) (*state.State, error) {
	st, err := state.Start(Variant(g), g*1_000_003, int(g/2%2))
	if err != nil {
		return nil, err
	}
	for !st.Over() && st.BagLen() > bag {
		p := st.View()
		ch := k.Equity.Choose(context.Background(), &p)
		if err := st.Apply(ch.Move); err != nil {
			return nil, fmt.Errorf("%v: %w", ch.Move, err)
		}
	}
	if st.Over() {
		return nil, nil
	}
	return st, nil
}

// PlayOut plays st to its end, seat hero choosing by choose (nil: by the
// equity player) and the other seat by the equity player, and returns
// hero's final margin. st is left as it was.
func (k *Kit) PlayOut(st *state.State, hero int, choose func(*state.State) (move.Move, error)) (int, error) {
	applied := 0
	defer func() {
		for ; applied > 0; applied-- {
			st.Undo()
		}
	}()
	for !st.Over() {
		var m move.Move
		if st.Turn() == hero && choose != nil {
			var err error
			if m, err = choose(st); err != nil {
				return 0, err
			}
		} else {
			p := st.View()
			m = k.Equity.Choose(context.Background(), &p).Move
		}
		if err := st.Apply(m); err != nil {
			return 0, fmt.Errorf("%v: %w", m, err)
		}
		applied++
	}
	s := st.Scores()
	return s[hero] - s[1-hero], nil
}
