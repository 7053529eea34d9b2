package web

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/lexico/lexico/bot/engine/engine"
	"github.com/lexico/lexico/bot/engine/equity"
	"github.com/lexico/lexico/bot/engine/movegen"
	"github.com/lexico/lexico/bot/engine/player"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/match/arena"
	"github.com/lexico/lexico/bot/match/referee"
	"github.com/lexico/lexico/bot/platform/answer"
	"github.com/lexico/lexico/index/gaddag"
)

type words map[string]bool

func (w words) Contains(s string) bool { return w[s] }

var testWords = []string{"AT", "CAR", "CARS", "CAT", "CATS", "RAT", "RATS", "SAT", "SCAR", "STAR", "TAR", "TARS",
	"ART", "ARTS", "TEA", "EAT", "ATE", "SEA", "TO", "ON", "NO", "IN", "IT", "IS", "AN", "NE", "EN", "RE", "ER",
	"OR", "ORE", "ROE", "TOE", "NET", "TEN", "TIN", "NIT", "SIT", "ITS", "TIE", "TIES", "SON", "NOSE", "ONE", "EON",
	"DO", "GO", "LO", "OD", "ID", "LID", "DIE", "LIE", "LIES", "LIT", "LOT", "DOT", "GOT", "GOD", "DOG",
	"PYX", "BAP", "DAB", "BAD", "PAD", "YAP", "PAY", "BAY", "DAY", "BY", "AB", "AD", "PA", "YA", "QAID", "QADI"}

// fakeClock is the store's clock, moved by the test.
type fakeClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) Add(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

func testConfig(t *testing.T) StoreConfig {
	t.Helper()
	table, err := equity.DefaultTable()
	if err != nil {
		t.Fatal(err)
	}
	d := words{}
	for _, w := range testWords {
		d[w] = true
	}
	eng, err := engine.New(movegen.NewGADDAG(gaddag.Build(testWords)), engine.Options{Leaves: table})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { eng.Close() })
	clock := player.DefaultClock()
	clock.Mode = player.Live // the load's pressure left out: the tests' budgets are their own
	return StoreConfig{Answers: answer.NewPipeline(eng, clock, 0), Dict: d}
}

// testSite serves a site over httptest.
func testSite(t *testing.T, cfg StoreConfig) (*Site, *httptest.Server) {
	t.Helper()
	s, err := New(Config{StoreConfig: cfg})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(s.Handler())
	t.Cleanup(func() { srv.Close(); s.Close() })
	return s, srv
}

func call(t *testing.T, method, url string, body any, out any) int {
	t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, url, rd)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			t.Fatalf("%s %s: %d %s: %v", method, url, resp.StatusCode, data, err)
		}
	}
	return resp.StatusCode
}

func newGame(t *testing.T, srv *httptest.Server, req NewGameRequest) (GameView, int) {
	t.Helper()
	var gv GameView
	code := call(t, "POST", srv.URL+"/web/api/games", req, &gv)
	return gv, code
}

// pass passes the person's turn of game id.
func pass(t *testing.T, srv *httptest.Server, id string, turn int) {
	t.Helper()
	var res CheckResponse
	if code := call(t, "POST", srv.URL+"/web/api/games/"+id+"/move", MoveRequest{Turn: turn, Kind: "pass"}, &res); code != http.StatusOK {
		t.Fatalf("a pass: %d %+v", code, res)
	}
}

