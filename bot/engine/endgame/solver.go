// Package endgame plays the end of a game of Lexico exactly. With the bag
// empty the opponent's rack is known (the unseen tiles), so the rest of the
// game is a two-player game of perfect information, and Solver searches it
// to its end: negamax with alpha-beta pruning (Knuth and Moore, "An
// Analysis of Alpha-Beta Pruning", 1975), iterative deepening, a
// transposition table keyed by a Zobrist hash of the board, both racks,
// the seat to move and the passes in a row, and move ordering from the
// previous iteration (at the root, the values it found; below, the best
// move it stored, tried before the position's moves are generated, so
// that when it cuts off they never are: generating is most of a node's
// cost). After a position's first move the others are searched with a
// null window first, asking only whether they beat the best so far, and
// searched again when one does (principal variation search; Marsland and
// Campbell, "Parallel Search of Strongly Ordered Game Trees", 1982): a
// well-ordered list pays a second search rarely and saves more nodes than
// it costs. A position's own list is searched
// plays that go out first, then by the tiles a play places, one that
// leaves the tiles of another play (a way out next turn) counted as
// placing two more, then by score (plyMoves.order, favourOutInTwo):
// lines that end are what proves a value. macondo (endgame/negamax) and
// MAGPIE (src/impl/endgame.c) solve Scrabble endgames the same way.
//
// Lexico's own end rules (package state decides them, once): the game ends
// when a player goes out with the bag empty or after two passes in a row,
// and there is no penalty for the tiles left on a rack. So the value of a
// position is the margin the plays still to come add, and the solver
// maximises the final margin, the score difference at the game's end from
// the mover's view. Exchanges need a bag of ExchangeMinBag tiles and are
// not searched; the moves are every play and the pass. Two of those rules
// shape the search: after a pass the pass ends the game, so it is tried
// first there, its value known without a search; and the pass does not
// count towards an iteration's depth (below), so that a line where one
// side waits while the other plays on reaches the game's end sooner. And a
// mover down to one tile needs no search at all: each play of it goes
// out, and its pass is worth at most nothing, since the opponent may pass
// and end the game; so the position is worth its best play of that tile,
// read off the cross sets the search keeps (search.lastTile), proven even
// at an iteration's horizon.
//
// With the bag empty a mover's rack only shrinks, so a position's plays
// are those of the mover's previous list still on its rack and still
// legal, and a play changes only the plays along a few lines: the search
// takes the plays of the other lines from that list and generates only
// the changed lines anew (search.derive, over
// movegen.GADDAGGenerator.SearchLines). A position whose moves are all
// searched makes the other seat's plays on its board once, so that the
// positions below generate the lines of their own move only
// (search.buildAfter).
//
// The solver is anytime: its stop func ends the search at once, and it
// answers the best move of the deepest iteration it finished, saying
// whether that result is proven (searched to the game's end in every line
// that decides it), the depth reached, the nodes searched, and the
// principal variation.
//
// PreEndgame extends it to a bag of a few tiles (preendgame.go). The
// design, and what limits the proofs: docs/endgame.md.
package endgame

import (
	"cmp"
	"context"
	"fmt"
	"math/bits"
	"slices"
	"sort"
	"time"

	"github.com/lexico/lexico/bot/engine/movegen"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/state"
	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/bot/game/variant"
)

// DefaultTableBits sizes the transposition table: 2^19 entries, 24 MiB.
const DefaultTableBits = 19

// maxPly bounds the depth of a line. Each play places a tile and two
// passes in a row end the game, so a game with t tiles left on racks and
// in the bag ends within 2t+1 moves: 43 for two full racks and a bag of
// seven.
const maxPly = 48

// askEvery is how many nodes pass between two questions to the stop func
// outside the generations (which ask it themselves).
const askEvery = 16

// inf bounds every margin, with room to negate and add a score.
const inf = int32(1 << 28)

// A stop is asked within every node's move generation (movegen.Args.Stop,
// at its first anchor and every 512 steps of its walk after) and every
// askEvery nodes. Within the generation, because one takes from
// microseconds with a tile or two to tens of milliseconds with two blanks
// and the whole word list: asked between generations only, a loaded
// machine ran a budget far past it. Not at every node, because most nodes
// are at a horizon and cost about a microsecond, where a clock read is a
// real share. The node budget (MaxNodes) is checked at every node: nodes
// are only counted there.

