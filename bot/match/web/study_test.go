package web

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/lexico/lexico/bot/game/position"
	"github.com/lexico/lexico/bot/game/state"
	"github.com/lexico/lexico/bot/game/variant"
	"github.com/lexico/lexico/bot/match/human"
	"github.com/lexico/lexico/bot/platform/answer"
	"github.com/lexico/lexico/bot/platform/gamestate"
)

// Study with sim of an endgame (the bag empty): the endgame solver decides,
// the response says so, and the moves' values are final margins: the
// first the solved margin, the others no more, marked where they are only
// bounds, which the page shows as "at most".
func TestStudyOfAnEndgameListsMargins(t *testing.T) {
	_, srv := testSite(t, testConfig(t))
	gs, err := os.ReadFile("../../../data/gamestates/endgame.json")
	if err != nil {
		t.Fatal(err)
	}
	var out StudyResponse
	if code := call(t, "POST", srv.URL+"/web/api/study", StudyRequest{Gamestate: string(gs), Top: 4, Sim: true, MS: 1000}, &out); code != http.StatusOK {
		t.Fatalf("study: %d %+v", code, out)
	}
	if out.Endgame == nil || out.Endgame.Kind != "endgame" || len(out.Top) < 2 || out.Top[0].Bound {
		t.Fatalf("study of an endgame: endgame %+v, %d moves, first %+v", out.Endgame, len(out.Top), out.Top)
	}
	bounds := 0
	for i, m := range out.Top[1:] {
		if m.Equity > out.Top[0].Equity {
			t.Errorf("%s listed above the move played: %v > %v", out.Shown[i+1].Text, m.Equity, out.Top[0].Equity)
		}
		if m.Bound {
			bounds++
		}
	}
	if bounds == 0 {
		t.Errorf("no move marked as a bound: %+v", out.Top)
	}
}

// Study with sim: every move listed carries the simulation's figures.
func TestStudySimulatesWhenAsked(t *testing.T) {
	_, srv := testSite(t, testConfig(t))
	gs, pos := studyGamestate(t)
	var out StudyResponse
	if code := call(t, "POST", srv.URL+"/web/api/study", StudyRequest{Gamestate: gs, Top: 3, Sim: true, MS: 300}, &out); code != http.StatusOK {
		t.Fatalf("study: %d %+v", code, out)
	}
	if len(out.Top) == 0 || len(out.Shown) != len(out.Top) || out.Rack != pos.Rack.String() {
		t.Fatalf("study listed %d moves (%d shown) for rack %q; want some for %s, each shown", len(out.Top), len(out.Shown), out.Rack, pos.Rack.String())
	}
	if out.Policy != "sim" || out.Sim == nil || out.Worlds == 0 {
		t.Errorf("study with sim: policy %q, simulation %+v, %d worlds (note %q); want the sim policy's report", out.Policy, out.Sim, out.Worlds, out.Note)
	}
	for i, m := range out.Top {
		if m.Sim == nil || m.Sim.Worlds == 0 || m.Sim.WinRate < 0 || m.Sim.WinRate > 1 {
			t.Errorf("move %s: sim figures %+v (note %q); want worlds played and a win rate in [0, 1]", out.Shown[i].Text, m.Sim, out.Note)
		}
	}
	var e map[string]string
	if code := call(t, "POST", srv.URL+"/web/api/study", StudyRequest{Gamestate: "{not a gamestate"}, &e); code != http.StatusBadRequest || e["error"] == "" {
		t.Errorf("a broken gamestate: %d %v; want 400 with a reason", code, e)
	}
}

// A study's reply is the report run --json and /move write (answer.Report,
// read here as that type, not the page's): the move chosen in the
// platform's move list, first of the moves listed, the policy that
// answered and the study's time as its budget; the page's extras say how
// each listed move is shown.
func TestStudyRepliesWithTheOneReport(t *testing.T) {
	cfg := testConfig(t)
	_, srv := testSite(t, cfg)
	gs, pos := studyGamestate(t)
	pl, err := cfg.Answers.Engine.Policy("equity", nil)
	if err != nil {
		t.Fatal(err)
	}
	want, err := gamestate.EncodeMove(pl.Choose(context.Background(), pos).Move, pos.Board.Size)
	if err != nil {
		t.Fatal(err)
	}
	var rep answer.Report
	if code := call(t, "POST", srv.URL+"/web/api/study", StudyRequest{Gamestate: gs, Top: 3, MS: 500}, &rep); code != http.StatusOK {
		t.Fatalf("study: %d %+v", code, rep)
	}
	if !bytes.Equal(rep.Move, want) || len(rep.Top) != 3 || !bytes.Equal(rep.Top[0].Move, want) || rep.Policy != "equity" || rep.BudgetMS != 500 || len(rep.Words) == 0 {
		t.Errorf("study's report: move %s (top %d, first %s), policy %q, budget %v ms, words %v; want %s first of 3, equity's, 500 ms",
			rep.Move, len(rep.Top), firstMove(rep.Top), rep.Policy, rep.BudgetMS, rep.Words, want)
	}
	var page StudyResponse
	call(t, "POST", srv.URL+"/web/api/study", StudyRequest{Gamestate: gs, Top: 3, MS: 500}, &page)
	if len(page.Shown) != 3 || page.Shown[0].Text != human.Format(pos.Board, pl.Choose(context.Background(), pos).Move) {
		t.Errorf("the page's moves shown: %+v; want 3, the chosen first", page.Shown)
	}
}