// The store keeps at most MaxGames: with every game in play, a new one is
// made all the same, and the game used least recently (not the oldest)
// makes way, its id then unknown, saying why; games expire after the TTL.
func TestTheLeastRecentlyUsedGameMakesWay(t *testing.T) {
	cfg := testConfig(t)
	clock := &fakeClock{now: time.Unix(1e9, 0)}
	cfg.MaxGames, cfg.TTL, cfg.Now = 2, time.Hour, clock.Now
	site, srv := testSite(t, cfg)
	first, code := newGame(t, srv, NewGameRequest{Policy: "greedy", BotMS: 50, Seed: 1})
	if code != http.StatusCreated || first.ID == "" || first.Turn != 1 || len(first.Rack) != 7 {
		t.Fatalf("first game: %d %+v; want 201, turn 1 and a rack of 7", code, first)
	}
	pass(t, srv, first.ID, 1) // in play: a move made
	clock.Add(10 * time.Minute)
	second, code := newGame(t, srv, NewGameRequest{Policy: "equity", BotMS: 50, Seed: 2})
	if code != http.StatusCreated {
		t.Fatalf("second game: %d; want 201", code)
	}
	pass(t, srv, second.ID, 1)
	clock.Add(10 * time.Minute)
	var v GameView
	if code := call(t, "GET", srv.URL+"/web/api/games/"+first.ID, nil, &v); code != http.StatusOK { // used again
		t.Fatalf("the first game: %d %v", code, v)
	}
	var e map[string]string
	clock.Add(time.Minute)
	third, code := newGame(t, srv, NewGameRequest{Policy: "greedy", BotMS: 50, Seed: 3})
	if code != http.StatusCreated {
		t.Fatalf("a third game with two in play: %d; want 201", code)
	}
	if code := call(t, "GET", srv.URL+"/web/api/games/"+second.ID, nil, &e); code != http.StatusNotFound || !strings.Contains(e["error"], "least recently") {
		t.Fatalf("the game used least recently: %d %v; want 404 saying why", code, e)
	}
	for _, id := range []string{first.ID, third.ID} {
		if _, err := site.Store.Get(id); err != nil {
			t.Errorf("game %s: %v; want it kept", id, err)
		}
	}
	clock.Add(70 * time.Minute) // both expired
	if code := call(t, "GET", srv.URL+"/web/api/games/"+first.ID, nil, &e); code != http.StatusNotFound {
		t.Fatalf("an expired game: %d %v; want 404", code, e)
	}
	if n := site.Store.Len(); n != 0 {
		t.Errorf("%d games kept after the TTL; want 0", n)
	}
}

// A game the person has not moved in yet (the page opens on one at every
// visit) makes way for a new one when the store is full, the oldest first;
// a game with a move in it is kept.
func TestUntouchedGamesMakeWay(t *testing.T) {
	cfg := testConfig(t)
	clock := &fakeClock{now: time.Unix(1e9, 0)}
	cfg.MaxGames, cfg.Now = 2, clock.Now
	site, srv := testSite(t, cfg)
	played, _ := newGame(t, srv, NewGameRequest{Policy: "greedy", BotMS: 50, Seed: 1})
	pass(t, srv, played.ID, 1)
	clock.Add(time.Minute)
	opened, _ := newGame(t, srv, NewGameRequest{Policy: "greedy", BotMS: 50, Seed: 2})
	clock.Add(time.Minute)
	third, code := newGame(t, srv, NewGameRequest{Policy: "greedy", BotMS: 50, Seed: 3})
	if code != http.StatusCreated {
		t.Fatalf("a new game with one of two untouched: %d; want 201", code)
	}
	var e map[string]string
	if code := call(t, "GET", srv.URL+"/web/api/games/"+opened.ID, nil, &e); code != http.StatusNotFound {
		t.Errorf("the untouched game: %d; want it gone (404)", code)
	}
	for _, id := range []string{played.ID, third.ID} {
		if _, err := site.Store.Get(id); err != nil {
			t.Errorf("game %s: %v; want it kept", id, err)
		}
	}
}

