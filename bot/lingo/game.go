package lingo

import (
	"fmt"

	"github.com/lexico/lexico/bot/game/bag"
	"github.com/lexico/lexico/bot/game/tile"
)

// Game is a game in progress: the board, the pools, the tiles not yet
// drawn, the scores and whose turn it is. The bag is shuffled from the
// seed as every game's is (package bag), so a seed and the same moves give
// the same game.
//
// Rules the Game decides where the seed is silent or contradicts itself:
//   - The first tile of the shuffled set is put on the board to start
//     (see NewBoard), then the pools are filled, the first player's first.
//   - "The game ends when any player runs out of tiles": after each move
//     the player's pool (the common pool when shared) is refilled from the
//     tiles left; as soon as a pool is empty, its owner cannot move, and
//     the game ends there, even if other players' own pools (NotShared)
//     still hold tiles. Tiles left in pools score nothing.
//   - There is no passing, so a player with no legal move (which needs a
//     crowded board at the MaxSpan limit) also ends the game.
type Game struct {
	Opts Options
	// Names are the players, in turn order.
	Names  []string
	Board  Board
	Scores []int
	// ToMove is the player whose turn it is.
	ToMove int
	// Turns are the moves played so far.
	Turns []Turn
	// Over is set when the game has ended, End says why.
	Over bool
	End  string

	pools []tile.Rack
	bag   bag.Bag
	lex   *Lexicon
}

// Turn is one move as played.
type Turn struct {
	Number, Player int
	// Notation is the move in the seed's notation, for the board as it was.
	Notation string
	Move     Move
	Result   Result
	// Pool is the mover's pool before the move.
	Pool tile.Rack
}

// NewGame deals a game for the named players (their number must be
// o.Players) with words judged by lex.
func NewGame(o Options, names []string, seed uint64, lex *Lexicon) (*Game, error) {
	if err := o.Validate(); err != nil {
		return nil, err
	}
	if len(names) != o.Players {
		return nil, fmt.Errorf("%w: a %d-player game given %d names", ErrOptions, o.Players, len(names))
	}
	g := &Game{Opts: o, Names: append([]string(nil), names...), Scores: make([]int, o.Players), lex: lex}
	dist := o.Set.Distribution()
	g.bag = bag.Shuffled(dist[:], seed)
	g.Board = *NewBoard(g.draw(), o.Hex)
	g.pools = make([]tile.Rack, o.Pools())
	for i := range g.pools {
		g.refill(i)
	}
	return g, nil
}

// draw takes the next tile of the shuffled set (a new game's bag holds
// more than the first tile).
func (g *Game) draw() byte {
	t, _ := g.bag.Draw()
	return t
}

func (g *Game) refill(pool int) { g.bag.Fill(&g.pools[pool], g.Opts.Pool) }

// poolOf is the index of the pool player plays from.
func (g *Game) poolOf(player int) int {
	if g.Opts.NotShared {
		return player
	}
	return 0
}

// Pool is the tiles player may play from.
func (g *Game) Pool(player int) tile.Rack { return g.pools[g.poolOf(player)] }

// Pools are the game's pools: one shared, or one per player.
func (g *Game) Pools() []tile.Rack { return append([]tile.Rack(nil), g.pools...) }

// Bag is the tiles not yet drawn.
func (g *Game) Bag() []byte { return append([]byte(nil), g.bag.Tiles()...) }

// Unplayed counts the tiles not yet on the board (in the bag and the
// pools) by letter: the seed's -c count.
func (g *Game) Unplayed() [26]int {
	d := g.Opts.Set.Distribution()
	p := g.Board.Placed()
	for i := range d {
		d[i] -= p[i]
	}
	return d
}

// Lexicon is the word judge the game was dealt with.
func (g *Game) Lexicon() *Lexicon { return g.lex }

// Clone is a copy a player can study or change without touching g.
func (g *Game) Clone() *Game {
	c := *g
	c.Names = append([]string(nil), g.Names...)
	c.Scores = append([]int(nil), g.Scores...)
	c.Turns = append([]Turn(nil), g.Turns...)
	c.pools = g.Pools()
	c.bag = bag.Bag{}
	c.bag.CopyFrom(&g.bag)
	return &c
}

// Check judges m for the player to move without playing it.
func (g *Game) Check(m Move) (Result, error) {
	if g.Over {
		return Result{}, ErrGameOver
	}
	return Judge(&g.Board, g.Pool(g.ToMove), m, g.lex, g.Opts)
}

// Play plays m for the player to move: judges it, places the tiles, adds
// the score, refills the pool and passes the turn, or ends the game.
func (g *Game) Play(m Move) (Turn, error) {
	res, err := g.Check(m)
	if err != nil {
		return Turn{}, err
	}
	p := g.ToMove
	t := Turn{Number: len(g.Turns) + 1, Player: p, Notation: g.Board.Format(m), Move: m.Clone(), Result: res, Pool: g.Pool(p)}
	for _, pl := range m.Tiles {
		g.Board.Place(pl.Row, pl.Col, pl.Letter)
		g.pools[g.poolOf(p)].Remove(pl.Letter)
	}
	g.Scores[p] += res.Score
	g.refill(g.poolOf(p))
	g.Turns = append(g.Turns, t)
	g.ToMove = (p + 1) % g.Opts.Players
	g.checkEnd()
	return t, nil
}

// checkEnd ends the game when a pool is empty or the player to move is
// stuck.
func (g *Game) checkEnd() {
	for i, pool := range g.pools {
		if pool.N == 0 {
			g.Over = true
			if g.Opts.NotShared {
				g.End = fmt.Sprintf("%s is out of tiles", g.Names[i])
			} else {
				g.End = "the pool is out of tiles"
			}
			return
		}
	}
	if !g.canMove() {
		g.Over = true
		g.End = fmt.Sprintf("%s has no legal move", g.Names[g.ToMove])
	}
}

// canMove reports whether the player to move has a legal move: a tile on
// an empty square beside a tile, within MaxSpan, or on top of a tile of
// another letter.
func (g *Game) canMove() bool {
	b := &g.Board
	pool := g.Pool(g.ToMove)
	can := false
	b.eachCell(func(r, c int) {
		if can {
			return
		}
		if top := b.At(r, c).Letter; top != 0 {
			can = g.Opts.Repeat || pool.N > pool.Count(top)
			return
		}
		if nextToOld(b, r, c) {
			m := Move{Tiles: []Placement{{Row: r, Col: c, Letter: 'A'}}}
			sv := b.apply(m)
			can = b.inSpan()
			b.undo(m, sv)
		}
	})
	return can
}

// Winners are the players with the highest score.
func (g *Game) Winners() []int {
	best := -1
	var out []int
	for i, s := range g.Scores {
		switch {
		case s > best:
			best, out = s, []int{i}
		case s == best:
			out = append(out, i)
		}
	}
	return out
}