// Solver searches endgames. It keeps its table and buffers from solve to
// solve, so it is not safe for concurrent use: one per goroutine.
type Solver struct {
	// Gen generates the plays of every node.
	Gen movegen.Generator
	// TableBits is the log2 of the transposition table's entries (0:
	// DefaultTableBits).
	TableBits int
	// MaxDepth caps the iterative deepening (0: until proven).
	MaxDepth int
	// MaxNodes, when above 0, stops the search once it has searched that
	// many positions, as its stop func would: a budget that gives the same
	// answer on any machine and under any load, for comparing solvers and
	// reproducing an analysis, where a time budget gives the answer the
	// machine could afford.
	MaxNodes int64
	// KeepTable keeps the transposition table from one solve of an
	// endgame (the bag empty) to the next of the same variant, instead of
	// starting each empty. A later position of the same game was most
	// likely searched by the earlier solve, often to the game's end, so
	// the next solve finds much of its work done; an unrelated position
	// only shares the table's slots with stale entries (each is keyed by
	// its whole position: never a wrong answer). A solve with tiles in the
	// bag always starts empty: its values depend on the bag's order, which
	// the keys do not hold.
	KeepTable bool

	// searchAll searches every play of a position one play above the
	// horizon, where the search bounds some by their score (negamax):
	// for the tests, which compare the two.
	searchAll bool

	tt    *table
	z     *zobrist
	lines lineSearcher // Gen, when it can search some lines only
	plies [maxPly]*plyMoves
	opp   *plyMoves // the root opponent's plays on the root's board
	pass  *plyMoves // the pass alone
	last  *plyMoves // lastTile's play, for the line
	// one and oneTile hold lastTile's play while it is recorded.
	one     move.Move
	oneTile [1]move.Placement
	// played holds, per ply, the tiles of the move being searched there
	// (none for the pass): what changed the board since an earlier ply.
	played [maxPly][]move.Placement
	// after holds, per ply, the plays of the seat not to move there on
	// the board of that ply (afterOK: made for the position searched at
	// that ply now), which the positions one move down derive their
	// lists from (search.buildAfter).
	after   [maxPly]*plyMoves
	afterOK [maxPly]bool
	// childDerived counts, per ply, the positions one move down that
	// derived their lists while the position at that ply is searched.
	childDerived [maxPly]int
	// hashMoves holds, per ply, the table's best move, tried before the
	// position's moves are generated.
	hashMoves [maxPly]*plyMoves
	line      [maxPly][maxPly]lineMove
	lineN     [maxPly]int
	// cross is the cross sets kept for the state searched (attached for the
	// solve), made for crossGen and crossV: every node's generation reads
	// them instead of computing the cross sets from the whole board.
	cross    *movegen.CrossSets
	crossGen movegen.Generator
	crossV   *variant.Variant
	// keptV is the variant of the endgame the table holds (KeepTable),
	// nil when it holds none that may be kept.
	keptV *variant.Variant
	// leaves is plyMoves.favourOutInTwo's scratch.
	leaves leaveFilter
}

// New is a solver over gen with the default table.
func New(gen movegen.Generator) *Solver { return &Solver{Gen: gen} }

// Valued is a move of the root with the value the last finished iteration
// gave it: the final margin from the mover's view, exact or (Exact false)
// an upper bound, for a move that could not beat a better one.
type Valued struct {
	Move  move.Move
	Value int
	Exact bool
}

// Result is a solve's answer.
type Result struct {
	// Move is the best move found: a play, or the pass.
	Move move.Move
	// Value is the final margin Move leads to with best play on both
	// sides (the mover's score less the opponent's when the game ends),
	// as far as the search saw.
	Value int
	// Proven: every line that decides Value was searched to the game's
	// end, so Value is the game's and Move is a best move.
	Proven bool
	// Depth is the depth of the deepest finished iteration: the plays
	// searched on a line, passes not counted (below); 0: none finished,
	// Move is then the highest-scoring play.
	Depth int
	// Nodes is the positions searched, over every iteration;
	// Generations how many of them generated their moves (the rest were
	// settled by the table: its value, or its best move's cut), Derived
	// how many of those took the moves off the changed lines from the
	// mover's previous list instead (search.derive).
	Nodes, Generations, Derived int64
	Elapsed                     time.Duration
	// Line is the principal variation, Move first: the moves of both
	// sides that give Value.
	Line []move.Move
	// Moves are the root's moves, best first, as the last finished
	// iteration valued them.
	Moves []Valued
}

// NodesPerSecond is the search's speed.
func (r *Result) NodesPerSecond() float64 {
	if r.Elapsed <= 0 {
		return 0
	}
	return float64(r.Nodes) / r.Elapsed.Seconds()
}

// StopAt is a stop func for ctx: it reads the clock against ctx's deadline
// (a context's own timer may fire late when every core is busy) and
// answers true once ctx is done.
func StopAt(ctx context.Context) func() bool {
	deadline, ok := ctx.Deadline()
	return func() bool {
		return ctx.Err() != nil || ok && !time.Now().Before(deadline)
	}
}

// Solve searches st from the seat to move until the result is proven,
// MaxDepth is reached, or stop answers true (nil: never), and returns the
// best move of the deepest finished iteration. st must have both racks
// and the bag's order known (state.Deal); it is searched in place by
// Apply and Undo and left as it was.
func (s *Solver) Solve(st *state.State, stop func() bool) (Result, error) {
	start := time.Now()
	sr, done, err := s.begin(st, stop)
	if err != nil {
		return Result{}, err
	}
	defer done()
	res := sr.run()
	res.Elapsed = time.Since(start)
	return res, sr.err
}

// begin readies a search of st (Solve, Decide): the table, the keys, and
// the cross sets kept as the search moves, attached to st until done.
func (s *Solver) begin(st *state.State, stop func() bool) (*search, func(), error) {
	if err := s.ready(st); err != nil {
		return nil, nil, err
	}
	if s.cross == nil || s.crossGen != s.Gen || s.crossV != st.Variant() {
		s.cross, s.crossGen, s.crossV = movegen.NewCrossSets(s.Gen, st.Variant()), s.Gen, st.Variant()
	}
	done := func() {}
	if s.cross != nil {
		// The caller's tracker, if any, is told nothing of the search,
		// which leaves the board as it found it; it starts again from it.
		prev := st.Tracking()
		st.Track(s.cross)
		done = func() { st.Track(prev) }
	}
	return &search{Solver: s, st: st, stop: stop}, done, nil
}