// An id never given, and one that expired, are 404 with a line saying so;
// a game in use is kept past the TTL of its creation.
func TestExpiredAndUnknownIDs(t *testing.T) {
	cfg := testConfig(t)
	clock := &fakeClock{now: time.Unix(1e9, 0)}
	cfg.TTL, cfg.Now = 10*time.Minute, clock.Now
	_, srv := testSite(t, cfg)
	g, _ := newGame(t, srv, NewGameRequest{Policy: "greedy", BotMS: 50, Seed: 3})
	var e map[string]string
	if code := call(t, "GET", srv.URL+"/web/api/games/nosuchgame", nil, &e); code != http.StatusNotFound || !strings.Contains(e["error"], "no such game") {
		t.Fatalf("unknown id: %d %v; want 404 saying no such game", code, e)
	}
	for range 3 { // touched every 8 minutes: kept
		clock.Add(8 * time.Minute)
		var gv GameView
		if code := call(t, "GET", srv.URL+"/web/api/games/"+g.ID, nil, &gv); code != http.StatusOK || gv.ID != g.ID {
			t.Fatalf("game in use: %d; want 200", code)
		}
	}
	clock.Add(11 * time.Minute)
	if code := call(t, "POST", srv.URL+"/web/api/games/"+g.ID+"/move", MoveRequest{Turn: 1, Kind: "pass"}, &e); code != http.StatusNotFound || !strings.Contains(e["error"], "kept 10m0s") {
		t.Fatalf("a move on an expired game: %d %v; want 404 saying how long games are kept", code, e)
	}
}

// Two moves sent at once for the same turn: one is played, the other is
// refused as stale (409) and changes nothing.
func TestConcurrentMovesOnOneGameAreSerialised(t *testing.T) {
	_, srv := testSite(t, testConfig(t))
	g, _ := newGame(t, srv, NewGameRequest{Policy: "greedy", BotMS: 50, Seed: 4})
	codes := make(chan int, 2)
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var out map[string]any
			codes <- call(t, "POST", srv.URL+"/web/api/games/"+g.ID+"/move", MoveRequest{Turn: g.Turn, Kind: "pass"}, &out)
		}()
	}
	wg.Wait()
	close(codes)
	got := map[int]int{}
	for c := range codes {
		got[c]++
	}
	if got[http.StatusOK] != 1 || got[http.StatusConflict] != 1 {
		t.Fatalf("two passes for one turn: statuses %v; want one 200 and one 409", got)
	}
	var gv GameView
	call(t, "GET", srv.URL+"/web/api/games/"+g.ID, nil, &gv)
	if gv.Turn != g.Turn+1 && !gv.Over {
		t.Fatalf("after the moves the game is at turn %d; want %d", gv.Turn, g.Turn+1)
	}
	if n := len(gv.Events); n < 1 || gv.Events[0].Kind != "pass" || (n > 1 && gv.Events[1].Seat == gv.Seat) {
		t.Fatalf("events %+v: want the person's one pass, then the bot's answer", gv.Events)
	}
}

// An illegal move is explained (the square named as the page names it)
// and changes nothing; the same turn can then be played.
func TestIllegalMoveIsExplainedAndChangesNothing(t *testing.T) {
	_, srv := testSite(t, testConfig(t))
	g, _ := newGame(t, srv, NewGameRequest{Policy: "greedy", BotMS: 50, Seed: 5})
	letter := string(strings.TrimPrefix(g.Rack, "?")[0])
	off := MoveRequest{Turn: g.Turn, Kind: "play"}
	off.Tiles = append(off.Tiles, PlacedTile{Row: 0, Col: 0, Letter: letter})
	var res CheckResponse
	if code := call(t, "POST", srv.URL+"/web/api/games/"+g.ID+"/check", off, &res); code != http.StatusOK || res.Legal || res.Reason == "" {
		t.Fatalf("check of a lone tile in the corner on the first move: %d %+v; want 200, illegal, with a reason", code, res)
	}
	if code := call(t, "POST", srv.URL+"/web/api/games/"+g.ID+"/move", off, &res); code != http.StatusUnprocessableEntity || res.Legal || res.Game != nil {
		t.Fatalf("move of the same: %d %+v; want 422, illegal", code, res)
	}
	var gv GameView
	call(t, "GET", srv.URL+"/web/api/games/"+g.ID, nil, &gv)
	if gv.Turn != g.Turn || gv.Rack != g.Rack || len(gv.Events) != len(g.Events) {
		t.Fatalf("after an illegal move: turn %d rack %s events %d; want %d %s %d", gv.Turn, gv.Rack, len(gv.Events), g.Turn, g.Rack, len(g.Events))
	}
	var e map[string]string
	bad := MoveRequest{Turn: g.Turn, Kind: "jump"}
	if code := call(t, "POST", srv.URL+"/web/api/games/"+g.ID+"/move", bad, &e); code != http.StatusBadRequest || !strings.Contains(e["error"], "play, exchange or pass") {
		t.Fatalf("an unknown kind: %d %v; want 400 naming the kinds", code, e)
	}
}

