package web

import (
	"net/http"
	"strings"
	"testing"

	"github.com/lexico/lexico/bot/game/state"
	"github.com/lexico/lexico/bot/game/variant"
	"github.com/lexico/lexico/bot/platform/gamestate"
)

// Study with sim: every move listed carries the simulation's figures.
func TestStudySimulatesWhenAsked(t *testing.T) {
	_, srv := testSite(t, testConfig(t))
	st, err := state.Start(variant.Multipliers, 11, 0)
	if err != nil {
		t.Fatal(err)
	}
	pos := st.View()
	gs, err := gamestate.Encode(&pos)
	if err != nil {
		t.Fatal(err)
	}
	var out StudyResponse
	if code := call(t, "POST", srv.URL+"/web/api/study", StudyRequest{Gamestate: string(gs), Top: 3, Sim: true, MS: 300}, &out); code != http.StatusOK {
		t.Fatalf("study: %d %+v", code, out)
	}
	if len(out.Moves) == 0 || out.Rack != pos.Rack.String() {
		t.Fatalf("study listed %d moves for rack %q; want some for %s", len(out.Moves), out.Rack, pos.Rack.String())
	}
	for _, m := range out.Moves {
		if m.Sim == nil || m.Sim.Iterations == 0 || m.Sim.WinRate < 0 || m.Sim.WinRate > 1 {
			t.Errorf("move %s: sim figures %+v (note %q); want worlds played and a win rate in [0, 1]", m.Text, m.Sim, out.Note)
		}
	}
	var e map[string]string
	if code := call(t, "POST", srv.URL+"/web/api/study", StudyRequest{Gamestate: "{not a gamestate"}, &e); code != http.StatusBadRequest || e["error"] == "" {
		t.Errorf("a broken gamestate: %d %v; want 400 with a reason", code, e)
	}
}

// Study takes a board file with a hand too: the seed's empty Words With
// Friends board and xypdqab gets plays of that hand, the rest of the bag
// unseen; a hand the board's tiles leave no room for is refused.
func TestStudyBoardFile(t *testing.T) {
	_, srv := testSite(t, testConfig(t))
	var out StudyResponse
	if code := call(t, "POST", srv.URL+"/web/api/study", StudyRequest{Gamestate: "", Hand: "xypdqab", Variant: "wwf", Top: 5}, &out); code != http.StatusOK {
		t.Fatalf("study of a board file: %d %+v", code, out)
	}
	if len(out.Moves) == 0 || out.Rack != "ABDPQXY" || out.Bag != variant.WWF.TotalTiles()-2*variant.WWF.RackSize {
		t.Fatalf("study listed %d moves for rack %q, bag %d; want plays of ABDPQXY and a bag of %d", len(out.Moves), out.Rack, out.Bag, variant.WWF.TotalTiles()-2*variant.WWF.RackSize)
	}
	for _, m := range out.Moves {
		for _, pl := range m.Tiles {
			if !strings.ContainsRune("ABDPQXY", rune(pl.Letter)) {
				t.Errorf("move %s places %c, not in the hand", m.Text, pl.Letter)
			}
		}
	}
	var e map[string]string
	if code := call(t, "POST", srv.URL+"/web/api/study", StudyRequest{Gamestate: "", Hand: "zzzz", Variant: "wwf"}, &e); code != http.StatusBadRequest || !strings.Contains(e["error"], "Z") {
		t.Errorf("zzzz under WWF rules: %d %v; want 400 naming Z", code, e)
	}
}

// Solve: the bag check's refusal is a 400 naming the tile; a board line of
// the wrong length names its line.
func TestSolveRefusals(t *testing.T) {
	_, srv := testSite(t, testConfig(t))
	var e map[string]string
	if code := call(t, "POST", srv.URL+"/web/api/solve", SolveRequest{Rules: "wwf", Hand: "zzzz"}, &e); code != http.StatusBadRequest || !strings.Contains(e["error"], "Z") {
		t.Errorf("zzzz under WWF rules: %d %v; want 400 naming Z", code, e)
	}
	if code := call(t, "POST", srv.URL+"/web/api/solve", SolveRequest{Rules: "lexico", Board: "___\n", Hand: "abc"}, &e); code != http.StatusBadRequest || !strings.Contains(e["error"], "line 1") {
		t.Errorf("a short board line: %d %v; want 400 naming line 1", code, e)
	}
	if code := call(t, "POST", srv.URL+"/web/api/solve", SolveRequest{Rules: "chess", Hand: "abc"}, &e); code != http.StatusBadRequest {
		t.Errorf("unknown rules: %d %v; want 400", code, e)
	}
}