// ready checks st and readies the table and keys for it.
func (s *Solver) ready(st *state.State) error {
	switch {
	case s.Gen == nil:
		return ErrNoGenerator
	case st.Over():
		return ErrOver
	case st.Variant().RackSize > maxTiles:
		return fmt.Errorf("%w: racks of %d tiles, %d at most", state.ErrConfig, st.Variant().RackSize, maxTiles)
	}
	for seat := range 2 {
		if _, known := st.Rack(seat); !known {
			return fmt.Errorf("%w: seat %d's rack", ErrUnknown, seat)
		}
	}
	if st.BagLen() > 0 && st.Bag() == nil {
		return fmt.Errorf("%w: the order of the bag's %d tiles", ErrUnknown, st.BagLen())
	}
	if s.tt == nil {
		bits := s.TableBits
		if bits <= 0 {
			bits = DefaultTableBits
		}
		s.tt = newTable(bits)
	}
	if !s.KeepTable || st.BagLen() > 0 || !sameScoring(s.keptV, st.Variant()) {
		s.tt.reset()
	}
	s.keptV = nil
	if st.BagLen() == 0 {
		s.keptV = st.Variant()
	}
	if n := st.Board().Size; s.z == nil || s.z.size != n {
		s.z = newZobrist(n)
	}
	if s.plies[0] == nil {
		for i := range s.plies {
			s.plies[i], s.hashMoves[i], s.after[i] = newPlyMoves(), newPlyMoves(), newPlyMoves()
		}
		s.opp, s.pass, s.last = newPlyMoves(), newPlyMoves(), newPlyMoves()
		s.pass.addPass()
	}
	s.opp.whole = false
	s.lines, _ = s.Gen.(lineSearcher)
	if st.Board().Size > 64 || st.Board().IsEmpty() {
		// Beyond SearchLines' masks; or a board where a play need not
		// touch a tile, which derive's reasoning assumes.
		s.lines = nil
	}
	s.afterOK = [maxPly]bool{}
	st.Reserve(maxPly)
	return nil
}

// sameScoring reports whether a position scores alike in variants a and
// b (nil: no variant): the same board, premiums, tile values, bingo and
// rack, so that a table entry of one holds in the other. A variant read
// from a gamestate is a new value each time.
func sameScoring(a, b *variant.Variant) bool {
	if a == b || a == nil || b == nil {
		return a == b
	}
	return a.Size == b.Size && a.Values == b.Values && a.BingoBonus == b.BingoBonus &&
		a.RackSize == b.RackSize && slices.Equal(a.Layout, b.Layout)
}

// lineSearcher is a generator that can search some lines of the board
// only (movegen.GADDAGGenerator).
type lineSearcher interface {
	SearchLines(a movegen.Args, across, down uint64) bool
}

// hashes are the parts of a position's hash that change by move.
type hashes struct {
	board uint64
	racks [2]uint64
}

// search is one Solve.
type search struct {
	*Solver
	st      *state.State
	stop    func() bool
	nodes   int64
	gens    int64
	derived int64
	aborted bool
	err     error
}

// key is the position's hash: the parts, the seat to move, one pass.
func (s *search) key(h *hashes) uint64 {
	k := h.board ^ h.racks[0] ^ h.racks[1]
	if s.st.Turn() == 1 {
		k ^= s.z.turn
	}
	if s.st.Passes() == 1 {
		k ^= s.z.passed
	}
	return k
}

// generate fills p with the mover's plays and the pass, searched best
// first. A stop during the generation aborts the search (the list is
// incomplete).
func (s *search) generate(p *plyMoves, stop func() bool) {
	rack, _ := s.st.Rack(s.st.Turn())
	p.reset(s.z, rack.N, s.st.Board())
	s.gens++
	if !s.Gen.Search(movegen.Args{Variant: s.st.Variant(), Board: s.st.Board(), Rack: rack, Record: p.rec, Stop: stop, Cross: s.cross}) {
		s.aborted = true
	}
	s.finish(p)
}

// finish adds the pass to p's plays; the search orders them as it goes
// (plyMoves.next).
func (s *search) finish(p *plyMoves) {
	p.whole = !s.aborted && s.st.BagLen() == 0
	p.addPass()
}

// generateOpponent fills s.opp with the plays of the root's opponent on
// the root's board, which its first turn derives its moves from.
func (s *search) generateOpponent() {
	rack, _ := s.st.Rack(1 - s.st.Turn())
	p := s.opp
	p.reset(s.z, rack.N, s.st.Board())
	s.Gen.Search(movegen.Args{Variant: s.st.Variant(), Board: s.st.Board(), Rack: rack, Record: p.rec, Cross: s.cross})
	p.whole = s.st.BagLen() == 0
}

// movesAt fills p, the list of ply, with the mover's moves: derived from
// the list of its latest turn above whose list is whole (two plies up,
// else four, and so on; the opponent's list at the root for the root's
// opponent), else generated.
func (s *search) movesAt(ply int, p *plyMoves) {
	if s.lines == nil {
		s.generate(p, s.stop)
		return
	}
	if ref, across, down := s.reference(ply, 0); ref != nil {
		if ply > 0 {
			s.childDerived[ply-1]++
		}
		s.derive(p, ref, s.st.Turn(), across, down)
		return
	}
	s.generate(p, s.stop)
}