// A whole game through the API, the person's moves chosen by a greedy
// player of the test's own on the person's view: it ends, the scores are
// the events' sums, and the GCG record is downloadable.
func TestScriptedGameToTheEndWithGCG(t *testing.T) {
	cfg := testConfig(t)
	site, srv := testSite(t, cfg)
	g, _ := newGame(t, srv, NewGameRequest{Policy: "greedy", BotMS: 50, Seed: 6, BotFirst: true})
	if len(g.Events) != 1 || g.Events[0].Seat != 0 || g.Seat != 1 {
		t.Fatalf("bot first: seat %d, events %+v; want the bot's first move at seat 0", g.Seat, g.Events)
	}
	pl, err := cfg.Answers.Engine.Policy("greedy", nil)
	if err != nil {
		t.Fatal(err)
	}
	var code int
	var e map[string]string
	if code := call(t, "GET", srv.URL+"/web/api/games/"+g.ID+"/gcg", nil, &e); code != http.StatusConflict || !strings.Contains(e["error"], "not over") {
		t.Errorf("GCG before the end: %d %v; want 409 saying the game is not over", code, e)
	}
	for turn := 0; !g.Over; turn++ {
		if turn > 200 {
			t.Fatal("the game did not end in 200 turns")
		}
		game, err := site.Store.Get(g.ID)
		if err != nil {
			t.Fatal(err)
		}
		game.mu.Lock()
		ch := pl.Choose(context.Background(), game.pos)
		game.mu.Unlock()
		req := moveRequest(g.Turn, ch.Move)
		var res CheckResponse
		if code = call(t, "POST", srv.URL+"/web/api/games/"+g.ID+"/move", req, &res); code != http.StatusOK || !res.Legal {
			t.Fatalf("turn %d: the greedy move %v: %d %+v", g.Turn, ch.Move, code, res)
		}
		g = *res.Game
	}
	var sums [2]int
	for _, ev := range g.Events {
		if ev.Seat == g.Seat {
			sums[0] += ev.Score
		} else {
			sums[1] += ev.Score
		}
	}
	if sums != g.Scores || g.End == "" {
		t.Errorf("final scores %v, end %q; want the events' sums %v and a reason", g.Scores, g.End, sums)
	}
	resp, err := http.Get(srv.URL + "/web/api/games/" + g.ID + "/gcg")
	if err != nil {
		t.Fatal(err)
	}
	data, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !bytes.Contains(data, []byte("#player1 greedy")) ||
		bytes.Count(data, []byte("\n>")) != len(g.Events) {
		t.Fatalf("GCG: %d\n%s\nwant #player1 greedy and one event line per move (%d)", resp.StatusCode, data, len(g.Events))
	}
	if code := call(t, "POST", srv.URL+"/web/api/games/"+g.ID+"/move", MoveRequest{Turn: g.Turn, Kind: "pass"}, &e); code != http.StatusConflict || !strings.Contains(e["error"], "is over") {
		t.Errorf("a move after the end: %d %v; want 409 saying the game is over", code, e)
	}
}

// moveRequest is m as the page sends it.
func moveRequest(turn int, m move.Move) MoveRequest {
	req := MoveRequest{Turn: turn, Kind: m.Kind.String()}
	switch m.Kind {
	case move.Exchange:
		req.Exchange = string(m.Exchanged)
	case move.Play:
		for _, p := range m.Tiles {
			req.Tiles = append(req.Tiles, PlacedTile{p.Row, p.Col, string(p.Letter), p.Blank})
		}
	}
	return req
}

