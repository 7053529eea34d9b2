package web

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// fuzzRoutes are the page's API calls a fuzzed body is sent to; the game
// ones go to a game the fuzz process started.
var fuzzRoutes = []struct{ method, path string }{
	{"POST", "/web/api/games"},
	{"POST", "/web/api/games/{id}/check"},
	{"POST", "/web/api/games/{id}/move"},
	{"POST", "/web/api/study"},
	{"POST", "/web/api/solve"},
	{"GET", "/web/api/games/{id}"},
	{"GET", "/web/api/games/{id}/gcg"},
}

// FuzzAPI: no request to the page's API makes the server fail on its own
// account: every answer is a success or the client's fault (4xx, JSON
// naming the problem), or 503 when the store is full of games; never a
// panic, never a 500. The body is raw when given (raw), else the route's
// request made from the other values, which random bytes rarely spell as
// JSON. Run with
//
//	go test -run '^$' -fuzz 'FuzzAPI$' -fuzztime 5m -fuzzminimizetime 2s ./bot/match/web
func FuzzAPI(f *testing.F) {
	for route := range fuzzRoutes {
		f.Add(uint8(route), "", "multipliers", 1, 7, 7, "AT", 3, 50, "")
	}
	f.Add(uint8(0), "", "classic", 0, 0, 0, "", 0, 60, "")
	f.Add(uint8(2), "", "exchange", 1, 0, 0, "A?", 0, 0, "")
	f.Add(uint8(2), "", "pass", 1, 0, 0, "", 0, 0, "")
	f.Add(uint8(3), "", "classic", 0, 0, 0, "CT", 5, 60, "___\n_A_\n___")
	f.Add(uint8(3), "", "", 0, 0, 0, "", 3, 50, "{'Board': [[' ',' ',' '],[' ','A',' '],[' ',' ',' ']], 'MyHand': ['T','Blank'], 'NumberOfTilesInBag': 0}")
	f.Add(uint8(4), "", "multipliers", 0, 0, 0, "T?", 5, 0, strings.Repeat("_______________\n", 7)+"______CAT______\n"+strings.Repeat("_______________\n", 7))
	f.Add(uint8(1), `{"turn":1,"kind":"play","tiles":[{"row":7,"col":7,"letter":"A"}]}`, "", 0, 0, 0, "", 0, 0, "")
	f.Fuzz(func(t *testing.T, route uint8, raw, kind string, turn, row, col int, letters string, top, ms int, text string) {
		h, id := fuzzSite(t)
		r := fuzzRoutes[int(route)%len(fuzzRoutes)]
		path := strings.Replace(r.path, "{id}", id, 1)
		body := []byte(raw)
		if raw == "" {
			body = fuzzBody(r.path, kind, turn, row, col, letters, top, ms, text)
		}
		req := httptest.NewRequest(r.method, path, bytes.NewReader(body))
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		switch code := w.Code; {
		case code < 500:
		case code == http.StatusServiceUnavailable && r.path == "/web/api/games":
		default:
			t.Fatalf("%s %s %s: %d %s", r.method, path, body, code, w.Body.Bytes())
		}
		if w.Code >= 400 {
			// An illegal move is a verdict (422, its reason); anything else
			// refused says why in "error".
			var e struct{ Error, Reason string }
			if err := json.Unmarshal(w.Body.Bytes(), &e); err != nil || e.Error == "" && (w.Code != http.StatusUnprocessableEntity || e.Reason == "") {
				t.Fatalf("%s %s %s: %d without an error message: %s", r.method, path, body, w.Code, w.Body.Bytes())
			}
		}
	})
}

// fuzzBody is the request of route made from the fuzzed values: kind is
// the variant (a new game, a board file studied or solved) or the move's
// kind; letters the move's tiles (one a square from row, col on), the
// exchange, or the hand; text the gamestate or board file.
func fuzzBody(route, kind string, turn, row, col int, letters string, top, ms int, text string) []byte {
	var v any
	switch route {
	case "/web/api/games":
		v = NewGameRequest{Policy: "equity", Variant: kind, BotMS: int64(ms), Seed: uint64(turn), BotFirst: top%2 == 1}
	case "/web/api/games/{id}/check", "/web/api/games/{id}/move":
		m := MoveRequest{Turn: turn, Kind: kind, Exchange: letters}
		if kind != "exchange" {
			m.Kind = "play"
			if kind == "pass" {
				m.Kind = kind
			}
			for i, c := range letters {
				m.Tiles = append(m.Tiles, PlacedTile{Row: row, Col: col + i, Letter: string(c), Blank: c >= 'a' && c <= 'z'})
			}
		}
		v = m
	case "/web/api/study":
		v = StudyRequest{Gamestate: text, Hand: letters, Variant: kind, Top: top, Sim: turn%2 == 1, MS: int64(ms)}
	case "/web/api/solve":
		v = SolveRequest{Rules: kind, Board: text, Hand: letters, Top: top}
	default:
		return nil
	}
	b, _ := json.Marshal(v)
	return b
}

var (
	fuzzOnce sync.Once
	fuzzH    http.Handler
	fuzzID   string
)

// fuzzSite is one site a fuzz process and the id of a game on it, the
// person to move.
func fuzzSite(t *testing.T) (http.Handler, string) {
	fuzzOnce.Do(func() {
		s, err := New(Config{StoreConfig: testConfig(t)})
		if err != nil {
			t.Fatal(err)
		}
		g, err := s.Store.New(Options{Policy: "equity", Variant: "multipliers", BotTime: MinBotTime, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		fuzzH, fuzzID = s.Handler(), g.ID
	})
	if fuzzH == nil {
		t.Fatal("no site")
	}
	return fuzzH, fuzzID
}