// reference is the list the moves of one side of the position at ply are
// derived from (side 0: the mover, 1: the opponent): that side's latest
// list above that is whole (the root's opponent's list for its first
// turn), or nil, with the lines changed since (movegen.ChangedLines).
func (s *search) reference(ply, side int) (ref *plyMoves, across, down uint64) {
	bd := s.st.Board()
	if side == 0 && ply > 0 && s.afterOK[ply-1] {
		movegen.ChangedLines(bd, s.played[ply-1], &across, &down)
		return s.after[ply-1], across, down
	}
	for j := ply - 1; j >= 0; j-- {
		movegen.ChangedLines(bd, s.played[j], &across, &down)
		if (ply-j)%2 == side && s.plies[j].whole {
			return s.plies[j], across, down
		}
	}
	// The root's opponent moves at odd plies.
	if (ply+side)%2 == 1 && s.opp.whole {
		return s.opp, across, down
	}
	return nil, across, down
}

// outPlay finds, without generating, the best play the mover can go out
// with among the plays of its list above that movesAt would derive from
// (those on unchanged lines whose tiles are the whole rack), or nil: the
// changed lines are not searched, so a play that goes out may be missed,
// which only leaves a bound unused.
func (s *search) outPlay(ply int) (*plyMoves, *genMove) {
	var out [1]*genMove
	ref, n := s.outPlays(ply, 0, out[:])
	if n == 0 {
		return ref, nil
	}
	return ref, out[0]
}

// maxThreats is how many of the opponent's plays that go out, on as many
// lines, a node bounds its moves by: a move that blocks the best one may
// leave the next open.
const maxThreats = 3

// outPlays is outPlay for the mover (side 0) or the opponent (side 1) of
// the position at ply, keeping in out the best plays that go out on
// len(out) different lines, best first; it returns the list they are in
// and how many it found.
func (s *search) outPlays(ply, side int, out []*genMove) (*plyMoves, int) {
	if s.lines == nil {
		return nil, 0
	}
	ref, across, down := s.reference(ply, side)
	if ref == nil {
		return nil, 0
	}
	rack, _ := s.st.Rack((s.st.Turn() + side) % 2)
	have := rack.Kinds()
	n := 0
	plays := ref.ofTiles(rack.N)
	for i := range plays {
		g := &plays[i]
		if g.uses&^have != 0 || n == len(out) && g.score <= out[n-1].score || !ref.holds(g, &rack, have, across, down) {
			continue
		}
		n = insertOut(out, n, g)
	}
	return ref, n
}

// insertOut puts g among the n plays of out, best first, one a line (a
// better play of g's line takes its place; a worse one leaves it out), and
// returns how many out holds.
func insertOut(out []*genMove, n int, g *genMove) int {
	i := 0
	for i < n && (out[i].down != g.down || out[i].line != g.line) {
		i++
	}
	switch {
	case i < n: // g's line
		if g.score <= out[i].score {
			return n
		}
	case n < len(out):
		n++
	default: // in place of the worst
		i = n - 1
	}
	out[i] = g
	for ; i > 0 && out[i].score > out[i-1].score; i-- {
		out[i], out[i-1] = out[i-1], out[i]
	}
	return n
}

// leavesOpen reports whether g, a move of p that does not go out, leaves
// one of the opponent's plays that go out (threats, best first) open and
// is therefore worth at most alpha, and raises value (with best) to that
// bound when it is.
func (s *search) leavesOpen(p *plyMoves, g *genMove, threats []*genMove, alpha int32, value *int32, best *packed) bool {
	for _, t := range threats {
		ub := g.score - t.score
		if ub > alpha {
			return false // the others go out for less
		}
		if !s.blocks(p, g, t) {
			if ub > *value {
				*value, *best = ub, p.pack(g, s.z.size)
			}
			return true
		}
	}
	return false
}

// blocks reports whether g, a move of p not yet played, changes the line
// of t, a play of the opponent's (the pass changes nothing). ChangedLines reads
// the board as it is, before g: the tiles of g it does not see are on
// lines it marks anyway (each tile marks its own row and column, and the
// runs of tiles through g end where they end on the board after it), so
// it marks the same lines (TestBlocksIsChanged).
func (s *search) blocks(p *plyMoves, g, t *genMove) bool {
	if g.pass() {
		return false
	}
	var across, down uint64
	movegen.ChangedLines(s.st.Board(), p.slab[g.at:g.at+g.n], &across, &down)
	return t.on(across, down)
}

// derive fills p with the mover's moves from ref, every play of the
// position of one of its earlier turns, and the lines changed since
// (across: rows, down: columns; movegen.ChangedLines marks them). A play across a row
// changes only if a tile played since lies on that row or at either end
// of a column of tiles next to the row, since then its word or one of
// its cross words runs through the new tile; the same down a column. So
// the plays on the other lines are ref's whose tiles the rack still holds
// (their squares are empty: a new tile's row and column are both
// changed), with the same scores, and only the plays of the changed lines
// are generated anew.
func (s *search) derive(p *plyMoves, ref *plyMoves, seat int, across, down uint64) {
	bd := s.st.Board()
	rack, _ := s.st.Rack(seat)
	p.reset(s.z, rack.N, bd)
	s.gens++
	s.derived++
	have := rack.Kinds()
	for i := range ref.moves {
		p.keep(ref, &ref.moves[i], &rack, have, across, down)
	}
	if !s.lines.SearchLines(movegen.Args{Variant: s.st.Variant(), Board: bd, Rack: rack, Record: p.rec, Stop: s.stop, Cross: s.cross}, across, down) {
		s.aborted = true
	}
	s.finish(p)
}

