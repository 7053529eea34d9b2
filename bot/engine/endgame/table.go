package endgame

// table is the transposition table: a fixed array of entries indexed by
// the low bits of a position's hash, each holding the full hash to tell
// positions apart, so that a position reached again by another order of
// the same plays is searched once (and a position of the previous
// iteration hands its best move to the next). An entry is replaced by
// whatever is stored later at its index; entries of earlier solves are
// told apart by their epoch instead of being cleared.
type table struct {
	entries []entry
	mask    uint64
	epoch   uint16
}

// entry is one stored result. value is the future margin from the mover's
// view (see search.negamax), a bound or exact as kind says; depth is the
// plies searched below the position, or toEnd when no line stopped short
// of the game's end (the value is then the game's, at any depth). best is
// the best move found, whole, so that the search tries it before it
// generates the position's moves, and a cut by it spares the generation
// (valid when kind has hasBest). 48 bytes: half a million entries are
// 24 MiB.
type entry struct {
	key   uint64
	value int32
	epoch uint16
	depth uint8
	kind  uint8
	best  packed
}

// packed is a move kept in an entry: its tiles' squares (row*size+col)
// and letters (0x80 marks a blank), n of them, or the pass (n < 0).
type packed struct {
	squares [maxTiles]uint16
	letters [maxTiles]byte
	score   int16
	n       int8
}

const (
	exact uint8 = iota + 1
	lower       // the value is at least this (a cut: a move reached beta)
	upper       // the value is at most this (no move beat alpha)

	boundMask = 0x7f
	hasBest   = 0x80 // best holds a move
)

// toEnd is the depth of an entry whose value no horizon cut short.
const toEnd = 255

func newTable(bits int) *table {
	n := 1 << bits
	return &table{entries: make([]entry, n), mask: uint64(n - 1)}
}

// reset forgets every entry at once (a new solve: other racks, other
// board), by moving to the next epoch; only when the epoch counter wraps
// is the array cleared.
func (t *table) reset() {
	t.epoch++
	if t.epoch == 0 {
		clear(t.entries)
		t.epoch = 1
	}
}

func (t *table) probe(key uint64) (*entry, bool) {
	e := &t.entries[key&t.mask]
	return e, e.key == key && e.epoch == t.epoch && e.kind != 0
}

// bound is the entry's kind of value (exact, lower, upper).
func (e *entry) bound() uint8 { return e.kind & boundMask }

// bestMove is the best move stored, if any.
func (e *entry) bestMove() (*packed, bool) { return &e.best, e.kind&hasBest != 0 }

func (t *table) store(key uint64, value int32, depth int, kind uint8, best *packed) {
	e := &t.entries[key&t.mask]
	// Keep a result that holds to the game's end over a shallower one of
	// the same position.
	if e.key == key && e.epoch == t.epoch && e.depth == toEnd && depth != toEnd {
		return
	}
	*e = entry{key: key, best: *best, value: value, epoch: t.epoch, depth: uint8(depth), kind: kind | hasBest}
}
