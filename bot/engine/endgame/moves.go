package endgame

import (
	"slices"

	"github.com/lexico/lexico/bot/engine/movegen"
	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/index/multiset"
)

// genMove is a move of a ply's list: a play (its tiles at slab[at:at+n]) or
// the pass (n < 0), with what the search needs of it at hand.
type genMove struct {
	score int32
	at, n int32
	order int32  // the sort key: higher is searched first
	key   uint64 // what its tiles XOR into the board's hash (0: the pass)
	// line is the row (across) or column (down) the generator reports
	// the play along (movegen.GADDAGGenerator.SearchLines).
	line int16
	down bool
	// uses has bit k for each kind of tile the play places (letters
	// 0-25, the blank tile.BlankIndex): a rack lacking one cannot play it.
	uses uint32
	// tiles hashes the multiset of tiles the play places: the sum of its
	// tiles' tileHash, so that a rack's hash less a play's is the hash of
	// the leave (plyMoves.favourOutInTwo).
	tiles uint32
}

func (g *genMove) pass() bool { return g.n < 0 }

// plyMoves is the move list of one ply of the search, kept from node to
// node: its slices grow to the largest list the ply has seen and are then
// reused, so generating at a node does not allocate. Plays are copied out
// of the generator's buffers into slab (a move handed to a PlayRecorder is
// only valid during the call) and referred to by offset, since slab may
// move while it grows.
type plyMoves struct {
	moves []genMove
	slab  []move.Placement
	rec   movegen.PlayRecorder // p.record, made once: a method value allocates
	z     *zobrist
	bd    *board.Board // the board the plays are generated on
	rackN int          // the mover's tiles: a play of them all goes out
	// whole: moves are every play of the position, with the bag empty
	// (the mover draws nothing, so its next rack is a part of this one):
	// its mover's next turn derives its own moves from them
	// (search.derive).
	whole bool
	// byTiles[n] holds copies of the plays of n tiles, made on first use
	// (indexed) for search.outPlays, which asks for the plays of one size
	// only: copies, so that the search may order the moves meanwhile.
	byTiles [maxTiles + 1][]genMove
	indexed bool
}

// outBonus puts plays that go out before the rest in the search order:
// going out ends the game, so it settles the node at once, and in Lexico
// (no penalty for the tiles left) it is the usual best answer when it
// scores well. It stays above any play's tiles times tileBonus. (The
// orders tried and not kept, killer moves among them: docs/lab/endgame.md.)
const outBonus = 1000

// tileBonus puts plays that unload more tiles first: a tile more counts
// for 50 points of score, so plays come by the tiles they place, then by
// score. A side that unloads its rack nears the game's end, where a line
// is proven, and with no penalty for the tiles left nothing else hurries
// it. The weight trades score for length: large enough that a play of
// more tiles comes first whatever it scores, so lines reach the end
// sooner, at the cost of trying low-scoring unloads before strong plays of
// fewer tiles (any weight from 20 to 100 proves as many endgames; a small
// one, which orders mostly by score, proves far fewer).
const tileBonus = 50

// outInTwoBonus puts a play whose leave is the tiles of another play of
// the list, so that the mover can likely go out on its next turn, ahead
// of plays of up to two tiles more that leave no such way out. The side
// that goes out ends the game, and lines that end are what proves a
// value. It is worth two tiles: a way out next turn outranks a play that
// unloads up to two more now but leaves the rack stuck.
const outInTwoBonus = 100

// tileHash is each kind of tile's (tile.Rack's indexes) term in a hash of
// a multiset of tiles: the letters' multiset.Key words (the anagram
// index's additive key, cut to 32 bits), and for the blank, which the
// index's keys do not hold, a word of its own.
var tileHash = func() (h [tile.NumKinds]uint32) {
	for l := range tile.BlankIndex {
		h[l] = uint32(multiset.Letter(l))
	}
	h[tile.BlankIndex] = 0x9E3779B9 // 2^32 over the golden ratio: any odd word apart from the letters'
	return h
}()

// leaveFilter is a set of tile multisets' hashes (genMove.tiles), one
// bit per hash's top leaveFilterBits bits: a hash it holds may be
// another's that shares those bits, which only misplaces a play in the
// search's order.
type leaveFilter [1 << (leaveFilterBits - 6)]uint64

// leaveFilterBits sizes a leaveFilter: 2 KiB, cleared at each node, for
// the few hundred multisets of tiles a list's plays mostly place (a full
// rack's thousands of plays with blanks fill it more, and misplace more).
const leaveFilterBits = 14