// favourOutInTwo raises in p, the mover's plays, those that leave a way
// out (plyMoves.favourOutInTwo), when the bag is empty: with tiles in the
// bag the mover draws, and its next rack is not the leave.
func (s *search) favourOutInTwo(p *plyMoves) {
	if s.st.BagLen() == 0 {
		rack, _ := s.st.Rack(s.st.Turn())
		p.favourOutInTwo(&rack, &s.leaves)
	}
}

// buildAfter makes s.after[ply] the plays of the seat not to move at
// ply, on the board there, derived as its next turn would derive them.
// Each move searched at ply changes a few lines, and the position after
// it derived the other seat's list from that seat's previous one with the
// lines changed by both moves since; at a position whose moves are all
// searched, each derivation generated the same lines of the move before
// again. Derived from s.after[ply] instead, each generates the lines of
// its own move only. The search makes it once a second position below
// derives its list: a position that cuts off on its first move needs it
// never.
func (s *search) buildAfter(ply int) {
	ref, across, down := s.reference(ply, 1)
	if ref == nil {
		return
	}
	a := s.after[ply]
	s.derive(a, ref, 1-s.st.Turn(), across, down)
	s.afterOK[ply] = !s.aborted && a.whole
}

// play applies g and returns the hashes after it (the mover's rack is
// hashed again: with tiles in the bag a play also draws).
func (s *search) play(p *plyMoves, g *genMove, h hashes) (hashes, bool) {
	seat := s.st.Turn()
	if err := s.st.Apply(p.move(g)); err != nil {
		// The generator's plays are legal: this is a bug, reported
		// rather than searched past.
		s.err, s.aborted = fmt.Errorf("endgame: applying %v: %w", p.move(g), err), true
		return h, false
	}
	h.board ^= g.key
	if !g.pass() {
		r, _ := s.st.Rack(seat)
		h.racks[seat] = s.z.rack(seat, &r)
	}
	return h, true
}

// rootOf readies the root: its hashes, the mover's lead and its moves,
// every play and the pass, in the search's order.
func (s *search) rootOf() (hashes, int, *plyMoves) {
	var h hashes
	h.board = s.z.board(s.st.Board())
	for seat := range 2 {
		r, _ := s.st.Rack(seat)
		h.racks[seat] = s.z.rack(seat, &r)
	}
	spread := s.st.Scores()[s.st.Turn()] - s.st.Scores()[1-s.st.Turn()]
	root := s.plies[0]
	s.generate(root, nil) // whole: the answer, if nothing else, is its best play
	s.favourOutInTwo(root)
	sort.Sort(root)
	if s.lines != nil {
		s.generateOpponent()
	}
	return h, spread, root
}

// run is the iterative deepening.
func (s *search) run() Result {
	h, spread, root := s.rootOf()
	values := make([]int32, len(root.moves))
	exacts := make([]bool, len(root.moves))
	// Res.Moves, a copy of the root's moves (they outlive the search's
	// buffers), is made once here and refilled in place after each
	// finished iteration: no iteration allocates one (tens of thousands of
	// moves with two blanks), and nothing is left to build after the stop,
	// when an answer's time is up.
	scratch := make([]rootEntry, len(root.moves))
	moves, slab := rootCopy(root)
	var res Result
	res.Move = root.move(&root.moves[0]) // until an iteration finishes: the highest scoring play
	res.Move.Tiles = append([]move.Placement(nil), res.Move.Tiles...)
	res.Value = spread + res.Move.Score
	limit := maxPly - 1
	if s.MaxDepth > 0 {
		limit = min(limit, s.MaxDepth)
	}
	for depth := 1; depth <= limit; depth++ {
		best, proven := s.root(root, depth, h, values, exacts)
		if s.aborted {
			break
		}
		res.Depth, res.Proven = depth, proven
		res.Value = spread + int(best)
		// The line, then the root's moves in the order of their values,
		// which is the next iteration's search order.
		res.Line = res.Line[:0]
		for i := range s.lineN[0] {
			res.Line = append(res.Line, s.line[0][i].move())
		}
		res.Line = s.extend(res.Line, h)
		res.Move = res.Line[0]
		sortRoot(root, values, exacts, scratch)
		res.Moves = fillRootMoves(moves, slab, root, values, exacts, spread)
		if proven {
			break
		}
	}
	res.Nodes, res.Generations, res.Derived = s.nodes, s.gens, s.derived
	return res
}

// root searches every move of the root to depth, with the full window for
// the first and a window above the best so far for the others, and
// records each move's value (exact, or an upper bound when it could not
// beat the best).
func (s *search) root(root *plyMoves, depth int, h hashes, values []int32, exacts []bool) (int32, bool) {
	alpha := -inf
	proven := true
	s.lineN[0] = 0
	for i := range root.moves {
		g := &root.moves[i]
		lo := -inf
		if i > 0 {
			lo = g.score - alpha - 1 // a scout: is g better than the best so far?
		}
		child, childProven, ok := s.child(root, g, 1, below(g, depth), lo, g.score-alpha, h)
		if !ok {
			return 0, false
		}
		if v := g.score - child; i > 0 && v > alpha {
			// Better: its exact value.
			if child, childProven, ok = s.child(root, g, 1, below(g, depth), -inf, g.score-alpha, h); !ok {
				return 0, false
			}
		}
		v := g.score - child
		values[i], exacts[i] = v, v > alpha
		proven = proven && childProven
		if v > alpha {
			alpha = v
			s.keepLine(0, root, g)
		}
	}
	return alpha, proven
}

