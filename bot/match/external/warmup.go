package external

import (
	"time"

	"github.com/lexico/lexico/bot/game/position"
	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/bot/game/variant"
	"github.com/lexico/lexico/bot/platform/gamestate"
)

// warmUpMoveTime is the MoveTime of the warm-up gamestate: as short as a
// game's gets (1 s), so that a bot that thinks for its whole MoveTime
// answers soon after its start-up, yet one that holds part of it back for
// its own delivery (the Python bridge keeps 150 ms) still has the time to
// start its engine and answer with a move, not a pass. It costs each new
// process up to a second before its first game.
const warmUpMoveTime = time.Second

// warmUpGamestate is the throw-away gamestate a new process is handed
// before its first game: the opening of a multipliers game (empty board,
// the first go), its deadline limit from now.
func warmUpGamestate(now time.Time, limit time.Duration) ([]byte, error) {
	v := variant.Multipliers
	p := &position.Position{
		Variant: v, Board: v.NewBoard(), Rack: tile.RackOf([]byte("AEINRST")),
		BagCount: v.TotalTiles() - 2*v.RackSize, FirstGo: true,
	}
	return gamestate.EncodeRequest(&gamestate.Request{Position: p, Deadline: now.Add(limit), MoveTime: warmUpMoveTime, Status: "RUNNING"})
}
