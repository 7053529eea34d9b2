package gamestate

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/rules"
	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/bot/game/variant"
)

// A gamestate does not say which rule set its game follows, so its tiles
// are counted against the largest bag it could come from, never against
// Parse's guess: a refusal must mean that no game could reach the
// gamestate, not that the guess was wrong. The bag allows, of each tile,
// the most any possible rule set has, and holds as many tiles as the
// largest of them.
//
// The rule sets possible are the registered ones of the board's size, less
// those with premium squares when the gamestate lists none although some
// of their premium squares are uncovered (the platform lists every
// uncovered premium square, so such a game would have listed them): on a
// 15x15 board with empty premium lists that leaves classic, which has no
// blanks. A board of a size no rule set has allows any of them.

// plausibleBag is the bag the gamestate's tiles are counted against: the
// most of each tile and the largest total over the rule sets possible,
// which possible reports of each registered rule set.
func plausibleBag(b *board.Board, premiums int) (most [tile.NumKinds]int, total int, possible func(*variant.Variant) bool) {
	sized := func(v *variant.Variant) bool {
		return v.Size == b.Size && (premiums > 0 || !uncoveredPremium(v, b))
	}
	possible = func(*variant.Variant) bool { return true }
	for v := range variant.All() {
		if sized(v) {
			possible = sized
			break
		}
	}
	for v := range variant.All() {
		if !possible(v) {
			continue
		}
		for i, n := range v.Distribution {
			most[i] = max(most[i], n)
		}
		total = max(total, v.TotalTiles())
	}
	return most, total, possible
}

// setNames names the rule sets possible for a message: "classic",
// "classic, multipliers or wwf".
func setNames(possible func(*variant.Variant) bool) string {
	var list []string
	for v := range variant.All() {
		if possible(v) {
			list = append(list, v.Name)
		}
	}
	slices.Sort(list)
	if n := len(list); n > 1 {
		return strings.Join(list[:n-1], ", ") + " or " + list[n-1]
	}
	return strings.Join(list, "")
}

// uncoveredPremium reports whether a square that is a premium in v's layout
// is empty on b.
func uncoveredPremium(v *variant.Variant, b *board.Board) bool {
	for i, p := range v.Layout {
		if p != board.NoPremium && b.Squares[i].Empty() {
			return true
		}
	}
	return false
}

// checkTiles refuses a gamestate no game can reach: more of a tile on the
// board and in the hand than the plausible bag holds (the count is
// variant.Unseen's, the rule the board-file solver applies too), or more
// tiles in the bag than are left of it.
func checkTiles(b *board.Board, rack tile.Rack, bag, premiums int) error {
	most, total, possible := plausibleBag(b, premiums)
	bagOf := variant.Variant{Distribution: most}
	if _, err := bagOf.Unseen(b, rack); err != nil {
		names := setNames(possible)
		var oc *variant.OverCountError
		if !errors.As(err, &oc) {
			return gsErr("", "%v", err)
		}
		i := tile.Index(oc.Tile)
		inHand, onBoard := int(rack.Counts[i]), b.TileCounts()[i]
		field := "Board"
		switch {
		case inHand > 0:
			field = "MyHand"
		case oc.Tile == tile.Blank:
			field = "BlanksList"
		}
		where := "in the hand"
		if inHand == 0 {
			where = "on the board"
		}
		if oc.Tile == tile.Blank && oc.Have == 0 {
			return gsErr(field, "a blank %s, but the gamestate lists no premium square, so the game is %s, which has no blanks", where, names)
		}
		bag := "the " + names + " bag holds only"
		if strings.Contains(names, " or ") {
			bag = "no " + names + " bag holds more than"
		}
		return gsErr(field, "%s in the hand and %d on the board, but %s %d", tiles(oc.Tile, inHand), onBoard, bag, oc.Have)
	}
	left := total - b.TileCount() - rack.N
	if bag > left {
		names := setNames(possible)
		set := "the " + names + " bag holds"
		if strings.Contains(names, " or ") {
			set = "the largest bag (of " + strings.Replace(names, " or ", " and ", 1) + ") holds"
		}
		return gsErr("NumberOfTilesInBag", "%d, but %s %d tiles: with %d on the board and %d in the hand at most %d are left",
			bag, set, total, b.TileCount(), rack.N, max(left, 0))
	}
	return nil
}

// tiles is how a message names n of tile t: "3 Z", "2 blanks".
func tiles(t byte, n int) string {
	if t != tile.Blank {
		return fmt.Sprintf("%d %c", n, t)
	}
	if n == 1 {
		return "1 blank"
	}
	return fmt.Sprintf("%d blanks", n)
}

// checkShape refuses a board no game reaches (rules.CheckShape: tiles off
// the start square, or cut off from it), naming squares by their [x, y] as
// the gamestate does.
func checkShape(v *variant.Variant, b *board.Board) error {
	var se *rules.ShapeError
	if err := rules.CheckShape(v, b); !errors.As(err, &se) {
		return err
	}
	xy := func(sq [2]int) string {
		x, y := board.ToPlatform(b.Size, sq[0], sq[1])
		return fmt.Sprintf("[%d, %d]", x, y)
	}
	if len(se.Cut) == 0 {
		return gsErr("Board", "%d tiles but none on the start square %s, which every game's first play covers",
			b.TileCount(), xy(se.Start))
	}
	names := make([]string, 0, rules.ListedSquares)
	for _, sq := range se.Cut[:min(len(se.Cut), rules.ListedSquares)] {
		names = append(names, xy(sq))
	}
	return gsErr("Board", "%s cut off from the tiles on the start square %s: %s; every play after the first touches a tile already down",
		rules.CutCount(len(se.Cut)), xy(se.Start), rules.MoreSquares(strings.Join(names, ", "), len(se.Cut)))
}
