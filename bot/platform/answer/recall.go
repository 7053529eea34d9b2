package answer

import (
	"sync"

	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/position"
	"github.com/lexico/lexico/bot/game/rules"
	"github.com/lexico/lexico/bot/game/tile"
)

// recall keeps, for each game a Bot answers (by the gamestate's GameId), the
// position its last answer left: the board with its move on it, the bag
// after its draw. The game's next gamestate then shows the opponent's turn
// in between (position.Last), which a simulation may infer from. The
// platform's gamestate does not say what the opponent played; a server or
// the arena answering every move of a game sees it this way.
//
// A game is forgotten when RecallGames newer ones have been answered: a
// server's memory stays bounded whatever the games. A gamestate that is not
// the remembered position plus one turn (another game under the same id, a
// move of ours that was not played) gives no Last.
type recall struct {
	mu    sync.Mutex
	games map[int64]*position.Position
	order []int64 // the games by first answer, oldest first
}

// RecallGames is how many games a Bot remembers.
const RecallGames = 256

// last sets p.Last from what was remembered of game id, when p is that
// position plus one turn of the opponent's. id 0 (no GameId) is never
// remembered.
func (c *recall) last(id int64, p *position.Position) {
	if id == 0 {
		return
	}
	c.mu.Lock()
	before := c.games[id]
	c.mu.Unlock()
	if before == nil || !oneTurnOn(before, p) {
		return
	}
	b := *before
	b.MyScore = p.MyScore // the opponent's turn did not change it
	p.Last = &position.Last{Before: &b, Score: p.OppScore - before.OppScore}
}

// oneTurnOn reports whether p can be before plus one turn of the
// opponent's: the same board with at most a rack of tiles added, the bag
// less what it drew, its score not lower.
func oneTurnOn(before, p *position.Position) bool {
	added, ok := p.Board.AddedSince(before.Board)
	return ok && p.OppScore >= before.OppScore && added.N <= p.Variant.RackSize &&
		p.BagCount == max(0, before.BagCount-added.N)
}

// remember keeps the position p leaves once m is played on it, as game
// id's.
func (c *recall) remember(id int64, p *position.Position, m move.Move) {
	if id == 0 {
		return
	}
	after := *p
	after.Board = p.Board.Clone()
	after.Rack, after.Last, after.FirstGo = tile.Rack{}, nil, false
	rules.Apply(after.Board, m)
	if m.Kind == move.Play {
		after.BagCount = max(0, p.BagCount-len(m.Tiles))
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.games == nil {
		c.games = make(map[int64]*position.Position)
	}
	if _, ok := c.games[id]; !ok {
		c.order = append(c.order, id)
		if len(c.order) > RecallGames {
			delete(c.games, c.order[0])
			c.order = c.order[1:]
		}
	}
	c.games[id] = &after
}
