package montecarlo

import (
	"github.com/lexico/lexico/bot/engine/movegen"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/tile"
)

// The opponent's reply, shared by the candidates of a world.
//
// Every candidate of a world is answered by the opponent with the same
// rack (common random numbers), on a board that differs from the
// position's by the candidate's tiles alone. The plays of that rack along
// the lines a candidate leaves alone (movegen.ChangedLines) are the same
// after every candidate, with the same values while the valuation is the
// same (its LeaveKey): so a world searches the position's board once for
// the opponent's best few plays, each with its line (movegen.LineOf), and
// after each candidate only the lines it changed are searched, for a play
// that beats the best of those on the other lines (movegen.Args.Beat).
// The reply found is worth what a search of the whole board finds
// (TestSharedReplyIsTheBest); among replies of equal value it may be
// another, so a simulation's figures can differ from those of a search
// of every reply by such ties alone.

// lineSearcher is a generator that can search some lines of the board
// only (movegen.GADDAGGenerator).
type lineSearcher interface {
	SearchLines(a movegen.Args, across, down uint64) bool
}

// replyKeep is how many of the opponent's best plays a world keeps: after
// a candidate that changed the lines of all of them, the board is
// searched whole unless a play of the changed lines beats the last. More
// kept replies cost a longer first search and spare more whole-board
// ones; four is where BenchmarkSimulate's world is cheapest (fewer force
// whole-board searches more often).
const replyKeep = 4

// reply is one of the opponent's best plays on the position's board.
type reply struct {
	m     move.Move
	tiles [tile.NumKinds]move.Placement
	down  bool
	line  int
}

// on reports whether r's line is among the lines across (rows) and down
// (columns).
func (r *reply) on(across, down uint64) bool {
	return movegen.Marked(r.down, r.line, across, down)
}

// replies is what a playout keeps of its world's search for the
// opponent's replies.
type replies struct {
	seq   uint64 // the world searched (world.seq); 0 for none
	valid bool   // the search finished, with a valuation that has a key
	key   uint64 // the valuation's LeaveKey
	n     int
	best  [replyKeep]reply
}

// searchReplies searches the position's board, before candidate m is
// played in world w, for the opponent's best plays as its reply to m
// would be valued.
func (o *playout) searchReplies(m *move.Move, w *world) {
	sh := &o.shared
	sh.seq, sh.valid, sh.n = w.seq, false, 0
	st := o.st
	rack, _ := st.Rack(1)
	bag, lead := st.BagLen(), 0
	if m.Kind == move.Play {
		bag -= min(len(m.Tiles), bag) // the candidate's draw
		lead = -m.Score
	}
	o.setPos(rack, lead, bag)
	key, ok := o.keyer.LeaveKey(&o.pos)
	if !ok {
		return
	}
	a := o.args(rack)
	a.Keep, a.Record = replyKeep, o.recordReply
	if !o.sim.Gen.Search(a) {
		return
	}
	sh.valid, sh.key = true, key
}

// keepReply keeps a play the search of the replies reports, best first,
// with its line on the board searched.
func (o *playout) keepReply(m *move.Move) {
	sh := &o.shared
	if sh.n == replyKeep {
		return
	}
	r := &sh.best[sh.n]
	sh.n++
	r.m = *m
	r.m.Tiles = r.tiles[:copy(r.tiles[:], m.Tiles)]
	r.down, r.line = movegen.LineOf(o.st.Board(), m.Tiles)
}

// bestReply is bestPlay for the opponent's reply to candidate m, which
// has just been played in the world searchReplies searched: taken from
// that search where the lines m left alone hold the best reply, else
// searched along the lines m changed only, or on the whole board when
// neither will do (whole).
func (o *playout) bestReply(m *move.Move, rack tile.Rack, lead, bag int) (found, finished, whole bool) {
	beat, across, down, ok := o.shareReply(m, rack, lead, bag)
	if !ok {
		found, finished = o.bestPlay(rack, lead, bag)
		return found, finished, true
	}
	o.found = false
	finished = true
	if across|down != 0 {
		a := o.args(rack)
		a.Keep = 1
		if beat != nil {
			a.Beat = &beat.m
		}
		finished = o.lines.SearchLines(a, across, down)
	}
	switch {
	case o.found || beat == nil || !finished:
	case beat.on(across, down):
		// The last kept, on a changed line, and nothing there beats it:
		// the best reply is not known.
		found, finished = o.bestPlay(rack, lead, bag)
		return found, finished, true
	default:
		o.recordPlay(&beat.m)
	}
	return o.found, finished, false
}

// shareReply says how the world's search answers the opponent's reply to
// m (setting pos for it): ok false when the board must be searched whole
// (another valuation); else the lines m changed (across: rows, down:
// columns), and beat, what a play of those lines must beat: the best
// reply of the other lines, or when every kept reply is on a changed
// line the last of them (nil when the other lines hold no play).
func (o *playout) shareReply(m *move.Move, rack tile.Rack, lead, bag int) (beat *reply, across, down uint64, ok bool) {
	sh := &o.shared
	o.setPos(rack, lead, bag)
	key, keyed := o.keyer.LeaveKey(&o.pos)
	if !sh.valid || !keyed || key != sh.key {
		return nil, 0, 0, false
	}
	if m.Kind == move.Play {
		movegen.ChangedLines(o.st.Board(), m.Tiles, &across, &down)
	}
	// The first kept reply on a line m left alone is the best of those
	// lines: every better play is on a line m changed.
	for i := range sh.n {
		if !sh.best[i].on(across, down) {
			return &sh.best[i], across, down, true
		}
	}
	// None: the other lines hold no play when the search kept fewer than
	// it could. Else they hold none worth more than the last kept, so a
	// play of the changed lines that beats it is the best reply (when
	// there is none, bestReply searches the whole board).
	if sh.n < replyKeep {
		return nil, across, down, true
	}
	return &sh.best[sh.n-1], across, down, true
}