// child plays g at ply-1 and searches the position after it with
// (alpha, beta) from the next mover's view, then undoes g. ok is false when
// the search was stopped.
func (s *search) child(p *plyMoves, g *genMove, ply, depth int, alpha, beta int32, h hashes) (v int32, proven, ok bool) {
	s.played[ply-1] = p.slab[g.at : g.at+max(g.n, 0)]
	hc, applied := s.play(p, g, h)
	if !applied {
		return 0, false, false
	}
	v, proven = 0, true
	if s.st.Over() {
		s.lineN[ply] = 0
	} else {
		v, proven = s.negamax(ply, depth, alpha, beta, hc)
	}
	s.st.Undo()
	return v, proven, !s.aborted
}

// below is the depth the position after g is searched to, for a search
// depth plies deep before g: one less after a play, the same after the
// pass. Two passes in a row end the game, so a line still ends within
// depth plays; and a line where one side passes while the other plays
// on (a common end: a side with nothing worth playing waits) reaches the
// game's end, and is proven, in an iteration half as deep. The cost: an
// iteration's depth no longer bounds its line's length in moves (maxPly
// does), and proofs take fewer nodes than with the pass counted as a ply.
func below(g *genMove, depth int) int {
	if g.pass() {
		return depth
	}
	return depth - 1
}

// keepLine makes g followed by the line below it ply's line.
func (s *search) keepLine(ply int, p *plyMoves, g *genMove) {
	s.line[ply][0].set(p, g)
	n := 0
	if ply+1 < maxPly {
		n = copy(s.line[ply][1:], s.line[ply+1][:s.lineN[ply+1]])
	}
	s.lineN[ply] = 1 + n
}

