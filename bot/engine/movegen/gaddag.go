package movegen

import (
	"math/bits"
	"sync"

	"github.com/lexico/lexico/bot/engine/movegen/internal/line"
	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/bot/game/variant"
	"github.com/lexico/lexico/index/gaddag"
	"github.com/lexico/lexico/index/multiset"
)

// GADDAGGenerator is Gordon's GADDAG move generator (as in domino14/macondo):
// for every anchor (an empty square beside a tile, or the start square on an
// empty board) it grows the left part of a word leftwards from the anchor,
// then crosses the separator and grows the right part, checking each tile
// against the square's line.CrossSet. Vertical plays are found by running the
// same line code over the board's columns, read into a grid of lines
// (loadGrid) just as its rows are.
//
// Two classic bugs, both in the LEXI_PI developer documentation's list of
// critical fixes, are ruled out by construction: the right part
// never reads past the last column, and the generator pivots to the right
// part only when the square left of the left part is empty or off the board,
// so a word always swallows the tiles that touch it.
type GADDAGGenerator struct {
	g      *gaddag.GADDAG
	ms     *multiset.Table
	blanks *multiset.BlankTable
	pool   sync.Pool
}

// GADDAGOption configures NewGADDAG.
type GADDAGOption func(*GADDAGGenerator)

// WithMultisets gives the bounded search (Keep > 0) the dictionary's multiset table (the index
// keeps one: index.Index.Multisets), so its bound adds the bingo bonus only
// where a word of the rack and the fixed letters of a slot fits the slot.
// Without it the search is as correct, but it searches every slot where seven
// tiles fit, which on a mid-game board is most of them.
func WithMultisets(f *multiset.Table) GADDAGOption {
	return func(gen *GADDAGGenerator) { gen.ms = f }
}

// WithBlanks gives the bounded search the dictionary's blank table (the
// index keeps one: index.Index.Blanks) along with WithMultisets', so its
// bound adds the bingo bonus to a rack with one or two blanks only where
// a word fits, as it does for a rack without. Without it such a rack
// searches every slot where its tiles fit (five to ten times the work).
func WithBlanks(t *multiset.BlankTable) GADDAGOption {
	return func(gen *GADDAGGenerator) { gen.blanks = t }
}

// NewGADDAG returns the generator over g.
func NewGADDAG(g *gaddag.GADDAG, opts ...GADDAGOption) *GADDAGGenerator {
	gen := &GADDAGGenerator{g: g}
	for _, o := range opts {
		o(gen)
	}
	gen.pool.New = func() any {
		s := &genState{g: g}
		s.recBest = s.recordBest
		return s
	}
	return gen
}

// Search implements Generator. Per call it takes a reusable state from a
// pool, so concurrent calls are safe and steady-state calls do not
// allocate. With Keep 0 it walks every anchor, across then down, and asks
// a.Stop before each anchor and, within one, every line.StopEvery steps of the
// walk. With Keep > 0 it bounds every anchor first and walks them best
// bound first (keepBest).
func (gen *GADDAGGenerator) Search(a Args) bool {
	return gen.SearchLines(a, allLines, allLines)
}

// allLines marks every line of a board.
const allLines = line.Every

// SearchLines is Search along some lines only: the plays across row r
// when across has bit r, the plays down column c when down has bit c. A
// play of one tile is on the line Search reports it along (LineOf). Lines
// past the 64th are never searched. The endgame solver
// (bot/engine/endgame) generates a position's plays anew only along the
// lines that the plays since an earlier position's list changed
// (ChangedLines), and keeps the rest of that list; a simulation's replies
// search with Keep 1 the lines a candidate changed, to beat (Args.Beat)
// the best reply of the lines it left alone.
func (gen *GADDAGGenerator) SearchLines(a Args, across, down uint64) bool {
	if a.Keep > 0 {
		return gen.keepBest(a, across, down)
	}
	s := gen.pool.Get().(*genState)
	s.ResetStop(a.Stop)
	s.cross = a.Cross
	finished := s.run(a.Variant, a.Board, a.Rack, a.Record, across, down)
	s.rec, s.v, s.cross = nil, nil, nil
	s.ResetStop(nil)
	gen.pool.Put(s)
	return finished
}