func firstMove(top []answer.MoveReport) json.RawMessage {
	if len(top) == 0 {
		return nil
	}
	return top[0].Move
}

// Study reads a gamestate as every front end does: one no game can reach
// (three Z in a classic hand) is refused with the field named.
func TestStudyRefusesAnUnreachableGamestate(t *testing.T) {
	_, srv := testSite(t, testConfig(t))
	gs, err := os.ReadFile("../../../data/gamestates/doc-example.txt")
	if err != nil {
		t.Fatal(err)
	}
	zzz := strings.Replace(string(gs), "'MyHand': ['T', 'N', 'F',", "'MyHand': ['Z', 'Z', 'Z',", 1)
	if zzz == string(gs) {
		t.Fatal("the doc example's hand has changed: update this test")
	}
	var e map[string]string
	code := call(t, "POST", srv.URL+"/web/api/study", StudyRequest{Gamestate: zzz}, &e)
	if code != http.StatusBadRequest || !strings.Contains(e["error"], "invalid gamestate: MyHand: 3 Z") {
		t.Errorf("three Z in a classic hand: %d %v; want 400 naming MyHand", code, e)
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
	if len(out.Top) == 0 || out.Rack != "ABDPQXY" || out.Bag != variant.WWF.TotalTiles()-2*variant.WWF.RackSize {
		t.Fatalf("study listed %d moves for rack %q, bag %d; want plays of ABDPQXY and a bag of %d", len(out.Top), out.Rack, out.Bag, variant.WWF.TotalTiles()-2*variant.WWF.RackSize)
	}
	for _, m := range out.Shown {
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

// studyGamestate is a multipliers opening, the bag full: a study with sim
// simulates it.
func studyGamestate(t *testing.T) (string, *position.Position) {
	t.Helper()
	st, err := state.Start(variant.Multipliers, 11, 0)
	if err != nil {
		t.Fatal(err)
	}
	pos := st.View()
	gs, err := gamestate.Encode(&pos)
	if err != nil {
		t.Fatal(err)
	}
	return string(gs), &pos
}

// A study thinks in the server's slots: on a gate of two, the page's
// searches get one, so a second study asked while one simulates answers at
// once with the static ranking and says why, rather than simulating beside
// it (and beside the server's /move).
func TestStudyWaitsForNoSlotTheServerNeeds(t *testing.T) {
	cfg := testConfig(t)
	cfg.Answers.Gate = answer.NewGate(2) // the page's studies are its guests
	_, srv := testSite(t, cfg)
	gs, _ := studyGamestate(t)
	first := make(chan StudyResponse, 1)
	go func() {
		var out StudyResponse
		call(t, "POST", srv.URL+"/web/api/study", StudyRequest{Gamestate: gs, Top: 3, Sim: true, MS: 900}, &out)
		first <- out
	}()
	time.Sleep(200 * time.Millisecond) // the first study holds the page's slot
	var out StudyResponse
	start := time.Now()
	if code := call(t, "POST", srv.URL+"/web/api/study", StudyRequest{Gamestate: gs, Top: 3, Sim: true, MS: 300}, &out); code != http.StatusOK {
		t.Fatalf("second study: %d %+v", code, out)
	}
	if !strings.Contains(out.Note, "no thinking slot") || out.Policy != "equity" || len(out.Top) == 0 || out.Top[0].Sim != nil || time.Since(start) > 250*time.Millisecond {
		t.Errorf("second study: note %q, policy %q, %d moves (first simulated: %v) in %v; want the static ranking at once, saying why",
			out.Note, out.Policy, len(out.Top), len(out.Top) > 0 && out.Top[0].Sim != nil, time.Since(start))
	}
	if f := <-first; len(f.Top) == 0 || f.Top[0].Sim == nil {
		t.Errorf("first study: note %q, %d moves; want them simulated", f.Note, len(f.Top))
	}
}

// A study asks for no more thinking than the server allows.
func TestStudyTimeIsCappedByTheServer(t *testing.T) {
	cfg := testConfig(t)
	cfg.MaxThink = 2 * time.Second
	_, srv := testSite(t, cfg)
	gs, _ := studyGamestate(t)
	var e map[string]string
	if code := call(t, "POST", srv.URL+"/web/api/study", StudyRequest{Gamestate: gs, Sim: true, MS: 3000}, &e); code != http.StatusBadRequest || !strings.Contains(e["error"], "ms 3000: want 50 to 2000 milliseconds") {
		t.Errorf("3 s asked of a 2 s server: %d %v; want 400 naming the field and the 2 s limit", code, e)
	}
}