func (f *leaveFilter) add(h uint32) {
	b := h >> (32 - leaveFilterBits)
	f[b>>6] |= 1 << (b & 63)
}

func (f *leaveFilter) has(h uint32) bool {
	b := h >> (32 - leaveFilterBits)
	return f[b>>6]&(1<<(b&63)) != 0
}

// favourOutInTwo raises by outInTwoBonus the order of each play of p,
// the plays of a mover holding rack with the bag empty, whose leave is
// the tiles of another of its plays. That play may not be there next
// turn (this one or the opponent's may block it): the order is a guess,
// and f, its scratch, may misplace a play too.
func (p *plyMoves) favourOutInTwo(rack *tile.Rack, f *leaveFilter) {
	var all uint32
	for k, c := range rack.Counts {
		all += uint32(c) * tileHash[k]
	}
	clear(f[:])
	for i := range p.moves {
		if g := &p.moves[i]; !g.pass() {
			f.add(g.tiles)
		}
	}
	for i := range p.moves {
		g := &p.moves[i]
		if !g.pass() && int(g.n) != p.rackN && f.has(all-g.tiles) {
			g.order += outInTwoBonus
		}
	}
}

func newPlyMoves() *plyMoves {
	p := &plyMoves{}
	p.rec = p.record
	return p
}

func (p *plyMoves) reset(z *zobrist, rackN int, bd *board.Board) {
	p.moves, p.slab, p.z, p.rackN, p.bd, p.whole, p.indexed = p.moves[:0], p.slab[:0], z, rackN, bd, false, false
}

// ofTiles is p's plays of n tiles (copies, their tiles in p's slab).
func (p *plyMoves) ofTiles(n int) []genMove {
	if n < 0 || n > maxTiles {
		return nil
	}
	if !p.indexed {
		for k := range p.byTiles {
			p.byTiles[k] = p.byTiles[k][:0]
		}
		for i := range p.moves {
			if k := p.moves[i].n; k >= 0 && k <= maxTiles {
				p.byTiles[k] = append(p.byTiles[k], p.moves[i])
			}
		}
		p.indexed = true
	}
	return p.byTiles[n]
}

// record is the PlayRecorder.
func (p *plyMoves) record(m *move.Move) {
	g := genMove{score: int32(m.Score), at: int32(len(p.slab)), n: int32(len(m.Tiles)), key: p.z.placements(m.Tiles)}
	g.order = p.order(&g)
	down, line := movegen.LineOf(p.bd, m.Tiles)
	g.down, g.line = down, int16(line)
	for _, t := range m.Tiles {
		g.uses |= 1 << kind(t)
		g.tiles += tileHash[kind(t)]
	}
	p.slab = append(p.slab, m.Tiles...)
	p.moves = append(p.moves, g)
}

// order is g's sort key in p.
func (p *plyMoves) order(g *genMove) int32 {
	o := g.score + tileBonus*g.n
	if int(g.n) == p.rackN {
		o += outBonus
	}
	return o
}

// kind is the rack index of the tile t places: its letter's, or the
// blank's.
func kind(t move.Placement) int {
	if t.Blank {
		return tile.BlankIndex
	}
	return int(t.Letter - 'A')
}

// keep copies ref's play g into p when it is still a play there
// (ref.holds).
func (p *plyMoves) keep(ref *plyMoves, g *genMove, rack *tile.Rack, have uint32, across, down uint64) {
	if !ref.holds(g, rack, have, across, down) {
		return
	}
	c := *g
	c.at = int32(len(p.slab))
	c.order = p.order(&c)
	p.slab = append(p.slab, ref.slab[g.at:g.at+g.n]...)
	p.moves = append(p.moves, c)
}

// holds reports whether g, a play of p, is a play of a later position of
// its mover: its line is in neither set of lines changed since (across:
// rows, down: columns) and rack, whose kinds of tiles are have, holds its
// tiles.
func (p *plyMoves) holds(g *genMove, rack *tile.Rack, have uint32, across, down uint64) bool {
	if g.pass() || g.uses&^have != 0 || g.on(across, down) {
		return false
	}
	need := rack.Counts
	for _, t := range p.slab[g.at : g.at+g.n] {
		k := kind(t)
		if need[k] == 0 {
			return false
		}
		need[k]--
	}
	return true
}