// negamax is the value of the position for the seat to move: the margin
// the rest of the game adds to its lead (its scores to come less the
// opponent's), searched depth plays deep (below) within (alpha, beta),
// fail-soft. Because the value counts only what is to come, it depends on
// the board, the racks, the seat to move and the passes, never on the
// path or the scores so far, and a transposition keeps it. proven is true
// when no line that decides the value stopped at the horizon: at a cut,
// the cutting move's line; otherwise every move's.
func (s *search) negamax(ply, depth int, alpha, beta int32, h hashes) (int32, bool) {
	s.nodes++
	if s.MaxNodes > 0 && s.nodes >= s.MaxNodes {
		s.aborted = true
	} else if s.stop != nil && s.nodes%askEvery == 0 && s.stop() {
		s.aborted = true
	}
	s.lineN[ply] = 0
	if s.aborted {
		return 0, false
	}
	if v, ok := s.lastTile(ply, alpha); ok {
		return v, true
	}
	if depth == 0 {
		// The horizon: nothing more counted, unless the mover can go out
		// with a play of its list above (outPlay), which ends the game:
		// then the position is worth at least that play's score, and when
		// that reaches beta the cut is proven, the game being over on its
		// line.
		if ref, g := s.outPlay(ply); g != nil {
			if g.score >= beta {
				s.line[ply][0].set(ref, g)
				s.lineN[ply] = 1
				return g.score, true
			}
			return g.score, false
		}
		// The table is not asked: an iteration reaches its horizon at
		// positions the earlier ones never searched, except through a
		// transposition of another length (a pass on one path), so the
		// table rarely knows one, and most positions are at the horizon:
		// a probe each costs more than the few nodes a hit would spare.
		return 0, false
	}
	key := s.key(&h)
	e, hit := s.tt.probe(key)
	var stored *packed
	if hit {
		if int(e.depth) >= depth {
			switch b := e.bound(); {
			case b == exact, b == lower && e.value >= beta, b == upper && e.value <= alpha:
				return e.value, e.depth == toEnd
			}
		}
		if b, ok := e.bestMove(); ok {
			c := *b // the entry may be overwritten below
			stored = &c
		}
	}
	if ply+1 >= maxPly {
		return 0, false // the deepest line kept: nothing more counted
	}
	s.afterOK[ply], s.childDerived[ply] = false, 0
	alpha0 := alpha
	value, proven := -inf, true
	p := s.plies[ply]
	p.whole = false // until generated for this position: the stored move's lines are below
	var best packed
	// try searches g and reports whether it cuts off (or the search
	// stopped: ok false).
	searched := false
	try := func(p *plyMoves, g *genMove) (cut, ok bool) {
		hi := beta
		if searched && beta > alpha+1 {
			hi = alpha + 1 // a scout: is g better than the best so far?
		}
		searched = true
		child, childProven, ok := s.child(p, g, ply+1, below(g, depth), g.score-hi, g.score-alpha, h)
		if !ok {
			return false, false
		}
		if v := g.score - child; v > alpha && v < beta && hi < beta {
			// Better: its value, in the full window.
			if child, childProven, ok = s.child(p, g, ply+1, below(g, depth), g.score-beta, g.score-alpha, h); !ok {
				return false, false
			}
		}
		if v := g.score - child; v > value {
			value, best = v, p.pack(g, s.z.size)
			if v > alpha {
				alpha = v
				s.keepLine(ply, p, g)
				if alpha >= beta {
					// A cut: the node's value is a lower bound that this
					// move alone establishes (the moves tried before it
					// scored less), so it is proven when this move's value
					// is, whatever theirs were.
					proven = childProven
					return true, true
				}
			}
		}
		proven = proven && childProven
		return false, true
	}
	// The stored best move first, before generating: when it cuts off,
	// as it mostly does once an iteration has stored it, the position's
	// moves are never generated.
	var storedKey uint64
	storedPass, tried := false, false
	// After a pass a second one ends the game (state's rule), so its
	// value needs no search: it goes first, and when it reaches beta the
	// position's moves are never generated.
	// early tries g before the position's moves are generated, and says
	// whether that settled the node: a cut (stored as a lower bound), or
	// the search stopped.
	early := func(p *plyMoves, g *genMove) bool {
		cut, ok := try(p, g)
		if cut {
			s.tt.store(key, value, s.storeDepth(depth, proven), lower, &best)
		}
		return cut || !ok
	}
	settled := func() (int32, bool) {
		if s.aborted {
			return 0, false
		}
		return value, proven
	}
	// A play that goes out and reaches beta settles the node before any
	// generation or search: the game ends on it, so the cut is proven.
	if ref, g := s.outPlay(ply); g != nil && g.score >= beta {
		best = ref.pack(g, s.z.size)
		s.line[ply][0].set(ref, g)
		s.lineN[ply] = 1
		s.tt.store(key, g.score, toEnd, lower, &best)
		return g.score, true
	}
	passed := s.st.Passes() == 1
	if passed {
		if early(s.pass, &s.pass.moves[0]) {
			return settled()
		}
		if stored != nil && stored.n < 0 {
			stored = nil
		}
	}
	if stored != nil {
		hp := s.hashMoves[ply]
		rack, _ := s.st.Rack(s.st.Turn())
		if hp.load(stored, s.z, s.st.Board(), rack) {
			g := &hp.moves[0]
			if early(hp, g) {
				return settled()
			}
			storedKey, storedPass, tried = g.key, g.pass(), true
		}
	}
	s.movesAt(ply, p)
	if s.aborted {
		return 0, false
	}
	s.favourOutInTwo(p)
	// The opponent's best play that goes out, if it has one the mover's
	// move may leave alone: after a move that changes none of its lines
	// it is still there, with the same score, so that move is worth at
	// most its own score less that one's, without a search.
	var threats [maxThreats]*genMove
	_, nThreats := s.outPlays(ply, 1, threats[:])
	rack, _ := s.st.Rack(s.st.Turn())
	for i := range p.moves {
		p.next(i)
		g := &p.moves[i]
		if tried && g.same(storedKey, storedPass) || passed && g.pass() {
			continue
		}
		if depth == 1 && !proven && !g.pass() && g.score <= alpha && !s.searchAll {
			// One play above the horizon the position after g is worth
			// at least 0 to the opponent (a play that goes out, or
			// nothing counted), so g is worth at most its score and
			// cannot raise alpha: its value is bounded without playing
			// it. Only once the node is unproven anyway: a proof needs
			// every move's line to the end.
			value = max(value, g.score)
			continue
		}
		if nThreats > 0 && int(g.n) != rack.N && s.leavesOpen(p, g, threats[:nThreats], alpha, &value, &best) {
			continue
		}
		if !s.afterOK[ply] && s.childDerived[ply] > 0 && depth >= 2 {
			if s.buildAfter(ply); s.aborted {
				return 0, false
			}
		}
		cut, ok := try(p, g)
		if !ok {
			return 0, false
		}
		if cut {
			break
		}
	}
	kind := exact
	switch {
	case value <= alpha0:
		kind = upper
	case value >= beta:
		kind = lower
	}
	s.tt.store(key, value, s.storeDepth(depth, proven), kind, &best)
	return value, proven
}

// lastTile settles, without a search, a position whose mover holds one
// tile with the bag empty: every play of it goes out and ends the game,
// and the pass is worth at most 0 (the opponent may pass and end it), so
// the position is worth exactly the best play's score; with no play, at
// most 0, which is a proven bound when alpha is 0 or more (fail-soft).
// The best play of one tile is read off the cross sets kept for the
// search (movegen.CrossSets.BestOneTile), without a generation. ok is
// false when that does not settle the position.
func (s *search) lastTile(ply int, alpha int32) (int32, bool) {
	if s.st.BagLen() > 0 || s.st.Passes() > 0 {
		return 0, false
	}
	rack, _ := s.st.Rack(s.st.Turn())
	if rack.N != 1 {
		return 0, false
	}
	p := s.last
	p.reset(s.z, 1, s.st.Board())
	if !s.bestOneTile(p, rack) {
		return 0, false
	}
	switch {
	case len(p.moves) > 0:
		s.line[ply][0].set(p, &p.moves[0])
		s.lineN[ply] = 1
		return p.moves[0].score, true
	case alpha >= 0:
		return 0, true
	}
	return 0, false
}

