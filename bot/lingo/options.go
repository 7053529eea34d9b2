package lingo

import "fmt"

// Options are the seed's challenge options.
type Options struct {
	// Players is the number of players, 2 to 4.
	Players int
	// Pool is how many tiles a pool holds (1 to 10). The seed contradicts
	// itself: the challenge help says the default is 4, the rules say
	// "a common pool of five tiles", and the worked example shows a pool of
	// five (R Y T H V). DefaultPool follows the rules and the example, the
	// two places that describe the game as played; --pool 4 gives the
	// challenge help's game.
	Pool int
	// Place is the most tiles a move may place, 1 to Pool (default 2).
	Place int
	// Set is the tile set: small (30), default (49) or full (98).
	Set TileSet
	// NoTwos: two-letter words are not words and score nothing.
	NoTwos bool
	// Repeat: a tile may be stacked on a tile showing the same letter.
	Repeat bool
	// NotShared: each player draws a hidden pool of their own instead of
	// all players playing from one common pool.
	NotShared bool
	// Hex: the board is hexagonal, three axes instead of two.
	Hex bool
}

// Defaults of the options (see Options.Pool for why the pool holds five).
const (
	DefaultPlayers = 2
	DefaultPool    = 5
	DefaultPlace   = 2
	MaxPool        = 10
	MinPlayers     = 2
	MaxPlayers     = 4
)

// DefaultOptions is a two-player game with the default set, a shared pool
// of DefaultPool tiles and DefaultPlace tiles a move.
func DefaultOptions() Options {
	return Options{Players: DefaultPlayers, Pool: DefaultPool, Place: DefaultPlace, Set: SetDefault}
}

// MinWordLen is the shortest word that counts: 3 with NoTwos, else 2.
func (o Options) MinWordLen() int {
	if o.NoTwos {
		return 3
	}
	return 2
}

// Pools is how many pools the game keeps: one shared, or one per player.
func (o Options) Pools() int {
	if o.NotShared {
		return o.Players
	}
	return 1
}

// Validate reports the first option out of range, wrapping ErrOptions.
func (o Options) Validate() error {
	switch {
	case o.Players < MinPlayers || o.Players > MaxPlayers:
		return fmt.Errorf("%w: Lingo is for %d to %d players, not %d", ErrOptions, MinPlayers, MaxPlayers, o.Players)
	case o.Pool < 1 || o.Pool > MaxPool:
		return fmt.Errorf("%w: pool of %d tiles; valid sizes are 1 to %d", ErrOptions, o.Pool, MaxPool)
	case o.Place < 1 || o.Place > o.Pool:
		return fmt.Errorf("%w: placing %d tiles a move; valid values are 1 to the pool size %d", ErrOptions, o.Place, o.Pool)
	case o.Set > SetFull:
		return fmt.Errorf("%w: unknown tile set %d", ErrOptions, o.Set)
	}
	// The starting tile and every pool must be filled at the start, or a
	// player would begin the game already out of tiles.
	if need := 1 + o.Pools()*o.Pool; need > o.Set.Size() {
		return fmt.Errorf("%w: the %s set of %d tiles cannot fill %d pools of %d tiles and the starting tile (%d needed)",
			ErrOptions, o.Set, o.Set.Size(), o.Pools(), o.Pool, need)
	}
	return nil
}