// on reports whether g's line is among the lines across (rows) and down
// (columns).
func (g *genMove) on(across, down uint64) bool {
	return movegen.Marked(g.down, int(g.line), across, down)
}

// addPass adds the pass, searched after every play.
func (p *plyMoves) addPass() {
	p.moves = append(p.moves, genMove{n: -1, order: -outBonus})
}

// move is g as a move.Move; its tiles live in p's slab until p's next reset.
func (p *plyMoves) move(g *genMove) move.Move {
	if g.pass() {
		return move.Move{Kind: move.Pass}
	}
	return move.Move{Kind: move.Play, Tiles: p.slab[g.at : g.at+g.n : g.at+g.n], Score: int(g.score)}
}

// selectFirst is how many of a node's moves are picked best first by
// selection before the rest are sorted: most cuts come on one of the
// first few moves, and then the rest are never sorted.
const selectFirst = 3

// next readies p.moves[i], the i-th move to search, when the first i
// are: the best of the rest by selection for the first selectFirst, the
// rest sorted at once after them.
func (p *plyMoves) next(i int) {
	switch {
	case i < selectFirst:
		best := i
		for j := i + 1; j < len(p.moves); j++ {
			if p.moves[j].order > p.moves[best].order {
				best = j
			}
		}
		p.moves[i], p.moves[best] = p.moves[best], p.moves[i]
	case i == selectFirst:
		slices.SortFunc(p.moves[i:], byOrder)
	}
}

// byOrder sorts by order, highest first.
func byOrder(a, b genMove) int { return int(b.order) - int(a.order) }

// sort.Interface, by order, highest first (sort.Sort of a *plyMoves does
// not allocate; a func literal capturing p might).
func (p *plyMoves) Len() int           { return len(p.moves) }
func (p *plyMoves) Less(i, j int) bool { return p.moves[i].order > p.moves[j].order }
func (p *plyMoves) Swap(i, j int)      { p.moves[i], p.moves[j] = p.moves[j], p.moves[i] }

// maxTiles is the most tiles a play of the line can place: racks of up to
// eight tiles.
const maxTiles = 8

// lineMove is a move of the principal variation kept by value, so that the
// line outlives the ply lists it was found in.
type lineMove struct {
	tiles [maxTiles]move.Placement
	n     int8 // -1: the pass
	score int32
}

func (l *lineMove) set(p *plyMoves, g *genMove) {
	l.score = g.score
	if g.pass() {
		l.n = -1
		return
	}
	l.n = int8(copy(l.tiles[:], p.slab[g.at:g.at+g.n]))
}

func (l *lineMove) move() move.Move {
	if l.n < 0 {
		return move.NewPass()
	}
	return move.Move{Kind: move.Play, Tiles: append([]move.Placement(nil), l.tiles[:l.n]...), Score: int(l.score)}
}

// pack is g, a move of p, as a table keeps it.
func (p *plyMoves) pack(g *genMove, size int) packed {
	if g.pass() {
		return packed{n: -1}
	}
	b := packed{score: int16(g.score), n: int8(g.n)}
	for i, t := range p.slab[g.at : g.at+g.n] {
		b.squares[i] = uint16(t.Row*size + t.Col)
		b.letters[i] = t.Letter
		if t.Blank {
			b.letters[i] |= 0x80
		}
	}
	return b
}

// load makes b the one move of p, for the position on board bd with the
// mover holding rack, and reports whether it can be played there: its
// squares empty and its tiles on the rack (a stored move is the same
// position's unless two positions share a hash, which this catches before
// Apply would refuse it).
func (p *plyMoves) load(b *packed, z *zobrist, bd *board.Board, rack tile.Rack) bool {
	p.reset(z, rack.N, bd)
	if b.n < 0 {
		p.addPass()
		return true
	}
	for i := range int(b.n) {
		sq, l := int(b.squares[i]), b.letters[i]
		t := move.Placement{Row: sq / bd.Size, Col: sq % bd.Size, Letter: l &^ 0x80, Blank: l&0x80 != 0}
		if sq >= len(bd.Squares) || bd.Squares[sq].Letter != 0 || !rack.Remove(t.Tile()) {
			return false
		}
		p.slab = append(p.slab, t)
	}
	g := genMove{score: int32(b.score), n: int32(b.n), key: z.placements(p.slab)}
	p.moves = append(p.moves, g)
	return true
}

// same reports whether g is the move with key key (pass: the pass).
func (g *genMove) same(key uint64, pass bool) bool {
	return g.pass() == pass && g.key == key
}