// keepBest is Search keeping the a.Keep best plays. It bounds every
// anchor's best value first and searches the anchors highest bound first,
// stopping at the first whose bound cannot beat the a.Keep-th best play
// found (shadow.go), so it walks a fraction of what generating every play
// walks. Among plays of equal value it keeps the one Keep 0 reports first,
// so both ways give the same best play.
func (gen *GADDAGGenerator) keepBest(a Args, across, down uint64) bool {
	rack := a.Rack
	if rack.N > maxRack || a.Board.Size > maxLine || a.Leave != nil && subRacks(rack) > maxLeaves {
		// Beyond what the bound's fixed-size tables hold (no variant comes
		// near): every play, the best kept, is still the right answer.
		return SearchByGenerating(a, func(rec PlayRecorder, stop func() bool) bool {
			return gen.SearchLines(Args{Variant: a.Variant, Board: a.Board, Rack: rack, Record: rec, Stop: stop, Cross: a.Cross}, across, down)
		})
	}
	s := gen.pool.Get().(*genState)
	defer gen.pool.Put(s)
	s.cross = a.Cross
	defer func() { s.cross = nil }()
	if !s.prepare(a.Variant, a.Board, rack, s.recBest) {
		return true
	}
	s.ResetStop(a.Stop)
	s.prepareBound(gen.ms, gen.blanks, a.Leave, a.Leaves, a.LeaveKey)
	sr := &s.search
	sr.reset(a.Better)
	s.keep = &s.keepMany
	if a.Keep <= maxKeepers {
		s.keep = &s.keepers[a.Keep]
	}
	s.keep.reset(a.Keep)
	// With one play to keep, a bingo the bound finds sets the bar at once.
	s.seed = a.Keep == 1
	s.lazyBingos = s.rb.bingoKnown && rack.Counts[tile.BlankIndex] >= 2
	if a.Beat != nil {
		sr.raiseBar(above(s.valueOf(a.Beat)))
	}
	s.collectAnchors(a.Board, across, down)
	s.searchAnchors()
	s.keep.report(a.Record)
	s.rec, s.v, s.seed, s.lazyBingos = nil, nil, false, false
	sr.better = nil
	s.ResetStop(nil)
	return !sr.stopped
}

// maxKeepers is the largest number of plays to keep that a search state
// keeps a keeper of its own for.
const maxKeepers = 8

// score accumulates a play's score as tiles are placed: the main word's
// letter sum and word multiplier, and the finished cross words.
type score struct {
	main, mult, cross, tiles int
}

