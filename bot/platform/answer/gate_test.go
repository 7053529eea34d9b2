package answer

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/lexico/lexico/bot/platform/gamestate/gamestatetest"
)

// gateBot is simBot thinking under g for a budget of 300 ms.
func gateBot(t *testing.T, g *Gate) *Bot {
	b := simBot(t)
	b.Gate, b.Clock.Override = g, 300*time.Millisecond
	return b
}

// The web page's searches (guests) take the server's slots, but never the
// last one: with a guest thinking on a 2-slot gate, another guest answers
// with the static move at once, and the platform's own answer still
// simulates in the slot left.
func TestGuestsLeaveASlotForTheServersOwnAnswers(t *testing.T) {
	g := NewGate(2)
	far := time.Now().Add(time.Hour)
	guestSlot := g.Guests().guests.acquire(far, far, nil)
	slot := g.admit.acquire(far, far, nil)
	if guestSlot == nil || slot == nil {
		t.Fatal("no slot for the first guest")
	}
	defer slot.release()
	defer guestSlot.release()

	start := time.Now()
	r, err := gateBot(t, g.Guests()).Answer(context.Background(), gamestatetest.DocExampleBytes(t), time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if r.Choice.Simulation != nil || !strings.Contains(r.Note(), "web page's searches") || time.Since(start) > 200*time.Millisecond {
		t.Fatalf("second guest: simulation %v, note %q after %v; want the static move at once, saying why",
			r.Choice.Simulation, r.Note(), time.Since(start))
	}
	r, err = gateBot(t, g).Answer(context.Background(), gamestatetest.DocExampleBytes(t), time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if r.Choice.Simulation == nil {
		t.Fatalf("the server's own answer: policy %q, note %q; want a simulation in the slot the guests leave", r.Choice.Policy, r.Note())
	}
}

// Hurrying one Bot of a gate (the server's, on SIGTERM) hurries the others
// (the web page's games and studies).
func TestHurryReachesEveryBotOfAGate(t *testing.T) {
	g := NewGate(2)
	server, guest := gateBot(t, g), gateBot(t, g.Guests())
	server.Hurry()
	r, err := guest.Answer(context.Background(), gamestatetest.DocExampleBytes(t), time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if r.Choice.Simulation != nil || !strings.Contains(r.Note(), "shutting down") {
		t.Fatalf("guest after the server's Hurry: simulation %v, note %q; want the static move, shutting down", r.Choice.Simulation, r.Note())
	}
}