// An exchange returns the tiles named and draws as many: the event says so
// and the bag keeps its count. A tile not on the rack is refused with the
// rules' reason.
func TestExchange(t *testing.T) {
	_, srv := testSite(t, testConfig(t))
	g, _ := newGame(t, srv, NewGameRequest{Policy: "greedy", BotMS: 50, Seed: 11, BotFirst: true})
	if !g.CanExchange || g.FirstGo {
		t.Fatalf("seed 11: the bot's first move left the board empty (%+v): pick another seed", g.Events)
	}
	var res CheckResponse
	missing := "Q"
	if strings.Contains(g.Rack, "Q") {
		missing = "Z"
	}
	if code := call(t, "POST", srv.URL+"/web/api/games/"+g.ID+"/move", MoveRequest{Turn: g.Turn, Kind: "exchange", Exchange: missing}, &res); code != http.StatusUnprocessableEntity || !strings.Contains(res.Reason, "rack") {
		t.Fatalf("exchanging a %s not on rack %s: %d %+v; want 422 naming the rack", missing, g.Rack, code, res)
	}
	give := g.Rack[:2]
	if code := call(t, "POST", srv.URL+"/web/api/games/"+g.ID+"/move", MoveRequest{Turn: g.Turn, Kind: "exchange", Exchange: give}, &res); code != http.StatusOK || res.Game == nil {
		t.Fatalf("exchanging %s: %d %+v; want 200", give, code, res)
	}
	ev := res.Game.Events[1]
	if ev.Kind != "exchange" || ev.Text != "exchange "+give || len(res.Game.Rack) != 7 {
		t.Errorf("after exchanging %s: event %+v, rack %q; want the exchange listed and a full rack", give, ev, res.Game.Rack)
	}
}

// The API's refusals say what was wrong in the caller's terms (no Go type
// names, no bare "EOF"), and a new game or a solve that leaves the policy
// or the rules out gets the command line's defaults.
func TestAPIRefusalsAndDefaults(t *testing.T) {
	_, srv := testSite(t, testConfig(t))
	post := func(path, body string) (int, map[string]any) {
		t.Helper()
		resp, err := http.Post(srv.URL+path, "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var out map[string]any
		if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
			t.Fatalf("%s %s: not JSON: %v", path, body, err)
		}
		return resp.StatusCode, out
	}
	for _, c := range []struct{ path, body, want string }{
		{"/web/api/games", ``, "empty body (want a JSON object)"},
		{"/web/api/games", `{"seed": -1}`, `"seed": found a JSON number where a whole number from 0 is expected`},
		{"/web/api/games", `{"bot_first": "yes"}`, `"bot_first": found a JSON string where true or false is expected`},
		{"/web/api/games", `[1]`, "found a JSON array where an object is expected"},
		{"/web/api/games", `{"policy": "psychic"}`, `policy "psychic" (known: equity, greedy, sim)`},
		{"/web/api/games", `{"variant": "chess"}`, `"chess" (known: classic, multipliers, wwf)`},
		{"/web/api/games", `{"colour": "red"}`, `unknown field`},
		{"/web/api/games", `{"policy": `, "not a JSON object"},
		{"/web/api/study", `{"gamestate": 5}`, `"gamestate": found a JSON number where a string is expected`},
		// Milliseconds are checked as the integers they are: turned into a
		// duration first, these wrapped into the range (a 201, a 1 s bot).
		{"/web/api/games", `{"bot_ms": 18446744074710}`, "bot_ms 18446744074710: want 50 to 10000 milliseconds"},
		{"/web/api/games", `{"bot_ms": -1}`, "bot_ms -1: want 50 to 10000 milliseconds"},
		{"/web/api/study", `{"ms": 18446744074710}`, "ms 18446744074710: want 50 to 10000 milliseconds"},
		// One JSON object, nothing after it.
		{"/web/api/games", `{"policy":"equity"} garbage`, "more after the JSON object"},
		{"/web/api/games", `{"policy":"equity"} {}`, "more after the JSON object"},
		{"/web/api/study", `{"sim":false}}`, "more after the JSON object"},
		// A character is named whole, not by its first byte ('â').
		{"/web/api/solve", `{"board": "", "hand": "€€€"}`, "'€' is not a letter"},
	} {
		code, out := post(c.path, c.body)
		msg, _ := out["error"].(string)
		if code != http.StatusBadRequest || !strings.Contains(msg, c.want) {
			t.Errorf("POST %s %s: %d %q; want 400 saying %q", c.path, c.body, code, msg, c.want)
		}
		if strings.Contains(msg, "Go struct") || strings.Contains(msg, "uint64") {
			t.Errorf("POST %s %s: %q names Go types", c.path, c.body, msg)
		}
	}
	code, out := post("/web/api/games", "{\"bot_ms\": 50}\n")
	if code != http.StatusCreated || out["policy"] != DefaultPolicy {
		t.Errorf("a game naming no policy: %d %v; want 201 and policy %q", code, out, DefaultPolicy)
	}
	// Multipliers, whose board has premium squares (classic has none).
	code, out = post("/web/api/solve", `{"board": "", "hand": "CAT"}`)
	board, _ := out["board"].(map[string]any)
	if code != http.StatusOK || !strings.Contains(fmt.Sprint(board["premiums"]), "T") {
		t.Errorf("a solve naming no rules: %d, board %v; want 200 under multipliers", code, board)
	}
}