// genState is the working memory of one search.
type genState struct {
	g   *gaddag.GADDAG
	v   *variant.Variant
	rec PlayRecorder
	// Asked before each anchor and, within one, every line.StopEvery calls of
	// gen that try letters.
	line.Stop

	n      int
	values [tile.NumKinds]int
	// lines[0] holds the squares of the board's rows and lines[1] those of
	// its columns (loadGrid), each line with what the generator reads of it.
	lines    [2][]line.Cell
	first    bool
	minWord  int
	rack     [tile.NumKinds]uint8
	rackLeft int
	// rackSet has bit l while the rack holds letter l (blanks aside), so a
	// rack without blanks filters the candidate letters with one AND.
	rackSet uint32
	// cross is the search's Args.Cross, and known its cross words by
	// direction when it is up to date with the board searched (nil: the
	// grid's loads walk the GADDAG).
	cross *CrossSets
	known [2][]line.CrossWord

	// The line being generated.
	vertical   bool
	row        int
	cells      []line.Cell // the line's squares, within lines
	anchor     int
	start      int // where the walk starts: the anchor, or the last old tile right after it
	lastAnchor int
	wordStart  int
	placed     []byte               // letter placed on each column of the line, 0 for none
	owned      [tile.NumKinds]uint8 // the rack as given, to share out between real tiles and blanks
	cost       []int                // score lost if the i-th placed tile is a blank
	tiles      []move.Placement
	mv         move.Move

	// The bounded search's state (shadow.go): the rack as the bound sees it, every
	// line's cells, the anchors, and the best play so far with the order of
	// its anchor.
	rb rackBound
	// leafRack and leafValues are the rack Args.Leaves is asked about and
	// the values it gives.
	leafRack   tile.Rack
	leafValues [maxLeaves]float64
	ms         *multiset.Table
	blanks     *multiset.BlankTable
	bingo      bingoMemo
	seed       bool // the anchors' bingos raise the search's bar (seedBingo)
	// lazyBingos: anchorBound assumes that a play of the whole rack fits
	// each extent that can hold one, and the anchors that may win are
	// settled (settleLazy) before they are searched: most never are. Only
	// with two blanks, whose extents mostly hold a bingo, so that asking
	// about every one (deferBingos) costs more than refining the few that
	// come up; with fewer blanks most extents hold none, and bounding the
	// winning anchors twice costs more than asking about all at once.
	lazyBingos bool
	// deferBingos: while the anchors are collected, the extents the whole
	// rack fills are not asked about one by one but recorded in deferred
	// and asked about together once every anchor is bounded
	// (settleBingos); deferKeys is its scratch.
	deferBingos bool
	deferred    []deferredBingo
	// lazy is the bingo extents lazyBingos assumed to hold a play, for
	// settleLazy.
	lazy      []deferredBingo
	deferKeys []multiset.Key
	anchors   []anchor
	keys      []int64
	order     int32
	// keep is the keeper of the search under way: keepers[n] for n
	// plays, so that searches keeping different numbers in turn (a
	// simulation's replies keep a few, its other searches one) each reuse
	// their own storage; keepMany for more.
	keep     *keeper
	keepers  [maxKeepers + 1]keeper
	keepMany keeper
	recBest  PlayRecorder
	ext      extent
	search   bestSearch
	// While pruning (the bounded search walking an anchor), leftBound[l] bounds
	// the anchor's plays with exactly l tiles left of it and leftMax[l]
	// those with l or more (anchorBound).
	pruning bool
	kl, kr  int    // anchorBound's number of left and right squares
	left    int    // tiles left of the anchor in the right part under way
	bingos  uint16 // the anchor's bingos, and those unchecked (anchor)
	// walkBingos: the walk of the anchor tries only the bingos' letters
	// where only a bingo can win (prepareWalk, onlyBingos).
	walkBingos bool
	unchecked  uint16
	pairs      blankPairs // bingoWords' scratch
	// While searching an anchor (prepareWalk): partBound[l] bounds its
	// plays with l tiles left of it that do not take the whole rack, and
	// partMax[l] those with l or more; bingoLetters[col] is the letters
	// the plays that take the whole rack may put on square col.
	partBound [maxRack]int32
	partMax   [maxRack + 1]int32
	// With a leave valuation, spentBound[u] and spentMax[u] are leftBound
	// and leftMax for the plays that spend u blanks (prepareSpent).
	spentBound [maxSpent + 1][maxRack]int32
	spentMax   [maxSpent + 1][maxRack + 1]int32
	// spentPart[u] and spentPartMax[u] are partBound and partMax for the
	// plays that spend u blanks.
	spentPart    [maxSpent + 1][maxRack]int32
	spentPartMax [maxSpent + 1][maxRack + 1]int32
	bingoLetters []uint32
	leftBounds   []int32 // every anchor's leftBound, in collection order
	leftBound    [maxRack]int32
	leftMax      [maxRack + 1]int32
	// valued remembers the leave values of the last racks searched with an
	// Args.LeaveKey (reuseLeaves), nextValued the one to replace next.
	valued     [valuedRacks]valuedRack
	nextValued int
}

// run generates along the rows marked in across and the columns marked
// in down, and reports false when s.stop ended it.
func (s *genState) run(v *variant.Variant, b *board.Board, rack tile.Rack, rec PlayRecorder, across, down uint64) bool {
	if !s.prepare(v, b, rack, rec) {
		return true
	}
	if across != 0 {
		s.loadGrid(b, 0, across)
		if !s.genBoard(0, v.StartRow, v.StartCol, across) {
			return false
		}
	}
	if down == 0 {
		return true
	}
	s.loadGrid(b, 1, down)
	return s.genBoard(1, v.StartCol, v.StartRow, down)
}

