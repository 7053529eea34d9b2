package answer

import (
	"context"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/lexico/lexico/bot/engine/player"
)

// Gate is the admission every Bot of a process thinks under: the thinking
// slots, the static search's turns, the count of answers under way, the
// tail measured after them and the hurry of a shutdown. A server's Bots (its /move, the web page's games and
// studies) share one, so that a search of any of them thinks only in a
// free slot and a shutdown hurries them all; a Bot without one makes its
// own of its Slots.
type Gate struct {
	*shared
	// guests, set on the Guests view, bounds the guests' thinking searches
	// below the slots.
	guests *admission
}

type shared struct {
	admit   *admission // thinking slots; nil: unbounded
	statics *admission // static search turns; nil: unbounded
	hurry   context.Context
	// hurryNow makes every search in flight answer its best move at once.
	hurryNow context.CancelFunc
	// inflight counts the answers under way: a search of a Budget's Spare
	// is for an answer alone on the machine's queue.
	inflight atomic.Int32
	// tail measures the time from a budget's stop to the answer's
	// delivery (Bot.Delivered): every answer of the process waits for the
	// same cores, so what one took the next of any Bot holds back.
	tail  player.TailMeter
	guest *Gate
}

// NewGate bounds the thinking searches at slots at once (0: no bound). The
// static searches take turns, one fewer at once than the slots: the HTTP
// handlers reading, parsing and writing need a core too, and with every
// core searching, a burst of short-deadline requests under load waits for
// one long enough to miss deadlines. The trade: a burst's static searches
// go one fewer at a time.
func NewGate(slots int) *Gate {
	s := &shared{}
	s.hurry, s.hurryNow = context.WithCancel(context.Background())
	g := &Gate{shared: s}
	s.guest = &Gate{shared: s}
	if slots > 0 {
		s.admit, s.statics = newAdmission(slots), newTurns(max(slots-1, 1), staticHold)
		s.guest.guests = newAdmission(max(slots-1, 1))
	}
	return g
}

// Guests is the view of g for searches a person asks for on the side (the
// web page's games and studies): they take g's slots too, but at most one
// fewer than there are (at least one), so that one slot always stays for
// the platform's own answers (/move), which a missed deadline loses a game
// for. The trade: on one core, a guest and a /move still wait for each
// other's slot.
func (g *Gate) Guests() *Gate { return g.guest }

// Hurry makes every search in flight under g (its guests' too), and every
// one started after, answer its best move at once: a server shutting down.
func (g *Gate) Hurry() { g.hurryNow() }

// think takes the thinking slots a search that stops at stop needs: a
// guest's of its own bound first, then one of everyone's. It waits at most
// until latest (the clock's ThinkBy) and gives up when done is closed. It
// returns the slots' release, or why none was had.
func (g *Gate) think(done <-chan struct{}, stop, latest time.Time) (release func(), why string) {
	if g.hurry.Err() != nil {
		return nil, "shutting down"
	}
	var held []*slot
	release = func() {
		for _, sl := range held {
			sl.release()
		}
	}
	for _, a := range []*admission{g.guests, g.admit} {
		if a == nil {
			continue
		}
		sl := a.acquire(stop, latest, done)
		if sl == nil {
			release()
			select {
			case <-done:
				return nil, "shutting down"
			default:
			}
			if a == g.guests {
				return nil, "no thinking slot free in time (" + strconv.Itoa(a.size()) + " for the web page's searches)"
			}
			return nil, "no thinking slot free in time (" + strconv.Itoa(a.size()) + " think at once)"
		}
		held = append(held, sl)
	}
	return release, ""
}

// alone reports whether no other answer is under way: no static search
// holds or awaits a turn, and this is the only answer in flight.
func (g *Gate) alone() bool {
	return g.inflight.Load() <= 1 && (g.statics == nil || g.statics.idle())
}
