package movegen

import (
	"math/bits"

	"github.com/lexico/lexico/bot/engine/movegen/internal/line"
	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/bot/game/variant"
	"github.com/lexico/lexico/index/gaddag"
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

// CrossSets keeps, for every empty square of one board and both
// directions of play, the cross word a tile placed there forms: the
// letters that may go there (all 26 asked), whether a cross word forms,
// and the face value of its old tiles. A search given it (Args.Cross)
// reads them instead of walking the GADDAG for every square next to a
// tile, as macondo's game/game.go and MAGPIE's src/impl/gameplay.c keep
// their cross-check sets as moves are played.
//
// It is a state.Tracker: attached to a game (state.State.Track), it hears
// of every play applied and taken back. A play changes the cross words of
// few squares only: the empty squares just before and after each run of
// tiles it extends, in both directions. It brings them up to date when a
// search next reads the table, not at every play, since a search often
// applies a move and takes it back without generating after it (an
// endgame's leaves and cut-offs), and it keeps what it overwrote on a
// stack, so taking a play back restores them without a walk. Neither
// allocates once its stacks have grown to the depth searched.
//
// A CrossSets belongs to one board and one goroutine at a time: a search
// with it changes it. A search on another board, or of a variant with
// other tile values, ignores it and walks the GADDAG as without one.
type CrossSets struct {
	g      *gaddag.GADDAG
	values [tile.NumKinds]int // the variant's, blanks 0, as genState.values
	b      *board.Board       // the board tracked (Reset)
	n      int
	// words[0] holds the cross words of plays along rows (the words down
	// the columns), words[1] those of plays along columns, indexed as
	// b.Squares. An occupied square's entry is left as it was (nothing
	// reads it) until the square empties again.
	words [2][]line.CrossWord
	// stale: words are to be built again from b before they are read
	// (a play was taken back that the table never heard of).
	stale bool

	// The plays heard of since Reset, in order: play k put tiles on
	// squares[plays[k]:plays[k+1]] (the last up to len(squares)). The
	// first synced of them are in words; the rest are pending.
	plays   []int32
	squares []int32
	synced  int
	// Each bring-up-to-date (sync) of plays[first:] is a group, whose
	// overwritten entries are saved[savedAt:] up to the next group's.
	groups []syncGroup
	saved  []savedWord
	// mark[d*n*n+at] == serial when the current sync has already updated
	// that entry.
	mark   []uint32
	serial uint32
}

type syncGroup struct{ first, savedAt int32 }

// savedWord is an entry of words as it was: at is d*n*n plus the square.
type savedWord struct {
	at int32
	w  line.CrossWord
}

// NewCrossSets is a table of cross sets for games of v searched by gen,
// to attach to each game's state (state.State.Track). It is nil when gen
// is not a GADDAG generator: only that one reads it.
func NewCrossSets(gen Generator, v *variant.Variant) *CrossSets {
	gg, ok := gen.(*GADDAGGenerator)
	if !ok || v == nil {
		return nil
	}
	t := &CrossSets{g: gg.g, values: v.Values}
	t.values[tile.BlankIndex] = 0
	return t
}

// Reset implements state.Tracker: the table starts from b, with no play
// to take back.
func (t *CrossSets) Reset(b *board.Board) {
	t.b = b
	t.rebuild()
}

// rebuild computes every entry from the board, and forgets the plays.
func (t *CrossSets) rebuild() {
	b := t.b
	n := b.Size
	t.n = n
	if len(t.words[0]) != n*n {
		t.words = [2][]line.CrossWord{make([]line.CrossWord, n*n), make([]line.CrossWord, n*n)}
		t.mark = make([]uint32, 2*n*n)
	}
	sq := b.Squares[:n*n]
	for at := range sq {
		t.words[0][at], t.words[1][at] = line.CrossWord{}, line.CrossWord{}
		if sq[at].Letter == 0 {
			t.words[0][at] = t.wordAt(0, at)
			t.words[1][at] = t.wordAt(1, at)
		}
	}
	t.plays, t.squares, t.groups, t.saved = t.plays[:0], t.squares[:0], t.groups[:0], t.saved[:0]
	t.synced, t.stale = 0, false
}

// wordAt is the cross word of plays along direction d (0 rows, 1
// columns) through the empty square at, from the board as it is.
func (t *CrossSets) wordAt(d, at int) line.CrossWord {
	// Plays along rows cross words down a column: they step by n, and at
	// is square at/n of it.
	si, i := t.n, at/t.n
	if d == 1 {
		si, i = 1, at%t.n
	}
	return line.CrossWordAt(t.g, t.b.Squares, at, si, i, t.n, &t.values, line.AllLetters)
}

// Played implements state.Tracker.
func (t *CrossSets) Played(b *board.Board, squares []int32) {
	if t.stale || b != t.b {
		return
	}
	t.plays = append(t.plays, int32(len(t.squares)))
	t.squares = append(t.squares, squares...)
}

// Unplayed implements state.Tracker.
func (t *CrossSets) Unplayed(b *board.Board) {
	if t.stale || b != t.b {
		return
	}
	k := len(t.plays) - 1
	if k < 0 {
		// A play from before Reset: the table cannot take it back.
		t.stale = true
		return
	}
	if k < t.synced {
		// The play is in words, in the last group: restore the entries
		// that group overwrote; its other plays are pending again.
		gr := t.groups[len(t.groups)-1]
		for i := len(t.saved) - 1; i >= int(gr.savedAt); i-- {
			sw := &t.saved[i]
			t.words[sw.at/int32(t.n*t.n)][sw.at%int32(t.n*t.n)] = sw.w
		}
		t.saved = t.saved[:gr.savedAt]
		t.groups = t.groups[:len(t.groups)-1]
		t.synced = int(gr.first)
	}
	t.squares = t.squares[:t.plays[k]]
	t.plays = t.plays[:k]
}

// sync brings the table up to date with b for a search of a variant with
// tile values values, and reports whether the search may read it: b is
// the board it tracks and the values are its own.
func (t *CrossSets) sync(b *board.Board, values *[tile.NumKinds]int) bool {
	if t == nil || b != t.b || *values != t.values || b.Size != t.n || len(b.Squares) != t.n*t.n {
		return false
	}
	if t.stale {
		t.rebuild()
		return true
	}
	if t.synced == len(t.plays) {
		return true
	}
	// The cross word of an empty square changes only when a tile joins
	// the run of tiles next to it: so the squares to update are, for each
	// tile placed since the last sync and each direction, the empty
	// squares that end the run of tiles through it, on the board as it
	// is now.
	t.serial++
	if t.serial == 0 { // wrapped: no mark may look current
		clear(t.mark)
		t.serial = 1
	}
	t.groups = append(t.groups, syncGroup{first: int32(t.synced), savedAt: int32(len(t.saved))})
	n := t.n
	sq := b.Squares
	for _, at := range t.squares[t.plays[t.synced]:] {
		r, c := int(at)/n, int(at)%n
		// Down the column: the words of plays along rows (d 0).
		k := r - 1
		for k >= 0 && sq[k*n+c].Letter != 0 {
			k--
		}
		if k >= 0 {
			t.update(0, k*n+c)
		}
		for k = r + 1; k < n && sq[k*n+c].Letter != 0; k++ {
		}
		if k < n {
			t.update(0, k*n+c)
		}
		// Along the row: the words of plays along columns (d 1).
		for k = c - 1; k >= 0 && sq[r*n+k].Letter != 0; k-- {
		}
		if k >= 0 {
			t.update(1, r*n+k)
		}
		for k = c + 1; k < n && sq[r*n+k].Letter != 0; k++ {
		}
		if k < n {
			t.update(1, r*n+k)
		}
	}
	t.synced = len(t.plays)
	return true
}

// update computes the entry of direction d at the empty square at again,
// once per sync, saving the old one.
func (t *CrossSets) update(d, at int) {
	i := d*t.n*t.n + at
	if t.mark[i] == t.serial {
		return
	}
	t.mark[i] = t.serial
	t.saved = append(t.saved, savedWord{at: int32(i), w: t.words[d][at]})
	t.words[d][at] = t.wordAt(d, at)
}

// BestOneTile is the best play of one tile of kind k (tile.BlankIndex:
// a blank, which may be any letter and scores 0) on b, the board t
// tracks, scored as a search scores it: the words the tile forms across
// and down, each with its old tiles and the square's premiums. A tile
// placed alone is every play of a rack of one tile, so an endgame solver
// values such a position from the table without a search. ok is false
// when t cannot be read for b (Args.Cross's rule: another board or other
// tile values); found is false when no square takes the tile. Among
// squares of equal score the first in row-major order is taken.
func (t *CrossSets) BestOneTile(b *board.Board, values *[tile.NumKinds]int, k int) (m move.Placement, score int, found, ok bool) {
	vals := *values
	vals[tile.BlankIndex] = 0
	if !t.sync(b, &vals) {
		return move.Placement{}, 0, false, false
	}
	v := vals[k]
	for at, sq := range b.Squares[:t.n*t.n] {
		if sq.Letter != 0 {
			continue
		}
		down, across := t.words[0][at], t.words[1][at]
		if !down.Has && !across.Has {
			continue // touches no tile
		}
		set := down.Set & across.Set
		letter := -1
		if k == tile.BlankIndex {
			if set != 0 {
				letter = bits.TrailingZeros32(uint32(set))
			}
		} else if set.Has(k) {
			letter = k
		}
		if letter < 0 {
			continue
		}
		p := b.Premiums[at]
		lm, wm := int32(p.LetterMultiplier()), int32(p.WordMultiplier())
		s := int32(0)
		if down.Has {
			s += (down.Base + int32(v)*lm) * wm
		}
		if across.Has {
			s += (across.Base + int32(v)*lm) * wm
		}
		if !found || int(s) > score {
			m = move.Placement{Row: at / t.n, Col: at % t.n, Letter: tile.Byte(letter), Blank: k == tile.BlankIndex}
			score, found = int(s), true
		}
	}
	return m, score, found, true
}