// prepare readies s for a search of rack on b, and reports false when
// there is nothing to search.
func (s *genState) prepare(v *variant.Variant, b *board.Board, rack tile.Rack, rec PlayRecorder) bool {
	n := b.Size
	s.v, s.rec, s.n = v, rec, n
	s.values = v.Values
	s.values[tile.BlankIndex] = 0
	s.rack = rack.Counts
	s.owned = rack.Counts
	s.rackLeft = rack.N
	s.rackSet = 0
	for l := 0; l < 26; l++ {
		if s.rack[l] > 0 {
			s.rackSet |= 1 << uint(l)
		}
	}
	if rack.N == 0 || n == 0 {
		return false
	}
	s.sizeBuffers(n)
	s.known = [2][]line.CrossWord{}
	if s.cross.sync(b, &s.values) {
		s.known = s.cross.words
	}
	s.first = b.IsEmpty()
	s.minWord = 2
	if s.first && v.FirstWordMinLen > 2 {
		s.minWord = v.FirstWordMinLen
	}
	s.mv = move.Move{Kind: move.Play}
	return true
}

// sizeBuffers readies the per-line buffers for lines of n squares.
func (s *genState) sizeBuffers(n int) {
	if cap(s.placed) < n {
		s.placed = make([]byte, n)
		s.bingoLetters = make([]uint32, n)
		s.cost = make([]int, n)
		s.tiles = make([]move.Placement, 0, n)
	}
	s.placed = s.placed[:n]
	s.bingoLetters = s.bingoLetters[:n]
	clear(s.placed)
}

// loadGrid fills s.lines[d] from b: its rows (d 0) or its columns (d 1),
// those that lines marks (line.LoadLines).
func (s *genState) loadGrid(b *board.Board, d int, lines uint64) {
	if len(s.lines[d]) != s.n*s.n {
		s.lines[d] = make([]line.Cell, s.n*s.n)
	}
	// BestFit matters only to the bounded search, whose prepareBound has set rb.
	line.LoadLines(s.g, b, d == 1, &s.values, s.crossLetters(), line.RackFit{Set: s.rackSet, Any: int32(s.rb.prefix[1])}, s.lines[d], s.known[d], lines)
}

// genBoard generates the plays along the lines of direction d (loaded by
// loadGrid) that lines marks, and reports false when s.stop ended it.
// startRow, startCol is the start square as line and square of that
// direction.
func (s *genState) genBoard(d, startRow, startCol int, lines uint64) bool {
	n := s.n
	s.vertical = d == 1
	for r := 0; r < n; r++ {
		if lines != allLines && (r >= 64 || lines>>uint(r)&1 == 0) {
			continue
		}
		s.row = r
		s.cells = s.lines[d][r*n : (r+1)*n]
		s.lastAnchor = -2
		if s.first {
			if r == startRow && startCol >= 0 && startCol < n {
				if s.BeforeUnit(anchorSteps) {
					return false
				}
				s.genAnchor(startCol)
			}
			continue
		}
		for c := 0; c < n; c++ {
			if !s.isAnchor(c) {
				continue
			}
			// Counted in steps, not asked at every anchor: a stop that
			// reads the clock costs more than a few steps of the walk, and
			// the endgame solver's generations are mostly anchors of a few
			// steps each.
			if s.BeforeUnit(anchorSteps) {
				return false
			}
			s.genAnchor(c)
			s.lastAnchor = c
		}
	}
	return !s.Halted
}

// isAnchor reports whether square c of the current line is an anchor:
// empty, with a tile beside it in the line or across it (then a cross word
// forms there).
func (s *genState) isAnchor(c int) bool {
	cells := s.cells
	return cells[c].Letter == 0 && (cells[c].Has || c > 0 && cells[c-1].Letter != 0 || c+1 < len(cells) && cells[c+1].Letter != 0)
}