// The page's API writes a move's tiles as its move requests take them,
// {"row", "col", "letter": "H", "blank"}, not Go's field names and the
// letter's code; a games file kept in that older form still reads back.
func TestTilesAreWrittenAsTheRequestsTakeThem(t *testing.T) {
	ts := Tiles{{Row: 7, Col: 7, Letter: 'H'}, {Row: 7, Col: 8, Letter: 'I', Blank: true}}
	b, err := json.Marshal(Event{Kind: "play", Tiles: ts})
	if err != nil {
		t.Fatal(err)
	}
	if want := `"tiles":[{"row":7,"col":7,"letter":"H","blank":false},{"row":7,"col":8,"letter":"I","blank":true}]`; !strings.Contains(string(b), want) {
		t.Errorf("an event: %s; want %s", b, want)
	}
	for _, form := range []string{
		`[{"row":7,"col":7,"letter":"H","blank":false},{"row":7,"col":8,"letter":"I","blank":true}]`,
		`[{"Row":7,"Col":7,"Letter":72,"Blank":false},{"Row":7,"Col":8,"Letter":73,"Blank":true}]`,
	} {
		var back Tiles
		if err := json.Unmarshal([]byte(form), &back); err != nil || !reflect.DeepEqual(back, ts) {
			t.Errorf("%s read back as %+v (%v), want %+v", form, back, err, ts)
		}
	}
	for _, bad := range []string{`[{"row":1,"col":1,"letter":"HI"}]`, `[{"row":1,"col":1,"letter":7}]`, `[{"row":1,"col":1}]`} {
		var back Tiles
		if err := json.Unmarshal([]byte(bad), &back); err == nil {
			t.Errorf("%s read as %+v; want an error", bad, back)
		}
	}
	if b, _ := json.Marshal(Event{Kind: "pass"}); !strings.Contains(string(b), `"tiles":[]`) {
		t.Errorf("a pass: %s; want an empty list of tiles", b)
	}
}

// The end of a game where a player went out says who: "a player is out of
// tiles" left the person to find out which from the racks.
func TestEndSaysWhoWentOut(t *testing.T) {
	out := arena.End{Reason: referee.EndOut, Racks: [2]string{"", "QV"}}
	if got := endReason(out, 0, "sim"); !strings.HasPrefix(got, "you went out") {
		t.Errorf("you out: %q", got)
	}
	if got := endReason(out, 1, "sim"); !strings.HasPrefix(got, "sim went out") {
		t.Errorf("the bot out: %q", got)
	}
	passes := arena.End{Reason: referee.EndPasses, Racks: [2]string{"AB", "QV"}}
	if got := endReason(passes, 0, "sim"); got != passes.Reason {
		t.Errorf("two passes: %q; want the referee's words", got)
	}
}
