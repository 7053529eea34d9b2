package server

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/lexico/lexico/bot/engine/player"
	"github.com/lexico/lexico/bot/engine/player/playertest"
	"github.com/lexico/lexico/bot/platform/answer"
	"github.com/lexico/lexico/bot/platform/gamestate/gamestatetest"
)

// FuzzServe: no request to the bot's own endpoints makes the server fail on
// its own account: /move and /check answer 200 or a 4xx whose JSON names the
// problem, never a panic, never a 500 (the equity policy over the embedded
// dictionary answers). For /check the body is made from the gamestate and
// the move when raw is empty, since random bytes rarely spell both. Run with
//
//	go test -run '^$' -fuzz 'FuzzServe$' -fuzztime 5m -fuzzminimizetime 2s ./bot/platform/server
func FuzzServe(f *testing.F) {
	doc := string(gamestatetest.DocExampleBytes(f))
	f.Add(uint8(0), doc, "", "")
	f.Add(uint8(0), `{'Board': [[' ',' ',' '],[' ','A',' '],[' ',' ',' ']], 'MyHand': ['T','Blank'], 'NumberOfTilesInBag': 0}`, "", "")
	f.Add(uint8(1), "", doc, `[["T"], [[14, 5]]]`)
	f.Add(uint8(1), "", doc, `[["T", "N"], [[0, 0], [5, 5]]]`)
	f.Add(uint8(1), "", `{"Board": [["Q"]], "MyHand": ["Z"]}`, `[[], ["Pass"]]`)
	f.Add(uint8(2), "{}", "", "")
	f.Fuzz(func(t *testing.T, route uint8, raw, gs, mv string) {
		h := fuzzHandler(t)
		path := []string{"/move", "/check", "/nope"}[int(route)%3]
		body := []byte(raw)
		if raw == "" && path == "/check" {
			body, _ = json.Marshal(map[string]any{"gamestate": gs, "move": json.RawMessage(mv)})
			if !json.Valid([]byte(mv)) {
				body, _ = json.Marshal(map[string]any{"gamestate": gs, "move": mv})
			}
		}
		req := httptest.NewRequest("POST", path, bytes.NewReader(body))
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		if w.Code >= 500 {
			t.Fatalf("POST %s %q: %d %s", path, body, w.Code, w.Body.Bytes())
		}
		if w.Code >= 400 {
			var e struct{ Error string }
			if err := json.Unmarshal(w.Body.Bytes(), &e); err != nil || e.Error == "" {
				t.Fatalf("POST %s %q: %d without an error message: %s", path, body, w.Code, w.Body.Bytes())
			}
		}
	})
}

var (
	fuzzOnce sync.Once
	fuzzH    http.Handler
)

// fuzzHandler is a server answering with the equity policy over the
// embedded dictionary, 20 ms a move; made once a process.
func fuzzHandler(t *testing.T) http.Handler {
	fuzzOnce.Do(func() {
		pl, _ := playertest.Embedded(t, "equity")
		clock := player.DefaultClock()
		clock.Mode = player.Replay
		clock.Override = 20 * time.Millisecond
		s := &Server{Bot: &answer.Bot{Policy: pl, Clock: clock}, MaxBody: 64 << 10, Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
		fuzzH = s.Handler()
	})
	if fuzzH == nil {
		t.Fatal("no server")
	}
	return fuzzH
}