// gen puts a letter on column col (the board's tile, or each rack tile the
// GADDAG and the cross set allow) and continues the word from node.
func (s *genState) gen(col int, node gaddag.Node, sc score) {
	g := s.g
	ce := &s.cells[col]
	if ce.Letter != 0 {
		l := int(ce.Letter - 'A')
		sc.main += int(ce.OldValue)
		bit := uint32(1) << uint(l)
		ls := g.LetterSet(node)
		if (g.ArcSet(node)|ls)&bit == 0 {
			return
		}
		s.goOn(col, ls&bit != 0, g.Arc(node, l), sc)
		return
	}
	if s.rackLeft == 0 {
		return
	}
	// The square and the rack first: they are in cache, the node is
	// likely not, and often no rack tile may go here at all.
	possible := ce.Cross
	if s.rack[tile.BlankIndex] == 0 {
		possible &= s.rackSet
	} else if u := int(s.owned[tile.BlankIndex]-s.rack[tile.BlankIndex]) + 1; s.pruning && s.rb.leaves && u <= maxSpent && s.spentCannotWin(u, col, sc) {
		// A blank spent here is one the play cannot keep, and no play
		// that spends it can win: only the rack's letters are tried (nor
		// are the other letters' nodes fetched).
		possible &= s.rackSet
	}
	if possible == 0 {
		return
	}
	if s.pruning && s.walkBingos && s.onlyBingos(col, sc) {
		if possible &= s.bingoLetters[col]; possible == 0 {
			return
		}
	}
	ls := g.LetterSet(node)
	if possible &= g.ArcSet(node) | ls; possible == 0 {
		return
	}
	// Only the calls that try letters count towards the next question to
	// stop: the others end at once, and would cost more to count than to run.
	if s.UntilStop--; s.UntilStop < 0 && s.CheckStop() {
		return
	}
	lm, wm := int(ce.LM), int(ce.WM)
	hasCross := ce.Has
	crossBase := int(ce.Base)
	// The children's nodes are far apart in a large automaton: asking for
	// all of them now lets their loads overlap the walk of the first.
	for m := possible; m != 0; m &= m - 1 {
		if c := g.Arc(node, bits.TrailingZeros32(m)); c != 0 {
			g.Prefetch(c)
		}
	}
	for m := possible; m != 0; m &= m - 1 {
		l := bits.TrailingZeros32(m)
		// Real tile if one is left, else a blank: which of the placed
		// letters are blanks is decided in record, so a subtree is walked
		// once however many ways the rack can pay for it.
		k := l
		if s.rack[l] == 0 {
			k = tile.BlankIndex
		}
		s.rack[k]--
		if k != tile.BlankIndex && s.rack[k] == 0 {
			s.rackSet &^= 1 << uint(l)
		}
		s.rackLeft--
		s.placed[col] = byte('A' + l)
		lv := s.values[l] * lm
		nsc := score{main: sc.main + lv, mult: sc.mult * wm, cross: sc.cross, tiles: sc.tiles + 1}
		if hasCross {
			nsc.cross += (crossBase + lv) * wm
		}
		s.goOn(col, ls&(1<<uint(l)) != 0, g.Arc(node, l), nsc)
		s.rack[k]++
		if k != tile.BlankIndex {
			s.rackSet |= 1 << uint(l)
		}
		s.rackLeft++
	}
	s.placed[col] = 0
}

// genAnchor generates the plays through the anchor at column c of the
// loaded line. A play through c also takes in the old tiles right after
// it, so the walk starts at the last of them and reads them first, right
// to left (GADDAG paths may start at any letter of a word): then they
// rule out, before a single rack tile is tried, every left part that no
// word joins to them, where starting on the anchor would build all those
// left parts first and learn only at the separator that none of them fits.
func (s *genState) genAnchor(c int) {
	s.anchor = c
	e := c
	for e+1 < s.n && s.cells[e+1].Letter != 0 {
		e++
	}
	s.start = e
	s.gen(e, gaddag.Root, score{mult: 1})
}

