package movegen

import (
	"github.com/lexico/lexico/bot/engine/movegen/internal/line"
	"github.com/lexico/lexico/bot/game/tile"
)

// crossLetters is what the cross sets of a search need to cover: the
// rack's letters, or all of them when it holds a blank. Leaving the others
// out spares, on a square between two tiles, a walk of the GADDAG per
// letter no tile of the rack could put there.
func (s *genState) crossLetters() line.CrossSet {
	if s.rack[tile.BlankIndex] > 0 {
		return line.AllLetters
	}
	return line.CrossSet(s.rackSet)
}