// bestOneTile records in p the best play of rack, a single tile, if it
// has one: read off the cross sets kept for the search
// (movegen.CrossSets.BestOneTile), without them from every play the
// generator lists, the same play either way (ties go to the first square
// in row-major order, then the first letter). It reports false when the
// search was stopped.
func (s *search) bestOneTile(p *plyMoves, rack tile.Rack) bool {
	bd, v := s.st.Board(), s.st.Variant()
	k := bits.TrailingZeros32(rack.Kinds()) // the rack's one kind
	if s.cross != nil {
		if pl, score, found, ok := s.cross.BestOneTile(bd, &v.Values, k); ok {
			if found {
				s.oneTile[0] = pl
				s.one = move.Move{Kind: move.Play, Tiles: s.oneTile[:], Score: score}
				p.rec(&s.one)
			}
			return true
		}
	}
	all := s.hashMoves[maxPly-1]
	all.reset(s.z, 1, bd)
	if !s.Gen.Search(movegen.Args{Variant: v, Board: bd, Rack: rack, Record: all.rec, Stop: s.stop}) {
		s.aborted = true
		return false
	}
	var best *genMove
	var at move.Placement
	for i := range all.moves {
		g := &all.moves[i]
		pl := all.slab[g.at]
		if best == nil || g.score > best.score || g.score == best.score &&
			(pl.Row*bd.Size+pl.Col < at.Row*bd.Size+at.Col || pl.Row == at.Row && pl.Col == at.Col && pl.Letter < at.Letter) {
			best, at = g, pl
		}
	}
	if best != nil {
		s.oneTile[0] = at
		s.one = move.Move{Kind: move.Play, Tiles: s.oneTile[:], Score: int(best.score)}
		p.rec(&s.one)
	}
	return true
}

// storeDepth is the depth an entry records: toEnd for a proven value.
func (s *search) storeDepth(depth int, proven bool) int {
	if proven {
		return toEnd
	}
	return depth
}

// extend follows the table's best moves from the end of line, which stops
// where the search took a stored value instead of searching on, until the
// game ends or the table has no move.
func (s *search) extend(line []move.Move, h hashes) []move.Move {
	applied := 0
	defer func() {
		for ; applied > 0; applied-- {
			s.st.Undo()
		}
	}()
	p := s.plies[maxPly-1]
	for _, m := range line {
		g := genMove{n: -1}
		if m.Kind == move.Play {
			g = genMove{key: s.z.placements(m.Tiles), n: int32(len(m.Tiles))}
		}
		if err := s.st.Apply(m); err != nil {
			return line
		}
		applied++
		h.board ^= g.key
		if !g.pass() {
			seat := 1 - s.st.Turn()
			r, _ := s.st.Rack(seat)
			h.racks[seat] = s.z.rack(seat, &r)
		}
	}
	for !s.st.Over() && len(line) < maxPly {
		e, hit := s.tt.probe(s.key(&h))
		if !hit {
			return line
		}
		best, ok := e.bestMove()
		if !ok {
			return line
		}
		rack, _ := s.st.Rack(s.st.Turn())
		if !p.load(best, s.z, s.st.Board(), rack) {
			return line
		}
		m := p.move(&p.moves[0])
		m.Tiles = append([]move.Placement(nil), m.Tiles...)
		var applied1 bool
		if h, applied1 = s.play(p, &p.moves[0], h); !applied1 {
			s.err = nil // a line is shown, not searched: stop it there
			return line
		}
		applied++
		line = append(line, m)
	}
	return line
}

// rootEntry is a root move with its value, for sortRoot.
type rootEntry struct {
	g     genMove
	v, at int32
	exact bool
}

// rootCopy makes the room fillRootMoves copies the root's moves into: a
// Valued a move, and one slice for all their tiles.
func rootCopy(root *plyMoves) ([]Valued, []move.Placement) {
	n := 0
	for i := range root.moves {
		n += max(int(root.moves[i].n), 0)
	}
	return make([]Valued, len(root.moves)), make([]move.Placement, 0, n)
}

// fillRootMoves copies the root's moves, in their order, with their values
// into moves, their tiles into slab (both from rootCopy), and returns
// moves: copies that outlive the search's buffers, made without
// allocating.
func fillRootMoves(moves []Valued, slab []move.Placement, root *plyMoves, values []int32, exacts []bool, spread int) []Valued {
	slab = slab[:0]
	for i := range root.moves {
		m := root.move(&root.moves[i])
		at := len(slab)
		slab = append(slab, m.Tiles...)
		if m.Tiles != nil {
			m.Tiles = slab[at:len(slab):len(slab)]
		}
		moves[i] = Valued{Move: m, Value: spread + int(values[i]), Exact: exacts[i]}
	}
	return moves
}

// sortRoot orders the root's moves by value, best first, keeping values
// and exacts alongside; among equals they keep their order (that of the
// iteration before). all is its scratch, one entry a root move. An O(n log n) sort, not an insertion sort: a rack
// with two blanks has 15,000 plays and more at the root, where a quadratic
// sort after the iteration's end runs past the solver's stop and makes an
// answer late.
func sortRoot(root *plyMoves, values []int32, exacts []bool, all []rootEntry) {
	for i := range all {
		all[i] = rootEntry{root.moves[i], values[i], int32(i), exacts[i]}
	}
	slices.SortFunc(all, func(a, b rootEntry) int { return cmp.Or(cmp.Compare(b.v, a.v), cmp.Compare(a.at, b.at)) })
	for i, e := range all {
		root.moves[i], values[i], exacts[i] = e.g, e.v, e.exact
	}
}