// goOn continues after a letter went on col: record the word if it is
// complete (ends: the letter completes a word), then extend it leftwards
// (while left of or on the walk's start) or rightwards from next.
func (s *genState) goOn(col int, ends bool, next gaddag.Node, sc score) {
	g := s.g
	n := s.n
	if col <= s.start {
		if col > s.anchor {
			// An old tile right of the anchor: no tile is placed yet, so
			// no word can end or turn here; col-1 is at worst the anchor.
			if next != 0 {
				s.gen(col-1, next, sc)
			}
			return
		}
		// The square right of the start is empty (genAnchor), so the word
		// may end there.
		leftEmpty := col == 0 || s.cells[col-1].Letter == 0
		if ends && leftEmpty {
			s.record(col, s.start, sc)
		}
		if next == 0 {
			return
		}
		// Tiles left of the anchor so far: the anchor's own came first.
		left := sc.tiles - 1
		if col > 0 && col-1 != s.lastAnchor {
			more := left
			if s.cells[col-1].Letter == 0 {
				more++
			}
			if !s.pruning || !s.cannotWin(s.leftMaxOf(more)) {
				s.gen(col-1, next, sc)
			}
		}
		if leftEmpty && s.start+1 < n && (!s.pruning || !s.cannotWin(s.leftBoundOf(left))) {
			if sep := g.Arc(next, gaddag.Separator); sep != 0 {
				s.wordStart, s.left = col, left
				s.gen(s.start+1, sep, sc)
			}
		}
		return
	}
	if ends && (col+1 == n || s.cells[col+1].Letter == 0) {
		s.record(s.wordStart, col, sc)
	}
	if next != 0 && col+1 < n {
		s.gen(col+1, next, sc)
	}
}

// record reports the plays whose main word spans columns start..end: one
// for each way the rack can pay for the placed letters with real tiles and
// blanks. sc scored every tile as real; a blank loses its letter's value in
// the main word and in its cross word.
func (s *genState) record(start, end int, sc score) {
	if end-start+1 < s.minWord || s.Halted {
		return
	}
	total := sc.main*sc.mult + sc.cross
	if sc.tiles == s.v.RackSize {
		total += s.v.BingoBonus
	}
	if s.pruning && s.cannotWin(addValue(fixedScore(total), s.keptBound(sc.tiles))) {
		// Blanks only lower the score of the tiles they stand for, so no
		// way of paying for these tiles beats the best play found.
		return
	}
	if sc.tiles == 1 && s.vertical {
		// A lone tile that also touches a tile across was reported by the
		// horizontal pass (with this word as its cross word).
		for c := start; c <= end; c++ {
			if s.placed[c] != 0 && s.cells[c].Has {
				return
			}
		}
	}
	ts := s.tiles[:0]
	for c := start; c <= end; c++ {
		if s.placed[c] == 0 {
			continue
		}
		p := move.Placement{Row: s.row, Col: c, Letter: s.placed[c]}
		if s.vertical {
			p.Row, p.Col = c, s.row
		}
		ce := &s.cells[c]
		lv := s.values[p.Letter-'A'] * int(ce.LM)
		cost := lv * sc.mult
		if ce.Has {
			cost += lv * int(ce.WM)
		}
		s.cost[len(ts)] = cost
		ts = append(ts, p)
	}
	s.tiles = ts
	s.mv.Tiles = ts
	s.pay(0, total)
}

// pay decides whether tile i onwards are real tiles or blanks, reporting
// each complete choice.
func (s *genState) pay(i, total int) {
	if i == len(s.tiles) {
		s.mv.Score = total
		s.rec(&s.mv)
		return
	}
	l := s.tiles[i].Letter - 'A'
	if s.owned[l] > 0 {
		s.owned[l]--
		s.tiles[i].Blank = false
		s.pay(i+1, total)
		s.owned[l]++
	}
	if s.owned[tile.BlankIndex] > 0 {
		s.owned[tile.BlankIndex]--
		s.tiles[i].Blank = true
		s.pay(i+1, total-s.cost[i])
		s.owned[tile.BlankIndex]++
	}
}
